import { data, useActionData } from "react-router";
import type { Route } from "./+types/temoignages";
import { CLAIM_KINDS, CLAIM_TABS, claimKindOfTab, type ClaimKind } from "~/domain/content/claims";
import { CLAIM_SCHEMAS } from "~/domain/content/claims-schema";
import {
  createClaim,
  deleteClaim,
  deleteDemoClaims,
  formationChoices,
  listArguments,
  listResults,
  listTestimonials,
  moveClaim,
  updateClaim,
} from "~/domain/content/claims.server";
import {
  ClaimForm,
  ClaimList,
  ClaimTabs,
  ClaimToolbar,
  claimsHref,
  valuesOf,
  type ClaimsReply,
} from "~/domain/content/components/claims-admin";
import { requireAdmin } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { NotFoundError } from "~/platform/validation/errors";
import { parseSubmission } from "~/platform/validation/submission";

export const handle = { breadcrumb: "Témoignages et résultats" };

/** /admin/temoignages: the public claims (testimonials, results, "why us" arguments), admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const kind = claimKindOfTab(url.searchParams.get("onglet"));
  const edit = url.searchParams.get("modifier")?.slice(0, 60) || null;
  const [testimonials, results, args, formations] = await Promise.all([
    listTestimonials(),
    listResults(),
    listArguments(),
    kind === "testimonial" && edit ? formationChoices() : Promise.resolve([]),
  ]);
  const records = { testimonial: testimonials, result: results, argument: args }[kind];
  const editing = edit === "nouveau" ? "new" : edit ? records.find((r) => r.id === edit) : undefined;
  if (edit && !editing) throw data("Cet élément n'existe pas ou a été supprimé.", { status: 404 });
  return {
    kind,
    records,
    editing: editing ?? null,
    formations,
    counts: { testimonial: testimonials.length, result: results.length, argument: args.length },
    demoCount: records.filter((r) => r.isDemo).length,
  };
}

const WHAT: Record<ClaimKind, { saved: string; created: string; deleted: string }> = {
  testimonial: { saved: "Témoignage enregistré", created: "Témoignage ajouté", deleted: "Témoignage supprimé" },
  result: { saved: "Résultat enregistré", created: "Résultat ajouté", deleted: "Résultat supprimé" },
  argument: { saved: "Argument enregistré", created: "Argument ajouté", deleted: "Argument supprimé" },
};

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const form = await request.formData();
  const kind = CLAIM_KINDS.find((k) => k === form.get("kind"));
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "").slice(0, 60);
  if (!kind) return data({ kind: "testimonial", formError: "Requête invalide." } satisfies ClaimsReply, { status: 400 });
  const back = claimsHref(kind);
  const done = (title: string, description: string) => redirectWithToast(back, { kind: "success", title, description });
  try {
    switch (intent) {
      case "save": {
        form.delete("intent");
        form.delete("kind");
        form.delete("id");
        const parsed = await parseSubmission(form, CLAIM_SCHEMAS[kind]);
        if (!parsed.ok)
          return data({ kind, id: id || undefined, errors: parsed.errors, values: parsed.values } satisfies ClaimsReply, { status: 400 });
        // The domain checks the same schema again (it is the rule, whoever calls it): it takes the raw values.
        const saved = id ? await updateClaim(actor, kind, id, parsed.values) : await createClaim(actor, kind, parsed.values);
        if (!saved.ok)
          return data({ kind, id: id || undefined, errors: saved.errors, values: parsed.values } satisfies ClaimsReply, { status: 400 });
        return done(id ? WHAT[kind].saved : WHAT[kind].created, `«\u00a0${saved.value.name}\u00a0» est enregistré.`);
      }
      case "delete": {
        const deleted = await deleteClaim(actor, kind, id);
        return done(WHAT[kind].deleted, `«\u00a0${deleted.name}\u00a0» ne figure plus sur le site.`);
      }
      case "up":
      case "down": {
        await moveClaim(actor, kind, id, intent);
        return done("Ordre enregistré", "Le site affiche les éléments dans ce nouvel ordre.");
      }
      case "delete-demo": {
        const n = await deleteDemoClaims(actor, kind);
        return done(
          "Exemples supprimés",
          n === 0
            ? "Il ne restait aucun exemple de démonstration."
            : n === 1
              ? "1 exemple de démonstration a été supprimé."
              : `${n} exemples de démonstration ont été supprimés.`,
        );
      }
      default:
        return data({ kind, formError: "Requête invalide." } satisfies ClaimsReply, { status: 400 });
    }
  } catch (error) {
    if (error instanceof NotFoundError) return redirectWithToast(back, { kind: "error", title: "Introuvable", description: error.message });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Témoignages et résultats",
    description: "Témoignages, résultats et arguments publiés sur le site.",
    noindex: true,
  });

export default function AdminClaims({ loaderData }: Route.ComponentProps) {
  const { kind, records, editing, formations, counts, demoCount } = loaderData;
  const reply = useActionData<ClaimsReply>();
  const record = editing && typeof editing === "object" ? editing : undefined;
  const editId = record?.id;
  const showForm = Boolean(editing) || (reply?.kind === kind && Boolean(reply.errors));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Témoignages, résultats et arguments</h1>
        <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">
          Ce que le site affirme au public&nbsp;: les avis de stagiaires (publiés seulement avec leur accord écrit), les résultats chiffrés
          (chacun avec sa période, son nombre de réponses et sa date de mesure) et les arguments de la page «&nbsp;Pourquoi nous
          choisir&nbsp;». Une section vide est masquée sur le site.
        </p>
      </div>
      <ClaimTabs current={kind} counts={counts} />
      <h2 className="sr-only">{CLAIM_TABS[kind].label}</h2>
      {showForm ? (
        <ClaimForm
          key={`${kind}-${editId ?? "new"}`}
          kind={kind}
          id={editId ?? reply?.id}
          values={valuesOf(kind, record)}
          reply={reply}
          formations={formations}
        />
      ) : (
        <ClaimToolbar kind={kind} demoCount={demoCount} />
      )}
      <ClaimList kind={kind} records={records} />
    </div>
  );
}
