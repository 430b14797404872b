import { randomUUID } from "node:crypto";
import { sessionDatesLabel } from "~/domain/formations/labels";
import { addDays, parisTimeToInstant } from "~/domain/registrations/calendar";
import { contactSpaceLine, traineeSpaceLine } from "~/domain/registrations/space-links";
import { getOrganisation, staffAddress } from "~/domain/settings/settings.server";
import { config } from "~/platform/config.server";
import { atomically, db, type Db } from "~/platform/db/db.server";
import { enqueueMail, signalMailQueued } from "~/platform/email/queue.server";
import { parisCalendarDay } from "~/platform/intl";
import { log } from "~/platform/log.server";
import { invitationLink } from "./links.server";
import { PERSON_OF_USE, type QuestionnaireUse } from "./model";
import { activeQuestionnaire, ensureOrganisationQuestionnaires, financersOf, getQuestionnaireSettings } from "./questionnaires.server";
import { refreshPublishedRates } from "./rates.server";

/**
 * Sending the questionnaires, and their one reminder (README « Questionnaires »): a periodic task
 * of the housekeeping (app/composition/housekeeping.server.ts, the leader's job runner). Each
 * e-mail goes through the mail queue, in the transaction that writes its invitation. The UNIQUE
 * (use, person_key, scope) of `questionnaire_invitations` sends each questionnaire once per person
 * and session (or year), even when two instances run this at the same moment; a reminder is
 * claimed by an UPDATE … WHERE reminded_at IS NULL AND state <> 'repondue', so it goes once, and
 * never after the answer.
 *
 * - à chaud, assessment quiz: each trainee, at the end of the session (its last day's end time);
 * - client: the contact of each registration, at the same time;
 * - trainer: each trainer assigned to the session, at the same time;
 * - à froid: each trainee, `coldDays` after the session's last day;
 * - positioning: each trainee of a confirmed registration, before the session starts;
 * - financer: each OPCO or company that funded sessions of the last year, from the month set,
 *   at the address staff typed.
 * Sessions that ended more than SEND_WINDOW_DAYS ago are left alone: switching the questionnaires
 * on never writes to the trainees of old sessions.
 */

export const SEND_WINDOW_DAYS = 14;
/** A reminder is sent only within this many days after its delay (an old invitation is not reminded). */
const REMIND_WINDOW_DAYS = 30;

const TRAINEE_STATUSES = ["recue", "confirmee"] as const;

interface Target {
  use: QuestionnaireUse;
  personKey: string;
  scope: string;
  email: string;
  name: string;
  firstName: string;
  formationId: string | null;
  formationTitle: string;
  sessionId: string | null;
  sessionEnd: string | null;
  datesLabel: string;
  registrationId: string | null;
  year?: number;
}

interface MailContext {
  siteUrl: string;
  orgName: string;
  staff: string;
}

const q = (s: string) => `«\u00a0${s}\u00a0»`;

/** The e-mail of an invitation, or of its reminder: the signed link to the answer page, and the person's space. */
export function invitationMail(t: Target, link: string, ctx: MailContext, reminder: boolean): { subject: string; text: string } {
  const f = q(t.formationTitle);
  const when = t.datesLabel ? ` (${t.datesLabel})` : "";
  const opening: Record<QuestionnaireUse, string> = {
    a_chaud: `Votre formation ${f}${when} est terminée. Pouvez-vous nous dire comment elle s'est passée\u202f? Le questionnaire prend quelques minutes\u00a0:`,
    a_froid: `Il y a quelques mois, vous avez suivi la formation ${f}${when}. Que vous en reste-t-il aujourd'hui\u202f? Le questionnaire prend quelques minutes\u00a0:`,
    evaluation: `Pour terminer votre formation ${f}${when}, répondez au questionnaire d'évaluation de vos acquis\u00a0:`,
    positionnement: `Votre inscription à la formation ${f}${when} est confirmée. Avant la session, ce questionnaire de positionnement permet au formateur de connaître votre niveau et vos attentes\u00a0:`,
    client: `La session de formation ${f}${when} de vos collaborateurs est terminée. Votre avis sur notre prestation nous est précieux\u00a0:`,
    formateur: `La session ${f}${when} que vous avez animée est terminée. Merci de nous faire part de votre bilan\u00a0:`,
    financeur: `Vous avez financé en ${t.year ?? ""} des formations réalisées par ${ctx.orgName || "notre organisme"}. Votre appréciation de notre collaboration nous aide à progresser\u00a0:`,
  };
  const subjects: Record<QuestionnaireUse, string> = {
    a_chaud: `Votre avis sur la formation ${f}`,
    a_froid: `Trois mois après\u00a0: votre formation ${f}`,
    evaluation: `Évaluation de vos acquis\u00a0: ${f}`,
    positionnement: `Avant votre formation ${f}\u00a0: questionnaire de positionnement`,
    client: `Votre avis sur la formation ${f}`,
    formateur: `Votre bilan de la session ${f}`,
    financeur: `Votre appréciation de notre collaboration en ${t.year ?? ""}`,
  };
  const space =
    t.registrationId && PERSON_OF_USE[t.use] === "stagiaire"
      ? traineeSpaceLine(ctx.siteUrl, t.registrationId)
      : t.registrationId && PERSON_OF_USE[t.use] === "contact"
        ? contactSpaceLine(ctx.siteUrl, t.registrationId)
        : "";
  const text = [
    t.firstName ? `Bonjour ${t.firstName},` : "Bonjour,",
    "",
    ...(reminder ? ["Vous n'avez pas encore répondu à notre questionnaire\u00a0: il n'est pas trop tard.", ""] : []),
    opening[t.use],
    link,
    "",
    "Vous pouvez enregistrer vos réponses en cours de route et les reprendre plus tard. Vos commentaires ne sont jamais publiés.",
    ...(space ? ["", space] : []),
    "",
    "Bien cordialement,",
    ctx.orgName,
  ].join("\n");
  return { subject: `${reminder ? "Rappel\u00a0: " : ""}${subjects[t.use]}`.slice(0, 300), text };
}

