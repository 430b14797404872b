import { Form } from "react-router";
import type { FieldErrors } from "~/platform/validation/errors";
import { Button } from "~/ui/button";
import { SelectField, TextField } from "~/ui/form/fields";
import { Link } from "~/ui/link";
import { USE_DESCRIPTIONS, USE_LABELS, SATISFACTION_RULE } from "../model";
import type { QuestionnaireSettings } from "../schemas";

/** The screens of /admin/questionnaires (README « Questionnaires »): the list, the settings, the financers, an erasure. */

export interface ListReply {
  ok: boolean;
  message: string;
  intent?: string;
  target?: string;
  errors?: FieldErrors;
  values?: Record<string, unknown>;
}

interface Summary {
  id: string;
  use: keyof typeof USE_LABELS;
  useLabel: string;
  title: string;
  formationTitle: string | null;
  active: boolean;
  version: number;
  invitations: number;
  answers: number;
}

const panel = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
const link = "font-semibold text-brand-700 underline dark:text-brand-300";

function Message({ reply, intent, target }: { reply?: ListReply; intent: string; target?: string }) {
  if (!reply || reply.intent !== intent || (target !== undefined && reply.target !== target)) return null;
  return (
    <p
      role={reply.ok ? "status" : "alert"}
      className={reply.ok ? "text-sm text-emerald-800 dark:text-emerald-300" : "text-sm font-medium text-red-700 dark:text-red-300"}
    >
      {reply.message}
    </p>
  );
}

