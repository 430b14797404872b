import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { createCity, deleteCity, updateCity } from "~/domain/cities/cities.server";
import { cityInputSchema } from "~/domain/cities/model";
import { loadConfig, setConfig } from "~/platform/config.server";
import { referenceMutation } from "~/platform/http/action-result.server";
import { valueOf } from "~/platform/validation/errors";
import { createCategory, deleteCategory, updateCategory } from "./categories.server";
import { createFormation } from "./formations.server";
import { categoryInputSchema } from "./model";
import { categoryInput, cityInput, formationInput } from "./test-fixtures";

/** The posted form of a screen: text fields only, as a browser sends them. */
function posted(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  return form;
}

interface Answer {
  data: { ok: boolean; message: string; intent?: string; id?: string; errors?: Record<string, string>; values?: Record<string, unknown> };
  init: ResponseInit | null;
}

describe.each(engines)("the categories and cities screens' action on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    setConfig(loadConfig({ NODE_ENV: "test", SITE_URL: "http://localhost:3000", AUTH_SECRET: "secret-de-test-0123456789-abcdefghij" }));
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const categories = () => ({
    create: (values: Record<string, unknown>) => createCategory(values, { db: t.db }),
    update: (id: string, values: Record<string, unknown>) => updateCategory(id, values, { db: t.db }),
    delete: (id: string) => deleteCategory(id, { db: t.db }),
  });
  const categoryMessages = {
    created: (name: string) => `Catégorie « ${name} » créée.`,
    updated: (name: string) => `Catégorie « ${name} » enregistrée.`,
    deleted: "Catégorie supprimée.",
  };
  const onCategories = async (fields: Record<string, unknown>) =>
    (await referenceMutation(posted(fields), categoryInputSchema, categories(), categoryMessages)) as unknown as Answer;

  it("refuses bad input with the schema's messages beside the fields, keeping what was typed", async () => {
    const answer = await onCategories({ intent: "create", name: "B", slug: "Deux mots", description: "Courte.", position: "dix" });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, intent: "create", message: "Corrigez les champs signalés." });
    expect(Object.keys(answer.data.errors ?? {}).sort()).toEqual(["description", "name", "position", "slug"]);
    expect(answer.data.values).toEqual({ name: "B", slug: "Deux mots", description: "Courte.", position: "dix" });
    expect(await t.db.selectFrom("formation_categories").select("id").execute()).toEqual([]);
  });

  it("creates, then refuses a taken identifier and a category still in use, with the domain's messages", async () => {
    const created = await onCategories({ intent: "create", ...categoryInput() });
    expect(created.data).toEqual({ ok: true, message: "Catégorie « Bureautique » créée." });
    expect(new Headers(created.init?.headers).get("set-cookie")).toMatch(/^flash=/);

    const twin = await onCategories({ intent: "create", ...categoryInput({ name: "Doublon" }) });
    expect(twin.init?.status).toBe(400);
    expect(twin.data.errors).toEqual({ slug: "Une autre catégorie utilise déjà cet identifiant." });
    expect(twin.data.values).toMatchObject({ name: "Doublon", slug: "bureautique" });

    const id = (await t.db.selectFrom("formation_categories").select("id").executeTakeFirstOrThrow()).id;
    const renamed = await onCategories({ intent: "update", id, ...categoryInput({ description: "" }) });
    expect(renamed.data).toMatchObject({ ok: false, intent: "update", id, errors: { description: expect.any(String) } });

    valueOf(await createFormation(formationInput({ categoryId: id }), { db: t.db }));
    const refused = await onCategories({ intent: "delete", id });
    expect(refused.init?.status).toBe(400);
    expect(refused.data.message).toMatch(/^La catégorie «\sBureautique\s» contient 1 formation\s:\srattachez-la/);

    const missing = await onCategories({ intent: "update", id: "inconnue", ...categoryInput() });
    expect(missing.init?.status).toBe(404);
    expect(missing.data.message).toBe("Cette catégorie n'existe pas ou a été supprimée.");
    const unknown = await onCategories({ intent: "renommer", id });
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data.message).toBe("Action inconnue.");
  });

  it("refuses a city's coordinates out of range and keeps them as typed", async () => {
    const lyon = valueOf(await createCity(cityInput(), { db: t.db }));
    const answer = (await referenceMutation(
      posted({ intent: "update", id: lyon.id, ...cityInput({ latitude: "95", longitude: "4,8357" }) }),
      cityInputSchema,
      {
        create: (values) => createCity(values, { db: t.db }),
        update: (id, values) => updateCity(id, values, { db: t.db }),
        delete: (id) => deleteCity(id, { db: t.db }),
      },
      { created: (n) => `Ville « ${n} » créée.`, updated: (n) => `Ville « ${n} » enregistrée.`, deleted: "Ville supprimée." },
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors).toEqual({ latitude: "La latitude est comprise entre -90 et 90." });
    expect(answer.data.values).toMatchObject({ latitude: "95", longitude: "4,8357" });
  });
});
