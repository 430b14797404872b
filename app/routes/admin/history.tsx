import { data, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/history";
import { COLUMN_BY_FIELD } from "~/domain/formations/columns";
import { RevisionDiff, RevisionList } from "~/domain/revisions/components/history";
import { compareQuerySchema, historyScreen, restoreSchema } from "~/composition/revision-history.server";
import { TRAINER_FIELD_LABELS } from "~/domain/trainers/labels";
import { HISTORY_ACCESS, REVISION_ENTITIES, historyPath, isRevisionEntity, type RevisionEntity } from "~/domain/revisions/model";
import { getRevision, restoreAsDraft } from "~/domain/revisions/revisions.server";
import { requireAdmin, requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { parseSubmission } from "~/platform/validation/submission";
import { formatDateTimeShort } from "~/platform/format";

export const handle = { breadcrumb: "Historique" };

/** French names of the fields, for the comparison (formations: the import's column labels). */
const LABELS: Partial<Record<RevisionEntity, Record<string, string>>> = {
  formation: {
    ...Object.fromEntries([...COLUMN_BY_FIELD].map(([field, column]) => [field, column.label])),
    status: "Statut",
    sessions: "Sessions",
    cityIds: "Villes",
  },
  blog_post: {
    title: "Titre",
    slug: "Adresse",
    excerpt: "Chapeau",
    content: "Contenu",
    category: "Catégorie",
    tags: "Mots-clés",
    authorId: "Auteur",
    status: "Statut",
    image: "Image",
    imageAlt: "Texte alternatif de l'image",
    seoTitle: "Titre pour les moteurs de recherche",
    seoDescription: "Description pour les moteurs de recherche",
    formationIds: "Formations liées",
    readingMinutes: "Temps de lecture",
  },
  legal_document: { body: "Texte", isDemo: "Texte de démonstration" },
  trainer: TRAINER_FIELD_LABELS,
};

/** The kind and id of the URL, and the role its screen needs (404 for an unknown kind). */
async function guard(request: Request, params: Route.LoaderArgs["params"]) {
  const type = params.type;
  if (!isRevisionEntity(type)) throw data(null, { status: 404 });
  const user = HISTORY_ACCESS[type].role === "admin" ? await requireAdmin(request) : await requireEditor(request);
  return { user, type, id: params.id };
}

/**
 * /admin/historique/{kind}/{id} (editors for formations and posts, admins for the rest): the saved
 * versions of one item, the comparison of two (`?de=…&a=…`) and « Restaurer comme brouillon ».
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { type, id } = await guard(request, params);
  const query = compareQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const screen = await historyScreen(type, id, query, LABELS[type] ?? {});
  if (!screen) throw data(null, { status: 404 });
  return { ...screen, type, id, kind: REVISION_ENTITIES[type], query };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, type, id } = await guard(request, params);
  const parsed = await parseSubmission(request, restoreSchema);
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const source = await getRevision(parsed.data.revision);
  if (!source || source.entityType !== type || source.entityId !== id) throw data(null, { status: 404 });
  const restored = await restoreAsDraft(source.id, { actor: user });
  // Compared with the version just before it: what the restore would change.
  return redirectWithToast(historyPath(type, id, `a=${restored.id}`), {
    kind: "success",
    title: "Brouillon restauré",
    description: `La version du ${formatDateTimeShort(source.createdAt)} est un nouveau brouillon à relire\u00a0: rien n'a été publié.`,
  });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `Historique de «\u00a0${args.loaderData.title}\u00a0»` : "Historique",
    description: "Versions enregistrées, comparaison et restauration.",
    noindex: true,
  });

export default function History({ loaderData, actionData }: Route.ComponentProps) {
  const { title, kind, editPath, revisions, compare, type, id } = loaderData;
  const restoring = useNavigation().state === "submitting";
  const latest = revisions[0];
  const draftToReview = latest && !latest.published ? latest : null;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Historique de «&nbsp;{title}&nbsp;»</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {kind}. Chaque enregistrement garde une version&nbsp;: les versions publiées sont conservées sans limite, les 50 derniers
          brouillons aussi. Restaurer une version en fait un brouillon&nbsp;: rien n'est publié avant que vous l'enregistriez.
        </p>
        <p className="mt-2">
          <Link to={editPath} className="font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
            Retour à l'édition
          </Link>
        </p>
      </div>
      {actionData?.errors ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {Object.values(actionData.errors).join(" ")}
        </p>
      ) : null}
      {draftToReview?.restoredFrom && (type === "formation" || type === "blog_post" || type === "legal_document") ? (
        <p
          role="note"
          className="rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
        >
          Un brouillon restauré attend votre relecture.{" "}
          <Link
            to={`${editPath}${editPath.includes("?") ? "&" : "?"}revision=${draftToReview.id}`}
            className="font-semibold underline underline-offset-2"
          >
            Ouvrir ce brouillon dans l'éditeur
          </Link>
        </p>
      ) : null}
      {compare ? <RevisionDiff from={compare.from} to={compare.to} changes={compare.changes} /> : null}
      <RevisionList
        key={`${id}-${compare?.from.id ?? ""}-${compare?.to.id ?? ""}`}
        revisions={revisions}
        from={compare?.from.id ?? null}
        to={compare?.to.id ?? null}
        restoring={restoring}
      />
    </div>
  );
}