/** Writes one invitation and queues its e-mail, together; false when it already existed (sent before). */
async function invite(target: Db, questionnaireId: string, t: Target, ctx: MailContext, now: number): Promise<boolean> {
  return atomically(target, async (trx) => {
    const id = randomUUID();
    const iso = new Date(now).toISOString();
    const inserted = await trx
      .insertInto("questionnaire_invitations")
      .values({
        id,
        questionnaire_id: questionnaireId,
        use: t.use,
        person_kind: PERSON_OF_USE[t.use],
        person_key: t.personKey,
        scope: t.scope,
        version_id: null,
        formation_id: t.formationId,
        session_id: t.sessionId,
        session_end: t.sessionEnd,
        registration_id: t.registrationId,
        email: t.email.trim(),
        person_name: t.name.slice(0, 200),
        state: "envoyee",
        sent_at: iso,
        reminded_at: null,
        answered_at: null,
        overall: null,
        recommend: null,
        score: null,
        anonymised_at: null,
        created_at: iso,
        updated_at: iso,
      })
      .onConflict((oc) => oc.columns(["use", "person_key", "scope"]).doNothing())
      .returning("id")
      .execute();
    if (inserted.length === 0) return false;
    const mail = invitationMail(t, invitationLink(id, now), ctx, false);
    await enqueueMail(
      trx,
      { purpose: "questionnaire", to: t.email.trim(), replyTo: ctx.staff, registrationId: t.registrationId, ...mail },
      now,
    );
    return true;
  });
}

interface EndedSession {
  id: string;
  formationId: string;
  formationTitle: string;
  startDate: string;
  endDate: string;
}

/** The sessions whose last day is between `from` and `to` (included), ended at `now` (their last day's end time). */
async function sessionsEndedBetween(from: string, to: string, now: number, target: Db): Promise<EndedSession[]> {
  const rows = await target
    .selectFrom("formation_sessions as s")
    .innerJoin("formations as f", "f.id", "s.formation_id")
    .select(["s.id", "s.formation_id", "f.title", "s.start_date", "s.end_date", "s.day_end"])
    .where("s.end_date", ">=", from)
    .where("s.end_date", "<=", to)
    .execute();
  return rows
    .filter((r) => parisTimeToInstant(r.end_date, r.day_end || "17:00").getTime() <= now)
    .map((r) => ({ id: r.id, formationId: r.formation_id, formationTitle: r.title, startDate: r.start_date, endDate: r.end_date }));
}

/** What an invitation says of its session. */
const sessionTarget = (s: EndedSession) => ({
  formationId: s.formationId,
  formationTitle: s.formationTitle,
  sessionId: s.id,
  sessionEnd: s.endDate,
  scope: s.id,
  datesLabel: sessionDatesLabel(s.startDate, s.endDate),
});

/** Each trainee (with an address) of `sessions`' registrations in `statuses`: their session's part of an invitation, and theirs. */
async function traineesOf(sessions: EndedSession[], statuses: readonly string[], target: Db) {
  if (sessions.length === 0) return [];
  const rows = await target
    .selectFrom("registration_trainees as t")
    .innerJoin("registrations as r", "r.id", "t.registration_id")
    .select(["t.id", "t.first_name", "t.last_name", "t.email", "r.id as registration_id", "r.session_id"])
    .where(
      "r.session_id",
      "in",
      sessions.map((s) => s.id),
    )
    .where("r.status", "in", [...statuses])
    .where("t.email", "!=", "")
    .execute();
  return rows.map((t) => ({
    ...sessionTarget(sessions.find((s) => s.id === t.session_id)!),
    personKey: t.id,
    email: t.email,
    name: `${t.first_name} ${t.last_name}`,
    firstName: t.first_name,
    registrationId: t.registration_id,
  }));
}

