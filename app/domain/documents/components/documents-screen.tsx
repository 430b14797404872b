import { Form } from "react-router";
import { Link } from "~/ui/link";
import { useLiveData } from "~/platform/live/use-live-data";
import { Button } from "~/ui/button";
import { DataTable, td } from "~/ui/data-table";
import { formatDateTimeShort } from "~/platform/format";
import { ASSESSMENT_RESULTS, KIND_LABELS, LINK_DAYS, resultLabel } from "../model";
import type { DocumentsPage } from "../page.server";

export type DocumentsReply = { ok: boolean; message: string; target?: string };

const panel = "rounded-xl border border-slate-200 p-4 dark:border-slate-800";
const link = "font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300";

function GenerateButton({
  type,
  registrationId = "",
  traineeId = "",
  trainerId = "",
  label,
  sessionId,
}: {
  type: string;
  registrationId?: string;
  traineeId?: string;
  trainerId?: string;
  label: string;
  sessionId: string;
}) {
  const query = new URLSearchParams({ type, inscription: registrationId, stagiaire: traineeId, formateur: trainerId });
  return (
    <span className="inline-flex items-center gap-2">
      <Form method="post" className="inline">
        <input type="hidden" name="intent" value="generer" />
        <input type="hidden" name="type" value={type} />
        <input type="hidden" name="inscription" value={registrationId} />
        <input type="hidden" name="stagiaire" value={traineeId} />
        <input type="hidden" name="formateur" value={trainerId} />
        <Button type="submit" variant="secondary" size="sm">
          {label}
        </Button>
      </Form>
      <a
        href={`/admin/sessions/${sessionId}/documents/apercu.pdf?${query.toString()}`}
        target="_blank"
        rel="noreferrer"
        className={`${link} text-sm`}
      >
        Aperçu<span className="sr-only"> : {label.toLowerCase()}</span>
      </a>
    </span>
  );
}

function Message({ reply, target }: { reply?: DocumentsReply; target: string }) {
  if (!reply || reply.target !== target) return null;
  return (
    <p
      role={reply.ok ? "status" : "alert"}
      className={reply.ok ? "text-sm text-green-800 dark:text-green-300" : "text-sm text-red-700 dark:text-red-400"}
    >
      {reply.message}
    </p>
  );
}

