import { data } from "react-router";
import type { Route } from "./+types/legal-document";
import { PageIntro } from "~/domain/content/components";
import { PAGE_TEXTS } from "~/domain/content/page-texts";
import { formatDateFr } from "~/domain/content/format";
import { LEGAL_DOCUMENTS, currentLegalVersion, type LegalDocument } from "~/domain/revisions/legal-documents.server";
import { MarkdownContent } from "~/platform/markdown/markdown-content";
import { renderMarkdownWithHeadings } from "~/platform/markdown/markdown.server";
import { pageHtml } from "~/platform/ssr/kept.server";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { ServerHtml } from "~/ui/server-html";

/** /conditions-generales-de-vente and /reglement-interieur: the version in force, edited by admins, with its date. */
function documentOf(request: Request): LegalDocument {
  return new URL(request.url).pathname.startsWith("/reglement-interieur") ? "reglement_interieur" : "cgv";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const document = documentOf(request);
  const version = await currentLegalVersion(document);
  if (!version) throw data(null, { status: 404 });
  return {
    document,
    title: LEGAL_DOCUMENTS[document].title,
    path: LEGAL_DOCUMENTS[document].path,
    html: pageHtml({ request, context }, "legal-document", renderMarkdownWithHeadings(version.body).html),
    versionLabel: formatDateFr(version.createdAt.slice(0, 10)),
    versionDate: version.createdAt.slice(0, 10),
    isDemo: version.isDemo,
  };
}

export function meta(args: Route.MetaArgs) {
  const d = args.loaderData;
  if (!d) return [{ title: "Page introuvable" }];
  return [
    ...pageMeta(args, { title: d.title, description: PAGE_TEXTS[d.path].description, path: d.path }),
    ...pageBreadcrumbMeta(args, d.title),
  ];
}

export default function LegalDocumentPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <ServerHtml>
      {() => (
        <>
          <PageIntro eyebrow="Informations légales" title={d.title}>
            <p>
              Version du <time dateTime={d.versionDate}>{d.versionLabel}</time>
            </p>
          </PageIntro>
          <div className="mx-auto max-w-6xl px-4 py-12">
            {d.isDemo ? (
              <p
                role="note"
                className="mb-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
              >
                Texte de démonstration&nbsp;: il doit être remplacé par le texte de l'organisme, relu par un juriste, avant la mise en
                ligne.
              </p>
            ) : null}
            <MarkdownContent html={d.html} />
          </div>
        </>
      )}
    </ServerHtml>
  );
}
