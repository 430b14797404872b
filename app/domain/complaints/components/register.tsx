import { Form } from "react-router";
import { formatDate, formatDateTimeShort } from "~/platform/format";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { DataTable, td } from "~/ui/data-table";
import { FormErrorSummary, TextField } from "~/ui/form/fields";
import { inputClass } from "~/ui/form/input-class";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";
import { Link } from "~/ui/link";
import { COMPLAINT_FIELD_LABELS, COMPLAINT_STATUSES, COMPLAINT_STATUS_LABELS, delayText, type ComplaintStatus } from "../labels";
import type { RegisterRow } from "../complaints.server";

/** The screens of the complaints register (/admin/reclamations, and its part of /admin/qualiopi). */

const badge = "inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";
const STATUS_STYLES: Record<ComplaintStatus, string> = {
  recue: "bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-100",
  en_cours: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  repondue: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  close: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  return <span className={cn(badge, STATUS_STYLES[status])}>{COMPLAINT_STATUS_LABELS[status]}</span>;
}

/** Said in words, not only in colour: an unanswered complaint past its delay. */
export function OverdueBadge() {
  return <span className={cn(badge, "bg-red-100 text-red-900 ring-1 ring-red-600 dark:bg-red-950 dark:text-red-100")}>Hors délai</span>;
}

/**
 * The register's table: reference, receipt, origin, sender, status, delay; an unanswered complaint
 * past its delay is highlighted (and says so). `admin`: the references lead to their pages, the
 * sender's name is shown (the auditor's pack shows neither the name nor the address).
 */
export function RegisterTable({ rows, caption, admin = true }: { rows: RegisterRow[]; caption: string; admin?: boolean }) {
  if (rows.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-300">Aucune réclamation.</p>;
  return (
    <DataTable
      label={caption}
      minWidth="min-w-[52rem]"
      columns={["Référence", "Reçue le", "Origine", admin && "Expéditeur", "Statut", "Délai de réponse", "Action corrective"]}
    >
      {rows.map((r) => (
        <tr key={r.id} data-testid={`reclamation-${r.reference}`} className={r.overdue ? "bg-red-50 dark:bg-red-950/40" : undefined}>
          <td className={cn(td, "font-mono whitespace-nowrap")}>
            {admin ? (
              <Link
                to={`/admin/reclamations/${r.id}`}
                className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
              >
                {r.reference}
              </Link>
            ) : (
              r.reference
            )}
          </td>
          <td className={cn(td, "whitespace-nowrap")}>
            <time dateTime={r.receivedAt}>{formatDateTimeShort(r.receivedAt)}</time>
          </td>
          <td className={td}>{r.sourceLabel}</td>
          {admin ? <td className={td}>{r.name ?? <em>Données effacées</em>}</td> : null}
          <td className={td}>
            <span className="flex flex-wrap gap-1">
              <ComplaintStatusBadge status={r.status} />
              {r.overdue ? <OverdueBadge /> : null}
            </span>
          </td>
          <td className={td} data-testid="delai">
            {delayText(r)}
          </td>
          <td className={cn(td, "max-w-xs whitespace-pre-line")}>{r.correctiveAction || "—"}</td>
        </tr>
      ))}
    </DataTable>
  );
}

const FILTERS: Array<{ value: string; label: string }> = [
  { value: "tous", label: "Toutes" },
  { value: "sans-reponse", label: "Sans réponse (reçues et en cours)" },
  ...COMPLAINT_STATUSES.map((s) => ({ value: s, label: COMPLAINT_STATUS_LABELS[s] })),
];

/** The register's filters: a GET form (works without JavaScript). */
export function RegisterFilters({ statut, du, au }: { statut: string; du: string; au: string }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filtrer le registre">
      <div className="max-w-full min-w-0">
        <label htmlFor="registre-statut" className="block text-sm font-medium">
          Statut
        </label>
        <select
          id="registre-statut"
          name="statut"
          defaultValue={statut}
          className={inputClass(undefined, "mt-1 w-full max-w-full sm:w-auto")}
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="registre-du" className="block text-sm font-medium">
          Reçues du
        </label>
        <input id="registre-du" name="du" type="date" defaultValue={du} className={inputClass(undefined, "mt-1")} />
      </div>
      <div>
        <label htmlFor="registre-au" className="block text-sm font-medium">
          au
        </label>
        <input id="registre-au" name="au" type="date" defaultValue={au} className={inputClass(undefined, "mt-1")} />
      </div>
      <Button type="submit" variant="secondary">
        Filtrer
      </Button>
    </Form>
  );
}

