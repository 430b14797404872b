import { randomUUID } from "node:crypto";
import { purgeUnconfirmedAccounts } from "~/domain/accounts/unconfirmed.server";
import { purgeInactiveAccounts } from "~/domain/accounts/users.server";
import { deleteExpiredLeadsTask } from "~/domain/leads/worker.server";
import { eraseExpiredComplaints } from "~/domain/complaints/complaints.server";
import { sendDueReminders } from "~/domain/invoices/mail.server";
import { pruneRateLimitsTask } from "~/platform/intake/guard.server";
import { pruneUploadsTask } from "~/domain/catalogue-import/worker.server";
import { pruneAccountMailSends } from "~/platform/auth/account-mail-caps.server";
import { runBackup } from "~/platform/backup/backup.server";
import { nextBackupAt } from "~/platform/backup/schedule";
import { sweepWaitingLists } from "~/domain/registrations/registrations.server";
import { pruneOrphanDocumentFiles } from "~/domain/documents/orphans.server";
import { pruneOrphanTrainerFiles } from "~/domain/trainers/files.server";
import { pruneSpace } from "~/domain/space/sign-in.server";
import { dispatchQuestionnaires } from "~/domain/questionnaires/dispatch.server";
import { anonymiseExpiredAnswers } from "~/domain/questionnaires/people.server";
import { refreshPublishedRates } from "~/domain/questionnaires/rates.server";
import { pruneAttendance } from "~/domain/attendance/retention.server";
import { remindAndExpireSignatures } from "~/domain/signatures/signatures.server";
import { config } from "~/platform/config.server";
import { pruneOutbox } from "~/platform/email/mailer.server";
import { retentionCutoff } from "~/domain/leads/leads.server";
import { log } from "~/platform/log.server";
import { acquireLease, nextRunAt, releaseLease, setNextRunAt } from "~/platform/jobs/lease.server";
import type { JobKind } from "~/platform/jobs/runner.server";

/**
 * Housekeeping: idempotent tasks, each run at its own interval by one instance at a time. The
 * instance holding the "housekeeping" lease (the leader lock, renewed at every poll) runs the
 * tasks that are due; when it stops or crashes, another takes the lease within about a minute.
 * When each task is next due is kept in the database, so a restart does not run them again.
 */
export const HOUSEKEEPING_POLL_MS = 20_000;
const LEADER_LEASE = "housekeeping";

export interface HousekeepingTask {
  name: string;
  /** When the task is next due after a run at `now` (ms). */
  next: (now: number) => number;
  run: () => Promise<number>;
  /** When a task that never ran is first due (default: at once). */
  first?: (now: number) => number;
}

const every = (ms: number) => (now: number) => now + ms;

/** The scheduled backup (docs/decisions/0012-backups.md): at BACKUP_TIME (Paris), then every BACKUP_EVERY_HOURS. */
function backupTask(): HousekeepingTask[] {
  const { everyHours, time } = config().backup;
  if (everyHours === 0) return [];
  const next = (now: number) => nextBackupAt(new Date(now), time, everyHours).getTime();
  return [
    {
      name: "Sauvegarde de la base et des fichiers",
      next,
      first: next,
      run: async () => {
        const result = await runBackup();
        log.info("Sauvegarde terminée", { archive: result.name, size: result.size, location: result.location, deleted: result.deleted });
        return 0;
      },
    },
  ];
}

