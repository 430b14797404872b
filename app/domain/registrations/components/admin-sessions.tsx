import { useRef, useState, type FormEvent } from "react";
import { Form } from "react-router";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { formatCount, formatDateTimeShort } from "~/platform/format";
import { Link } from "~/ui/link";
import { Button } from "~/ui/button";
import { DataTable, td } from "~/ui/data-table";
import { FieldError, SelectField, TextField } from "~/ui/form/fields";
import { inputClass } from "~/ui/form/input-class";
import type { FieldErrors } from "~/platform/validation/errors";
import type { AdminRegistration, AdminSessionDetail, AdminSessionRow } from "../admin.server";
import type { SessionAudience } from "../session-move.server";
import { SESSION_STATE_LABELS } from "../labels";

/** Sessions with dates, place, seats taken / total, waiting list and state (/admin/sessions). */
export function SessionsTable({ rows, caption }: { rows: AdminSessionRow[]; caption: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">Aucune session.</p>;
  return (
    <DataTable
      label={caption}
      minWidth="min-w-[48rem]"
      columns={["Dates", "Formation", "Lieu", "Places prises / total", "Liste d'attente", "État"]}
    >
      {rows.map((r) => (
        <tr key={r.id}>
          <td className={td}>
            <Link to={`/admin/sessions/${r.id}`} className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
              {r.datesLabel.replace(/^./, (c) => c.toUpperCase())}
            </Link>
          </td>
          <td className={td}>{r.formationTitle}</td>
          <td className={td}>{r.place}</td>
          <td className={`${td} tabular-nums`}>
            {r.taken} / {r.total}
            {r.offered ? (
              <span className="block text-xs text-slate-600 dark:text-slate-400">+ {formatCount(r.offered, "offerte")}</span>
            ) : null}
          </td>
          <td className={`${td} tabular-nums`}>{r.waiting}</td>
          <td className={td}>{SESSION_STATE_LABELS[r.state]}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The dashboard's next sessions with their fill rate. */
export function NextSessions({ rows }: { rows: Array<AdminSessionRow & { fillPercent: number }> }) {
  return (
    <section aria-labelledby="next-sessions-title">
      <h2 id="next-sessions-title" className="text-lg font-semibold">
        Prochaines sessions
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Aucune session programmée.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <Link to={`/admin/sessions/${r.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                {r.formationTitle} — {r.datesLabel}
              </Link>
              <span className="flex items-center gap-3">
                <span className="tabular-nums">
                  {r.taken + r.offered} / {formatCount(r.total, "place")} ({r.fillPercent}&nbsp;%)
                  {r.waiting ? `, ${r.waiting} en attente` : ""}
                </span>
                <meter min={0} max={100} value={r.fillPercent} aria-label={`Remplissage de la session ${r.datesLabel}`} className="w-24" />
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm">
        <Link to="/admin/sessions" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          Toutes les sessions
        </Link>
      </p>
    </section>
  );
}

/** One registration: buyer, contact, funding, trainees and its status history. */
export function RegistrationSummary({ r }: { r: AdminRegistration }) {
  return (
    <div className="space-y-2 text-sm">
      <p>
        <strong>{r.buyer}</strong> · {r.source} · {formatCount(r.seats, "place")}
      </p>
      <p>
        Contact&nbsp;: {r.contact}, <a href={`mailto:${r.contactEmail}`}>{r.contactEmail}</a>
        {r.contactPhone ? `, ${r.contactPhone}` : ""}
      </p>
      <p>Financement envisagé&nbsp;: {r.funding}</p>
      {r.agreementSignedAt ? (
        <p data-testid="convention-signee">
          <strong>{r.finalOn ? "Contrat signé" : "Convention signée"}</strong> le {formatDateTimeShort(r.agreementSignedAt)}.
        </p>
      ) : null}
      {r.finalOn ? (
        <p>
          Particulier&nbsp;: délai de rétractation{" "}
          {r.withdrawalFrom ? `du ${r.withdrawalFrom.split("-").reverse().join("/")} (signature du contrat) ` : ""}
          jusqu'au {r.finalOn.split("-").reverse().join("/")} inclus.
        </p>
      ) : null}
      {r.accessibilityNeeds ? <p>Besoins d'adaptation&nbsp;: {r.accessibilityNeeds}</p> : null}
      {r.offer ? (
        <p>
          Offre de place&nbsp;:{" "}
          {r.offer.state === "open"
            ? `en cours, jusqu'au ${formatDateTimeShort(r.offer.expiresAt)}`
            : r.offer.state === "expired"
              ? "expirée"
              : r.offer.state === "accepted"
                ? "acceptée"
                : "retirée"}
        </p>
      ) : null}
      <ul className="list-disc pl-5">
        {r.trainees.map((t) => (
          <li key={t.email}>
            {t.name} — {t.email}
            {t.jobTitle ? `, ${t.jobTitle}` : ""}
          </li>
        ))}
      </ul>
      <p>
        <Link to={`/admin/inscriptions/${encodeURIComponent(r.id)}/espace`}>Espace client et stagiaires de {r.reference}</Link>
        &nbsp;: envoyer le lien de l'espace, derniers accès
      </p>
      <details>
        <summary className="cursor-pointer">Historique ({r.history.length})</summary>
        <ol className="mt-1 space-y-1 pl-5">
          {r.history.map((h, i) => (
            <li key={i}>
              {formatDateTimeShort(h.at)} — {h.status}, par {h.by}
              {h.reason ? ` (${h.reason})` : ""}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

export type SessionActionReply = {
  ok: boolean;
  message: string;
  errors?: FieldErrors;
  values?: Record<string, unknown>;
  registrationId?: string;
  /** The session would move while registrants hold seats: staff confirm first. */
  confirmMove?: SessionAudience;
};

/** Staff's actions on one registration: confirm, cancel with a reason, move to another session. */
export function RegistrationActions({
  r,
  moveTargets,
  reply,
}: {
  r: AdminRegistration;
  moveTargets: Array<{ value: string; label: string }>;
  reply: SessionActionReply | undefined;
}) {
  const mine = reply?.registrationId === r.id ? reply : undefined;
  const motifId = `motif-${r.id}`;
  const moveId = `deplacer-${r.id}`;
  return (
    <div className="mt-3 flex flex-wrap items-end gap-4 border-t border-slate-100 pt-3 dark:border-slate-800">
      {r.status === "recue" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="confirmer" />
          <input type="hidden" name="registrationId" value={r.id} />
          <Button type="submit" size="sm" aria-label={`Confirmer l'inscription ${r.reference}`}>
            Confirmer
          </Button>
        </Form>
      ) : null}
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="annuler" />
        <input type="hidden" name="registrationId" value={r.id} />
        <div>
          <label htmlFor={motifId} className="block text-sm font-medium">
            Motif de l'annulation de {r.reference}
          </label>
          <input
            id={motifId}
            name="motif"
            required
            defaultValue={typeof mine?.values?.motif === "string" ? mine.values.motif : ""}
            aria-invalid={mine?.errors?.motif ? true : undefined}
            aria-describedby={mine?.errors?.motif ? `${motifId}-error` : undefined}
            className={inputClass(mine?.errors?.motif, "mt-1 w-64")}
          />
          <FieldError id={`${motifId}-error`} error={mine?.errors?.motif} />
        </div>
        <Button type="submit" size="sm" variant="danger">
          Annuler l'inscription
        </Button>
      </Form>
      {r.status !== "en_attente" && moveTargets.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="deplacer" />
          <input type="hidden" name="registrationId" value={r.id} />
          <div>
            <label htmlFor={moveId} className="block text-sm font-medium">
              Déplacer {r.reference} vers
            </label>
            <select id={moveId} name="session" required defaultValue="" className={inputClass(undefined, "mt-1 max-w-md")}>
              <option value="">Choisir une session</option>
              {moveTargets.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" size="sm" variant="secondary">
            Déplacer
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** What staff read before moving a session that has registrants (the dialog and the no-JavaScript step). */
export function moveWarning(audience: SessionAudience): string {
  return `Cette session a ${formatCount(audience.registrations, "inscription")} en cours (${formatCount(audience.trainees, "stagiaire")}). En changeant ses dates, ses horaires ou son lieu, chaque contact et chaque stagiaire reçoit un e-mail avec l'ancien et le nouveau programme et le fichier agenda mis à jour\u00a0; la convention ou le contrat, les convocations, la feuille d'émargement et les documents des formateurs déjà émis seront à régénérer. Les formateurs affectés suivent les nouvelles dates.`;
}

const SCHEDULE_FIELDS = ["startDate", "endDate", "dayStart", "dayEnd", "address"] as const;

/**
 * The session's kind, dates, daily hours and address. Moving a session that has registrants asks
 * first: with JavaScript, a dialog before sending; without, the server sends the form back with
 * the warning and a confirmation button (`confirmation=oui`), everything typed kept.
 */
export function SessionDetailsForm({
  session,
  audience,
  reply,
}: {
  session: { kind: string; startDate: string; endDate: string; dayStart: string; dayEnd: string; address: string; place: string };
  audience: SessionAudience;
  reply: SessionActionReply | undefined;
}) {
  const errors = reply?.errors && !reply.registrationId ? reply.errors : {};
  const values = (reply?.values && !reply.registrationId ? reply.values : session) as Record<string, unknown>;
  const text = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : "");
  const asking = reply?.confirmMove;
  const [dialogOpen, setDialogOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmedRef = useRef(false);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (asking || confirmedRef.current || audience.registrations === 0) return;
    const data = new FormData(event.currentTarget);
    const moved = SCHEDULE_FIELDS.some((k) => String(data.get(k) ?? "").trim() !== String(session[k]).trim());
    if (!moved) return;
    event.preventDefault();
    setDialogOpen(true);
  }
  return (
    <Form
      key={[...SCHEDULE_FIELDS.map((k) => session[k]), asking ? "confirmation" : ""].join("|")}
      method="post"
      className="grid gap-4 sm:grid-cols-2"
      ref={formRef}
      onSubmit={onSubmit}
      aria-describedby={asking ? "deplacement-avertissement" : undefined}
    >
      <input type="hidden" name="intent" value="details" />
      {asking ? <input type="hidden" name="confirmation" value="oui" /> : null}
      {asking ? (
        <div
          id="deplacement-avertissement"
          role="alert"
          className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950 sm:col-span-2 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Confirmez le déplacement de la session</p>
          <p className="mt-1">{moveWarning(asking)}</p>
        </div>
      ) : null}
      <SelectField
        form="session"
        name="kind"
        label="Type de session"
        hint="Une session intra-entreprise ne prend pas d'inscription en ligne (devis)."
        groups={[
          {
            options: [
              { value: "inter", label: "Inter-entreprises (inscription en ligne)" },
              { value: "intra", label: "Intra-entreprise (sur devis)" },
            ],
          },
        ]}
        defaultValue={text("kind")}
        error={errors.kind}
      />
      <TextField
        form="session"
        name="address"
        label="Adresse du lieu"
        hint={`Vide\u00a0: «\u00a0${session.place}\u00a0».`}
        defaultValue={text("address")}
        error={errors.address}
      />
      <TextField
        form="session"
        name="startDate"
        label="Premier jour"
        type="date"
        required
        defaultValue={text("startDate")}
        error={errors.startDate}
      />
      <TextField
        form="session"
        name="endDate"
        label="Dernier jour"
        type="date"
        required
        defaultValue={text("endDate")}
        error={errors.endDate}
      />
      <TextField
        form="session"
        name="dayStart"
        label="Début de journée"
        type="time"
        required
        defaultValue={text("dayStart")}
        error={errors.dayStart}
      />
      <TextField
        form="session"
        name="dayEnd"
        label="Fin de journée"
        type="time"
        required
        defaultValue={text("dayEnd")}
        error={errors.dayEnd}
      />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" variant={asking ? "primary" : "secondary"}>
          {asking ? "Confirmer et prévenir les inscrits" : "Enregistrer la session"}
        </Button>
        {asking ? (
          <Link
            to="."
            className="inline-flex items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-700"
          >
            Annuler le déplacement
          </Link>
        ) : null}
      </div>
      <ConfirmDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title={"Déplacer la session\u00a0?"}
        confirmLabel="Confirmer et prévenir les inscrits"
        onConfirm={() => {
          const form = formRef.current;
          if (!form) return;
          const field = document.createElement("input");
          field.type = "hidden";
          field.name = "confirmation";
          field.value = "oui";
          form.append(field);
          confirmedRef.current = true;
          form.requestSubmit();
        }}
      >
        <p>{moveWarning(audience)}</p>
      </ConfirmDialog>
    </Form>
  );
}

/** A list of registrations (received, waiting, cancelled), each with its details and staff's actions. */
export function RegistrationList({
  title,
  id,
  items,
  detail,
  reply,
  ordered = false,
  readOnly = false,
}: {
  title: string;
  id: string;
  items: AdminRegistration[];
  detail: Pick<AdminSessionDetail, "moveTargets">;
  reply: SessionActionReply | undefined;
  ordered?: boolean;
  readOnly?: boolean;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {items.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">Aucune.</p> : null}
      <List className="space-y-4">
        {items.map((r, i) => (
          <li
            key={r.id}
            className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
            data-testid={`inscription-${r.reference}`}
          >
            <h3 className="font-semibold">
              {ordered ? `${i + 1}. ` : ""}
              {r.reference} — {r.statusLabel}
            </h3>
            <RegistrationSummary r={r} />
            {readOnly ? null : <RegistrationActions r={r} moveTargets={detail.moveTargets} reply={reply} />}
          </li>
        ))}
      </List>
    </section>
  );
}
