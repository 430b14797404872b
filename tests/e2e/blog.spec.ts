import { escapeHtml } from "~/platform/text/html";
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { createAccount, e2eBaseURL, signInApi, uniqueEmail } from "./support/accounts";
import { hydrated } from "./support/hydration";
import { parisDayAndTime } from "~/platform/format";

/**
 * The blog: an editor writes a post with inline and cover images, schedules it a few
 * seconds ahead, sees it appear by itself and a visitor reads it; XSS payloads through title,
 * excerpt, content and tags stay inert on every page and in the feed, which parses as XML;
 * access rules; the public index without JavaScript. Test posts use the « Actualités » category,
 * which the demo articles leave empty, so that public counts of the other categories stay stable.
 */
function toastWith(page: Page, title: string, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title }).filter({ hasText: text });
}

/** "2026-03-02T10:30:15": Paris wall-clock time, as a datetime-local field takes it. */
function parisLocal(date: Date): string {
  const { day, time } = parisDayAndTime(date);
  return `${day}T${time}:${String(date.getUTCSeconds()).padStart(2, "0")}`;
}

async function signInAs(page: Page, role: "editor" | "viewer", name = "Compte de test") {
  const account = await createAccount({ email: uniqueEmail(role === "editor" ? "redactrice" : "lecteur"), role, name });
  await signInApi(page, e2eBaseURL(), account.email);
  return account;
}

async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

/** Parses a feed with the browser's own XML parser: the error (if any), and what the items say. */
async function parseFeed(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const error = doc.querySelector("parsererror")?.textContent ?? null;
    const items = [...doc.querySelectorAll("item")].map((item) => ({
      title: item.querySelector("title")?.textContent ?? "",
      link: item.querySelector("link")?.textContent ?? "",
      description: item.querySelector("description")?.textContent ?? "",
      content: item.getElementsByTagNameNS("http://purl.org/rss/1.0/modules/content/", "encoded")[0]?.textContent ?? "",
      categories: [...item.querySelectorAll("category")].map((c) => c.textContent),
    }));
    return { error, root: doc.documentElement.nodeName, scripts: doc.getElementsByTagName("script").length, items };
  }, xml);
}