const SETTINGS_FORM = "reglages-reclamations";
const loadSettingsSchema = () => import("../model").then((m) => schemaValidator(m.complaintSettingsSchema));

/** The answer delay (admins change it; editors read it). */
export function ComplaintSettingsSection({
  delayDays,
  canEdit,
  reply,
  busy,
}: {
  delayDays: number;
  canEdit: boolean;
  reply: (SubmissionReply & { values?: Record<string, unknown> }) | undefined;
  busy: boolean;
}) {
  const form = useForm({ id: SETTINGS_FORM, reply, validator: loadSettingsSchema });
  const typed = reply?.values?.answerDelayDays;
  return (
    <section aria-labelledby="reglages" className="max-w-2xl space-y-3">
      <h2 id="reglages" className="text-lg font-semibold">
        Délai de réponse
      </h2>
      {canEdit ? (
        <Form method="post" {...form.formProps} className="space-y-4">
          <FormErrorSummary form={form} labels={{ answerDelayDays: COMPLAINT_FIELD_LABELS.answerDelayDays }} />
          <TextField
            form={SETTINGS_FORM}
            name="answerDelayDays"
            label={`${COMPLAINT_FIELD_LABELS.answerDelayDays} (jours ouvrés)`}
            hint="Une réclamation sans réponse écrite au-delà de ce délai est signalée dans le registre. 15 par défaut, l'engagement publié par le site."
            inputMode="numeric"
            required
            defaultValue={typeof typed === "string" ? typed : String(delayDays)}
            error={form.errors.answerDelayDays}
          />
          <Button type="submit" disabled={busy}>
            Enregistrer le délai
          </Button>
        </Form>
      ) : (
        <p className="text-sm">
          Une réponse écrite est attendue dans les {delayDays}&nbsp;jours ouvrés qui suivent la réception. Seuls les administrateurs
          modifient ce délai.
        </p>
      )}
    </section>
  );
}

/** The period of the register in the auditor's pack (/admin/qualiopi): two days, inside the pack's GET form. */
export function RegisterPeriodFields({ du, au, error }: { du: string; au: string; error: string | null }) {
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="mb-1 text-sm font-medium">Réclamations reçues</legend>
      <div>
        <label htmlFor="pack-du" className="block text-sm">
          du
        </label>
        <input id="pack-du" name="du" type="date" defaultValue={du} className={inputClass(undefined, "mt-1")} />
      </div>
      <div>
        <label htmlFor="pack-au" className="block text-sm">
          au
        </label>
        <input
          id="pack-au"
          name="au"
          type="date"
          defaultValue={au}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "pack-periode-error" : undefined}
          className={inputClass(error ?? undefined, "mt-1")}
        />
      </div>
      {error ? (
        <p id="pack-periode-error" className="w-full text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The register's part of the auditor's pack: the period's complaints, their answer delays, no sender named. */
export function PackRegisterSection({ from, to, rows, delayDays }: { from: string; to: string; rows: RegisterRow[]; delayDays: number }) {
  const answered = rows.filter((r) => r.delay.answered);
  const inTime = answered.filter((r) => !r.delay.late).length;
  return (
    <section aria-labelledby="pack-reclamations" className="space-y-3">
      <h2 id="pack-reclamations" className="text-lg font-semibold">
        Registre des réclamations du {formatDate(from)} au {formatDate(to)} ({rows.length})
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Indicateur&nbsp;31. Délai de réponse de l'organisme&nbsp;: {delayDays}&nbsp;jours ouvrés.{" "}
        {answered.length
          ? `${inTime} sur ${answered.length} ${answered.length > 1 ? "réponses écrites envoyées" : "réponse écrite envoyée"} dans le délai.`
          : ""}{" "}
        Le fichier ZIP contient le registre avec le texte de chaque réclamation et de sa réponse, sans nom ni coordonnées.
      </p>
      <RegisterTable rows={rows} caption="Registre des réclamations de la période" admin={false} />
    </section>
  );
}
