import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { valueOf, type Outcome } from "../validation/errors";
import type { Actor } from "./actor";
import { createReferenceRecord, deleteReferenceRecord, updateReferenceRecord, type ReferenceTable } from "./reference-records.server";

describe.each(engines)("reference records ($name)", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => t.cleanup());

  const actor: Actor = { id: null, email: "ligne de commande", role: "admin" };
  const entries: Array<{ action: string; entity: string; entityId: string; summary: string }> = [];
  const categories: ReferenceTable = {
    table: "formation_categories",
    entity: "formation_category",
    slugTaken: "Une autre catégorie utilise déjà cet identifiant.",
    summaries: {
      create: (name) => `Catégorie « ${name} » créée.`,
      update: (name) => `Catégorie « ${name} » modifiée.`,
      delete: (name) => `Catégorie « ${name} » supprimée.`,
    },
    // The audit entry is written with the transaction the change uses.
    audit: async (trx, { actor: who, ...entry }) => {
      expect(who).toBe(actor);
      expect(trx).not.toBe(t.db);
      entries.push(entry);
    },
  };

  async function slugError(p: Promise<Outcome<unknown>>): Promise<string | undefined> {
    const outcome = await p;
    expect(outcome.ok).toBe(false);
    return outcome.ok ? undefined : outcome.errors.slug;
  }

  it("creates, updates and deletes with one audit entry each, and refuses a slug in use", async () => {
    const ctx = { db: t.db, actor };
    const row = { slug: "langues", name: "Langues", description: "Anglais et espagnol.", position: 5 };
    const id = valueOf(await createReferenceRecord(categories, row, ctx));
    const other = valueOf(await createReferenceRecord(categories, { ...row, slug: "anglais", name: "Anglais" }, { db: t.db }));

    expect(await slugError(createReferenceRecord(categories, { ...row, name: "Doublon" }, ctx))).toBe(categories.slugTaken);
    expect(await slugError(updateReferenceRecord(categories, other, { ...row, name: "Anglais" }, ctx))).toBe(categories.slugTaken);

    valueOf(await updateReferenceRecord(categories, id, { ...row, name: "Langues étrangères" }, ctx));
    const stored = await t.db.selectFrom("formation_categories").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ slug: "langues", name: "Langues étrangères", position: 5 });

    await deleteReferenceRecord(categories, { id, name: "Langues étrangères" }, ctx);
    expect(await t.db.selectFrom("formation_categories").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(entries).toEqual([
      { action: "create", entity: "formation_category", entityId: id, summary: "Catégorie « Langues » créée." },
      { action: "update", entity: "formation_category", entityId: id, summary: "Catégorie « Langues étrangères » modifiée." },
      { action: "delete", entity: "formation_category", entityId: id, summary: "Catégorie « Langues étrangères » supprimée." },
    ]);
  });
});