export const HOUSEKEEPING_TASKS: HousekeepingTask[] = [
  { name: "Demandes au-delà de la durée de conservation supprimées", next: every(6 * 60 * 60 * 1000), run: deleteExpiredLeadsTask },
  {
    name: "Réclamations au-delà de la durée de conservation\u00a0: données personnelles effacées",
    next: every(6 * 60 * 60 * 1000),
    run: () => eraseExpiredComplaints(),
  },
  { name: "Compteurs anti-abus expirés supprimés", next: every(6 * 60 * 60 * 1000), run: pruneRateLimitsTask },
  { name: "Comptes visiteurs inactifs depuis 3 ans supprimés", next: every(24 * 60 * 60 * 1000), run: () => purgeInactiveAccounts() },
  { name: "Comptes jamais confirmés supprimés", next: every(60 * 60 * 1000), run: () => purgeUnconfirmedAccounts() },
  { name: "Fichiers d'import téléversés expirés supprimés", next: every(60 * 60 * 1000), run: pruneUploadsTask },
  {
    name: "E-mails de la boîte d'envoi locale au-delà de la durée de conservation supprimés",
    next: every(24 * 60 * 60 * 1000),
    run: async () => pruneOutbox(Date.now() - Date.parse(retentionCutoff(Date.now(), config().leadRetentionMonths))),
  },
  { name: "Compteurs des e-mails de compte expirés supprimés", next: every(6 * 60 * 60 * 1000), run: () => pruneAccountMailSends() },
  { name: "Fichiers de documents sans fiche supprimés", next: every(60 * 60 * 1000), run: () => pruneOrphanDocumentFiles() },
  { name: "CV et diplômes de formateurs sans fiche supprimés", next: every(60 * 60 * 1000), run: () => pruneOrphanTrainerFiles() },
  {
    name: "Liens et sessions de l'espace client finis, accès de plus d'un an supprimés",
    next: every(6 * 60 * 60 * 1000),
    run: () => pruneSpace(),
  },
  // Questionnaires (README « Questionnaires »): sent at the end of sessions, reminded once; each
  // invitation is UNIQUE per use, person and session, so a run on two instances never sends twice.
  { name: "Questionnaires envoyés et relancés", next: every(5 * 60 * 1000), run: () => dispatchQuestionnaires() },
  // The 12-month window of the published figures moves with the days.
  { name: "Taux de satisfaction publiés recalculés", next: every(6 * 60 * 60 * 1000), run: () => refreshPublishedRates() },
  {
    name: "Réponses aux questionnaires au-delà de la durée de conservation anonymisées",
    next: every(24 * 60 * 60 * 1000),
    run: () => anonymiseExpiredAnswers(),
  },
  {
    name: "Preuves d'émargement au-delà de leur durée de conservation et codes à usage unique expirés supprimés",
    next: every(24 * 60 * 60 * 1000),
    run: () => pruneAttendance(),
  },
  // Invoices (README « Factures »): a reminder on the due date, another N days later, none once paid;
  // each taken by a conditional UPDATE, so two instances never send one twice.
  { name: "Rappels des factures échues envoyés", next: every(60 * 60 * 1000), run: () => sendDueReminders() },
  // Offers of the waiting lists that expired, and seats added by staff, go to the next in line.
  { name: "Listes d'attente des sessions servies", next: every(60 * 1000), run: () => sweepWaitingLists() },
  // Documents signed online: one reminder to a signer who has not signed, requests past their validity expired.
  {
    name: "Signatures : relances envoyées et demandes expirées",
    next: every(60 * 60 * 1000),
    run: async () => {
      const { reminded, expired } = await remindAndExpireSignatures();
      return reminded + expired;
    },
  },
];

/** This process's name on the leader lock (its instance id, made unique per start). */
let holderName: string | undefined;
const holder = () => (holderName ??= `${config().instanceId}/${randomUUID().slice(0, 8)}`);
let leader = false;

/** Runs the due tasks (the caller holds the leader lock). Returns the names of those that ran. */
export async function runDueHousekeeping(
  now = Date.now(),
  tasks: HousekeepingTask[] = [...HOUSEKEEPING_TASKS, ...backupTask()],
): Promise<string[]> {
  const ran: string[] = [];
  for (const task of tasks) {
    const key = `task:${task.name}`;
    const due = await nextRunAt(key);
    if (!due && task.first) {
      await setNextRunAt(key, task.first(now));
      continue;
    }
    if (due && Date.parse(due) > now) continue;
    try {
      const n = await task.run();
      if (n > 0) log.info(task.name, { count: n });
    } catch (error) {
      log.error(`Maintenance en échec : ${task.name}`, { error });
    }
    await setNextRunAt(key, task.next(now));
    ran.push(task.name);
  }
  return ran;
}

export const housekeepingJob: JobKind<true> = {
  name: "Maintenance",
  pollMs: HOUSEKEEPING_POLL_MS,
  firstPollMs: 5_000,
  async claim() {
    const held = await acquireLease(LEADER_LEASE, holder());
    if (held !== leader) log.info(held ? "Maintenance : cette instance la prend en charge" : "Maintenance : confiée à une autre instance");
    leader = held;
    return held ? true : undefined;
  },
  async run() {
    await runDueHousekeeping();
    return false; // nothing more until the next poll
  },
  async renew() {
    await acquireLease(LEADER_LEASE, holder());
  },
  async release() {
    // Leadership is kept between polls (renewed at each claim); it is given back on stop.
  },
  async stopped() {
    if (leader) await releaseLease(LEADER_LEASE, holder());
    leader = false;
  },
};