/** The person keys already invited for a use and these scopes (so that only the missing ones are tried). */
async function alreadyInvited(use: QuestionnaireUse, scopes: string[], target: Db): Promise<Set<string>> {
  if (scopes.length === 0) return new Set();
  const rows = await target
    .selectFrom("questionnaire_invitations")
    .select(["person_key", "scope"])
    .where("use", "=", use)
    .where("scope", "in", scopes)
    .execute();
  return new Set(rows.map((r) => `${r.person_key}|${r.scope}`));
}

/** Everything due at `now`: the invitations to write, per use. */
async function dueTargets(now: number, target: Db): Promise<Target[]> {
  const settings = await getQuestionnaireSettings(target);
  const today = parisCalendarDay(new Date(now));
  const out: Target[] = [];

  // At the end of the session: à chaud and quiz (trainees), client (contacts), trainers.
  const ended = await sessionsEndedBetween(addDays(today, -SEND_WINDOW_DAYS), today, now, target);
  for (const t of await traineesOf(ended, TRAINEE_STATUSES, target)) {
    out.push({ use: "a_chaud", ...t });
    out.push({ use: "evaluation", ...t });
  }
  if (ended.length) {
    const contacts = await target
      .selectFrom("registrations")
      .select(["id", "contact_name", "contact_email", "session_id"])
      .where(
        "session_id",
        "in",
        ended.map((s) => s.id),
      )
      .where("status", "in", [...TRAINEE_STATUSES])
      .execute();
    for (const c of contacts) {
      const s = ended.find((x) => x.id === c.session_id)!;
      out.push({
        use: "client",
        ...sessionTarget(s),
        personKey: c.id,
        email: c.contact_email,
        name: c.contact_name,
        firstName: "",
        registrationId: c.id,
      });
    }
    const trainers = await target
      .selectFrom("trainer_slots as sl")
      .innerJoin("trainers as tr", "tr.id", "sl.trainer_id")
      .select(["tr.id", "tr.name", "tr.email", "sl.session_id"])
      .distinct()
      .where(
        "sl.session_id",
        "in",
        ended.map((s) => s.id),
      )
      .execute();
    for (const tr of trainers) {
      const s = ended.find((x) => x.id === tr.session_id)!;
      out.push({
        use: "formateur",
        ...sessionTarget(s),
        personKey: tr.id,
        email: tr.email,
        name: tr.name,
        firstName: "",
        registrationId: null,
      });
    }
  }

  // À froid: `coldDays` after the last day.
  const cold = await sessionsEndedBetween(
    addDays(today, -settings.coldDays - SEND_WINDOW_DAYS),
    addDays(today, -settings.coldDays),
    now,
    target,
  );
  for (const t of await traineesOf(cold, TRAINEE_STATUSES, target)) out.push({ use: "a_froid", ...t });

  // Positioning: confirmed registrations of sessions not started yet, for formations that have one.
  const positioning = await target
    .selectFrom("questionnaires")
    .select("formation_id")
    .where("use", "=", "positionnement")
    .where("active", "=", 1)
    .execute();
  const formationIds = positioning.map((p) => p.formation_id).filter((id): id is string => Boolean(id));
  if (formationIds.length) {
    const upcoming = await target
      .selectFrom("formation_sessions as s")
      .innerJoin("formations as f", "f.id", "s.formation_id")
      .select(["s.id", "s.formation_id", "f.title", "s.start_date", "s.end_date"])
      .where("s.formation_id", "in", formationIds)
      .where("s.start_date", ">", today)
      .execute();
    const sessions = upcoming.map((r) => ({
      id: r.id,
      formationId: r.formation_id,
      formationTitle: r.title,
      startDate: r.start_date,
      endDate: r.end_date,
    }));
    for (const t of await traineesOf(sessions, ["confirmee"], target)) out.push({ use: "positionnement", ...t });
  }

  // Financers: from the month set, for the sessions of last year, at the addresses typed by staff.
  const [year, month] = today.split("-").map(Number) as [number, number];
  if (month >= settings.financerMonth) {
    for (const f of await financersOf(year - 1, target)) {
      if (!f.email) continue;
      const stored = await target
        .selectFrom("questionnaire_financers")
        .select("id")
        .where("kind", "=", f.kind)
        .where("name", "=", f.name)
        .executeTakeFirst();
      if (!stored) continue;
      out.push({
        use: "financeur",
        personKey: stored.id,
        scope: String(year - 1),
        email: f.email,
        name: f.name,
        firstName: "",
        formationId: null,
        formationTitle: "",
        sessionId: null,
        sessionEnd: `${year - 1}-12-31`,
        datesLabel: "",
        registrationId: null,
        year: year - 1,
      });
    }
  }
  return out;
}

