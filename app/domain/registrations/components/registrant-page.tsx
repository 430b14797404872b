import { Form } from "react-router";
import type { FieldErrors } from "~/platform/validation/errors";
import { buttonClass } from "~/ui/button";
import { FormErrorSummary, TextAreaField } from "~/ui/form/fields";
import { schemaValidator, useForm, type Validator } from "~/ui/form/use-form";
import { INTENT_FIELD } from "../labels";
import type { RegistrantContact, RegistrantView } from "../pages.server";
import { TraineeFields } from "./trainee-fields";

export interface RegistrantReply {
  errors: FieldErrors;
  values: Record<string, unknown>;
  formError?: string;
}

const validator = (): Promise<Validator> => import("../model").then(({ traineesUpdateSchema }) => schemaValidator(traineesUpdateSchema));

function rowsOf(values: Record<string, unknown> | undefined, fallback: RegistrantView["trainees"]): Array<Record<string, unknown>> {
  const raw = values?.stagiaires;
  const list = Array.isArray(raw) ? raw : raw && typeof raw === "object" ? Object.values(raw) : null;
  return list ? list.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === "object") : fallback;
}

/** The registrant's page: status, session, trainees to change, cancellation (until the deadline). */
export function RegistrantPanel({ view, reply }: { view: RegistrantView; reply: RegistrantReply | undefined }) {
  const form = useForm({ id: "stagiaires", reply, validator });
  const rows = rowsOf(reply?.values, view.trainees);
  const labels: Record<string, string> = {};
  rows.forEach((_, i) => {
    labels[`stagiaires.${i}.prenom`] = `Prénom du stagiaire ${i + 1}`;
    labels[`stagiaires.${i}.nom`] = `Nom du stagiaire ${i + 1}`;
    labels[`stagiaires.${i}.email`] = `E-mail du stagiaire ${i + 1}`;
    labels[`stagiaires.${i}.fonction`] = `Fonction du stagiaire ${i + 1}`;
  });
  return (
    <div className="space-y-10">
      <section aria-labelledby="etat" className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h2 id="etat" className="text-lg font-bold text-slate-900 dark:text-white">
          Inscription {view.reference}
        </h2>
        <p className="mt-2">
          Statut&nbsp;: <strong data-testid="statut">{view.statusLabel}</strong>
        </p>
        {view.finalOnLabel && view.status !== "annulee" ? (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Vous payez vous-même la formation&nbsp;: vous pouvez vous rétracter jusqu'au {view.finalOnLabel} inclus (article L6353-5 du Code
            du travail). Aucune somme n'est demandée avant cette date, puis 30&nbsp;% du prix au plus (article L6353-6). L'inscription
            devient définitive à la fin de ce délai.
          </p>
        ) : null}
        {view.status !== "annulee" ? (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {view.canChange
              ? `Vous pouvez annuler ou changer de stagiaire ici jusqu'au ${view.deadlineLabel} inclus.`
              : `Le délai pour annuler ou changer en ligne est passé (${view.deadlineLabel})\u00a0: écrivez-nous ou appelez-nous.`}
          </p>
        ) : null}
      </section>

      {view.canChange ? (
        <>
          <section aria-labelledby="changer-stagiaires">
            <h2 id="changer-stagiaires" className="text-lg font-bold text-slate-900 dark:text-white">
              Stagiaires
            </h2>
            <Form method="post" {...form.formProps} aria-labelledby="changer-stagiaires" className="mt-4 space-y-4">
              <FormErrorSummary form={form} labels={labels} />
              {rows.map((row, i) => (
                <fieldset key={i} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                  <legend className="px-1 text-sm font-semibold">Stagiaire {i + 1}</legend>
                  <TraineeFields formId="stagiaires" index={i} row={row} count={rows.length} errors={form.errors} />
                </fieldset>
              ))}
              <button type="submit" name={INTENT_FIELD} value="stagiaires" className={buttonClass("primary")}>
                Enregistrer les stagiaires
              </button>
            </Form>
          </section>

          <section aria-labelledby="annuler">
            <h2 id="annuler" className="text-lg font-bold text-slate-900 dark:text-white">
              Annuler l'inscription
            </h2>
            <Form method="post" className="mt-4 space-y-4" aria-labelledby="annuler">
              <TextAreaField form="annulation" name="motif" label="Motif (facultatif)" rows={2} />
              <button type="submit" name={INTENT_FIELD} value="annuler" className={buttonClass("danger")}>
                Annuler mon inscription
              </button>
            </Form>
          </section>
        </>
      ) : null}
    </div>
  );
}

/**
 * What the registrant's link shows once it has expired (answered 410): why, and whom to contact.
 * Nothing of the registration is shown any more.
 */
export function ExpiredRegistrantLink({ reason, contact }: { reason: "annulee" | "terminee"; contact: RegistrantContact }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" aria-labelledby="lien-expire">
      <h1 id="lien-expire" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        Ce lien a expiré
      </h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300" data-testid="raison">
        {reason === "annulee"
          ? "Cette inscription est annulée\u00a0: ce lien ne permet plus de la consulter ni de la modifier."
          : "La session de formation est terminée\u00a0: ce lien ne permet plus de consulter ni de modifier l'inscription."}
      </p>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        Pour toute question sur votre inscription, contactez {contact.name} par e-mail à{" "}
        <a href={`mailto:${contact.email}`} className="text-brand-700 underline dark:text-brand-300">
          {contact.email}
        </a>{" "}
        ou par téléphone au{" "}
        <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 underline dark:text-brand-300">
          {contact.phone}
        </a>
        .
      </p>
    </section>
  );
}
