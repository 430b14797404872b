import { Form, useNavigation } from "react-router";
import { centsDecimal, formatCount } from "~/platform/format";
import { Button } from "~/ui/button";
import { CheckboxField, FormErrorSummary, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm, type SubmissionReply } from "~/ui/form/use-form";
import { ENTERED_KEYS, SHARE_KEY, SHARE_LABEL, lineByCode } from "../form";

/**
 * The figures the site cannot know, typed by staff (frame D, F-2 b, G, share of the turnover), and
 * the lock of a filed year. Ordinary POST forms: they work without JavaScript.
 */

const ENTRIES_FORM = "bpf-saisie";
const LOCK_FORM = "bpf-verrou";
const loadEntries = () => import("../model").then((m) => schemaValidator(m.entriesSchema));
const loadLock = () => import("../model").then((m) => schemaValidator(m.lockSchema));

/** The field's label: the box, its label and its column. */
export function entryLabel(key: string): string {
  if (key === SHARE_KEY) return `C-part — ${SHARE_LABEL}`;
  const [code, column] = key.split(":");
  const line = lineByCode(code ?? "");
  const what = column === "montant" ? "montant hors taxes en euros" : column === "nombre" ? "nombre de stagiaires" : "nombre d'heures";
  return `${code} — ${line?.mark === "dont" ? "dont " : ""}${line?.label ?? ""} (${what})`;
}

const typedValue = (value: number | null | undefined, key: string) =>
  value === null || value === undefined ? "" : key.endsWith(":montant") ? centsDecimal(value) : String(value);

export function EntriesForm({
  entries,
  externalHours,
  reply,
}: {
  entries: Record<string, number | null>;
  /** The external trainers' hours of the year (E-2): what the purchases of training pay for. */
  externalHours: number | null;
  reply?: (SubmissionReply & { values?: Record<string, unknown>; intent?: string }) | null;
}) {
  const busy = useNavigation().state === "submitting";
  const mine = reply?.intent === "saisie" ? reply : null;
  const form = useForm({ id: ENTRIES_FORM, validator: loadEntries, reply: mine });
  const labels = Object.fromEntries(ENTERED_KEYS.map((k) => [k, entryLabel(k)]));
  const shown = (key: string) => (typeof mine?.values?.[key] === "string" ? (mine.values[key] as string) : typedValue(entries[key], key));
  return (
    <section
      id="saisie"
      aria-labelledby="saisie-titre"
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="saisie-titre" className="text-lg font-semibold">
        Chiffres à saisir
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Le site ne tient pas la comptabilité ni la sous-traitance&nbsp;: ces cases viennent de vos comptes et de vos contrats. Une case
        laissée vide reste «&nbsp;à saisir&nbsp;».
      </p>
      <Form method="post" {...form.formProps} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="saisie" />
        <FormErrorSummary form={form} labels={labels} />
        <div className="grid gap-4 sm:grid-cols-2">
          {ENTERED_KEYS.map((key) => (
            <TextField
              key={key}
              form={ENTRIES_FORM}
              name={key}
              label={labels[key]!}
              defaultValue={shown(key)}
              error={form.errors[key]}
              inputMode={key.endsWith(":montant") ? "decimal" : "numeric"}
              hint={
                key === "D-3:montant"
                  ? `Dont les honoraires des formateurs externes\u00a0: ${formatCount(externalHours ?? 0, "heure", "heures")} dans l'année (ligne E-2)\u00a0; le site ne connaît pas leurs tarifs.`
                  : undefined
              }
            />
          ))}
        </div>
        <Button type="submit" disabled={busy}>
          Enregistrer les chiffres saisis
        </Button>
      </Form>
    </section>
  );
}

export function LockForm({ year, reply }: { year: number; reply?: (SubmissionReply & { intent?: string }) | null }) {
  const busy = useNavigation().state === "submitting";
  const mine = reply?.intent === "verrouiller" ? reply : null;
  const form = useForm({ id: LOCK_FORM, validator: loadLock, reply: mine });
  return (
    <section
      aria-labelledby="verrou-titre"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="verrou-titre" className="text-lg font-semibold">
        Verrouiller le BPF {year} une fois déposé
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Les chiffres affichés sont alors gardés tels que déposés&nbsp;; un changement ultérieur des inscriptions, de l&apos;émargement ou
        des factures s&apos;affiche comme un écart, sans modifier le BPF déposé.
      </p>
      <Form method="post" {...form.formProps} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="verrouiller" />
        <FormErrorSummary form={form} labels={{ confirm: "Confirmation du dépôt" }} />
        <CheckboxField
          form={LOCK_FORM}
          name="confirm"
          label={`J'ai déposé le BPF ${year} sur Mon Activité Formation avec ces chiffres.`}
          error={form.errors.confirm}
        />
        <Button type="submit" disabled={busy}>
          Verrouiller le BPF {year}
        </Button>
      </Form>
    </section>
  );
}
