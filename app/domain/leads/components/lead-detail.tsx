import { Mail, RotateCw, Trash2 } from "lucide-react";
import { BackLink } from "~/ui/back-link";
import { useEffect, type ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "~/ui/link";
import { Button } from "~/ui/button";
import { inputClass } from "~/ui/form/input-class";
import { schemaValidator, useForm } from "~/ui/form/use-form";
import { formatDateTimeShort, formatSiret, frenchSpacing } from "~/platform/format";
import { LeadStatusBadge, MailBadge, MailStateBadge, leadsBasePath } from "../admin";
import {
  FORMAT_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  MAIL_PURPOSE_LABELS,
  fundingLabel,
  subjectLabel,
  type LeadDetail,
  type LeadFormat,
  type LeadKind,
} from "../model";

// The sections of the admin page of one lead (/admin/devis/:id, /admin/messages/:id).

const card = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** Back link, title, badges and the status form. */
export function LeadHeader({ kind, lead, busy }: { kind: LeadKind; lead: LeadDetail; busy: boolean }) {
  const isQuote = kind === "devis";
  return (
    <>
      <BackLink to={leadsBasePath(kind)}>{isQuote ? "Toutes les demandes de devis" : "Tous les messages"}</BackLink>

      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {isQuote ? "Demande de devis" : "Message"} <span className="font-mono">{lead.reference}</span>
          </h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Reçu{isQuote ? "e" : ""} le <time dateTime={lead.createdAt}>{formatDateTimeShort(lead.createdAt)}</time>
            {isQuote ? ` · ${lead.company}` : ""} · {lead.name}
          </p>
          <p className="mt-2 flex flex-wrap gap-2">
            <LeadStatusBadge status={lead.status} />
            <MailStateBadge state={lead.mailState} />
          </p>
        </div>
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="status" />
          <div>
            <label htmlFor="lead-status" className="block text-sm font-medium">
              Statut
            </label>
            <select
              id="lead-status"
              name="status"
              key={lead.status}
              defaultValue={lead.status}
              className={inputClass(undefined, "mt-1 w-auto")}
            >
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LEAD_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" disabled={busy}>
            Enregistrer le statut
          </Button>
        </Form>
      </div>
    </>
  );
}

/** What the visitor sent. */
export function LeadDetailsSection({ kind, lead }: { kind: LeadKind; lead: LeadDetail }) {
  const isQuote = kind === "devis";
  const formations = [...lead.formations.map((f) => f.title), lead.formationOther].filter(Boolean);
  return (
    <section aria-labelledby="lead-details" className={card}>
      <h2 id="lead-details" className="text-lg font-semibold">
        {isQuote ? "Demande" : "Message"}
      </h2>
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {isQuote ? <Row label="Entreprise">{lead.company}</Row> : null}
        {isQuote && lead.siret ? <Row label="SIRET">{formatSiret(lead.siret)}</Row> : null}
        <Row label={isQuote ? "Contact" : "Nom"}>{lead.name}</Row>
        <Row label="E-mail">
          <a
            href={`mailto:${lead.email}?subject=${encodeURIComponent(`Votre ${isQuote ? "demande" : "message"} ${lead.reference}`)}`}
            className="text-brand-700 underline dark:text-brand-300"
          >
            {lead.email}
          </a>
        </Row>
        <Row label="Téléphone">
          {lead.phone ? (
            <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 underline dark:text-brand-300">
              {lead.phone}
            </a>
          ) : (
            ""
          )}
        </Row>
        {isQuote ? (
          <>
            <Row label={formations.length > 1 ? "Formations" : "Formation"}>
              {lead.formations.length > 0 ? (
                <ul className="list-disc pl-5">
                  {lead.formations.map((f) => (
                    <li key={f.slug}>
                      <Link to={`/formations/${f.slug}`} className="text-brand-700 underline dark:text-brand-300">
                        {f.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                ""
              )}
            </Row>
            <Row label="Autre besoin">{lead.formationOther}</Row>
            <Row label="Stagiaires">{lead.trainees ?? ""}</Row>
            <Row label="Format">{lead.format ? (FORMAT_LABELS[lead.format as LeadFormat]?.label ?? lead.format) : ""}</Row>
            <Row label="Période souhaitée">{lead.period}</Row>
            <Row label="Ville">{lead.city}</Row>
            <Row label="Financement">{lead.funding ? fundingLabel(lead.funding) : ""}</Row>
          </>
        ) : (
          <>
            <Row label="Sujet">{subjectLabel(lead.subject)}</Row>
            <Row label="Registre des réclamations">
              {lead.complaint ? (
                <Link to={`/admin/reclamations/${lead.complaint.id}`} className="text-brand-700 underline dark:text-brand-300">
                  Réclamation {lead.complaint.reference}
                </Link>
              ) : (
                ""
              )}
            </Row>
          </>
        )}
        <Row label="Message">{lead.message ? <p className="whitespace-pre-line">{frenchSpacing(lead.message)}</p> : ""}</Row>
        <Row label="Consentement">
          Donné le <time dateTime={lead.consentAt}>{formatDateTimeShort(lead.consentAt)}</time>
        </Row>
      </dl>
    </section>
  );
}

/** The lead's e-mails, their send state and the "send again" buttons. */
export function LeadMailsSection({ lead, busy }: { lead: LeadDetail; busy: boolean }) {
  return (
    <section aria-labelledby="lead-mails" className={card}>
      <h2 id="lead-mails" className="flex items-center gap-2 text-lg font-semibold">
        <Mail aria-hidden="true" className="size-5" />
        E-mails envoyés
      </h2>
      {lead.mails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Aucun e-mail pour cette demande.</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {lead.mails.map((m) => (
            <li key={m.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid={`mail-${m.purpose}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">{MAIL_PURPOSE_LABELS[m.purpose] ?? m.purpose}</p>
                <MailBadge state={m.state} via={m.via} />
              </div>
              <p className="mt-1 text-sm break-all text-slate-600 dark:text-slate-400">À&nbsp;: {m.to}</p>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {m.state === "sent" && m.sentAt ? (
                  <>
                    {m.via === "outbox" ? "Écrit dans la boîte locale le " : "Remis au serveur SMTP le "}
                    <time dateTime={m.sentAt}>{formatDateTimeShort(m.sentAt)}</time>
                    {m.via === "outbox" ? "\u00a0: aucun serveur SMTP n'est configuré, ce message n'est pas parti." : "."}
                  </>
                ) : m.state === "failed" ? (
                  <>Abandonné après {m.attempts} tentatives.</>
                ) : m.attempts > 0 ? (
                  <>
                    {m.attempts} tentative{m.attempts > 1 ? "s" : ""} en échec&nbsp;; prochain essai le{" "}
                    <time dateTime={m.nextAttemptAt}>{formatDateTimeShort(m.nextAttemptAt)}</time>.
                  </>
                ) : (
                  <>En file d'attente, envoi imminent.</>
                )}
              </p>
              {m.lastError && m.state !== "sent" ? (
                <p className="mt-1 text-sm break-words text-red-700 dark:text-red-400">Dernière erreur&nbsp;: {m.lastError}</p>
              ) : null}
              {m.state === "failed" || (m.state === "pending" && m.attempts > 0) ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="mailId" value={m.id} />
                  <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                    <RotateCw aria-hidden="true" className="size-4" />
                    Renvoyer maintenant <span className="sr-only">: {MAIL_PURPOSE_LABELS[m.purpose] ?? m.purpose}</span>
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Internal notes: the form (reset by the page after a save) and the list. */
/** What the action answers to the page's forms; a refused note comes back with its message and its text. */
export type LeadActionResult =
  { ok: true; message: string } | { ok: false; message: string; errors?: Record<string, string>; values?: { body?: string } };

const loadNoteValidator = () => import("../model").then((m) => schemaValidator(m.noteSchema));

export function LeadNotesSection({ lead, busy, reply }: { lead: LeadDetail; busy: boolean; reply: LeadActionResult | undefined }) {
  // The shared form pattern: the action checks the note with the same schema, loaded when the editor enters the form.
  const refused = reply && !reply.ok && reply.errors ? reply : undefined;
  const form = useForm({ id: "lead-note-form", reply: refused ?? null, validator: loadNoteValidator, focusField: true });
  const noteError = form.errors.body;
  // A note added empties its field.
  useEffect(() => {
    if (reply?.ok) form.formRef.current?.reset();
  }, [reply, form.formRef]);
  return (
    <section aria-labelledby="lead-notes" className={card}>
      <h2 id="lead-notes" className="text-lg font-semibold">
        Notes internes
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Visibles de l'équipe seulement, jamais du demandeur.</p>
      <Form method="post" {...form.formProps} className="mt-3 space-y-2">
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="lead-note" className="block text-sm font-medium">
          Nouvelle note
        </label>
        <textarea
          id="lead-note"
          name="body"
          rows={3}
          maxLength={5000}
          defaultValue={refused?.values?.body}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? "lead-note-error" : undefined}
          className={inputClass(noteError)}
        />
        {noteError ? (
          <p id="lead-note-error" className="text-sm text-red-700 dark:text-red-400">
            {noteError}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" disabled={busy}>
          Ajouter la note
        </Button>
      </Form>
      {lead.notes.length > 0 ? (
        <ol className="mt-5 space-y-3">
          {lead.notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
              <p className="whitespace-pre-line">{frenchSpacing(n.body)}</p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {n.authorEmail}, le <time dateTime={n.createdAt}>{formatDateTimeShort(n.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Aucune note pour le moment.</p>
      )}
    </section>
  );
}

/** Right to erasure: delete the lead, its notes and its e-mails. */
export function LeadDeleteSection({ kind, lead, busy }: { kind: LeadKind; lead: LeadDetail; busy: boolean }) {
  const isQuote = kind === "devis";
  return (
    <section aria-labelledby="lead-delete" className="rounded-xl border border-red-200 bg-white p-5 dark:border-red-900 dark:bg-slate-900">
      <h2 id="lead-delete" className="text-lg font-semibold">
        Droit à l'effacement
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        À la demande de la personne, supprimez {isQuote ? "cette demande" : "ce message"}, ses notes et ses e-mails. Le journal ne garde que
        la référence.
      </p>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-red-700 dark:text-red-400">Supprimer définitivement…</summary>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="delete" />
          <Button type="submit" variant="danger" size="sm" disabled={busy}>
            <Trash2 aria-hidden="true" className="size-4" />
            Confirmer la suppression de {lead.reference}
          </Button>
        </Form>
      </details>
    </section>
  );
}
