import { useEffect, useState } from "react";
import { useActionData, useFetcher, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/formations";
import { listCities } from "~/domain/cities/cities.server";
import { listCategories } from "~/domain/formations/categories.server";
import {
  countFormations,
  deleteFormation,
  FormationHasRegistrationsError,
  duplicateFormation,
  listFormations,
  setFormationStatus,
  type FormationSort,
} from "~/domain/formations/formations.server";
import { toCompleteOf } from "~/domain/formations/completeness.server";
import { FormationAdminList, type FormationActionResult } from "~/domain/formations/components/formation-admin-list";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { dataWithToast } from "~/platform/toast/flash.server";
import { NotFoundError } from "~/platform/validation/errors";

export const handle = { breadcrumb: "Formations" };

const SORTS: Record<string, { label: string; sort: FormationSort }> = {
  recent: { label: "Modifiées récemment", sort: "-updated" },
  titre: { label: "Titre (A à Z)", sort: "title" },
  "titre-desc": { label: "Titre (Z à A)", sort: "-title" },
  session: { label: "Prochaine session", sort: "next-session" },
  prix: { label: "Prix croissant", sort: "price" },
};

const filtersSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  statut: z.enum(["", "draft", "published"]).catch(""),
  categorie: z
    .string()
    .regex(/^[a-z0-9]{0,30}$/)
    .catch(""),
  ville: z
    .string()
    .regex(/^[a-z0-9-]{0,60}$/)
    .catch(""),
  tri: z
    .string()
    .refine((s) => s in SORTS)
    .catch("recent"),
  page: z.coerce.number().int().min(1).catch(1),
});

/** /admin/formations: search (accents ignored), filters, sort, pagination, bulk publish/unpublish, duplicate, delete. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filters = filtersSchema.parse({ q: "", statut: "", categorie: "", ville: "", tri: "recent", page: 1, ...params });
  const [result, categories, cities, counts] = await Promise.all([
    listFormations({
      status: filters.statut || "all",
      q: filters.q || undefined,
      categorySlug: filters.categorie || undefined,
      citySlug: filters.ville || undefined,
      sort: SORTS[filters.tri]!.sort,
      page: filters.page,
      perPage: 20,
    }),
    listCategories(),
    listCities(),
    countFormations(),
  ]);
  return {
    filters,
    result,
    counts,
    toComplete: await toCompleteOf(result.items.filter((f) => f.status === "draft").map((f) => f.id)),
    categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
    cities: cities.map((c) => ({ slug: c.slug, name: c.name })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["publish", "unpublish"]), ids: z.array(z.string().min(1)).min(1, "Cochez au moins une formation.") }),
  z.object({ intent: z.literal("duplicate"), id: z.string().min(1) }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1) }),
]);

/** A change made: the answer carries its toast (flash cookie). */
function done<T extends { message: string }>(result: T) {
  return dataWithToast({ ok: true as const, ...result }, { kind: "success", title: "C'est fait", description: result.message });
}

/** A refused change: its message comes back with the answer, as a toast. */
function refused(message: string, status: number) {
  return dataWithToast({ ok: false as const, message }, { kind: "error", title: "Action impossible", description: message }, { status });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const form = await request.formData();
  const parsed = actionSchema.safeParse({ intent: form.get("intent"), ids: form.getAll("ids"), id: form.get("id") });
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Requête invalide.", 400);
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "publish":
      case "unpublish": {
        const changed = await setFormationStatus(input.ids, input.intent === "publish" ? "published" : "draft", { actor });
        if (!changed.ok) return refused(Object.values(changed.errors)[0] ?? "Requête invalide.", 400);
        const n = changed.value;
        const verb = input.intent === "publish" ? "publiée" : "repassée en brouillon";
        return done({
          message:
            n === 0
              ? "Aucun changement\u00a0: ces formations avaient déjà ce statut."
              : `${n} formation${n > 1 ? "s" : ""} ${verb}${n > 1 ? "s" : ""}.`,
        });
      }
      case "duplicate": {
        const copy = await duplicateFormation(input.id, { actor });
        return done({ message: `Copie créée en brouillon\u00a0: «\u00a0${copy.title}\u00a0».`, editId: copy.id });
      }
      case "delete": {
        const title = await deleteFormation(input.id, { actor });
        return done({ message: `Formation «\u00a0${title}\u00a0» supprimée.` });
      }
    }
  } catch (error) {
    if (error instanceof NotFoundError) return refused(error.message, 404);
    if (error instanceof FormationHasRegistrationsError) return refused(error.message, 409);
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Formations", description: "Gérer le catalogue des formations.", noindex: true });

const SORT_OPTIONS = Object.entries(SORTS).map(([value, s]) => ({ value, label: s.label }));

export default function AdminFormations({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const [selected, setSelected] = useState<string[]>([]);
  // The actions' toasts come with their answers (flash cookie).
  const rowFetcher = useFetcher<FormationActionResult>();
  useEffect(() => {
    if (actionData?.ok) setSelected([]);
  }, [actionData]);
  return (
    <FormationAdminList
      {...loaderData}
      sorts={SORT_OPTIONS}
      selected={selected}
      setSelected={setSelected}
      fetcher={rowFetcher}
      search={location.search}
    />
  );
}
