import { Form, data, useNavigation } from "react-router";
import { Link } from "~/ui/link";
import type { Route } from "./+types/legal-documents";
import { formatDateFr } from "~/domain/content/format";
import {
  LEGAL_DOCUMENTS,
  currentLegalVersion,
  isLegalDocument,
  legalVersionSchema,
  listLegalVersions,
  pendingLegalDraft,
  saveLegalVersion,
  type LegalDocument,
} from "~/domain/revisions/legal-documents.server";
import { HistoryLink, RestoredNotice } from "~/domain/revisions/components/history";
import { historyPath } from "~/domain/revisions/model";
import { requireAdmin } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { redirectWithToast } from "~/platform/toast/flash.server";
import { parseSubmission } from "~/platform/validation/submission";
import { Button } from "~/ui/button";
import { formatDateTimeShort } from "~/platform/format";
import { MarkdownEditor } from "~/ui/markdown-editor";

export const handle = { breadcrumb: "CGV et règlement intérieur" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "CGV et règlement intérieur",
    description: "Textes acceptés à l'inscription, en versions datées.",
    noindex: true,
  });

function documentOf(request: Request): LegalDocument {
  const value = new URL(request.url).searchParams.get("document") ?? "cgv";
  return isLegalDocument(value) ? value : "cgv";
}

/**
 * /admin/textes-legaux (admins): the CGV and the règlement intérieur in Markdown. Each save adds a
 * dated version (the public page shows « Version du … »); registrations keep the version accepted.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const document = documentOf(request);
  const [current, versions, draft] = await Promise.all([
    currentLegalVersion(document),
    listLegalVersions(document),
    pendingLegalDraft(document),
  ]);
  return { document, current, versions, draft, documents: LEGAL_DOCUMENTS };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const document = documentOf(request);
  const parsed = await parseSubmission(request, legalVersionSchema);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const saved = await saveLegalVersion(document, parsed.data, { actor: me });
  if (!saved.ok) return data({ errors: saved.errors, values: parsed.values }, { status: 400 });
  return redirectWithToast(`/admin/textes-legaux?document=${document}`, {
    kind: "success",
    title: "Nouvelle version publiée",
    description: `${LEGAL_DOCUMENTS[document].title}\u00a0: les prochaines inscriptions acceptent cette version.`,
  });
}

export default function LegalDocumentsAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { document, current, versions, draft, documents } = loaderData;
  const saving = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const body = typeof actionData?.values?.body === "string" ? actionData.values.body : (draft?.body ?? current?.body ?? "");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">CGV et règlement intérieur</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Chaque enregistrement publie une nouvelle version datée&nbsp;; chaque inscription garde la version qu'elle a acceptée.
        </p>
      </div>
      <nav aria-label="Documents" className="flex flex-wrap gap-3">
        {(Object.keys(documents) as LegalDocument[]).map((d) => (
          <Link
            key={d}
            to={`/admin/textes-legaux?document=${d}`}
            aria-current={d === document ? "page" : undefined}
            className={`rounded-lg border px-3 py-1.5 text-sm font-medium ${d === document ? "border-brand-700 bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-white" : "border-slate-300 dark:border-slate-700"}`}
          >
            {documents[d].title}
          </Link>
        ))}
      </nav>
      {current?.isDemo ? (
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          Le texte publié est un texte de démonstration&nbsp;: remplacez-le par le vôtre, relu par un juriste, avant d'ouvrir les
          inscriptions.
        </p>
      ) : null}
      <HistoryLink to={historyPath("legal_document", document)} />
      <RestoredNotice restored={draft ? { id: draft.id, createdAt: draft.createdAt } : null} />
      <Form method="post" className="space-y-4">
        <MarkdownEditor
          key={`${document}-${current?.id ?? "vide"}-${draft?.id ?? ""}`}
          name="body"
          label={documents[document].title}
          hint={`Texte en Markdown, publié sur ${documents[document].path}.`}
          rows={20}
          required
          defaultValue={body}
          error={errors.body}
        />
        <Button type="submit" disabled={saving}>
          Publier une nouvelle version
        </Button>
      </Form>
      <section aria-labelledby="versions" className="space-y-2">
        <h2 id="versions" className="text-lg font-semibold">
          Versions ({versions.length})
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {versions.map((v) => (
            <li key={v.id}>
              Version du {formatDateFr(v.createdAt.slice(0, 10))} ({formatDateTimeShort(v.createdAt)}){v.isDemo ? ", démonstration" : ""}
              {v.authorEmail ? `, par ${v.authorEmail}` : ""}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
