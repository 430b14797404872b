import { Form } from "react-router";
import type { PersonComplaint } from "~/domain/complaints/complaints.server";
import { COMPLAINT_FIELD_LABELS } from "~/domain/complaints/labels";
import { formatDate, frenchSpacing } from "~/platform/format";
import type { FieldErrors } from "~/platform/validation/errors";
import { Button } from "~/ui/button";
import { FormErrorSummary, SelectField, TextAreaField } from "~/ui/form/fields";
import { schemaValidator, useForm, type Validator } from "~/ui/form/use-form";

/**
 * /espace/reclamation: the signed-in person's complaint form and their complaints with the written
 * answer once sent (docs/decisions/0035-complaints-register.md).
 */

export interface ComplaintFormReply {
  errors: FieldErrors;
  values: Record<string, unknown>;
}

const FORM = "reclamation";
const LABELS = { inscription: COMPLAINT_FIELD_LABELS.inscription, message: COMPLAINT_FIELD_LABELS.message };
const validator = (): Promise<Validator> =>
  import("~/domain/complaints/model").then(({ spaceComplaintSchema }) => schemaValidator(spaceComplaintSchema));

const card = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";

export function SpaceComplaintForm({
  options,
  delayDays,
  reply,
  sent,
}: {
  options: Array<{ value: string; label: string }>;
  delayDays: number;
  reply: ComplaintFormReply | undefined;
  /** The reference of the complaint just sent (flash), said once above the form. */
  sent: string | null;
}) {
  const form = useForm({ id: FORM, reply, validator });
  const typed = (name: string) => (typeof reply?.values[name] === "string" ? (reply.values[name] as string) : "");
  return (
    <section aria-labelledby="faire-reclamation" className="space-y-4">
      <h2 id="faire-reclamation" className="text-lg font-bold text-slate-900 dark:text-white">
        Faire une réclamation
      </h2>
      {sent ? (
        <p
          role="status"
          data-testid="reclamation-envoyee"
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
        >
          Votre réclamation est enregistrée sous la référence {sent}. Un accusé de réception vous est envoyé par e-mail.
        </p>
      ) : null}
      <p className="text-slate-700 dark:text-slate-300">
        Un problème avec une formation, une inscription, un document ou notre accueil&#8239;? Décrivez-le&nbsp;: votre réclamation est
        enregistrée avec un numéro et reçoit une réponse écrite par e-mail sous {delayDays}&nbsp;jours ouvrés au plus.
      </p>
      <Form method="post" {...form.formProps} className={`${card} space-y-5`}>
        <FormErrorSummary form={form} labels={LABELS} />
        {options.length ? (
          <SelectField
            form={FORM}
            name="inscription"
            label={LABELS.inscription}
            placeholder="Aucune en particulier"
            groups={[{ options }]}
            defaultValue={typed("inscription")}
            error={form.errors.inscription}
          />
        ) : null}
        <TextAreaField
          form={FORM}
          name="message"
          label={LABELS.message}
          required
          rows={7}
          maxLength={5000}
          hint="Ce qui s'est passé, quand, et ce que vous attendez de nous."
          defaultValue={typed("message")}
          error={form.errors.message}
        />
        <Button type="submit">Envoyer la réclamation</Button>
      </Form>
    </section>
  );
}

export function SpaceComplaintList({ complaints }: { complaints: PersonComplaint[] }) {
  if (complaints.length === 0) return null;
  return (
    <section aria-labelledby="mes-reclamations" className="space-y-4">
      <h2 id="mes-reclamations" className="text-lg font-bold text-slate-900 dark:text-white">
        Vos réclamations
      </h2>
      <ul className="space-y-3">
        {complaints.map((c) => (
          <li key={c.reference} className={card} data-testid={`ma-reclamation-${c.reference}`}>
            <p className="font-semibold">
              {c.reference}, reçue le {formatDate(c.receivedAt)} · {c.statusLabel}
            </p>
            {c.about ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{c.about}</p> : null}
            {c.answer ? (
              <div className="mt-3">
                <h3 className="text-sm font-semibold">Notre réponse du {formatDate(c.answeredAt!)}</h3>
                <p className="mt-1 whitespace-pre-line">{frenchSpacing(c.answer)}</p>
              </div>
            ) : (
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Notre réponse écrite vous sera envoyée par e-mail.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
