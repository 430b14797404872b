import { ArrowDown, ArrowUp, ExternalLink, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, data, redirect, useActionData, useNavigation } from "react-router";
import { notify } from "~/platform/toast/notify";
import type { Route } from "./+types/formation-edit";
import { toCompleteLabels } from "~/domain/formations/completeness.server";
import { ToCompleteNotice } from "~/domain/formations/components/to-complete";
import { listCities } from "~/domain/cities/cities.server";
import { listCategories } from "~/domain/formations/categories.server";
import {
  CheckboxGroup,
  Checkbox,
  EditorErrorSummary,
  EditorSection,
  FieldError,
  SelectField,
  TextField,
  fieldId,
  valueAt,
  type FormValues,
} from "~/domain/formations/components/editor-fields";
import { ImageField } from "~/domain/formations/components/image-field";
import { createFormation, getFormationById, setFormationStatus, updateFormation } from "~/domain/formations/formations.server";
import { formationToFormValues, newFormationFormValues } from "~/domain/formations/model";
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
} from "~/domain/formations/labels";
import { formationPath } from "~/domain/formations/slug";
import { OPCO_NAMES, OPCO_SLUGS } from "~/domain/funding/opco-list";
import { getOrganisation } from "~/domain/settings/settings.server";
import { requireEditor } from "~/platform/auth/guard.server";
import { pageMeta } from "~/platform/seo/meta";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useUnsavedChanges } from "~/ui/unsaved-changes";
import { MarkdownEditor } from "~/ui/markdown-editor";
import { FieldValidationError, NotFoundError } from "~/platform/validation/errors";
import { formDataToObject } from "~/platform/validation/form-data";

export const handle = {
  breadcrumb: (d: { formation: { title: string } | null } | undefined) => (d?.formation ? d.formation.title : "Nouvelle formation"),
};

