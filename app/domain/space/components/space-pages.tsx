import { CalendarDays, Clock, Download, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { PageIntro } from "~/domain/content/components";
import type { FieldErrors } from "~/platform/validation/errors";
import { Button, buttonClass } from "~/ui/button";
import { FormErrorSummary, TextField } from "~/ui/form/fields";
import { SpamGuards } from "~/ui/form/public-form";
import { schemaValidator, useForm, type Validator } from "~/ui/form/use-form";
import { Link } from "~/ui/link";
import { DOOR_TEXTS, type DoorName } from "../doors";
import type { ScheduleText } from "~/domain/registrations/mail-content.server";
import type { SpaceDocument, SpaceOverview, TraineeSpacePage } from "../space.server";

/**
 * The screens of the spaces (docs/decisions/0029-space-sign-in-by-link.md): the sign-in page, the
 * link's page and the frame serve every door (the client's and trainee's, the trainer's); the
 * sections below are the client's and trainee's.
 */

export interface SignInReply {
  /** The answer given whether the address is known or not. */
  sent?: string;
  errors: FieldErrors;
  values: Record<string, unknown>;
  formError?: string;
  token?: string;
}

const validator = (): Promise<Validator> => import("../model").then(({ spaceSignInSchema }) => schemaValidator(spaceSignInSchema));

/** A space's home without a session (/espace, /espace/formateur): the address a link is asked for. */
export function SignInPage({
  door,
  token,
  suite,
  reply,
  notice,
}: {
  door: DoorName;
  token: string;
  suite: string;
  reply: SignInReply | undefined;
  notice?: string;
}) {
  const form = useForm({ id: "espace", reply: reply?.sent ? undefined : reply, validator });
  const email = !reply?.sent && typeof reply?.values.email === "string" ? reply.values.email : "";
  const texts = DOOR_TEXTS[door];
  return (
    <>
      <PageIntro eyebrow={texts.eyebrow} title="Accéder à votre espace">
        <p>{texts.intro}</p>
      </PageIntro>
      <div className="mx-auto max-w-xl px-4 py-10">
        {notice ? (
          <p
            role="status"
            className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {notice}
          </p>
        ) : null}
        {reply?.sent ? (
          <p
            role="status"
            data-testid="lien-envoye"
            className="mb-6 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
          >
            {reply.sent}
          </p>
        ) : null}
        <Form method="post" {...form.formProps} aria-labelledby="demander-lien" className="space-y-5">
          <h2 id="demander-lien" className="text-lg font-bold text-slate-900 dark:text-white">
            Recevoir un lien de connexion
          </h2>
          <FormErrorSummary form={form} labels={{ email: "Adresse e-mail" }} />
          <SpamGuards token={reply?.token ?? token} />
          <input type="hidden" name="suite" value={suite} />
          <input type="hidden" name="intent" value="demander" />
          <TextField
            form="espace"
            name="email"
            type="email"
            label="Adresse e-mail"
            autoComplete="email"
            inputMode="email"
            required
            hint={texts.hint}
            defaultValue={email}
            error={form.errors.email}
          />
          <Button type="submit">Recevoir le lien</Button>
        </Form>
        <p className="mt-8 text-sm text-slate-700 dark:text-slate-300">
          Le lien est valable 15&nbsp;minutes et ne sert qu'une fois&#8239;; votre espace reste ouvert sur cet appareil 30&nbsp;jours après
          votre dernière visite, ou jusqu'à ce que vous vous déconnectiez.
        </p>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          {texts.other.text} <Link to={texts.other.home}>{texts.other.link}</Link>. Vous êtes de l'équipe&#8239;? L'administration se trouve
          sur <Link to="/login">la page de connexion de l'équipe</Link>.
        </p>
      </div>
    </>
  );
}

/** The header of every page of a space: who is signed in, « Se déconnecter » (of this space only). */
export function SpaceFrame({
  door = "espace",
  email,
  title,
  eyebrow,
  back,
  children,
}: {
  door?: DoorName;
  email: string;
  title: string;
  eyebrow: string;
  back?: boolean;
  children: ReactNode;
}) {
  const home = DOOR_TEXTS[door].home;
  return (
    <>
      <PageIntro eyebrow={eyebrow} title={title}>
        <p className="text-base">
          Adresse de connexion&nbsp;: <strong className="break-all">{email}</strong>
        </p>
      </PageIntro>
      <div className="mx-auto max-w-4xl space-y-10 px-4 py-10">
        <nav aria-label="Espace" className="flex flex-wrap items-center gap-4">
          {back ? <Link to={home}>← Retour à votre espace</Link> : null}
          <Form method="post" action={home} className="ml-auto">
            <input type="hidden" name="intent" value="deconnexion" />
            <Button type="submit" variant="secondary" size="sm">
              Se déconnecter
            </Button>
          </Form>
        </nav>
        {children}
      </div>
    </>
  );
}

export const card = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";
const heading = "text-lg font-bold text-slate-900 dark:text-white";

/** The space's home: the registrations of a contact, the sessions of a trainee (a section only when it has something). */
export function OverviewSections({ overview }: { overview: SpaceOverview }) {
  const questionnaires = (
    <OverviewList
      id="mes-questionnaires"
      title="Vos questionnaires"
      items={overview.questionnaires.map((q) => ({
        key: q.id,
        href: q.href,
        title: q.toAnswer ? `${q.title} (à remplir)` : q.title,
        detail: q.detail,
      }))}
    />
  );
  if (overview.asContact.length === 0 && overview.asTrainee.length === 0 && overview.questionnaires.length === 0)
    return (
      <>
        <p className={card}>
          Vous n'avez plus d'inscription en cours avec cette adresse. Pour une nouvelle formation, consultez{" "}
          <Link to="/formations">le catalogue</Link>.
        </p>
        <ComplaintLink />
        <PersonalData />
      </>
    );
  return (
    <>
      <OverviewList
        id="mes-inscriptions"
        title="Vos inscriptions"
        items={overview.asContact.map((r) => ({
          key: r.id,
          href: r.href,
          title: `${r.formationTitle} — ${r.reference}`,
          detail: `${r.datesLabel} · ${r.trainees} stagiaire${r.trainees > 1 ? "s" : ""} · Statut\u00a0: ${r.statusLabel}`,
        }))}
      />
      <OverviewList
        id="mes-formations"
        title="Vos formations"
        items={overview.asTrainee.map((t) => ({ key: t.registrationId, href: t.href, title: t.formationTitle, detail: t.datesLabel }))}
      />
      {questionnaires}
      <ComplaintLink />
      <PersonalData />
    </>
  );
}

/** Where a complaint is sent from the space (Qualiopi indicator 31). */
function ComplaintLink() {
  return (
    <section aria-labelledby="reclamations" className="mt-8">
      <h2 id="reclamations" className="text-lg font-semibold">
        Réclamations
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Un problème avec une formation, une inscription ou un document&#8239;?{" "}
        <Link to="/espace/reclamation" className="font-medium underline">
          Faire une réclamation
        </Link>
        &nbsp;: elle reçoit une réponse écrite, que vous retrouvez ici.
      </p>
    </section>
  );
}

/** The person's right of access and portability (RGPD art. 15 and 20): everything kept about them, as a file. */
function PersonalData() {
  return (
    <section aria-labelledby="mes-donnees" className="mt-8">
      <h2 id="mes-donnees" className="text-lg font-semibold">
        Vos données personnelles
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Le fichier contient ce que nous conservons à votre sujet&nbsp;: vos inscriptions, vos participations, vos réponses aux
        questionnaires, vos réclamations et les accès à votre espace.{" "}
        <a href="/espace/mes-donnees.json" download className="font-medium underline">
          Télécharger mes données (JSON)
        </a>
      </p>
    </section>
  );
}

/** One list of a space's home, each item a link to its page (nothing when the list is empty). */
export function OverviewList({
  id,
  title,
  items,
}: {
  id: string;
  title: string;
  items: Array<{ key: string; href: string; title: string; detail: string }>;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className={heading}>
        {title}
      </h2>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.key} className={card}>
            <p className="font-semibold">
              <Link to={item.href}>{item.title}</Link>
            </p>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{item.detail}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A framed section of a space, with its heading. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Documents to download (a section only when there is one). */
export function DocumentsSection({
  documents,
  id = "documents",
  title = "Documents",
}: {
  documents: SpaceDocument[];
  id?: string;
  title?: string;
}) {
  if (documents.length === 0) return null;
  return (
    <Panel id={id} title={title}>
      <ul className="mt-3 space-y-2">
        {documents.map((d) => (
          <li key={d.id}>
            <a href={d.href} className="inline-flex items-center gap-2 underline" download>
              <Download aria-hidden="true" className="size-4 shrink-0" />
              {d.label} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The contact's trainees when they can no longer be changed online (names and e-mails). */
export function TraineesList({ trainees }: { trainees: Array<{ prenom: string; nom: string; email: string }> }) {
  return (
    <Panel id="liste-stagiaires" title="Stagiaires">
      <ul className="mt-3 space-y-1">
        {trainees.map((t) => (
          <li key={t.email}>
            {t.prenom} {t.nom} — <span className="break-all">{t.email}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** A session's dates, daily hours and place, each with its icon. */
export function ScheduleList({ schedule }: { schedule: ScheduleText }) {
  const row = "flex items-start gap-3";
  const icon = "mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300";
  return (
    <ul className="mt-4 space-y-3">
      <li className={row}>
        <CalendarDays aria-hidden="true" className={icon} />
        <span>{schedule.dates}</span>
      </li>
      <li className={row}>
        <Clock aria-hidden="true" className={icon} />
        <span>Chaque jour {schedule.hours}</span>
      </li>
      <li className={row}>
        <MapPin aria-hidden="true" className={icon} />
        <span>{schedule.place}</span>
      </li>
    </ul>
  );
}

/** A trainee's page: their session, calendar file, documents, whom to contact. */
export function TraineeSections({ page }: { page: TraineeSpacePage }) {
  return (
    <>
      <Panel id="ma-session" title="Votre session">
        <ScheduleList schedule={page.schedule} />
        <p className="mt-4">
          <a href={page.calendarHref} className={buttonClass("secondary", "sm")} download>
            Ajouter à mon agenda (.ics)
          </a>
        </p>
      </Panel>
      <Panel id="emargement" title="Émargement">
        <p className="mt-3">Pendant chaque demi-journée, signez votre présence depuis votre téléphone.</p>
        <p className="mt-3">
          <Link to={page.signHref} className={buttonClass("primary", "sm")}>
            Signer ma présence
          </Link>
        </p>
      </Panel>
      <DocumentsSection documents={page.documents} />
      <Panel id="contacts" title="Vos contacts">
        <p className="mt-3">
          {page.organisation.name}&nbsp;: <a href={`mailto:${page.organisation.email}`}>{page.organisation.email}</a>,{" "}
          <a href={`tel:${page.organisation.phone.replace(/\s/g, "")}`}>{page.organisation.phone}</a>
        </p>
        {page.disabilityContact ? (
          <p className="mt-2">
            Pour un besoin d'adaptation (handicap)&nbsp;: {page.disabilityContact.name},{" "}
            <a href={`mailto:${page.disabilityContact.email}`}>{page.disabilityContact.email}</a>
          </p>
        ) : null}
      </Panel>
    </>
  );
}

/**
 * /espace/connexion/…: the link is used by a button (a mail scanner that opens links does not use it
 * up). `home`: where a refused link's person asks for a new one (their door's sign-in page).
 */
export function UseLinkPage({ error, home = "/espace" }: { error?: string; home?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{error ? "Lien non valable" : "Ouvrir votre espace"}</h1>
      {error ? (
        <>
          <p className="mt-4">{error}</p>
          <p className="mt-6">
            <Link to={home} className={buttonClass("primary")}>
              Demander un nouveau lien
            </Link>
          </p>
        </>
      ) : (
        <Form method="post" className="mt-6">
          <Button type="submit">Ouvrir mon espace</Button>
        </Form>
      )}
    </div>
  );
}
