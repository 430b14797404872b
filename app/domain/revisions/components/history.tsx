import { Form } from "react-router";
import { Link } from "~/ui/link";
import { Button } from "~/ui/button";
import { formatDateTimeShort } from "~/platform/format";
import type { FieldChange, RevisionSummary } from "../model";

/** The « Historique » link of an editor. */
export function HistoryLink({ to }: { to: string }) {
  return (
    <p className="mb-4 text-sm">
      <Link to={to} className="font-semibold text-brand-800 underline underline-offset-2 dark:text-brand-300">
        Historique des versions
      </Link>
    </p>
  );
}

function stateLabel(r: RevisionSummary): string {
  if (r.restoredFrom) return "Brouillon restauré";
  return r.published ? "Publiée" : "Brouillon";
}

/** The list of revisions: two choices to compare (a GET form, works without JavaScript) and a restore button each. */
export function RevisionList({
  revisions,
  from,
  to,
  restoring,
}: {
  revisions: RevisionSummary[];
  from: string | null;
  to: string | null;
  restoring: boolean;
}) {
  return (
    <section aria-labelledby="revisions-title" className="space-y-3">
      <h2 id="revisions-title" className="text-lg font-semibold">
        Versions enregistrées ({revisions.length})
      </h2>
      <div className="space-y-3">
        <div className="overflow-x-auto" role="region" aria-label="Versions enregistrées (défile horizontalement)" tabIndex={0}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Versions, de la plus récente à la plus ancienne</caption>
            <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  État
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Auteur
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Ancienne
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Nouvelle
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Restaurer</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {revisions.map((r, i) => {
                const when = formatDateTimeShort(r.createdAt);
                return (
                  <tr key={r.id} id={`revision-${r.id}`} className="align-top" data-testid="revision-row">
                    <td className="px-3 py-3 whitespace-nowrap">
                      <time dateTime={r.createdAt}>{when}</time>
                      {r.summary ? <p className="text-xs text-slate-600 dark:text-slate-400">{r.summary}</p> : null}
                    </td>
                    <td className="px-3 py-3">{stateLabel(r)}</td>
                    <td className="px-3 py-3 break-all">{r.authorEmail || "Système (import, démonstration)"}</td>
                    <td className="px-3 py-3">
                      <input
                        type="radio"
                        name="de"
                        value={r.id}
                        form="compare"
                        defaultChecked={from ? from === r.id : i === 1}
                        aria-label={`Comparer depuis la version du ${when}`}
                        className="size-5"
                      />
                    </td>
                    <td className="px-3 py-3">
                      <input
                        type="radio"
                        name="a"
                        value={r.id}
                        form="compare"
                        defaultChecked={to ? to === r.id : i === 0}
                        aria-label={`Comparer jusqu'à la version du ${when}`}
                        className="size-5"
                      />
                    </td>
                    <td className="px-3 py-3">
                      <Form method="post">
                        <input type="hidden" name="revision" value={r.id} />
                        <Button
                          type="submit"
                          variant="secondary"
                          disabled={restoring}
                          aria-label={`Restaurer comme brouillon la version du ${when}`}
                        >
                          Restaurer comme brouillon
                        </Button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {/* The radios of the table belong to this form (attribute `form`): no form inside another. */}
        <Form method="get" id="compare">
          {revisions.length > 1 ? <Button type="submit">Comparer les deux versions choisies</Button> : null}
        </Form>
      </div>
    </section>
  );
}

/** The changes between two revisions, field by field; text fields word by word. */
export function RevisionDiff({ from, to, changes }: { from: RevisionSummary; to: RevisionSummary; changes: FieldChange[] }) {
  return (
    <section aria-labelledby="diff-title" className="space-y-4" data-testid="revision-diff">
      <h2 id="diff-title" tabIndex={-1} className="text-lg font-semibold">
        Différences entre la version du {formatDateTimeShort(from.createdAt)} et celle du {formatDateTimeShort(to.createdAt)}
      </h2>
      {changes.length === 0 ? (
        <p>Aucun champ ne change entre ces deux versions.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {changes.length} champ{changes.length > 1 ? "s changent" : " change"}. Le texte retiré est barré sur fond rouge, le texte ajouté
            souligné sur fond vert.
          </p>
          <dl className="space-y-4">
            {changes.map((c) => (
              <div key={c.field} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="diff-field">
                <dt className="font-semibold">{c.label}</dt>
                <dd className="mt-2 text-sm whitespace-pre-wrap">
                  {c.parts ? (
                    c.parts.map((p, i) =>
                      p.kind === "added" ? (
                        <ins key={i} className="bg-emerald-100 text-emerald-950 underline dark:bg-emerald-900 dark:text-emerald-50">
                          <span className="sr-only">[ajouté&nbsp;: </span>
                          {p.value}
                          <span className="sr-only">]</span>
                        </ins>
                      ) : p.kind === "removed" ? (
                        <del key={i} className="bg-red-100 text-red-950 line-through dark:bg-red-900 dark:text-red-50">
                          <span className="sr-only">[retiré&nbsp;: </span>
                          {p.value}
                          <span className="sr-only">]</span>
                        </del>
                      ) : (
                        <span key={i}>{p.value}</span>
                      ),
                    )
                  ) : (
                    <div className="grid gap-2 sm:grid-cols-2">
                      <div>
                        <p className="text-xs font-semibold text-slate-600 dark:text-slate-400">Avant</p>
                        <p className="bg-red-50 p-2 dark:bg-red-950/40">{c.before}</p>
                      </div>
                      <div>
                        <p className="text-xs font-semibold text-slate-600 dark:text-slate-400">Après</p>
                        <p className="bg-emerald-50 p-2 dark:bg-emerald-950/40">{c.after}</p>
                      </div>
                    </div>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

/** In an editor opened on a restored draft: says what the form shows and that nothing is published yet. */
export function RestoredNotice({ restored }: { restored: { id: string; createdAt: string } | null }) {
  if (!restored) return null;
  return (
    <p
      role="note"
      className="mb-4 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
    >
      Le formulaire montre le brouillon restauré le {formatDateTimeShort(restored.createdAt)}. Rien n'est publié tant que vous n'enregistrez
      pas.
    </p>
  );
}