test("an editor writes a post, schedules it, sees it appear at its time, and a visitor reads it", async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  await signInAs(page, "editor", "Claire Rédaction");
  const suffix = Date.now().toString(36);
  const title = `Le plan de développement des compétences ${suffix}`;
  const slug = `le-plan-de-developpement-des-competences-${suffix}`;

  await page.goto("/admin/blog/new");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Nouvel article" })).toBeVisible();
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await page.getByLabel("Chapeau").fill("Construire un plan de formation utile, finançable et conforme : la méthode en quatre étapes.");
  await page.getByLabel("Catégorie").selectOption({ label: "Actualités" });
  await page.getByLabel("Mots-clés").fill("Plan de formation, Entreprise");
  const content = page.getByRole("textbox", { name: "Texte de l'article" });
  await content.fill(
    "Un plan de formation se construit **avec les managers**.\n\n## Recenser les besoins\n\nEntretiens professionnels et projets.\n\n## Prioriser\n\nObligations d'abord.\n\n## Financer\n\nOPCO, CPF et budget propre.\n\n",
  );
  // An inline image: uploaded, re-encoded, inserted at the cursor, which waits for its description.
  const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: "Insérer une image" }).click()]);
  await chooser.setFiles({ name: "salle.png", mimeType: "image/png", buffer: png });
  await expect(content).toHaveValue(/!\[\]\(\/uploads\/blog\/[0-9a-f-]{36}-960\.webp\)/);
  await page.keyboard.type("Une salle de formation lumineuse");
  await expect(content).toHaveValue(/!\[Une salle de formation lumineuse\]\(\/uploads\/blog\//);
  // The cover image, with its alternative text.
  await page.getByLabel("Choisir une image").setInputFiles({ name: "couverture.png", mimeType: "image/png", buffer: png });
  await expect(page.getByTestId("image-preview")).toBeVisible();
  await page.getByLabel("Texte alternatif").fill("Un tableau blanc couvert de post-it");
  await page.getByRole("group", { name: "Formations" }).getByLabel("Prendre son poste de manager").check();
  await expect(page.getByLabel("Auteur")).toHaveValue(/.+/);
  await expect(page.getByLabel("Auteur").locator("option:checked")).toHaveText("Claire Rédaction");

  // Leaving with unsaved changes asks first; staying keeps everything.
  await page.getByRole("link", { name: "Retour à la liste" }).click();
  await expect(page.getByRole("dialog", { name: "Quitter sans enregistrer ?" })).toBeVisible();
  await page.getByRole("button", { name: "Rester sur la page" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await expect(page.getByRole("textbox", { name: "Titre", exact: true })).toHaveValue(title);

  // Scheduled without a date: refused, the message beside the field, nothing lost.
  await page.locator("summary", { hasText: "Programmer…" }).click();
  await page.getByRole("button", { name: "Programmer la publication" }).click();
  await expect(page.locator("#article-scheduledAt-error")).toHaveText("Indiquez le jour et l'heure de publication.");
  await expect(page.getByRole("textbox", { name: "Titre", exact: true })).toHaveValue(title);
  await expect(content).toHaveValue(/Une salle de formation lumineuse/);

  // A few seconds ahead.
  const publishAt = new Date(Date.now() + 25_000);
  await page.getByLabel(/Date et heure de publication/).fill(parisLocal(publishAt));
  await page.getByRole("button", { name: "Programmer la publication" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  await expect(toastWith(page, "Article programmé", "paraîtra de lui-même")).toBeVisible();
  await expect(page.getByTestId("post-status")).toContainText("Programmé pour le");
  const editUrl = page.url().replace(/\?.*$/, "");

  // Not yet: visitors get a 404 and do not see it anywhere; the editor gets a preview.
  const visitor = await visitorPage(browser);
  expect((await visitor.page.goto(`/blog/${slug}`))!.status()).toBe(404);
  await visitor.page.goto("/blog");
  await expect(visitor.page.getByRole("link", { name: title })).toHaveCount(0);
  expect(await (await request.get("/blog/rss.xml")).text()).not.toContain(slug);
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("note")).toContainText("Aperçu (programmé, publication le");
  await page.goto("/admin/blog?statut=scheduled");
  await expect(page.getByTestId(`post-row-${slug}`)).toContainText("Programmé");

  // Its time comes: nothing to do, it is there.
  await expect
    .poll(async () => (await request.get(`/blog/${slug}`, { maxRedirects: 0 })).status(), { timeout: 60_000, intervals: [1_000] })
    .toBe(200);
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime() - 1_000);

  // A visitor reads it.
  const v = visitor.page;
  await v.goto(`/blog/${slug}`);
  await expect(v.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(v.getByRole("main")).toContainText("Par Claire Rédaction");
  await expect(v.getByRole("main")).toContainText("Publié le");
  await expect(v.getByRole("main")).toContainText("min de lecture");
  await expect(v.getByRole("note")).toHaveCount(0);
  const toc = v.getByRole("navigation", { name: "Sommaire" });
  await expect(toc.getByRole("link")).toHaveText(["Recenser les besoins", "Prioriser", "Financer"]);
  await toc.getByRole("link", { name: "Financer" }).click();
  await expect(v).toHaveURL(/#financer$/);
  for (const name of ["Une salle de formation lumineuse", "Un tableau blanc couvert de post-it"]) {
    const img = v.getByRole("img", { name });
    await img.scrollIntoViewIfNeeded();
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await expect(
    v.getByRole("region", { name: "Formations liées" }).getByRole("link", { name: "Prendre son poste de manager" }),
  ).toBeVisible();
  const url = `${e2eBaseURL()}/blog/${slug}`;
  await expect(v.getByRole("link", { name: /Partager sur LinkedIn/ })).toHaveAttribute(
    "href",
    `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  );
  // Share links are plain links: every script comes from the site itself.
  const scriptSources = await v.locator("script[src]").evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).src));
  expect(scriptSources.every((src) => src.startsWith(e2eBaseURL()))).toBe(true);
  const jsonLd = (await v.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
  expect(jsonLd.find((d) => d["@type"] === "BlogPosting")).toMatchObject({
    headline: title,
    author: { "@type": "Person", name: "Claire Rédaction" },
  });
  expect(jsonLd.find((d) => d["@type"] === "BreadcrumbList")?.itemListElement).toHaveLength(4);
  await expect(v.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/blog/rss.xml");

  // Newest first (before every demo article) on the index and in the feed; in the sitemap.
  const newestDemo = "Financer une formation avec son OPCO : le mode d'emploi pour les entreprises";
  await v.goto("/blog");
  const titles = (await v.getByRole("main").locator("article h3").allTextContents()).map((t) => t.replace(/\s+/g, " "));
  expect(titles.indexOf(title)).toBeGreaterThanOrEqual(0);
  expect(titles.indexOf(title)).toBeLessThan(titles.indexOf(newestDemo));
  const feed = await parseFeed(v, await (await request.get("/blog/rss.xml")).text());
  expect(feed.error).toBeNull();
  expect(feed.root).toBe("rss");
  const index = feed.items.findIndex((i) => i.link === url);
  expect(index).toBeGreaterThanOrEqual(0);
  expect(index).toBeLessThan(feed.items.findIndex((i) => i.title.replace(/\s+/g, " ") === newestDemo));
  expect(feed.items[index]).toMatchObject({ title, categories: ["Actualités", "Entreprise", "Plan de formation"] });
  expect(feed.items[index]!.content).toContain("/uploads/blog/");
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`<loc>${url}</loc>`);

  // A new slug: the old address answers 301.
  await page.goto(editUrl);
  await hydrated(page);
  await page.getByLabel("Adresse de l'article (slug)").fill(`${slug}-renomme`);
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(toastWith(page, "Article enregistré", "visible de tous")).toBeVisible();
  const moved = await request.get(`/blog/${slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()["location"]).toBe(`/blog/${slug}-renomme`);

  // Deleted from the list, after confirmation: gone for visitors.
  await page.goto(`/admin/blog?q=${suffix}`);
  await hydrated(page);
  await page.getByRole("button", { name: `Supprimer « ${title} »` }).click();
  await page.getByRole("dialog", { name: "Supprimer cet article ?" }).getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(toastWith(page, "C'est fait", "supprimé")).toBeVisible();
  await expect(page.getByTestId(`post-row-${slug}-renomme`)).toHaveCount(0);
  expect((await request.get(`/blog/${slug}-renomme`)).status()).toBe(404);
  await visitor.close();
});

test("XSS payloads in title, excerpt, content and tags stay inert on every page and in the feed", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const dialogs: string[] = [];
  const watch = (p: Page) => p.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()));
  watch(page);
  await signInAs(page, "editor");
  const suffix = Date.now().toString(36);
  const title = `<script>alert("titre")</script><img src=x onerror=alert(1)> Piège ${suffix}`;
  const excerpt = `<svg onload=alert(2)></svg><script>alert("chapeau")</script> un chapeau piégé & "guillemets"`;
  const tag = `<b onmouseover=alert(8)>x</b>`;
  const body = [
    `<script>alert("contenu")</script>`,
    `<img src=x onerror="alert(3)"> <iframe src="javascript:alert(4)"></iframe>`,
    `[lien piégé](javascript:alert(5)) [autre](JaVaScRiPt:alert(6)) [données](data:text/html;base64,PHNjcmlwdD5hbGVydCg3KTwvc2NyaXB0Pg==)`,
    `![image piégée](javascript:alert(9))`,
    `<svg><script>alert(10)</script></svg> <a href="javascript:alert(11)" onclick="alert(12)">clic</a>`,
    `## <img src=x onerror=alert(13)> section`,
    `## Deuxième section`,
    `## Troisième section ]]>`,
  ].join("\n\n");

  await page.goto("/admin/blog/new");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await page.getByLabel("Chapeau").fill(excerpt);
  await page.getByLabel("Catégorie").selectOption({ label: "Actualités" });
  await page.getByLabel("Mots-clés").fill(tag);
  await page.getByRole("textbox", { name: "Texte de l'article" }).fill(body);
  // The editor's own preview tab is sanitised too.
  await page.getByRole("button", { name: "Aperçu", exact: true }).click();
  await expect(page.locator(".prose-site").filter({ hasText: 'alert("contenu")' })).toBeVisible();
  await page.getByRole("button", { name: "Écrire" }).click();
  await page.getByRole("button", { name: "Publier maintenant" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const slug = `script-alert-titre-script-img-src-x-onerror-alert-1-piege-${suffix}`;

  /** Nothing ran, nothing can run: no injected element, handler or javascript: link; the text shows as text. */
  async function expectInert(p: Page, where: string) {
    const found = await p.evaluate(() => {
      const all = [...document.querySelectorAll("*")];
      return {
        handlers: all.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`)),
        jsLinks: all
          .filter((el) => /^\s*(javascript|data|vbscript):/i.test(el.getAttribute("href") ?? el.getAttribute("src") ?? ""))
          .map((el) => el.tagName),
        injected: document.querySelectorAll("iframe, svg script, img[src='x'], main svg[onload]").length,
        // Loader data travels in inline scripts with "<" escaped: a raw payload there would be an injection.
        rawInScripts: [...document.querySelectorAll("script")].filter((s) =>
          /<script>alert|<img src=x|<svg onload/.test(s.textContent ?? ""),
        ).length,
      };
    });
    expect(found.handlers, where).toEqual([]);
    expect(found.jsLinks, where).toEqual([]);
    expect(found.injected, where).toBe(0);
    expect(found.rawInScripts, where).toBe(0);
    expect(dialogs, where).toEqual([]);
  }

  await expectInert(page, "éditeur");
  await expect(page.getByRole("textbox", { name: "Titre", exact: true })).toHaveValue(title);

  await page.goto(`/admin/blog?q=${suffix}`);
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await expectInert(page, "liste d'administration");

  const visitor = await visitorPage(browser);
  const v = visitor.page;
  watch(v);
  await v.goto(`/blog/${slug}`);
  await expect(v.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(v.getByRole("main")).toContainText(excerpt);
  await expect(v.getByRole("main")).toContainText('<script>alert("contenu")</script>');
  await expect(v.getByRole("main")).toContainText("[lien piégé](javascript:alert(5))");
  await expect(v.getByRole("link", { name: `#${tag}` })).toBeVisible();
  await expect(v.getByRole("navigation", { name: "Sommaire" }).getByRole("link").first()).toHaveText(
    "<img src=x onerror=alert(13)> section",
  );
  // The title is clamped to 60 characters for search engines: its start shows, as text.
  expect(await v.title()).toContain('<script>alert("titre")</script>');
  await v.mouse.move(10, 10);
  await v.getByRole("link", { name: `#${tag}` }).hover();
  await expectInert(v, "page de l'article");

  for (const path of ["/blog", `/blog?q=${suffix}`, `/blog?tag=b-onmouseover-alert-8-x-b`, "/blog?categorie=actualites", "/"]) {
    await v.goto(path);
    await expectInert(v, path);
  }
  await v.goto(`/blog?q=${suffix}`);
  await expect(v.getByRole("main").locator("article h3")).toHaveText([title]);

  // The feed parses as XML; the payloads are text in it, and its HTML carries no script or handler.
  const xml = await (await request.get("/blog/rss.xml")).text();
  const feed = await parseFeed(v, xml);
  expect(feed.error).toBeNull();
  expect(feed.scripts).toBe(0);
  const item = feed.items.find((i) => i.link.endsWith(`/blog/${slug}`))!;
  expect(item.title).toBe(title);
  // The description is HTML for the feed reader: the excerpt is text in it (escaped once more than XML needs).
  expect(item.description).toBe(escapeHtml(excerpt));
  expect(item.categories).toContain(tag);
  const rendered = await v.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const all = [...doc.body.querySelectorAll("*")];
    return {
      elements: doc.body.querySelectorAll("script, iframe, svg, img, object, embed").length,
      handlers: all.filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).length,
      jsLinks: doc.body.querySelectorAll('a[href^="javascript" i], a[href^="data" i]').length,
      text: doc.body.textContent ?? "",
    };
  }, item.content);
  expect(rendered).toMatchObject({ elements: 0, handlers: 0, jsLinks: 0 });
  expect(rendered.text).toContain('<script>alert("contenu")</script>');
  expect(dialogs).toEqual([]);

  // Clean up: the payload post is deleted.
  await page.goto(`/admin/blog?q=${suffix}`);
  await hydrated(page);
  await page.getByRole("button", { name: `Supprimer « ${title} »` }).click();
  await page.getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(toastWith(page, "C'est fait", "supprimé")).toBeVisible();
  await visitor.close();
});

test("visitors, viewers and unknown posts: login redirect, access denied, 404", async ({ page, browser }) => {
  const visitor = await visitorPage(browser);
  await visitor.page.goto("/admin/blog/new");
  await expect(visitor.page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fblog%2Fnew$/);
  const missing = await visitor.page.goto("/blog/cet-article-n-existe-pas");
  expect(missing!.status()).toBe(404);
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  await visitor.close();

  await signInAs(page, "viewer");
  const denied = await page.goto("/admin/blog");
  expect(denied!.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accès refusé");
  const res = await page.request.post("/admin/blog", { form: { intent: "delete", id: "x" }, headers: { origin: e2eBaseURL() } });
  expect(res.status()).toBe(403);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the blog index filters by category, tag and search; a post reads in full", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Le blog de la formation professionnelle");
    expect(await page.getByRole("main").locator("article").count()).toBeGreaterThanOrEqual(6);

    await page.getByLabel("Catégorie", { exact: true }).selectOption({ label: "Qualité et certification" });
    await page.getByRole("button", { name: "Afficher les articles" }).click();
    await expect(page).toHaveURL(/\/blog\?q=&categorie=qualite&tag=$/);
    await expect(page.getByRole("main").locator("article h3")).toHaveText([
      "Qualiopi : ce que la certification garantit vraiment (et ce qu'elle ne garantit pas)",
    ]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog : Qualité et certification");

    await page.goto("/blog");
    await page.getByLabel("Rechercher un article").fill("bilan competences");
    await page.getByRole("button", { name: "Afficher les articles" }).click();
    await expect(page).toHaveURL(/\/blog\?q=bilan\+competences&categorie=&tag=$/);
    // Accents and case are ignored; every article that mentions it is found.
    await expect(page.getByRole("main").locator("article h3", { hasText: "Bilan de compétences : comment le préparer" })).toHaveCount(1);

    await page.getByRole("link", { name: "Bilan de compétences : comment le préparer pour qu'il serve vraiment" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Bilan de compétences : comment le préparer pour qu'il serve vraiment",
    );
    await expect(page.getByRole("navigation", { name: "Sommaire" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Par Formavia");
    await page.getByRole("link", { name: "#CPF" }).click();
    await expect(page).toHaveURL(/\/blog\?tag=cpf$/);
    const titles = await page.getByRole("main").locator("article h3").allTextContents();
    expect(titles.some((t) => t.startsWith("Utiliser son compte personnel de formation"))).toBe(true);
    expect(titles.some((t) => t.startsWith("Bilan de compétences"))).toBe(true);
  });
});