/** /admin/formations/new and /admin/formations/{id}: the full editor (editors and admins). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireEditor(request);
  const [categories, cities, organisation] = await Promise.all([listCategories(), listCities(), getOrganisation()]);
  const formation = params.id ? await getFormationById(params.id) : null;
  if (params.id && !formation) throw data(null, { status: 404 });
  return {
    formation: formation
      ? { id: formation.id, slug: formation.slug, title: formation.title, status: formation.status, updatedAt: formation.updatedAt }
      : null,
    values: formation ? formationToFormValues(formation) : newFormationFormValues(organisation),
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    cities: cities.map((c) => ({ id: c.id, name: c.name })),
    saved: new URL(request.url).searchParams.get("enregistre"),
    toComplete: formation && formation.status === "draft" ? toCompleteLabels(formation) : [],
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireEditor(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  form.delete("intent");
  const values = formDataToObject(form);
  try {
    const formation = params.id ? await updateFormation(params.id, values, { actor }) : await createFormation(values, { actor });
    if (intent === "publish") await setFormationStatus([formation.id], "published", { actor });
    if (intent === "unpublish") await setFormationStatus([formation.id], "draft", { actor });
    const outcome = intent === "publish" ? "publiee" : intent === "unpublish" ? "brouillon" : "oui";
    return redirect(`/admin/formations/${formation.id}?enregistre=${outcome}`);
  } catch (error) {
    if (error instanceof FieldValidationError) return data({ errors: error.fieldErrors, values }, { status: 400 });
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.formation ? `Modifier « ${args.loaderData.formation.title} »` : "Nouvelle formation",
    description: "Éditeur de formation.",
    noindex: true,
  });

const SAVED_MESSAGES: Record<string, string> = {
  oui: "Les modifications sont enregistrées.",
  publiee: "La formation est enregistrée et publiée.",
  brouillon: "La formation est enregistrée et repassée en brouillon.",
};

let keySeed = 0;
const newKey = () => `k${++keySeed}`;

export default function FormationEditor({ loaderData }: Route.ComponentProps) {
  const { formation, categories, cities, saved } = loaderData;
  const actionData = useActionData<typeof action>();
  // Remount the form after each successful save (new data); keep it (and what was typed) on an error.
  return (
    <>
      <ToCompleteNotice items={loaderData.toComplete} />
      <EditorForm
        key={formation ? `${formation.id}-${formation.updatedAt}` : "nouvelle"}
        {...{ formation, categories, cities, saved }}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
      />
    </>
  );
}

function EditorForm({
  formation,
  values,
  errors,
  categories,
  cities,
  saved,
}: {
  formation: Route.ComponentProps["loaderData"]["formation"];
  values: FormValues;
  errors: Record<string, string>;
  categories: Array<{ id: string; name: string }>;
  cities: Array<{ id: string; name: string }>;
  saved: string | null;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const { dirty, markDirty, markSubmitting, resetSubmitting, dialog: unsavedChangesDialog } = useUnsavedChanges();
  const summaryRef = useRef<HTMLDivElement>(null);
  const errorList = Object.entries(errors);

  const [modules, setModules] = useState(() =>
    ((values.program as FormValues[] | undefined) ?? []).map((m) => ({ key: newKey(), values: m })),
  );
  const [sessions, setSessions] = useState(() =>
    ((values.sessions as FormValues[] | undefined) ?? []).map((s) => ({ key: newKey(), values: s })),
  );

  useEffect(() => {
    if (saved && SAVED_MESSAGES[saved]) notify.success("Formation enregistrée", { description: SAVED_MESSAGES[saved] });
  }, [saved]);

  useEffect(() => {
    if (errorList.length === 0) return;
    resetSubmitting();
    summaryRef.current?.focus();
    notify.error("Formation non enregistrée", { description: `${errorList.length} champ${errorList.length > 1 ? "s" : ""} à corriger.` });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);

  // Warn before leaving with unsaved changes: in-app navigation (dialog) and closing the tab (browser prompt).
  const onSubmit = (_e: FormEvent) => markSubmitting();

  const move = <T,>(list: T[], from: number, to: number): T[] => {
    if (to < 0 || to >= list.length) return list;
    const next = [...list];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    return next;
  };

  const today = todayInParis();
  const status = formation?.status ?? "draft";

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{formation ? formation.title : "Nouvelle formation"}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Statut&nbsp;:{" "}
            <span
              className={cn(
                "font-semibold",
                status === "published" ? "text-emerald-800 dark:text-emerald-300" : "text-amber-800 dark:text-amber-300",
              )}
            >
              {STATUS_LABELS[status]}
            </span>
            {dirty ? " · modifications non enregistrées" : ""}
          </p>
        </div>
        {formation ? (
          <Link
            to={formationPath(formation.slug)}
            target="_blank"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {status === "published" ? "Voir la page publique" : "Aperçu de la page"}
            <span className="sr-only"> (nouvel onglet)</span>
          </Link>
        ) : null}
      </div>

      <EditorErrorSummary errors={errors} notSaved="La formation n'a pas été enregistrée" summaryRef={summaryRef} />

      <Form method="post" className="mt-6 space-y-6" onInput={markDirty} onChange={markDirty} onSubmit={onSubmit} noValidate>
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
          <MarkdownEditor
            name="description"
            id={fieldId("description")}
            label="Présentation"
            defaultValue={valueAt(values, "description")}
            error={errors.description}
            required
            rows={8}
          />
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
          <fieldset id={fieldId("program")}>
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
                      id={fieldId(`program.${i}.content`)}
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
            hint="Par exemple : « Inscription jusqu'à 10 jours ouvrés avant le début de la session. »"
          />
          <MarkdownEditor
            name="accessModalities"
            id={fieldId("accessModalities")}
            label="Modalités d'accès"
            defaultValue={valueAt(values, "accessModalities")}
            error={errors.accessModalities}
            required
            rows={4}
          />
          <MarkdownEditor
            name="teachingMethods"
            id={fieldId("teachingMethods")}
            label="Méthodes pédagogiques"
            defaultValue={valueAt(values, "teachingMethods")}
            error={errors.teachingMethods}
            required
            rows={4}
          />
          <MarkdownEditor
            name="evaluationMethods"
            id={fieldId("evaluationMethods")}
            label="Modalités d'évaluation"
            defaultValue={valueAt(values, "evaluationMethods")}
            error={errors.evaluationMethods}
            required
            rows={4}
          />
        </EditorSection>

        <EditorSection
          id="sessions"
          title="Sessions"
          description="Dates des sessions inter-entreprises. Les sessions passées restent ici pour mémoire ; seules les sessions à venir sont affichées sur le site."
        >
          <FieldError name="sessions" error={errors.sessions} />
          {sessions.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">Aucune session programmée.</p> : null}
          <ul className="space-y-3">
            {sessions.map((s, i) => {
              const v = { sessions: { [i]: s.values } };
              const past = valueAt(s.values, "startDate") !== "" && valueAt(s.values, "startDate") < today;
              return (
                <li key={s.key} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                  <input type="hidden" name={`sessions.${i}.id`} value={valueAt(s.values, "id")} />
                  <div className="flex items-center justify-between">
                    <p className="font-semibold">
                      Session {i + 1}
                      {past ? <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">(passée)</span> : null}
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
        </EditorSection>

        <EditorSection id="accessibilite" title="Accessibilité et contacts">
          <MarkdownEditor
            name="accessibility"
            id={fieldId("accessibility")}
            label="Accessibilité aux personnes handicapées"
            defaultValue={valueAt(values, "accessibility")}
            error={errors.accessibility}
            required
            rows={4}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="disabilityContactName" label="Référent handicap" values={values} errors={errors} required />
            <TextField
              name="disabilityContactEmail"
              label="E-mail du référent handicap"
              type="email"
              values={values}
              errors={errors}
              required
            />
            <TextField name="contactName" label="Contact pour cette formation" values={values} errors={errors} required />
            <TextField name="contactEmail" label="E-mail du contact" type="email" values={values} errors={errors} required />
            <TextField name="contactPhone" label="Téléphone du contact" type="tel" values={values} errors={errors} required />
          </div>
        </EditorSection>

        <EditorSection
          id="resultats"
          title="Indicateurs de résultats"
          description="Publiés avec leur date de mesure (Qualiopi, indicateur 2). Laissez vide ce qui n'est pas encore mesuré."
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

        <EditorSection id="referencement" title="Référencement">
          <TextField
            name="seoTitle"
            label="Titre pour les moteurs de recherche"
            values={values}
            errors={errors}
            maxLength={SEO_TITLE_MAX}
            hint={`${SEO_TITLE_MAX} caractères au plus ; le titre de la formation s'il est vide.`}
          />
          <TextField
            name="seoDescription"
            label="Description pour les moteurs de recherche"
            values={values}
            errors={errors}
            multiline
            rows={2}
            maxLength={SEO_DESCRIPTION_MAX}
            hint={`${SEO_DESCRIPTION_MAX} caractères au plus ; le résumé s'il est vide.`}
          />
        </EditorSection>

        <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 rounded-t-xl border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
          <Button type="submit" name="intent" value="save" disabled={submitting}>
            {submitting ? "Enregistrement…" : "Enregistrer"}
          </Button>
          {status === "published" ? (
            <Button type="submit" name="intent" value="unpublish" variant="secondary" disabled={submitting}>
              Enregistrer et repasser en brouillon
            </Button>
          ) : (
            <Button type="submit" name="intent" value="publish" variant="secondary" disabled={submitting}>
              Enregistrer et publier
            </Button>
          )}
          <Link to="/admin/formations" className="text-sm font-medium underline">
            Retour à la liste
          </Link>
        </div>
      </Form>

      {unsavedChangesDialog}
    </>
  );
}
