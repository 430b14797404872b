import { Mail, Trash2 } from "lucide-react";
import { BackLink } from "~/ui/back-link";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatDateTimeShort, frenchSpacing } from "~/platform/format";
import { Button } from "~/ui/button";
import { FormErrorSummary, TextAreaField } from "~/ui/form/fields";
import { schemaValidator, useForm } from "~/ui/form/use-form";
import { Link } from "~/ui/link";
import { COMPLAINT_FIELD_LABELS, delayText } from "../labels";
import type { ComplaintDetail } from "../complaints.server";
import { ComplaintStatusBadge, OverdueBadge } from "./register";

/** The sections of one complaint's admin page (/admin/reclamations/{id}). */

/** What the page's forms get back: the result (toast), and for a refusal the messages and what was typed. */
export interface ComplaintReply {
  ok: boolean;
  message: string;
  intent?: string;
  errors?: Record<string, string>;
  values?: Record<string, unknown>;
}

const card = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTimeShort(iso)}</time> : null);

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** Back link, title, status, delay, and « Prendre en charge » while it is only received. */
export function ComplaintHeader({ complaint, busy }: { complaint: ComplaintDetail; busy: boolean }) {
  return (
    <div className="space-y-3">
      <BackLink to="/admin/reclamations">Tout le registre</BackLink>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            Réclamation <span className="font-mono">{complaint.reference}</span>
          </h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Reçue le {when(complaint.receivedAt)} · {complaint.sourceLabel}
            {complaint.name ? ` · ${complaint.name}` : ""}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <ComplaintStatusBadge status={complaint.status} />
            {complaint.overdue ? <OverdueBadge /> : null}
            <span className="text-sm" data-testid="delai">
              {delayText(complaint)}
            </span>
          </p>
        </div>
        {complaint.status === "recue" && !complaint.erased ? (
          <Form method="post">
            <input type="hidden" name="intent" value="prendre" />
            <Button type="submit" variant="secondary" disabled={busy}>
              Prendre en charge
            </Button>
          </Form>
        ) : null}
      </div>
      {complaint.erased ? (
        <p role="status" className="rounded-lg border border-slate-300 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-900">
          Les données personnelles de cette réclamation ont été effacées le {when(complaint.erasedAt)}&nbsp;: le registre garde sa
          référence, ses dates, son statut et l'action corrective.
        </p>
      ) : null}
    </div>
  );
}

/** What was received, from whom, and its dates. */
export function ComplaintDetailsSection({ complaint }: { complaint: ComplaintDetail }) {
  return (
    <section aria-labelledby="reclamation-details" className={card}>
      <h2 id="reclamation-details" className="text-lg font-semibold">
        Réclamation
      </h2>
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        <Row label="Nom">{complaint.name ?? ""}</Row>
        <Row label="E-mail">
          {complaint.email ? (
            <a href={`mailto:${complaint.email}`} className="text-brand-700 underline dark:text-brand-300">
              {complaint.email}
            </a>
          ) : (
            ""
          )}
        </Row>
        <Row label="Téléphone">{complaint.phone}</Row>
        <Row label="Origine">{complaint.sourceLabel}</Row>
        <Row label="Concerne">{complaint.about}</Row>
        <Row label="Message de contact">
          {complaint.leadId ? (
            <Link to={`/admin/messages/${complaint.leadId}`} className="text-brand-700 underline dark:text-brand-300">
              Voir le message reçu
            </Link>
          ) : (
            ""
          )}
        </Row>
        <Row label="Texte">{complaint.message ? <p className="whitespace-pre-line">{frenchSpacing(complaint.message)}</p> : ""}</Row>
        <Row label="Reçue le">{when(complaint.receivedAt)}</Row>
        <Row label="Prise en charge le">{when(complaint.startedAt)}</Row>
        <Row label="Répondue le">
          {complaint.answeredAt ? (
            <>
              {when(complaint.answeredAt)}
              {complaint.answeredBy ? ` par ${complaint.answeredBy}` : ""}
            </>
          ) : (
            ""
          )}
        </Row>
        <Row label="Close le">{when(complaint.closedAt)}</Row>
      </dl>
    </section>
  );
}

const ANSWER_FORM = "reponse";
const loadAnswerSchema = () => import("../model").then((m) => schemaValidator(m.answerSchema));
const refusedFor = (reply: ComplaintReply | undefined, intent: string | string[]) =>
  reply && !reply.ok && reply.intent && [intent].flat().includes(reply.intent) ? reply : undefined;