/** Per trainee: the half-days attended and the assessment result (before the certificates). */
function AttendanceForm({
  page,
  trainee,
  reply,
}: {
  page: DocumentsPage;
  trainee: DocumentsPage["registrations"][number]["trainees"][number];
  reply?: DocumentsReply;
}) {
  const id = `presence-${trainee.id}`;
  return (
    <Form method="post" className="space-y-2" aria-labelledby={`${id}-titre`}>
      <input type="hidden" name="intent" value="presence" />
      <input type="hidden" name="stagiaire" value={trainee.id} />
      <fieldset>
        <legend id={`${id}-titre`} className="text-sm font-medium">
          Présence de {trainee.name}
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {page.halfDays.map((h) => (
            <label key={h.value} className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name="presence" value={h.value} defaultChecked={trainee.halfDays.includes(h.value)} />
              {h.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="block font-medium">Résultat de l'évaluation</span>
          <select
            name="resultat"
            defaultValue={trainee.result || trainee.quiz?.proposed || ""}
            required
            aria-describedby={trainee.quiz ? `${id}-quiz` : undefined}
            className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="">Choisir…</option>
            {ASSESSMENT_RESULTS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="sm">
          Enregistrer la présence
        </Button>
      </div>
      {trainee.quiz ? (
        <p id={`${id}-quiz`} className="text-sm text-slate-700 dark:text-slate-300">
          Quiz de fin de formation&nbsp;: {trainee.quiz.score}&nbsp;% (seuil {trainee.quiz.passPercent}&nbsp;%).{" "}
          {trainee.result
            ? `Résultat proposé par le score : ${resultLabel(trainee.quiz.proposed)}.`
            : `Résultat proposé : ${resultLabel(trainee.quiz.proposed)}, présélectionné ; enregistrez pour le confirmer.`}
        </p>
      ) : null}
      <Message reply={reply} target={trainee.id} />
    </Form>
  );
}

function Batches({ page }: { page: DocumentsPage }) {
  return (
    <section aria-labelledby="lots" className={panel}>
      <h2 id="lots" className="text-lg font-semibold">
        Lots
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Les convocations (ou, après la session, les certificats) de tous les stagiaires sont générées en arrière-plan ; vous pouvez quitter
        cette page.
      </p>
      <div className="mt-3 flex flex-wrap gap-4">
        {(["convocation", "certificat"] as const).map((type) => (
          <Form key={type} method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="lot" />
            <input type="hidden" name="type" value={type} />
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name="envoyer" defaultChecked />
              envoyer par e-mail
            </label>
            <Button type="submit" variant={type === "certificat" && !page.session.ended ? "secondary" : "primary"}>
              {type === "convocation" ? "Générer toutes les convocations" : "Générer tous les certificats"}
            </Button>
          </Form>
        ))}
      </div>
      {page.batches.length ? (
        <ul className="mt-4 space-y-3" aria-live="polite">
          {page.batches.map((b) => (
            <li key={b.id}>
              <label htmlFor={`lot-${b.id}`} className="text-sm">
                {b.kind === "convocation" ? "Convocations" : "Certificats"} · {b.done} sur {b.total} ·{" "}
                {b.state === "done" ? "terminé" : b.state === "failed" ? `arrêté : ${b.error}` : "en cours"}
              </label>
              <progress id={`lot-${b.id}`} max={100} value={b.percent} className="mt-1 block h-2 w-full max-w-md">
                {b.percent} %
              </progress>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The documents of one registration (or one trainer), current versions first (the full list with actions is below). */
export function RegistrationDocuments({
  documents,
  of = "cette inscription",
}: {
  documents: Array<Pick<DocumentsPage["documents"][number], "id" | "number" | "kind" | "version" | "replaced" | "sentTo">>;
  of?: string;
}) {
  if (!documents.length) return <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Aucun document pour {of}.</p>;
  const ordered = [...documents].sort((a, b) => Number(a.replaced) - Number(b.replaced));
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`Documents de ${of}`}>
      {ordered.map((d) => (
        <li key={d.id} className={d.replaced ? "text-slate-600 dark:text-slate-400" : undefined}>
          <a href={`/admin/documents/${d.id}/pdf`} className={link} download>
            {d.number}
          </a>{" "}
          ({KIND_LABELS[d.kind].toLowerCase()}, v{d.version}
          {d.replaced ? ", remplacé" : d.sentTo ? ", envoyé" : ""})
        </li>
      ))}
    </ul>
  );
}

/**
 * The session's trainers, each with the document of their assignment (docs/legal/trainers.md): the
 * lettre de mission of a salaried trainer, the contrat de sous-traitance of an external one.
 */
function TrainerDocuments({ page, reply }: { page: DocumentsPage; reply?: DocumentsReply }) {
  return (
    <section aria-labelledby="doc-formateurs" className={panel}>
      <h2 id="doc-formateurs" className="text-lg font-semibold">
        Formateurs
      </h2>
      {page.trainers.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Aucun formateur affecté à cette session&nbsp;: affectez-en un depuis la{" "}
          <Link to={`/admin/sessions/${page.session.id}`} className={link}>
            page de la session
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {page.trainers.map((t) => (
            <li key={t.id} className="border-t border-slate-100 pt-3 first:border-t-0 first:pt-0 dark:border-slate-800">
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-medium">
                  {t.name}{" "}
                  <span className="text-sm font-normal text-slate-700 dark:text-slate-300">
                    ({t.complete ? "toute la session" : `${t.halfDays} demi-journée${t.halfDays > 1 ? "s" : ""}`})
                  </span>
                </span>
                <GenerateButton
                  sessionId={page.session.id}
                  type={t.kind}
                  trainerId={t.id}
                  label={
                    t.kind === "mission" ? `Générer la lettre de mission de ${t.name}` : `Générer le contrat de sous-traitance de ${t.name}`
                  }
                />
              </div>
              <Message reply={reply} target={t.id} />
              <RegistrationDocuments documents={page.documents.filter((d) => d.trainerId === t.id)} of={t.name} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The session's documents: presence and results, generation per registration and trainee, batches, and every version. */
export function DocumentsScreen({ page, polling, reply }: { page: DocumentsPage; polling: boolean; reply?: DocumentsReply }) {
  useLiveData({ poll: polling });
  const traineeName = new Map(page.registrations.flatMap((r) => r.trainees.map((t) => [t.id, t.name] as const)));
  const buyer = new Map(page.registrations.map((r) => [r.id, r.buyer] as const));
  const trainerName = new Map(page.trainers.map((t) => [t.id, t.name] as const));
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Documents de la session</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {page.session.title}, {page.session.datesLabel} · {page.session.place} ·{" "}
          <Link to={`/admin/sessions/${page.session.id}`} className={link}>
            Retour aux inscriptions
          </Link>
        </p>
        {reply && !reply.target ? <Message reply={{ ...reply, target: "" }} target="" /> : null}
        <div className="mt-4">
          <GenerateButton sessionId={page.session.id} type="emargement" label="Générer la feuille d'émargement (par demi-journée)" />
        </div>
      </div>
      <Batches page={page} />
      <TrainerDocuments page={page} reply={reply} />
      <section aria-labelledby="par-inscription" className="space-y-4">
        <h2 id="par-inscription" className="text-lg font-semibold">
          Par inscription
        </h2>
        {page.registrations.length === 0 ? <p className="text-sm">Aucune inscription confirmée ou reçue sur cette session.</p> : null}
        {page.registrations.map((r) => (
          <article key={r.id} className={panel} aria-labelledby={`insc-${r.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 id={`insc-${r.id}`} className="font-semibold">
                {r.buyer} · {r.reference}
              </h3>
              {r.buyerKind === "entreprise" ? (
                <GenerateButton sessionId={page.session.id} type="convention" registrationId={r.id} label="Générer la convention" />
              ) : (
                <GenerateButton sessionId={page.session.id} type="contrat" registrationId={r.id} label="Générer le contrat" />
              )}
            </div>
            <Message reply={reply} target={r.id} />
            <RegistrationDocuments documents={page.documents.filter((d) => d.registrationId === r.id)} />
            <ul className="mt-3 space-y-4">
              {r.trainees.map((t) => (
                <li key={t.id} className="border-t border-slate-100 pt-3 dark:border-slate-800">
                  <div className="mb-2 flex flex-wrap items-center gap-2">
                    <span className="font-medium">{t.name}</span>
                    <GenerateButton
                      sessionId={page.session.id}
                      type="convocation"
                      registrationId={r.id}
                      traineeId={t.id}
                      label="Convocation"
                    />
                    {page.session.ended ? (
                      <GenerateButton
                        sessionId={page.session.id}
                        type="certificat"
                        registrationId={r.id}
                        traineeId={t.id}
                        label="Certificat"
                      />
                    ) : null}
                  </div>
                  <AttendanceForm page={page} trainee={t} reply={reply} />
                </li>
              ))}
            </ul>
          </article>
        ))}
      </section>
      <section aria-labelledby="liste-documents">
        <h2 id="liste-documents" className="text-lg font-semibold">
          Documents générés ({page.documents.length})
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Le client reçoit le PDF en pièce jointe et un lien de téléchargement valable {LINK_DAYS} jours.
        </p>
        {page.documents.length ? (
          <DataTable
            label="Documents générés"
            caption="Documents générés pour cette session"
            minWidth="min-w-[52rem]"
            className="mt-3"
            columns={["Numéro", "Document", "Pour", "Version", "Date", "Envoyé à", "Actions"]}
          >
            {page.documents.map((d) => (
              <tr key={d.id} className={d.replaced ? "text-slate-500 dark:text-slate-400" : undefined}>
                <td className={`${td} tabular-nums`}>{d.number}</td>
                <td className={td}>{KIND_LABELS[d.kind]}</td>
                <td className={td}>
                  {(d.traineeId && traineeName.get(d.traineeId)) ||
                    (d.registrationId && buyer.get(d.registrationId)) ||
                    (d.trainerId && (trainerName.get(d.trainerId) ?? "Formateur")) ||
                    "Session"}
                </td>
                <td className={td}>
                  v{d.version}
                  {d.replaced ? " · remplacé" : ""}
                </td>
                <td className={td}>{formatDateTimeShort(d.createdAt)}</td>
                <td className={td}>{d.sentTo ? `${d.sentTo}${d.sentAt ? ` (${formatDateTimeShort(d.sentAt)})` : ""}` : "—"}</td>
                <td className={td}>
                  <div className="flex flex-wrap items-center gap-2">
                    <a href={`/admin/documents/${d.id}/pdf`} className={link} download>
                      Télécharger<span className="sr-only"> {d.number}</span>
                    </a>
                    {!d.replaced && d.kind !== "emargement" ? (
                      <Form method="post" className="inline">
                        <input type="hidden" name="intent" value="envoyer" />
                        <input type="hidden" name="document" value={d.id} />
                        <Button type="submit" size="sm" variant="secondary">
                          Envoyer<span className="sr-only"> {d.number}</span>
                        </Button>
                      </Form>
                    ) : null}
                    {!d.replaced && (d.kind === "convention" || d.kind === "contrat" || d.kind === "devis") ? (
                      <a href={`/admin/signatures?document=${d.id}`} className={link}>
                        Faire signer<span className="sr-only"> {d.number}</span>
                      </a>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p className="mt-2 text-sm">Aucun document pour l'instant.</p>
        )}
      </section>
    </div>
  );
}
