import { HalfDayAttendance, HalfDayNav } from "~/domain/attendance/components/staff-screen";
import type { StaffSheet } from "~/domain/attendance/sheet.server";
import { FeedLink } from "~/domain/trainers/components/feed-link";
import type { TrainerSessionItem, TrainerSessionPage, TrainerSpaceHome } from "../trainer-space.server";
import { card, DocumentsSection, OverviewList, Panel, ScheduleList } from "./space-pages";

/**
 * The screens of the trainer's space (docs/decisions/0031-trainer-space.md): the sessions they
 * teach, a session's half-days, trainees (names and company only), accessibility needs and
 * documents, their calendar subscription, and the attendance of the half-days they teach.
 */

const sessionItems = (items: TrainerSessionItem[]) =>
  items.map((s) => ({ key: s.sessionId, href: s.href, title: s.formationTitle, detail: `${s.dates} · ${s.place} · ${s.share}` }));

/** /espace/formateur, signed in: upcoming and past sessions, the calendar subscription. */
export function TrainerHomeSections({ home, feedUrl }: { home: TrainerSpaceHome; feedUrl: string | undefined }) {
  return (
    <>
      <p>Bonjour {home.name}.</p>
      {home.upcoming.length === 0 && home.past.length === 0 ? (
        <p className={card}>Aucune session ne vous est affectée pour l'instant.</p>
      ) : null}
      <OverviewList id="sessions-a-venir" title="Vos prochaines sessions" items={sessionItems(home.upcoming)} />
      <OverviewList id="sessions-passees" title="Vos sessions passées" items={sessionItems(home.past)} />
      <div className={card}>
        <FeedLink audience="trainer" active={home.feedActive} url={feedUrl} />
      </div>
    </>
  );
}

/** /espace/formateur/sessions/{id}: one session the trainer teaches. */
export function TrainerSessionSections({ page }: { page: TrainerSessionPage }) {
  return (
    <>
      <Panel id="la-session" title="La session">
        <ScheduleList schedule={page.schedule} />
      </Panel>
      <Panel id="mes-demi-journees" title={page.complete ? "Vous animez toute la session" : "Les demi-journées que vous animez"}>
        <ul className="mt-3 space-y-1">
          {page.halfDays.map((h) => (
            <li key={h.label}>
              {h.label}, {h.hours}
            </li>
          ))}
        </ul>
        {page.coTrainers.length ? <p className="mt-3">Avec&nbsp;: {page.coTrainers.join(", ")}.</p> : null}
      </Panel>
      <Panel id="stagiaires" title={`Stagiaires (${page.trainees.length})`}>
        {page.trainees.length ? (
          <ul className="mt-3 space-y-1" data-testid="stagiaires-formateur">
            {page.trainees.map((t, i) => (
              <li key={`${t.lastName}-${t.firstName}-${i}`}>
                {t.firstName} {t.lastName}
                {t.company ? ` — ${t.company}` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3">Aucun stagiaire inscrit pour l'instant.</p>
        )}
      </Panel>
      {page.needs.length || page.disabilityContact ? (
        <Panel id="adaptations" title="Besoins d'adaptation">
          {page.needs.length ? (
            <ul className="mt-3 space-y-2">
              {page.needs.map((n) => (
                <li key={n.who}>
                  <strong>{n.who}</strong>&nbsp;: {n.needs}
                </li>
              ))}
            </ul>
          ) : null}
          {page.disabilityContact ? (
            <p className="mt-3">
              Référent handicap de la formation&nbsp;: {page.disabilityContact.name},{" "}
              <a href={`mailto:${page.disabilityContact.email}`}>{page.disabilityContact.email}</a>
            </p>
          ) : null}
        </Panel>
      ) : null}
      <DocumentsSection id="documents-session" title="Documents de la session" documents={page.documents} />
      <DocumentsSection id="documents-mission" title="Vos documents de mission" documents={page.missionDocuments} />
    </>
  );
}

/**
 * The attendance of the half-days the trainer teaches (README « Émargement en ligne »): staff's
 * half-day screen without staff's extras; once closed, the trainer reads it and no longer changes it.
 */
export function TrainerAttendance({ sheet, reply }: { sheet: StaffSheet; reply: { ok: boolean; message: string } | undefined }) {
  const selected = sheet.selected;
  return (
    <Panel id="emargement" title="Émargement">
      <div className="mt-3 space-y-6">
        <p>
          Affichez le QR code ou le code de la salle pour que les stagiaires signent, notez les absences, retards et départs anticipés, puis
          contre-signez pour clore la demi-journée.
        </p>
        {reply ? (
          <p
            role={reply.ok ? "status" : "alert"}
            className={`rounded-lg border p-3 ${reply.ok ? "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100" : "border-red-300 bg-red-50 text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-100"}`}
          >
            {reply.message}
          </p>
        ) : null}
        <HalfDayNav sheet={sheet} />
        {selected ? <HalfDayAttendance sheet={sheet} level={3} locked={Boolean(selected.closed)} /> : null}
      </div>
    </Panel>
  );
}
