import { recordAudit } from "~/domain/audit/audit.server";
import { db, type Db } from "~/platform/db/db.server";
import { type MutationContext } from "./formations.server";
import {
  createValidatedRecord,
  deleteReferenceRecord,
  updateValidatedRecord,
  type ReferenceRecords,
  type ReferenceTable,
} from "~/platform/db/reference-records.server";
import { categoryInputSchema, type Category } from "./model";
import { toCategory } from "./rows.server";
import { NotFoundError, accepted, refusal, type Outcome } from "~/platform/validation/errors";

const CATEGORIES: ReferenceTable = {
  table: "formation_categories",
  entity: "formation_category",
  slugTaken: "Une autre catégorie utilise déjà cet identifiant.",
  summaries: {
    create: (name) => `Catégorie « ${name} » créée.`,
    update: (name) => `Catégorie « ${name} » modifiée.`,
    delete: (name) => `Catégorie « ${name} » supprimée.`,
  },
  audit: recordAudit,
};

export type CategoryWithCount = Category & { formationCount: number; publishedCount: number };

/** Every category in display order, with how many formations (and published ones) it holds. */
export async function listCategories(target: Db = db()): Promise<CategoryWithCount[]> {
  const [rows, counts] = await Promise.all([
    target.selectFrom("formation_categories").selectAll().orderBy("position").orderBy("name").execute(),
    target
      .selectFrom("formations")
      .select(["category_id", "status", (eb) => eb.fn.countAll().as("n")])
      .groupBy(["category_id", "status"])
      .execute(),
  ]);
  return rows.map((r) => {
    const mine = counts.filter((c) => c.category_id === r.id);
    return {
      ...toCategory(r),
      formationCount: mine.reduce((sum, c) => sum + Number(c.n), 0),
      publishedCount: mine.filter((c) => c.status === "published").reduce((sum, c) => sum + Number(c.n), 0),
    };
  });
}

/** The categories that hold published formations, in display order (read from the index, without counting). */
export async function publishedCategories(target: Db = db()): Promise<Category[]> {
  const rows = await target
    .selectFrom("formation_categories as c")
    .selectAll("c")
    .where((eb) =>
      eb.exists(eb.selectFrom("formations as f").select("f.id").whereRef("f.category_id", "=", "c.id").where("f.status", "=", "published")),
    )
    .orderBy("c.position")
    .orderBy("c.name")
    .execute();
  return rows.map(toCategory);
}

export async function getCategoryBySlug(slug: string, target: Db = db()): Promise<Category | undefined> {
  const row = await target.selectFrom("formation_categories").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toCategory(row) : undefined;
}

export async function getCategoryById(id: string, target: Db = db()): Promise<Category | undefined> {
  const row = await target.selectFrom("formation_categories").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toCategory(row) : undefined;
}

const CATEGORY_RECORDS: ReferenceRecords<Category> = {
  spec: CATEGORIES,
  schema: categoryInputSchema,
  read: getCategoryById,
  missing: "Cette catégorie n'existe pas ou a été supprimée.",
};

export async function createCategory(input: unknown, ctx: MutationContext = {}): Promise<Outcome<Category>> {
  return createValidatedRecord(CATEGORY_RECORDS, input, ctx);
}

export async function updateCategory(id: string, input: unknown, ctx: MutationContext = {}): Promise<Outcome<Category>> {
  return updateValidatedRecord(CATEGORY_RECORDS, id, input, ctx);
}

/** Deletes an empty category; a category that still holds formations is refused. */
export async function deleteCategory(id: string, ctx: MutationContext = {}): Promise<Outcome<void>> {
  const target = ctx.db ?? db();
  const existing = await getCategoryById(id, target);
  if (!existing) throw new NotFoundError("Cette catégorie n'existe pas ou a déjà été supprimée.");
  const used = await target
    .selectFrom("formations")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("category_id", "=", id)
    .executeTakeFirst();
  const n = Number(used?.n ?? 0);
  if (n > 0) {
    return refusal({
      _form: `La catégorie « ${existing.name} » contient ${n} formation${n > 1 ? "s" : ""} : rattachez-${n > 1 ? "les" : "la"} à une autre catégorie avant de la supprimer.`,
    });
  }
  await deleteReferenceRecord(CATEGORIES, existing, ctx);
  return accepted(undefined);
}
