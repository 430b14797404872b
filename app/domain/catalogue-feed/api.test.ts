import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/composition/seed.server";
import { loadConfig, setConfig } from "~/platform/config.server";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { formationsAnswer, sessionsAnswer } from "./api.server";

const DOCUMENT = "docs/api/openapi.json";
const openapi = JSON.parse(readFileSync(DOCUMENT, "utf8")) as Record<string, unknown>;

/** A validator for one of the document's component schemas ($refs resolved inside the document). */
function schemaValidator(name: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...openapi, $id: "openapi.json" });
  const validate = ajv.getSchema(`openapi.json#/components/schemas/${name}`);
  if (!validate) throw new Error(`Schéma absent : ${name}`);
  return (value: unknown) => (validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(openapi);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });
});

describe.each(engines)("the catalogue API on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    setConfig(loadConfig({ NODE_ENV: "test", SITE_URL: "https://formation.exemple.fr" }));
    t = await create();
    await seed(t.db);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("answers pages of published formations that match the document's schema", async () => {
    const validate = schemaValidator("FormationsPage");
    const first = await formationsAnswer(new URL("https://formation.exemple.fr/api/v1/formations?per_page=5"), t.db);
    expect(first.kind).toBe("page");
    expect(validate(first.body)).toEqual([]);
    expect(validate({ data: [{ slug: "x" }], meta: {}, links: {} }).length).toBeGreaterThan(0);
    const body = first.body as {
      data: Array<{ slug: string; url: string; sessions: unknown[] }>;
      meta: { total: number; pageCount: number };
      links: { next: string | null };
    };
    const published = await t.db.selectFrom("formations").select("slug").where("status", "=", "published").execute();
    expect(body.meta.total).toBe(published.length);
    expect(body.data).toHaveLength(5);
    expect(body.data[0]!.url).toBe(`https://formation.exemple.fr/formations/${body.data[0]!.slug}`);
    expect(body.links.next).toBe("https://formation.exemple.fr/api/v1/formations?per_page=5&page=2");
    // Every page together: each published formation once, no draft.
    const slugs: string[] = [];
    for (let page = 1; page <= body.meta.pageCount; page++) {
      const answer = await formationsAnswer(new URL(`https://formation.exemple.fr/api/v1/formations?per_page=5&page=${page}`), t.db);
      expect(validate(answer.body)).toEqual([]);
      slugs.push(...(answer.body as typeof body).data.map((f) => f.slug));
    }
    expect(slugs.sort()).toEqual(published.map((p) => p.slug).sort());
  });

  it("answers upcoming sessions that match the schema, filtered by formation", async () => {
    const validate = schemaValidator("SessionsPage");
    const all = await sessionsAnswer(new URL("https://formation.exemple.fr/api/v1/sessions?per_page=100"), t.db);
    expect(all.kind).toBe("page");
    expect(validate(all.body)).toEqual([]);
    const sessions = (all.body as { data: Array<{ startDate: string; formation: { slug: string } }> }).data;
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.map((s) => s.startDate)).toEqual(sessions.map((s) => s.startDate).sort());
    const slug = sessions[0]!.formation.slug;
    const one = await sessionsAnswer(new URL(`https://formation.exemple.fr/api/v1/sessions?formation=${slug}`), t.db);
    expect(validate(one.body)).toEqual([]);
    expect((one.body as typeof all.body & { data: typeof sessions }).data.every((s) => s.formation.slug === slug)).toBe(true);
  });

  it("refuses bad parameters with a French message matching the Error schema", async () => {
    const validate = schemaValidator("Error");
    for (const query of ["per_page=0", "per_page=101", "page=abc", "page=1.5", "tri=titre"]) {
      const answer = await formationsAnswer(new URL(`https://formation.exemple.fr/api/v1/formations?${query}`), t.db);
      expect(answer.kind, query).toBe("invalid");
      expect(validate(answer.body)).toEqual([]);
    }
    const unknown = await sessionsAnswer(new URL("https://formation.exemple.fr/api/v1/sessions?tri=date"), t.db);
    expect(unknown.body).toEqual({ error: { message: "Paramètre inconnu\u00a0: tri." } });
  });
});
