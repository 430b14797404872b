import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "~/ui/link";
import { OPCO_NAMES, OPCO_SLUGS } from "~/domain/funding/opco-list";
import { Button } from "~/ui/button";
import { fieldId } from "~/ui/form/fields";
import { PublishControl } from "~/ui/form/publish-control";
import { EditorHeader } from "~/ui/form/editor-header";
import { UploadScope } from "~/ui/form/upload-state";
import { useEditorForm } from "~/ui/form/use-editor-form";
import { type SubmissionReply } from "~/ui/form/use-form";
import { MarkdownEditor } from "~/ui/markdown-editor";
import {
  CERTIFICATION_LABELS,
  CERTIFICATION_TYPES,
  FUNDING_LABELS,
  FUNDING_OPTIONS,
  MODALITIES,
  MODALITY_LABELS,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  STATUS_LABELS,
  VAT_LABELS,
  VAT_MODES,
  todayInParis,
  type FormationStatus,
} from "../labels";
import { formationPath } from "../slug";
import {
  Checkbox,
  CheckboxGroup,
  EditorErrorSummary,
  EditorFormScope,
  EditorSection,
  MarkdownField,
  FieldError,
  SelectField,
  TextField,
  valueAt,
  type FormValues,
  SeoSection,
} from "~/ui/form/editor-fields";
import { ImageField } from "./image-field";

/**
 * The formation editor: every field of a formation (Qualiopi, indicators 1 and 2) in sections,
 * and the shared publishing control. A draft needs only its title (checked here as on the server,
 * see `../draft`); publishing applies the full checks on the server, whose messages stay beside
 * their field until it changes.
 */

const FORM = "formation";
const fid = (name: string) => fieldId(FORM, name);
const loadValidator = () => import("../draft").then((m) => m.draftErrors);

let keySeed = 0;
const newKey = () => `k${++keySeed}`;

const move = <T,>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

export interface EditorReply extends SubmissionReply {
  values?: FormValues;
  intent?: string;
}

