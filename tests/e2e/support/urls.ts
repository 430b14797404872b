import { expect, type Page } from "@playwright/test";

/** Every address the page requests or shows, to check later that no secret went into one. */
export function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  page.on("framenavigated", (f) => urls.push(f.url()));
  return urls;
}

export function expectNoSecretIn(urls: string[], ...secrets: string[]) {
  for (const url of urls) {
    expect(url).not.toMatch(/[?&](password|newPassword|confirmPassword)=/);
    for (const secret of secrets) expect(url).not.toContain(encodeURIComponent(secret));
  }
}