/** The written answer: the form while there is none, then the answer as sent. */
export function AnswerSection({
  complaint,
  reply,
  busy,
}: {
  complaint: ComplaintDetail;
  reply: ComplaintReply | undefined;
  busy: boolean;
}) {
  const refused = refusedFor(reply, "repondre");
  const form = useForm({ id: ANSWER_FORM, reply: refused ?? null, validator: loadAnswerSchema });
  const open = !complaint.answeredAt && complaint.status !== "close" && !complaint.erased;
  return (
    <section aria-labelledby="reponse-ecrite" className={card}>
      <h2 id="reponse-ecrite" className="text-lg font-semibold">
        Réponse écrite
      </h2>
      {complaint.answeredAt ? (
        <div className="mt-2 space-y-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Envoyée par e-mail le {when(complaint.answeredAt)}
            {complaint.answeredBy ? ` par ${complaint.answeredBy}` : ""}.
          </p>
          {complaint.answer ? (
            <p className="whitespace-pre-line" data-testid="reponse-envoyee">
              {frenchSpacing(complaint.answer)}
            </p>
          ) : null}
        </div>
      ) : open ? (
        <Form method="post" {...form.formProps} className="mt-3 space-y-3">
          <FormErrorSummary form={form} labels={{ answer: COMPLAINT_FIELD_LABELS.answer }} />
          <input type="hidden" name="intent" value="repondre" />
          <TextAreaField
            form={ANSWER_FORM}
            name="answer"
            label={COMPLAINT_FIELD_LABELS.answer}
            required
            rows={8}
            maxLength={10_000}
            hint={`Envoyée telle quelle par e-mail à ${complaint.email}, avec la référence ${complaint.reference}. Une seule réponse par réclamation.`}
            defaultValue={typeof refused?.values?.answer === "string" ? refused.values.answer : ""}
            error={form.errors.answer}
          />
          <Button type="submit" disabled={busy}>
            Envoyer la réponse
          </Button>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Aucune réponse écrite n'a été envoyée.</p>
      )}
    </section>
  );
}

const ACTION_FORM = "action-corrective";

/** The corrective action decided: saved at any stage; closing the complaint asks for it. */
export function CorrectiveActionSection({
  complaint,
  reply,
  busy,
}: {
  complaint: ComplaintDetail;
  reply: ComplaintReply | undefined;
  busy: boolean;
}) {
  const refused = refusedFor(reply, ["action", "clore"]);
  // Checked by the server only: the same field is optional to save and required to close.
  const form = useForm({ id: ACTION_FORM, reply: refused ?? null });
  const typed = refused?.values?.correctiveAction;
  return (
    <section aria-labelledby="action-corrective-titre" className={card}>
      <h2 id="action-corrective-titre" className="text-lg font-semibold">
        Action corrective et clôture
      </h2>
      {complaint.erased || complaint.status === "close" ? (
        <p className="mt-2 whitespace-pre-line">{complaint.correctiveAction || "Aucune action corrective enregistrée."}</p>
      ) : (
        <Form method="post" {...form.formProps} className="mt-3 space-y-3">
          <FormErrorSummary form={form} labels={{ correctiveAction: COMPLAINT_FIELD_LABELS.correctiveAction }} />
          <TextAreaField
            form={ACTION_FORM}
            name="correctiveAction"
            label={COMPLAINT_FIELD_LABELS.correctiveAction}
            rows={4}
            maxLength={5000}
            hint={
              "Ce que l'organisme change pour que cela ne se reproduise pas, ou «\u00a0Aucune\u00a0» et pourquoi. Gardée au registre même après l'effacement des données personnelles\u00a0: n'y écrivez aucun nom."
            }
            defaultValue={typeof typed === "string" ? typed : complaint.correctiveAction}
            error={form.errors.correctiveAction}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="action" variant="secondary" disabled={busy}>
              Enregistrer l'action corrective
            </Button>
            <Button type="submit" name="intent" value="clore" disabled={busy}>
              Clore la réclamation
            </Button>
          </div>
          {complaint.answeredAt ? null : (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Sans réponse écrite, la réclamation sera close «&nbsp;sans réponse écrite&nbsp;» dans le registre.
            </p>
          )}
        </Form>
      )}
    </section>
  );
}

/** The complaint's e-mails (acknowledgement, staff notice, answer) and where each stands. */
export function ComplaintMailsSection({ complaint }: { complaint: ComplaintDetail }) {
  return (
    <section aria-labelledby="reclamation-mails" className={card}>
      <h2 id="reclamation-mails" className="flex items-center gap-2 text-lg font-semibold">
        <Mail aria-hidden="true" className="size-5" />
        E-mails
      </h2>
      {complaint.mails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Aucun e-mail pour cette réclamation.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {complaint.mails.map((m) => (
            <li
              key={m.id}
              className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
              data-testid={`mail-${m.purpose}`}
            >
              <p className="font-medium">{m.purposeLabel}</p>
              <p className="break-all text-slate-700 dark:text-slate-300">À&nbsp;: {m.to}</p>
              <p className={m.failed ? "text-red-700 dark:text-red-400" : "text-slate-700 dark:text-slate-300"}>
                {m.stateLabel}
                {m.sentAt ? <> le {when(m.sentAt)}</> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Right to erasure: the sender's data go, the register keeps the complaint's number and dates. */
export function EraseSection({ complaint, busy }: { complaint: ComplaintDetail; busy: boolean }) {
  if (complaint.erased) return null;
  return (
    <section aria-labelledby="effacement" className="rounded-xl border border-red-200 bg-white p-5 dark:border-red-900 dark:bg-slate-900">
      <h2 id="effacement" className="text-lg font-semibold">
        Droit à l'effacement
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        À la demande de la personne, effacez son nom, son adresse, son téléphone, le texte de la réclamation, la réponse et les e-mails. Le
        registre garde la référence, l'origine, le statut, les dates et l'action corrective&#8239;; le journal, la référence.
      </p>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-red-700 dark:text-red-400">Effacer les données personnelles…</summary>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="effacer" />
          <Button type="submit" variant="danger" size="sm" disabled={busy}>
            <Trash2 aria-hidden="true" className="size-4" />
            Confirmer l'effacement pour {complaint.reference}
          </Button>
        </Form>
      </details>
    </section>
  );
}