export function QuestionnaireList({ items }: { items: Summary[] }) {
  return (
    <div className="overflow-x-auto" role="region" aria-label="Questionnaires (défile horizontalement)" tabIndex={0}>
      <table className="w-full min-w-[48rem] text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <tr>
            {["Questionnaire", "Envoyé à", "Envoi", "Version", "Réponses", "Résultats"].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((q) => (
            <tr key={q.id} className="align-top" data-testid="questionnaire-ligne">
              <td className="px-3 py-3">
                <Link to={`/admin/questionnaires/${q.id}`} className={link}>
                  {q.title}
                </Link>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {q.useLabel}
                  {q.formationTitle ? ` — ${q.formationTitle}` : ""}
                </span>
              </td>
              <td className="px-3 py-3 text-slate-700 dark:text-slate-300">{USE_DESCRIPTIONS[q.use]}</td>
              <td className="px-3 py-3">{q.active ? "Actif" : "Suspendu"}</td>
              <td className="px-3 py-3">{q.version}</td>
              <td className="px-3 py-3">
                {q.answers} / {q.invitations}
              </td>
              <td className="px-3 py-3">
                <Link to={`/admin/questionnaires/${q.id}/resultats`} className={link}>
                  Résultats<span className="sr-only"> de «&nbsp;{q.title}&nbsp;»</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A positioning questionnaire or an assessment quiz for one formation, from its template. */
export function AddFormationQuestionnaire({
  formations,
  reply,
}: {
  formations: Array<{ value: string; label: string }>;
  reply?: ListReply;
}) {
  const mine = reply?.intent === "creer" ? reply : undefined;
  const values = mine?.values ?? {};
  return (
    <section aria-labelledby="ajout-questionnaire" className={panel}>
      <h2 id="ajout-questionnaire" className="text-lg font-bold">
        Positionnement ou quiz d'une formation
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Le positionnement (indicateur 8) part vers chaque stagiaire dès la confirmation de son inscription&#8239;; ses questions reprennent
        les prérequis de la formation. Le quiz (indicateur 11) part à la fin de la session&#8239;; il reprend ses objectifs, et son score
        propose le résultat de chaque stagiaire sur la page «&nbsp;Documents&nbsp;» de la session.
      </p>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="creer" />
        <SelectField
          form="ajout-questionnaire"
          name="use"
          label="Questionnaire"
          required
          defaultValue={String(values.use ?? "positionnement")}
          error={mine?.errors?.use}
          groups={[{ options: (["positionnement", "evaluation"] as const).map((u) => ({ value: u, label: USE_LABELS[u] })) }]}
        />
        <SelectField
          form="ajout-questionnaire"
          name="formation"
          label="Formation"
          required
          placeholder="Choisir…"
          defaultValue={String(values.formation ?? "")}
          error={mine?.errors?.formation}
          groups={[{ options: formations }]}
        />
        <Button type="submit">Créer depuis le modèle</Button>
      </Form>
      <Message reply={reply} intent="creer" />
    </section>
  );
}

const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];

/** The delays the organisation sets (admins). */
export function SettingsForm({ settings, reply }: { settings: QuestionnaireSettings; reply?: ListReply }) {
  const mine = reply?.intent === "reglages" ? reply : undefined;
  const values = { ...settings, ...(mine?.values ?? {}) } as Record<string, unknown>;
  return (
    <section aria-labelledby="reglages-questionnaires" className={panel}>
      <h2 id="reglages-questionnaires" className="text-lg font-bold">
        Délais d'envoi
      </h2>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-start">
        <input type="hidden" name="intent" value="reglages" />
        <TextField
          form="reglages-questionnaires"
          name="reminderDays"
          label="Rappel après (jours)"
          inputMode="numeric"
          required
          defaultValue={String(values.reminderDays)}
          error={mine?.errors?.reminderDays}
          hint="Un seul rappel, à ceux qui n'ont pas répondu."
        />
        <TextField
          form="reglages-questionnaires"
          name="coldDays"
          label="Suivi à froid après la session (jours)"
          inputMode="numeric"
          required
          defaultValue={String(values.coldDays)}
          error={mine?.errors?.coldDays}
          hint="90 jours par défaut."
        />
        <SelectField
          form="reglages-questionnaires"
          name="financerMonth"
          label="Financeurs&nbsp;: envoi à partir de"
          required
          defaultValue={String(values.financerMonth)}
          error={mine?.errors?.financerMonth}
          hint="Chaque année, pour les sessions de l'année précédente."
          groups={[{ options: MONTHS.map((m, i) => ({ value: String(i + 1), label: m })) }]}
        />
        <div className="sm:col-span-3">
          <Button type="submit">Enregistrer les délais</Button>
        </div>
      </Form>
      <Message reply={reply} intent="reglages" />
    </section>
  );
}

/** The financers of last year's sessions and the address each questionnaire goes to. */
export function FinancersTable({
  year,
  financers,
  reply,
}: {
  year: number;
  financers: Array<{ key: string; kind: string; name: string; email: string; sessions: number }>;
  reply?: ListReply;
}) {
  return (
    <section aria-labelledby="financeurs" className={panel}>
      <h2 id="financeurs" className="text-lg font-bold">
        Financeurs des sessions de {year}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Les OPCO et les entreprises qui ont financé ces sessions reçoivent le questionnaire «&nbsp;{USE_LABELS.financeur}&nbsp;» une fois
        par an, à l'adresse saisie ici. Sans adresse, rien n'est envoyé.
      </p>
      {financers.length === 0 ? (
        <p className="mt-3 text-sm">Aucun financeur pour les sessions de {year}.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {financers.map((f, i) => {
            const mine = reply?.intent === "financeur" && reply.target === f.key ? reply : undefined;
            return (
              <li key={f.key} className="py-3">
                <Form method="post" className="flex flex-wrap items-end gap-3">
                  <input type="hidden" name="intent" value="financeur" />
                  <input type="hidden" name="financeur" value={f.key} />
                  <TextField
                    form={`financeur-${i}`}
                    name="email"
                    type="email"
                    className="min-w-64 grow"
                    label={`${f.name} (${f.kind === "opco" ? "OPCO" : "entreprise"}, ${f.sessions} session${f.sessions > 1 ? "s" : ""})`}
                    defaultValue={String(mine?.values?.email ?? f.email)}
                    error={mine?.errors?.email}
                    autoComplete="off"
                  />
                  <Button type="submit" variant="secondary">
                    Enregistrer<span className="sr-only"> l'adresse de {f.name}</span>
                  </Button>
                </Form>
                <Message reply={reply} intent="financeur" target={f.key} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Right to erasure (RGPD art. 17): a person's answers lose what identifies them (admins). */
export function EraseForm({ reply }: { reply?: ListReply }) {
  const mine = reply?.intent === "effacer" ? reply : undefined;
  return (
    <section aria-labelledby="effacer-reponses" className={panel}>
      <h2 id="effacer-reponses" className="text-lg font-bold">
        Effacer les réponses d'une personne
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        À la demande d'une personne, ses questionnaires perdent son adresse, son nom et ses commentaires&#8239;; ses notes restent,
        anonymes, dans les résultats. C'est fait d'office après la durée de conservation (docs/legal/questionnaires.md).
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="effacer" />
        <TextField
          form="effacer-reponses"
          name="email"
          type="email"
          label="Adresse e-mail de la personne"
          required
          className="min-w-64 grow"
          error={mine?.errors?.email}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary">
          Effacer ses réponses
        </Button>
      </Form>
      <Message reply={reply} intent="effacer" />
    </section>
  );
}

/** How the published satisfaction rate is computed (the rule the public pages state). */
export function RuleNote() {
  return (
    <p className="max-w-4xl text-sm text-slate-700 dark:text-slate-300">
      <strong>Taux de satisfaction publié</strong>&nbsp;: {SATISFACTION_RULE} Il est recalculé à chaque réponse et figure, avec le nombre de
      réponses et la période, sur la fiche de chaque formation, la page d'accueil et «&nbsp;Témoignages&nbsp;».
    </p>
  );
}
