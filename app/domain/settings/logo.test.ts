import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { loadConfig, setConfig } from "~/platform/config.server";
import { IMAGE_TOO_LARGE } from "~/platform/storage/stored-image";
import { refusal } from "~/platform/validation/errors";
import { parseSubmission } from "~/platform/validation/submission";
import { changeLogo } from "./logo.server";
import { LOGO_MISSING, LOGO_SVG_TOO_LARGE, logoFormSchema } from "./model";
import { getOrganisation } from "./settings.server";
import { admin } from "../../../tests/support/actors";

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#0b5"/></svg>`;

/** The logo form as a browser posts it (an empty file when no file is chosen). */
function posted(file: File = new File([], "", { type: "application/octet-stream" })): FormData {
  const form = new FormData();
  form.append("intent", "logo");
  form.append("logo", file);
  return form;
}

describe("the logo form's schema (the action's parseSubmission and the browser's useForm)", () => {
  const check = (form: FormData) => parseSubmission(form, logoFormSchema, { files: true });

  it("refuses a missing file, an SVG over 200 Ko and an image over 10 Mo, beside the field", async () => {
    expect(await check(posted())).toMatchObject({ ok: false, errors: { logo: LOGO_MISSING } });
    const noField = new FormData();
    noField.append("intent", "logo");
    expect(await check(noField)).toMatchObject({ ok: false, errors: { logo: LOGO_MISSING } });
    const bigSvg = new File(["<svg>" + " ".repeat(200 * 1024) + "</svg>"], "logo.svg", { type: "image/svg+xml" });
    expect(await check(posted(bigSvg))).toMatchObject({ ok: false, errors: { logo: LOGO_SVG_TOO_LARGE } });
    const bigPng = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "logo.png", { type: "image/png" });
    expect(await check(posted(bigPng))).toMatchObject({ ok: false, errors: { logo: IMAGE_TOO_LARGE } });
  });

  it("accepts a file within its size, described by its name, type and size", async () => {
    const ok = await check(posted(new File([SVG], "logo.svg", { type: "image/svg+xml" })));
    expect(ok).toMatchObject({ ok: true, data: { logo: { name: "logo.svg", type: "image/svg+xml", size: SVG.length } } });
  });
});

describe.each(engines)("changing the logo on $name", ({ create }) => {
  let t: TestDatabase;
  let dataDir = "";
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "logo-test-"));
    setConfig(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SITE_URL: "http://localhost:3000", LOG_LEVEL: "error" }));
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses content that is not the image it claims to be, beside the field, and changes nothing", async () => {
    const before = await getOrganisation(t.db);
    const notSvg = await changeLogo(admin, new File(["bonjour"], "logo.svg", { type: "image/svg+xml" }), t.db);
    expect(notSvg).toEqual(refusal({ logo: "Ce fichier n'est pas une image SVG valide." }));
    const notImage = await changeLogo(admin, new File(["bonjour"], "logo.png", { type: "image/png" }), t.db);
    expect(!notImage.ok && notImage.errors.logo).toMatch(/n'est pas une image lisible/);
    expect(await getOrganisation(t.db)).toEqual(before);
  });

  it("stores an SVG logo, then removes it", async () => {
    const stored = await changeLogo(admin, new File([SVG], "logo.svg", { type: "image/svg+xml" }), t.db);
    expect(stored.ok && stored.value.logoUrl).toMatch(/^\/uploads\/logo\/[0-9a-f-]{36}\.svg$/);
    expect((await getOrganisation(t.db)).logoUrl).toBe(stored.ok ? stored.value.logoUrl : "");
    expect(await changeLogo(admin, null, t.db)).toEqual({ ok: true, value: { logoUrl: "" } });
    expect((await getOrganisation(t.db)).logoUrl).toBe("");
  });
});