export function FormationEditor({
  formation,
  values,
  reply,
  categories,
  cities,
  justSaved,
  defaulted = [],
}: {
  formation: { id: string; slug: string; title: string; status: FormationStatus } | null;
  values: FormValues;
  reply: EditorReply | null;
  categories: Array<{ id: string; name: string }>;
  cities: Array<{ id: string; name: string }>;
  justSaved: boolean;
  /** Fields of a new formation prefilled with the organisation's defaults, marked as such. */
  defaulted?: string[];
}) {
  const { submitting, unsaved, upload, form, errors, statusRef, onSubmit } = useEditorForm({
    id: FORM,
    validator: loadValidator,
    reply,
    justSaved,
  });
  const { markDirty } = unsaved;

  const status = formation?.status ?? "draft";
  /** The field's hint, followed by the « default » mark when its value is the organisation's default. */
  const hintOf = (name: string, hint?: ReactNode) =>
    defaulted.includes(name) ? (
      <>
        {hint}
        {hint ? " " : null}
        <DefaultMark />
      </>
    ) : (
      hint
    );

  return (
    <EditorFormScope form={FORM}>
      <EditorHeader
        title={formation ? formation.title : "Nouvelle formation"}
        statusRef={statusRef}
        tone={status}
        status={STATUS_LABELS[status]}
        statusTestId="formation-status"
        dirty={unsaved.dirty}
        preview={
          formation
            ? { to: formationPath(formation.slug), label: status === "published" ? "Voir la page publique" : "Aperçu de la page" }
            : null
        }
      />

      <EditorErrorSummary
        errors={errors}
        notSaved={reply?.intent === "publish" ? "La formation n'a pas été publiée" : "La formation n'a pas été enregistrée"}
        summaryRef={form.summaryRef}
      />
      {defaulted.length > 0 ? <DefaultsNotice count={defaulted.length} /> : null}

      <UploadScope report={upload.report}>
        <Form
          method="post"
          {...form.formProps}
          className="mt-6 space-y-6"
          onInput={(e) => (form.formProps.onInput(e), markDirty())}
          onChange={(e) => (form.formProps.onChange(e), markDirty())}
          onSubmit={onSubmit}
        >
          <EditorSection id="identite" title="Identité">
            <TextField name="title" label="Titre" values={values} errors={errors} required maxLength={120} />
            <TextField
              name="slug"
              label="Adresse de la page (slug)"
              values={values}
              errors={errors}
              maxLength={80}
              hint={
                formation
                  ? "Lettres minuscules, chiffres et tirets. Si vous la changez, l'ancienne adresse redirige (301) vers la nouvelle."
                  : "Laissez vide : elle sera calculée à partir du titre."
              }
            />
            <TextField
              name="summary"
              label="Résumé"
              values={values}
              errors={errors}
              required
              multiline
              rows={3}
              maxLength={300}
              hint="Deux ou trois phrases, affichées dans les listes et en tête de page (300 caractères au plus)."
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField
                name="categoryId"
                label="Catégorie"
                values={values}
                errors={errors}
                required
                options={[{ value: "", label: "Choisir une catégorie" }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
              />
              <div className="sm:pt-7">
                <Checkbox name="featured" label="Mettre à la une (page d'accueil)" values={values} errors={errors} />
              </div>
            </div>
          </EditorSection>

          <EditorSection id="contenu" title="Présentation, objectifs et programme">
            <MarkdownField name="description" label="Présentation" values={values} errors={errors} required rows={8} />
            <TextField
              name="objectives"
              label="Objectifs pédagogiques"
              values={values}
              errors={errors}
              required
              multiline
              rows={4}
              hint="Un objectif par ligne, formulé avec un verbe d'action (« Construire… », « Conduire… »)."
            />
            <ProgramField initial={values.program} errors={errors} markDirty={markDirty} />
          </EditorSection>

          <EditorSection id="public" title="Public et prérequis">
            <TextField name="audience" label="Public visé" values={values} errors={errors} required multiline rows={2} />
            <TextField
              name="prerequisites"
              label="Prérequis"
              values={values}
              errors={errors}
              required
              multiline
              rows={2}
              hint="S'il n'y en a pas, écrivez-le explicitement : « Aucun. »"
            />
          </EditorSection>

          <EditorSection id="modalites" title="Durée, modalités et méthodes">
            <div className="grid gap-5 sm:grid-cols-3">
              <TextField name="durationHours" label="Durée en heures" values={values} errors={errors} required inputMode="decimal" />
              <TextField name="durationDays" label="Durée en jours" values={values} errors={errors} required inputMode="decimal" />
              <SelectField
                name="modality"
                label="Modalité"
                values={values}
                errors={errors}
                required
                options={MODALITIES.map((m) => ({ value: m, label: MODALITY_LABELS[m] }))}
              />
            </div>
            <CheckboxGroup
              name="cityIds"
              legend="Villes où la formation a lieu"
              values={values}
              errors={errors}
              options={cities.map((c) => ({ value: c.id, label: c.name }))}
              hint="Obligatoire pour une formation en présentiel ou mixte."
            />
            <TextField
              name="accessLeadTime"
              label="Délai d'accès"
              values={values}
              errors={errors}
              required
              hint={hintOf("accessLeadTime", "Par exemple : « Inscription jusqu'à 10 jours ouvrés avant le début de la session. »")}
            />
            <MarkdownField
              name="accessModalities"
              label="Modalités d'accès"
              values={values}
              errors={errors}
              hint={hintOf("accessModalities")}
              required
              rows={4}
            />
            <MarkdownField
              name="teachingMethods"
              label="Méthodes pédagogiques"
              values={values}
              errors={errors}
              hint={hintOf("teachingMethods")}
              required
              rows={4}
            />
            <MarkdownField
              name="evaluationMethods"
              label="Modalités d'évaluation"
              values={values}
              errors={errors}
              hint={hintOf("evaluationMethods")}
              required
              rows={4}
            />
          </EditorSection>

          <EditorSection
            id="sessions"
            title="Sessions"
            description="Dates des sessions inter-entreprises. Les sessions passées restent ici pour mémoire ; seules les sessions à venir sont affichées sur le site."
          >
            <SessionsField initial={values.sessions} errors={errors} cities={cities} markDirty={markDirty} />
          </EditorSection>

          <EditorSection id="tarifs" title="Tarifs et financement">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="priceInter"
                label="Prix inter-entreprises par personne (€)"
                values={values}
                errors={errors}
                inputMode="decimal"
                hint="Laissez vide pour « sur devis »."
              />
              <SelectField
                name="vatMode"
                label="TVA"
                values={values}
                errors={errors}
                required
                options={VAT_MODES.map((m) => ({ value: m, label: VAT_LABELS[m].note }))}
                hint={hintOf("vatMode")}
              />
            </div>
            <Checkbox name="intraOnQuote" label="Proposée en intra-entreprise, sur devis" values={values} errors={errors} />
            <Checkbox
              name="cpfEligible"
              label="Éligible au CPF"
              values={values}
              errors={errors}
              hint="Seulement pour une formation certifiante (RNCP ou Répertoire spécifique)."
            />
            <CheckboxGroup
              name="fundingOptions"
              legend="Autres financements possibles"
              values={values}
              errors={errors}
              options={FUNDING_OPTIONS.map((o) => ({ value: o, label: FUNDING_LABELS[o] }))}
            />
            <CheckboxGroup
              name="opcos"
              legend="OPCO susceptibles de financer la formation"
              values={values}
              errors={errors}
              options={OPCO_SLUGS.map((o) => ({ value: o, label: OPCO_NAMES[o] }))}
            />
          </EditorSection>

          <EditorSection id="certification" title="Certification">
            <SelectField
              name="certificationType"
              label="Type"
              values={values}
              errors={errors}
              options={CERTIFICATION_TYPES.map((t) => ({ value: t, label: CERTIFICATION_LABELS[t] }))}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField name="certificationCode" label="Code (RNCP… ou RS…)" values={values} errors={errors} maxLength={20} />
              <TextField name="certificationRegisteredAt" label="Date d'enregistrement" type="date" values={values} errors={errors} />
              <TextField name="certificationTitle" label="Intitulé exact" values={values} errors={errors} />
              <TextField name="certifier" label="Certificateur" values={values} errors={errors} />
            </div>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Pour une formation certifiante, l'indicateur 3 de Qualiopi demande de publier les résultats et les parcours ci-dessous&nbsp;:
              ils sont obligatoires pour publier.
            </p>
            <div className="grid gap-5 sm:grid-cols-3">
              <TextField name="certificationPassRate" label="Taux d'obtention (%)" values={values} errors={errors} inputMode="decimal" />
              <TextField name="certificationCandidates" label="Candidats présentés" values={values} errors={errors} inputMode="numeric" />
              <TextField
                name="certificationResultsPeriod"
                label="Période des résultats"
                values={values}
                errors={errors}
                maxLength={120}
                hint={"Par exemple «\u00a0sessions de 2025\u00a0»."}
              />
            </div>
            <MarkdownField
              name="competenceBlocks"
              label="Blocs de compétences"
              values={values}
              errors={errors}
              hint="Un bloc par ligne, tels qu'ils figurent sur la fiche France Compétences."
              rows={4}
            />
            <Checkbox name="partialValidation" label="Validation partielle possible (bloc par bloc)" values={values} errors={errors} />
            <MarkdownField
              name="equivalences"
              label="Équivalences et passerelles"
              values={values}
              errors={errors}
              hint={"Ou «\u00a0Aucune\u00a0» si la fiche n'en mentionne pas."}
              rows={4}
            />
            <MarkdownField
              name="nextSteps"
              label="Suites de parcours"
              values={values}
              errors={errors}
              hint="Les formations ou certifications qui peuvent suivre."
              rows={4}
            />
            <MarkdownField
              name="careerOutcomes"
              label="Débouchés"
              values={values}
              errors={errors}
              hint="Les métiers et emplois auxquels la certification prépare."
              rows={4}
            />
            <TextField
              name="franceCompetencesUrl"
              label="Fiche France Compétences"
              values={values}
              errors={errors}
              maxLength={300}
              hint="L'adresse de la fiche RNCP ou RS sur le site francecompetences.fr."
            />
          </EditorSection>

          <EditorSection id="accessibilite" title="Accessibilité et contacts">
            <MarkdownField
              name="accessibility"
              label="Accessibilité aux personnes handicapées"
              values={values}
              errors={errors}
              hint={hintOf("accessibility")}
              required
              rows={4}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="disabilityContactName"
                label="Référent handicap"
                values={values}
                errors={errors}
                required
                hint={hintOf("disabilityContactName")}
              />
              <TextField
                name="disabilityContactEmail"
                label="E-mail du référent handicap"
                type="email"
                values={values}
                errors={errors}
                required
                hint={hintOf("disabilityContactEmail")}
              />
              <TextField
                name="contactName"
                label="Contact pour cette formation"
                values={values}
                errors={errors}
                required
                hint={hintOf("contactName")}
              />
              <TextField
                name="contactEmail"
                label="E-mail du contact"
                type="email"
                values={values}
                errors={errors}
                required
                hint={hintOf("contactEmail")}
              />
              <TextField
                name="contactPhone"
                label="Téléphone du contact"
                type="tel"
                values={values}
                errors={errors}
                required
                hint={hintOf("contactPhone")}
              />
            </div>
          </EditorSection>

          <EditorSection
            id="resultats"
            title="Indicateurs de résultats"
            description="Publiés avec leur date de mesure (Qualiopi, indicateur 2). Laissez vide ce qui n'est pas encore mesuré. La satisfaction est calculée depuis les questionnaires de fin de formation&#8239;; un taux saisi ici n'est publié, avec la mention «&nbsp;chiffre saisi&nbsp;», que s'il a été mesuré avant le premier questionnaire envoyé."
          >
            <div className="grid gap-5 sm:grid-cols-4">
              <TextField name="satisfactionRate" label="Satisfaction (%)" values={values} errors={errors} inputMode="decimal" />
              <TextField name="successRate" label="Réussite (%)" values={values} errors={errors} inputMode="decimal" />
              <TextField name="traineesCount" label="Stagiaires formés" values={values} errors={errors} inputMode="numeric" />
              <TextField name="resultsMeasuredAt" label="Mesurés le" type="date" values={values} errors={errors} />
            </div>
          </EditorSection>

          <EditorSection id="image" title="Image">
            <ImageField values={values} errors={errors} onChange={markDirty} />
          </EditorSection>

          <SeoSection
            values={values}
            errors={errors}
            titleMax={SEO_TITLE_MAX}
            titleHint={`${SEO_TITLE_MAX} caractères au plus ; le titre de la formation s'il est vide.`}
            descriptionMax={SEO_DESCRIPTION_MAX}
            descriptionHint={`${SEO_DESCRIPTION_MAX} caractères au plus ; le résumé s'il est vide.`}
          />

          <PublishControl
            form={FORM}
            status={status}
            submitting={submitting}
            uploading={upload.uploading}
            backTo={{ to: "/admin/formations", label: "Retour à la liste" }}
          />
        </Form>
      </UploadScope>

      {unsaved.dialog}
    </EditorFormScope>
  );
}

type Rows = Array<{ key: string; values: FormValues }>;
const rowsOf = (initial: unknown): Rows => ((initial as FormValues[] | undefined) ?? []).map((v) => ({ key: newKey(), values: v }));

interface ListProps {
  initial: unknown;
  errors: Record<string, string>;
  markDirty: () => void;
}

/** The programme: modules in order, each with its title, duration and content; moved, added, removed. */
function ProgramField({ initial, errors, markDirty }: ListProps) {
  const [modules, setModules] = useState(() => rowsOf(initial));
  return (
    <fieldset id={fid("program")}>
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">Programme (modules dans l'ordre)</legend>
      <FieldError name="program" error={errors.program} />
      <ol className="mt-3 space-y-4">
        {modules.map((m, i) => (
          <li key={m.key} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">Module {i + 1}</p>
              <div className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Monter le module ${i + 1}`}
                  disabled={i === 0}
                  onClick={() => (setModules((l) => move(l, i, i - 1)), markDirty())}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Descendre le module ${i + 1}`}
                  disabled={i === modules.length - 1}
                  onClick={() => (setModules((l) => move(l, i, i + 1)), markDirty())}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Supprimer le module ${i + 1}`}
                  onClick={() => (setModules((l) => l.filter((x) => x.key !== m.key)), markDirty())}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </div>
            <div className="mt-3 grid gap-4 sm:grid-cols-[1fr_10rem]">
              <TextField
                name={`program.${i}.title`}
                label="Titre du module"
                values={{ program: { [i]: m.values } }}
                errors={errors}
                required
              />
              <TextField
                name={`program.${i}.durationHours`}
                label="Durée (heures)"
                values={{ program: { [i]: m.values } }}
                errors={errors}
                inputMode="decimal"
              />
            </div>
            <div className="mt-4">
              <MarkdownEditor
                name={`program.${i}.content`}
                id={fid(`program.${i}.content`)}
                label="Contenu du module"
                defaultValue={valueAt(m.values, "content")}
                error={errors[`program.${i}.content`]}
                rows={4}
              />
            </div>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={() => (setModules((l) => [...l, { key: newKey(), values: {} }]), markDirty())}
      >
        <Plus aria-hidden="true" className="size-4" />
        Ajouter un module
      </Button>
    </fieldset>
  );
}

/** The dated sessions (past ones kept for the record). */
function SessionsField({ initial, errors, cities, markDirty }: ListProps & { cities: Array<{ id: string; name: string }> }) {
  const [sessions, setSessions] = useState(() => rowsOf(initial));
  const today = todayInParis();
  return (
    <>
      <FieldError name="sessions" error={errors.sessions} />
      {sessions.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">Aucune session programmée.</p> : null}
      <ul className="space-y-3">
        {sessions.map((s, i) => {
          const v = { sessions: { [i]: s.values } };
          const past = valueAt(s.values, "startDate") !== "" && valueAt(s.values, "startDate") < today;
          return (
            <li key={s.key} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <input type="hidden" name={`sessions.${i}.id`} value={valueAt(s.values, "id")} />
              <input type="hidden" name={`sessions.${i}.seatsShown`} value={valueAt(s.values, "seatsShown")} />
              <div className="flex items-center justify-between">
                <p className="font-semibold">
                  Session {i + 1}
                  {past ? <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">(passée)</span> : null}
                  {valueAt(s.values, "id") ? (
                    <Link
                      to={`/admin/sessions/${valueAt(s.values, "id")}`}
                      className="ml-3 text-sm font-normal text-brand-700 underline underline-offset-2 dark:text-brand-300"
                    >
                      Inscriptions de la session {i + 1}
                    </Link>
                  ) : null}
                </p>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Supprimer la session ${i + 1}`}
                  onClick={() => (setSessions((l) => l.filter((x) => x.key !== s.key)), markDirty())}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
              <div className="mt-3 grid gap-4 sm:grid-cols-4">
                <TextField name={`sessions.${i}.startDate`} label="Début" type="date" values={v} errors={errors} required />
                <TextField name={`sessions.${i}.endDate`} label="Fin" type="date" values={v} errors={errors} required />
                <SelectField
                  name={`sessions.${i}.cityId`}
                  label="Lieu"
                  values={v}
                  errors={errors}
                  options={[{ value: "", label: "À distance" }, ...cities.map((c) => ({ value: c.id, label: c.name }))]}
                />
                <TextField
                  name={`sessions.${i}.seatsLeft`}
                  label="Places restantes"
                  values={v}
                  errors={errors}
                  required
                  inputMode="numeric"
                />
              </div>
            </li>
          );
        })}
      </ul>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => (setSessions((l) => [...l, { key: newKey(), values: { seatsLeft: "8" } }]), markDirty())}
      >
        <Plus aria-hidden="true" className="size-4" />
        Ajouter une session
      </Button>
    </>
  );
}

const DEFAULT_MARK = "Valeur par défaut de l'organisme, modifiable pour cette formation.";

function DefaultMark() {
  return (
    <span className="font-medium text-brand-800 dark:text-brand-200" data-testid="default-mark">
      {DEFAULT_MARK}
    </span>
  );
}

/** Above a new formation's form: what the organisation's defaults filled in, and where they are kept. */
function DefaultsNotice({ count }: { count: number }) {
  return (
    <p className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-950 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-50">
      {count === 1 ? "1 champ est prérempli" : `${count} champs sont préremplis`} avec les valeurs communes de l'organisme (contacts,
      référent handicap, TVA, accès, méthodes), marqués «&nbsp;{DEFAULT_MARK.split(",")[0]}&nbsp;». Adaptez-les si cette formation fait
      autrement. Les administrateurs les tiennent à jour dans{" "}
      <Link to="/admin/parametres/formations" className="font-medium underline underline-offset-2">
        Paramètres › Valeurs par défaut des formations
      </Link>
      .
    </p>
  );
}
