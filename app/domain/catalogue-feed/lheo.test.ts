import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/composition/seed.server";
import { loadConfig, setConfig } from "~/platform/config.server";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { lheoReport, lheoXml, saveLheoSettings } from "./lheo.server";

const SCHEMA = path.resolve("docs/lheo/lheo-sous-ensemble.xsd");

/** xmllint's verdict on a document (Debian's libxml2-utils, installed by .ci/run). */
function validate(xml: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "lheo-"));
  const file = path.join(dir, "lheo.xml");
  writeFileSync(file, xml);
  try {
    const output = execFileSync("xmllint", ["--noout", "--schema", SCHEMA, file], { encoding: "utf8", stdio: "pipe" });
    return { ok: true, output };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(engines)("the LHÉO feed on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    setConfig(loadConfig({ NODE_ENV: "test", SITE_URL: "https://formation.exemple.fr" }));
    t = await create();
    await seed(t.db);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("is empty until the public codes are set, and says so", async () => {
    expect(await lheoXml(t.db)).toBeUndefined();
    const report = await lheoReport(t.db);
    expect(report.feedMissing).toEqual(["les codes «\u00a0public visé\u00a0» des actions"]);
  });

  it("validates against the shipped schema, and lists the formations left out with what they lack", async () => {
    const categories = await t.db.selectFrom("formation_categories").select(["id", "name"]).orderBy("position").execute();
    const [left, ...coded] = categories;
    await saveLheoSettings(
      { formacodeVersion: "V14", publicCodes: ["15041"], formacodes: Object.fromEntries(coded.map((c) => [c.id, "31054"])) },
      t.db,
    );
    const xml = await lheoXml(t.db);
    expect(xml).toBeDefined();
    const verdict = validate(xml!);
    expect(verdict.output).not.toMatch(/error/i);
    expect(verdict.ok).toBe(true);

    const published = await t.db
      .selectFrom("formations")
      .select(["id", "category_id", "title"])
      .where("status", "=", "published")
      .execute();
    const inFeed = published.filter((f) => f.category_id !== left!.id);
    expect(xml!.match(/<formation numero=/g)?.length).toBe(inFeed.length);
    expect(xml).toContain("<SIRET-organisme-formation><SIRET>");
    expect(xml).toMatch(/<session numero="[^"]+"><periode><debut>\d{8}<\/debut>/);

    const report = await lheoReport(t.db);
    expect(report.included).toBe(inFeed.length);
    const leftOut = published.filter((f) => f.category_id === left!.id);
    expect(report.incomplete.map((f) => f.id).sort()).toEqual(leftOut.map((f) => f.id).sort());
    for (const f of report.incomplete) expect(f.missing).toEqual([`le code FORMACODE de la catégorie «\u00a0${left!.name}\u00a0»`]);
  });

  it("stays well-formed and valid when a title holds characters XML cannot carry", async () => {
    const published = await t.db
      .selectFrom("formations")
      .select(["id", "title"])
      .where("status", "=", "published")
      .executeTakeFirstOrThrow();
    const categories = await t.db.selectFrom("formation_categories").select(["id"]).execute();
    await saveLheoSettings(
      { formacodeVersion: "V14", publicCodes: ["15041"], formacodes: Object.fromEntries(categories.map((c) => [c.id, "31054"])) },
      t.db,
    );
    await t.db
      .updateTable("formations")
      .set({ title: `Excel\uFFFE avancé\uFFFF \uD800 \u0007 \uFDD0 ${published.title}` })
      .where("id", "=", published.id)
      .execute();
    try {
      const xml = (await lheoXml(t.db))!;
      const verdict = validate(xml);
      expect(verdict.output).not.toMatch(/error/i);
      expect(verdict.ok).toBe(true);
      expect(xml).toContain(`Excel avancé`);
      // eslint-disable-next-line no-control-regex -- the control character the feed must have dropped
      expect(xml).not.toMatch(/[\uFFFE\uFFFF\uFDD0\u0007]/);
    } finally {
      await t.db.updateTable("formations").set({ title: published.title }).where("id", "=", published.id).execute();
    }
  });

  it("the schema refuses a document missing a required element", async () => {
    const xml = (await lheoXml(t.db))!;
    expect(validate(xml.replace(/<certifiante>\d<\/certifiante>/, "")).ok).toBe(false);
    expect(validate(xml.replace(/<code-public-vise ref="V14">15041<\/code-public-vise>/g, "")).ok).toBe(false);
  });
});
