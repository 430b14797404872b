import { useEffect, useState } from "react";
import { data, useActionData, useFetcher, useLocation, useNavigation } from "react-router";
import { notify } from "~/platform/toast/notify";
import { z } from "zod";
import type { Route } from "./+types/formations";
import { listCities } from "~/domain/cities/cities.server";
import { listCategories } from "~/domain/formations/categories.server";
import {
  countFormations,
  deleteFormation,
  duplicateFormation,
  listFormations,
  setFormationStatus,
  type FormationSort,
} from "~/domain/formations/formations.server";
import { toCompleteOf } from "~/domain/formations/completeness.server";
import { FormationAdminList, type FormationActionResult } from "~/domain/formations/components/formation-admin-list";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { FieldValidationError, NotFoundError } from "~/platform/validation/errors";

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

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const form = await request.formData();
  const parsed = actionSchema.safeParse({ intent: form.get("intent"), ids: form.getAll("ids"), id: form.get("id") });
  if (!parsed.success)
    return data({ ok: false as const, message: parsed.error.issues[0]?.message ?? "Requête invalide." }, { status: 400 });
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "publish":
      case "unpublish": {
        const n = await setFormationStatus(input.ids, input.intent === "publish" ? "published" : "draft", { actor });
        const verb = input.intent === "publish" ? "publiée" : "repassée en brouillon";
        return {
          ok: true as const,
          message:
            n === 0
              ? "Aucun changement\u00a0: ces formations avaient déjà ce statut."
              : `${n} formation${n > 1 ? "s" : ""} ${verb}${n > 1 ? "s" : ""}.`,
        };
      }
      case "duplicate": {
        const copy = await duplicateFormation(input.id, { actor });
        return { ok: true as const, message: `Copie créée en brouillon\u00a0: «\u00a0${copy.title}\u00a0».`, editId: copy.id };
      }
      case "delete": {
        const title = await deleteFormation(input.id, { actor });
        return { ok: true as const, message: `Formation «\u00a0${title}\u00a0» supprimée.` };
      }
    }
  } catch (error) {
    if (error instanceof NotFoundError) return data({ ok: false as const, message: error.message }, { status: 404 });
    if (error instanceof FieldValidationError) return data({ ok: false as const, message: error.message }, { status: 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Formations", description: "Gérer le catalogue des formations.", noindex: true });

const SORT_OPTIONS = Object.entries(SORTS).map(([value, s]) => ({ value, label: s.label }));

function useResultToast(result: FormationActionResult | undefined, idle: boolean) {
  useEffect(() => {
    if (!result || !idle) return;
    if (result.ok) notify.success("C'est fait", { description: result.message });
    else notify.error("Action impossible", { description: result.message });
  }, [result, idle]);
}

export default function AdminFormations({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const [selected, setSelected] = useState<string[]>([]);
  const rowFetcher = useFetcher<FormationActionResult>();
  useResultToast(actionData as FormationActionResult | undefined, navigation.state === "idle");
  useResultToast(rowFetcher.data, rowFetcher.state === "idle");
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