/** Sends what is due and the reminders; returns how many e-mails were queued. */
export async function dispatchQuestionnaires(target: Db = db(), now = Date.now()): Promise<number> {
  await ensureOrganisationQuestionnaires(target, new Date(now).toISOString());
  const [organisation, staff] = await Promise.all([getOrganisation(target), staffAddress(target)]);
  const ctx: MailContext = { siteUrl: config().siteUrl, orgName: organisation.name, staff };
  const due = await dueTargets(now, target);
  let queued = 0;
  let hot = false;
  const questionnaires = new Map<string, string | null>();
  for (const use of new Set(due.map((t) => t.use))) {
    const list = due.filter((t) => t.use === use);
    const done = await alreadyInvited(use, [...new Set(list.map((t) => t.scope))], target);
    for (const t of list) {
      if (done.has(`${t.personKey}|${t.scope}`)) continue;
      const key = `${use}|${t.formationId ?? ""}`;
      if (!questionnaires.has(key)) questionnaires.set(key, (await activeQuestionnaire(use, t.formationId, target))?.id ?? null);
      const questionnaireId = questionnaires.get(key);
      if (!questionnaireId) continue;
      if (await invite(target, questionnaireId, t, ctx, now)) {
        queued++;
        if (use === "a_chaud") hot = true;
      }
    }
  }
  queued += await sendReminders(target, now, ctx);
  // The first questionnaire sent starts the period of the computed figures (and ends the typed ones').
  if (hot) await refreshPublishedRates(target, now, []);
  if (queued > 0) {
    signalMailQueued();
    log.info("Questionnaires envoyés", { count: queued });
  }
  return queued;
}

/** The one reminder, `reminderDays` after the sending, to those who have not answered (positioning: before the session). */
async function sendReminders(target: Db, now: number, ctx: MailContext): Promise<number> {
  const { reminderDays } = await getQuestionnaireSettings(target);
  const due = new Date(now - reminderDays * 86_400_000).toISOString();
  const oldest = new Date(now - (reminderDays + REMIND_WINDOW_DAYS) * 86_400_000).toISOString();
  const today = parisCalendarDay(new Date(now));
  const rows = await target
    .selectFrom("questionnaire_invitations as i")
    .leftJoin("formation_sessions as s", "s.id", "i.session_id")
    .leftJoin("formations as f", "f.id", "i.formation_id")
    .selectAll("i")
    .select(["f.title as formation_title", "s.start_date", "s.end_date"])
    .where("i.state", "!=", "repondue")
    .where("i.reminded_at", "is", null)
    .where("i.anonymised_at", "is", null)
    .where("i.sent_at", "<=", due)
    .where("i.sent_at", ">", oldest)
    .execute();
  let sent = 0;
  for (const r of rows) {
    const use = r.use as QuestionnaireUse;
    if (use === "positionnement" && r.start_date && r.start_date <= today) continue;
    const reminded = await atomically(target, async (trx) => {
      const iso = new Date(now).toISOString();
      const claimed = await trx
        .updateTable("questionnaire_invitations")
        .set({ reminded_at: iso, updated_at: iso })
        .where("id", "=", r.id)
        .where("reminded_at", "is", null)
        .where("state", "!=", "repondue")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows ?? 0) !== 1) return false;
      const firstName = PERSON_OF_USE[use] === "stagiaire" ? await traineeFirstName(trx, r.person_key) : "";
      const t: Target = {
        use,
        personKey: r.person_key,
        scope: r.scope,
        email: r.email,
        name: r.person_name,
        firstName,
        formationId: r.formation_id,
        formationTitle: r.formation_title ?? "",
        sessionId: r.session_id,
        sessionEnd: r.session_end,
        datesLabel: r.start_date && r.end_date ? sessionDatesLabel(r.start_date, r.end_date) : "",
        registrationId: r.registration_id,
        year: use === "financeur" ? Number(r.scope) : undefined,
      };
      const mail = invitationMail(t, invitationLink(r.id, now), ctx, true);
      await enqueueMail(
        trx,
        { purpose: "questionnaire-rappel", to: r.email, replyTo: ctx.staff, registrationId: r.registration_id, ...mail },
        now,
      );
      return true;
    });
    if (reminded) sent++;
  }
  return sent;
}

async function traineeFirstName(target: Db, traineeId: string): Promise<string> {
  const row = await target.selectFrom("registration_trainees").select("first_name").where("id", "=", traineeId).executeTakeFirst();
  return row?.first_name ?? "";
}
