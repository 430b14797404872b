import { ArrowDown, ArrowUp, Pencil, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "~/ui/link";
import { Badge } from "~/domain/accounts/components/admin-parts";
import { Button, ButtonLink } from "~/ui/button";
import { cn } from "~/ui/cn";
import { CheckboxField, FormErrorSummary, RequiredNote, SelectField, TextAreaField, TextField } from "~/ui/form/fields";
import { schemaValidator, useForm } from "~/ui/form/use-form";
import { answersLabel } from "../components";
import {
  CLAIM_KINDS,
  CLAIM_TABS,
  RESULT_MEASURES,
  RESULT_MEASURE_LABELS,
  bodySummary,
  type ClaimKind,
  type ResultFigure,
  type Testimonial,
  type WhyUsArgument,
} from "../claims";
import { formatDateFr, formatMonthFr } from "../format";
import { formatCount, plural } from "~/platform/format";

/** What the action answers when it refuses a form (a success redirects with a toast). */
export interface ClaimsReply {
  kind: ClaimKind;
  id?: string;
  errors?: Record<string, string>;
  formError?: string;
  values?: Record<string, unknown>;
}

export type ClaimRecord = Testimonial | ResultFigure | WhyUsArgument;

export function claimsHref(kind: ClaimKind, edit?: string): string {
  const base = `/admin/temoignages?onglet=${CLAIM_TABS[kind].tab}`;
  return edit ? `${base}&modifier=${encodeURIComponent(edit)}` : base;
}

/** The three tabs (links: they work without JavaScript and can be bookmarked). */
export function ClaimTabs({ current, counts }: { current: ClaimKind; counts: Record<ClaimKind, number> }) {
  return (
    <nav aria-label="Types de contenus" className="border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex flex-wrap gap-1">
        {CLAIM_KINDS.map((k) => (
          <li key={k}>
            <Link
              to={claimsHref(k)}
              aria-current={k === current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center gap-2 border-b-2 px-4 text-sm font-semibold",
                k === current
                  ? "border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-200"
                  : "border-transparent text-slate-700 hover:border-slate-300 dark:text-slate-300",
              )}
            >
              {CLAIM_TABS[k].label}
              <span className="rounded-full bg-slate-100 px-2 text-xs tabular-nums dark:bg-slate-800">{counts[k]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const LABELS: Record<ClaimKind, Record<string, string>> = {
  testimonial: {
    quote: "Témoignage",
    firstName: "Prénom",
    lastInitial: "Initiale du nom",
    context: "Entreprise ou fonction",
    formationId: "Formation du catalogue",
    formationTitle: "Formation suivie (texte libre)",
    givenOn: "Date du témoignage",
    rating: "Note",
    consent: "Accord écrit",
    consentOn: "Date de l'accord",
    published: "Publication",
  },
  result: {
    figure: "Chiffre publié",
    label: "Ce que mesure le chiffre",
    period: "Période mesurée",
    sampleSize: "Nombre de réponses",
    measuredOn: "Date de la mesure",
    measure: "Mesure calculée par les questionnaires",
  },
  argument: { title: "Titre", body: "Texte" },
};

const NEW_TITLE: Record<ClaimKind, string> = {
  testimonial: "Nouveau témoignage",
  result: "Nouveau résultat",
  argument: "Nouvel argument",
};

const EDIT_TITLE: Record<ClaimKind, string> = {
  testimonial: "Modifier le témoignage",
  result: "Modifier le résultat",
  argument: "Modifier l'argument",
};

function str(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
}

/** The editing values of a record (the form's field names). */
export function valuesOf(kind: ClaimKind, record: ClaimRecord | undefined): Record<string, unknown> {
  if (!record) return kind === "testimonial" ? { givenOn: new Date().toISOString().slice(0, 10) } : {};
  if (kind === "testimonial") {
    const t = record as Testimonial;
    return {
      ...t,
      formationId: t.formationId ?? "",
      rating: t.rating ? String(t.rating) : "",
      consent: t.consent ? "on" : undefined,
      consentOn: t.consentOn ?? "",
      published: t.published ? "on" : undefined,
    };
  }
  if (kind === "result") return { ...record, sampleSize: String((record as ResultFigure).sampleSize) };
  return { ...record };
}

/** The create/edit form of one record. */
export function ClaimForm({
  kind,
  id,
  values,
  reply,
  formations,
}: {
  kind: ClaimKind;
  id?: string;
  values: Record<string, unknown>;
  reply?: ClaimsReply;
  formations: Array<{ id: string; title: string }>;
}) {
  const formId = `${kind}-form`;
  const own = reply && reply.kind === kind && (reply.id ?? "") === (id ?? "") ? reply : undefined;
  const form = useForm({
    id: formId,
    reply: own,
    validator: () => import("../claims-schema").then((m) => schemaValidator(m.CLAIM_SCHEMAS[kind])),
  });
  const v = own?.values ?? values;
  const e = form.errors;
  const common = { form: formId };
  let fields: ReactNode;
  if (kind === "testimonial") {
    fields = (
      <>
        <TextAreaField
          {...common}
          name="quote"
          label={LABELS.testimonial.quote!}
          required
          rows={5}
          maxLength={1200}
          defaultValue={str(v, "quote")}
          error={e.quote}
          hint="Les mots du stagiaire, tels qu'il les a écrits (fautes de frappe corrigées)."
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem_2fr]">
          <TextField
            {...common}
            name="firstName"
            label={LABELS.testimonial.firstName!}
            required
            maxLength={60}
            defaultValue={str(v, "firstName")}
            error={e.firstName}
          />
          <TextField
            {...common}
            name="lastInitial"
            label={LABELS.testimonial.lastInitial!}
            required
            maxLength={4}
            defaultValue={str(v, "lastInitial")}
            error={e.lastInitial}
            hint="Exemple&nbsp;: M."
          />
          <TextField
            {...common}
            name="context"
            label={LABELS.testimonial.context!}
            required
            maxLength={200}
            defaultValue={str(v, "context")}
            error={e.context}
            hint="Exemple&nbsp;: Assistante de direction, PME industrielle"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            {...common}
            name="formationId"
            label={LABELS.testimonial.formationId!}
            placeholder="Aucune (pas de lien)"
            defaultValue={str(v, "formationId")}
            groups={[{ options: formations.map((f) => ({ value: f.id, label: f.title })) }]}
            error={e.formationId}
            hint="Le témoignage renvoie vers sa fiche tant qu'elle est publiée."
          />
          <TextField
            {...common}
            name="formationTitle"
            label={LABELS.testimonial.formationTitle!}
            maxLength={200}
            defaultValue={str(v, "formationTitle")}
            error={e.formationTitle}
            hint="Affiché à la place du titre de la fiche s'il est rempli."
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...common}
            name="givenOn"
            type="date"
            label={LABELS.testimonial.givenOn!}
            required
            defaultValue={str(v, "givenOn")}
            error={e.givenOn}
          />
          <SelectField
            {...common}
            name="rating"
            label={LABELS.testimonial.rating!}
            placeholder="Pas de note"
            defaultValue={str(v, "rating")}
            groups={[{ options: [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} sur 5` })) }]}
            error={e.rating}
          />
        </div>
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">Accord et publication</legend>
          <CheckboxField
            {...common}
            name="consent"
            label="L'auteur a donné son accord écrit pour publier ce témoignage"
            defaultChecked={Boolean(v.consent)}
            error={e.consent}
          />
          <TextField
            {...common}
            name="consentOn"
            type="date"
            label={LABELS.testimonial.consentOn!}
            defaultValue={str(v, "consentOn")}
            error={e.consentOn}
            className="max-w-xs"
          />
          <CheckboxField
            {...common}
            name="published"
            label="Publier sur le site (page Témoignages et accueil)"
            defaultChecked={Boolean(v.published)}
            error={e.published}
          />
        </fieldset>
      </>
    );
  } else if (kind === "result") {
    fields = (
      <>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <TextField
            {...common}
            name="figure"
            label={LABELS.result.figure!}
            required
            maxLength={30}
            defaultValue={str(v, "figure")}
            error={e.figure}
            hint="Exemple&nbsp;: 95&nbsp;%"
          />
          <TextField
            {...common}
            name="label"
            label={LABELS.result.label!}
            required
            maxLength={200}
            defaultValue={str(v, "label")}
            error={e.label}
            hint="Exemple&nbsp;: de stagiaires satisfaits ou très satisfaits"
          />
        </div>
        <TextField
          {...common}
          name="period"
          label={LABELS.result.period!}
          required
          maxLength={200}
          defaultValue={str(v, "period")}
          error={e.period}
          hint="Exemple&nbsp;: formations terminées du 1er janvier au 31 décembre 2025"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...common}
            name="sampleSize"
            label={LABELS.result.sampleSize!}
            required
            inputMode="numeric"
            defaultValue={str(v, "sampleSize")}
            error={e.sampleSize}
          />
          <TextField
            {...common}
            name="measuredOn"
            type="date"
            label={LABELS.result.measuredOn!}
            required
            defaultValue={str(v, "measuredOn")}
            error={e.measuredOn}
          />
        </div>
        <SelectField
          {...common}
          name="measure"
          label={LABELS.result.measure!}
          defaultValue={str(v, "measure")}
          error={e.measure}
          hint="Les questionnaires calculent désormais la satisfaction, la note moyenne et la recommandation&nbsp;: un chiffre saisi qui mesure l'une d'elles n'est publié que pour une période antérieure aux questionnaires en ligne, avec la mention «&nbsp;chiffre saisi&nbsp;»."
          groups={[{ options: RESULT_MEASURES.map((m) => ({ value: m, label: RESULT_MEASURE_LABELS[m] })) }]}
        />
      </>
    );
  } else {
    fields = (
      <>
        <TextField
          {...common}
          name="title"
          label={LABELS.argument.title!}
          required
          maxLength={160}
          defaultValue={str(v, "title")}
          error={e.title}
        />
        <TextAreaField
          {...common}
          name="body"
          label={LABELS.argument.body!}
          required
          rows={8}
          maxLength={3000}
          defaultValue={str(v, "body")}
          error={e.body}
          hint="Séparez les paragraphes par une ligne vide&nbsp;; une ligne qui commence par «&nbsp;-&nbsp;» devient un point de liste. L'accueil affiche le premier paragraphe."
        />
      </>
    );
  }
  return (
    <section
      aria-labelledby={`${formId}-titre-section`}
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${formId}-titre-section`} className="text-lg font-bold">
        {id ? EDIT_TITLE[kind] : NEW_TITLE[kind]}
      </h2>
      <RequiredNote />
      <Form method="post" {...form.formProps} className="mt-4 space-y-4">
        <FormErrorSummary form={form} labels={LABELS[kind]} />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="kind" value={kind} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        {fields}
        <div className="flex flex-wrap gap-3">
          <Button type="submit">{id ? "Enregistrer" : "Ajouter"}</Button>
          <ButtonLink to={claimsHref(kind)} variant="secondary">
            Annuler
          </ButtonLink>
        </div>
      </Form>
    </section>
  );
}

function RowButton({
  kind,
  id,
  intent,
  label,
  children,
  confirm,
}: {
  kind: ClaimKind;
  id: string;
  intent: string;
  label: string;
  children: ReactNode;
  confirm?: string;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        size="sm"
        variant={intent === "delete" ? "dangerGhost" : "ghost"}
        aria-label={label}
        title={label}
        onClick={
          confirm
            ? (event) => {
                if (!window.confirm(confirm)) event.preventDefault();
              }
            : undefined
        }
      >
        {children}
      </Button>
    </Form>
  );
}

function describe(kind: ClaimKind, r: ClaimRecord): { title: string; detail: string; badges: ReactNode } {
  if (kind === "testimonial") {
    const t = r as Testimonial;
    return {
      title: `${t.firstName} ${t.lastInitial} · ${t.context}`,
      detail: `«\u00a0${t.quote.length > 140 ? `${t.quote.slice(0, 140)}…` : t.quote}\u00a0» · ${formatMonthFr(t.givenOn)}${
        t.consent && t.consentOn ? ` · accord du ${formatDateFr(t.consentOn)}` : " · sans accord enregistré"
      }`,
      badges: (
        <>
          {t.published ? <Badge tone="green">Publié</Badge> : <Badge tone="grey">Non publié</Badge>}
          {t.isDemo ? <Badge tone="amber">Démonstration</Badge> : null}
        </>
      ),
    };
  }
  if (kind === "result") {
    const f = r as ResultFigure;
    return {
      title: `${f.figure} ${f.label}`,
      detail: `${f.period} · ${answersLabel(f.sampleSize)} · mesuré le ${formatDateFr(f.measuredOn)}`,
      badges: f.isDemo ? <Badge tone="amber">Démonstration</Badge> : null,
    };
  }
  const a = r as WhyUsArgument;
  return { title: a.title, detail: bodySummary(a.body), badges: a.isDemo ? <Badge tone="amber">Démonstration</Badge> : null };
}

const EMPTY: Record<ClaimKind, string> = {
  testimonial: "Aucun témoignage. Tant qu'aucun n'est publié, le site n'en affiche aucun.",
  result: "Aucun résultat. Tant qu'il n'y en a pas, le site ne publie aucun chiffre.",
  argument: "Aucun argument. Tant qu'il n'y en a pas, la section « Pourquoi nous choisir » de l'accueil est masquée.",
};

/** The ordered list of one kind, with its row actions. */
export function ClaimList({ kind, records }: { kind: ClaimKind; records: ClaimRecord[] }) {
  if (records.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-300">{EMPTY[kind]}</p>;
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {records.map((r, index) => {
        const d = describe(kind, r);
        return (
          <li key={r.id} className="flex flex-wrap items-start gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {d.title} {d.badges}
              </p>
              <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{d.detail}</p>
            </div>
            <div className="flex flex-wrap items-center gap-1">
              <Link
                to={claimsHref(kind, r.id)}
                className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
              >
                <Pencil aria-hidden="true" className="size-4" />
                Modifier<span className="sr-only"> : {d.title}</span>
              </Link>
              {index > 0 ? (
                <RowButton kind={kind} id={r.id} intent="up" label={`Monter\u00a0: ${d.title}`}>
                  <ArrowUp aria-hidden="true" className="size-4" />
                </RowButton>
              ) : null}
              {index < records.length - 1 ? (
                <RowButton kind={kind} id={r.id} intent="down" label={`Descendre\u00a0: ${d.title}`}>
                  <ArrowDown aria-hidden="true" className="size-4" />
                </RowButton>
              ) : null}
              <RowButton
                kind={kind}
                id={r.id}
                intent="delete"
                label={`Supprimer\u00a0: ${d.title}`}
                confirm={`Supprimer «\u00a0${d.title}\u00a0»\u00a0?`}
              >
                Supprimer
              </RowButton>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Add link and the demo notice above a list. */
export function ClaimToolbar({ kind, demoCount }: { kind: ClaimKind; demoCount: number }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <ButtonLink to={claimsHref(kind, "nouveau")}>
        <Plus aria-hidden="true" className="size-4" />
        {NEW_TITLE[kind]}
      </ButtonLink>
      {demoCount > 0 ? (
        <Form
          method="post"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          <span>
            {formatCount(demoCount, "exemple de démonstration", "exemples de démonstration")}, {plural(demoCount, "inventé", "inventés")}
            &nbsp;: à remplacer avant la mise en ligne.
          </span>
          <input type="hidden" name="intent" value="delete-demo" />
          <input type="hidden" name="kind" value={kind} />
          <Button type="submit" size="sm" variant="secondary">
            {demoCount === 1 ? "Le supprimer" : "Les supprimer"}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
