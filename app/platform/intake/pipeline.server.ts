import type { z } from "zod";
import { config } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";
import { isDatabaseUnavailable, withConflictRetry } from "~/platform/db/errors";
import { log } from "~/platform/log.server";
import { spoolCount, spoolEntries, spoolWrite, type SpoolEntry } from "~/platform/spool/spool.server";
import { validate, type FieldErrors } from "~/platform/validation/errors";
import { consumeRateLimit, rateLimitMessage, RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_MS, screenSubmission } from "./guard.server";
import type { IntakeOutcome, IntakeRefusal } from "./outcome";

/**
 * The one pipeline of the site's public forms (quote, contact, registration): validation, anti-spam
 * (honeypot, signed token: minimum fill time and idempotency key), per-address limit, then stored,
 * or kept in the local spool when the database refuses (docs/decisions/0010-lead-spool.md), or the
 * form given back as typed when even the spool cannot be written; and the spool's idempotent replay.
 * A form declares what is its own (`PublicForm`); the platform never imports a domain, so the
 * domain passes its form here (docs/decisions/0024-intake-and-mail-room.md).
 */

/** What the spool keeps of a submission: its idempotency key and arrival, then the form's own data. */
export interface Submission {
  /** The form token: the submission's idempotency key, in the spool as in the database. */
  token: string;
  receivedAt: number;
  /** Given to the visitor when spooled: stored under them once the database answers. */
  id?: string;
  reference?: string;
}

/** A rule of the form that needs the database, checked before the limit (a session closed or gone). */
export type FormCheck<Prepared> =
  { ok: true; prepared: Prepared } | { ok: false; kind: "invalid" | "not-found"; formError?: string; errors?: FieldErrors };

export interface PublicForm<
  Schema extends z.ZodType,
  S extends Submission,
  Answer extends { reference: string },
  Prepared = undefined,
  Values = Record<string, unknown>,
> {
  /** The form's name: the scope of its anti-spam token ("devis", "contact", "inscription"), and its name in the logs. */
  name: string;
  /** What the logs call one submission, a feminine noun ("Demande", "Inscription"): "Demande gardée dans le dossier d'attente". */
  logName: string;
  schema: Schema;
  /** The values read from the posted form: what the schema checks and the re-rendered form shows. */
  read(form: FormData): Values;
  /** The per-address limit (all public forms count together); 10 an hour by default. */
  rateLimit?: { max: number; windowMs: number };
  /** The phone number the refusal over the limit gives (to call instead). */
  phone(target: Db): Promise<string>;
  /** The spool's folder for this form (`DATA_DIR/spool/<kind>`). */
  spoolKind: string;
  /** What is stored (and spooled) from the valid input. */
  submission(input: z.output<Schema>, token: string, receivedAt: number): S;
  /** The submission already stored under this form token, if any (what the visitor is answered). */
  findByToken(target: Db, token: string): Promise<Answer | undefined>;
  /** Rules that need the database, checked before the limit. */
  check?(submission: S, target: Db): Promise<FormCheck<Prepared>>;
  /** Stores it (and queues its e-mails) in one transaction; `duplicate` when the same token was stored meanwhile. */
  store(target: Db, submission: S, prepared: Prepared): Promise<Answer & { duplicate: boolean }>;
  /** The id and reference a spooled submission is given at once. */
  plan(submission: S): { id: string; reference: string };
  /** What the visitor is answered for a spooled submission. */
  spooledAnswer(planned: S & { id: string; reference: string }): Answer;
  /** The French message when neither the database nor the spool could keep it. */
  unavailableMessage: string;
}

type AnyForm = PublicForm<z.ZodType, any, { reference: string }, any, any>;

export interface IntakeContext {
  /** Client address (the server sets it from the socket or the trusted proxy chain). */
  ip: string;
  target?: Db;
  now?: number;
  /** Minimum fill time; LEAD_MIN_FILL_SECONDS by default. */
  minFillSeconds?: number;
}

/** Seconds a visitor is asked to wait when neither the database nor the spool could keep the form. */
export const SPOOL_RETRY_AFTER_SECONDS = 120;

/**
 * Takes one public form: the same form sent twice (double click, reload of the confirmation) is
 * stored once and answered with what was stored. When the database is unavailable, the submission
 * is written to the local spool (fsync) with the id and reference the visitor is given; if even the
 * spool cannot be written, the visitor keeps the form (`unavailable`, Retry-After).
 */
export async function submitPublicForm<
  Schema extends z.ZodType,
  S extends Submission,
  Answer extends { reference: string },
  Prepared,
  Values,
>(def: PublicForm<Schema, S, Answer, Prepared, Values>, form: FormData, ctx: IntakeContext): Promise<IntakeOutcome<Answer, Values>> {
  const target = ctx.target ?? db();
  const now = ctx.now ?? Date.now();
  const minFill = ctx.minFillSeconds ?? config().leadMinFillSeconds;
  const values = def.read(form);
  const validation = validate(def.schema, values);
  const errors = validation.ok ? {} : validation.errors;
  const screen = screenSubmission(def.name, form, { valid: validation.ok, minFillSeconds: minFill, now });
  if (!screen.ok) return { ok: false, kind: screen.kind, values, errors, formError: screen.formError, token: screen.token };
  const token = screen.token;
  if (!validation.ok) return { ok: false, kind: "invalid", values, errors, token };
  const submission = def.submission(validation.value, token, now);

  try {
    const existing = await def.findByToken(target, token);
    if (existing) return { ...existing, ok: true, kind: "stored", duplicate: true };
    const checked: FormCheck<Prepared> = def.check ? await def.check(submission, target) : { ok: true, prepared: undefined as Prepared };
    if (!checked.ok) {
      return { ok: false, kind: checked.kind, values, errors: checked.errors ?? errors, formError: checked.formError, token };
    }
    const { max, windowMs } = def.rateLimit ?? { max: RATE_LIMIT_MAX, windowMs: RATE_LIMIT_WINDOW_MS };
    const limit = await consumeRateLimit(ctx.ip, { target, now, max, windowMs });
    if (!limit.allowed) {
      log.warn("Envoi de formulaire refusé (limite par adresse)", { form: def.name });
      return {
        ok: false,
        kind: "limited",
        values,
        errors,
        formError: rateLimitMessage(limit.retryAfterSeconds, await def.phone(target)),
        token,
      };
    }
    const stored = await withConflictRetry(() => def.store(target, submission, checked.prepared));
    return { ...stored, ok: true, kind: "stored" };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return spoolSubmission(def, submission, values, error);
  }
}

function spoolSubmission<S extends Submission, Answer extends { reference: string }, Values>(
  def: PublicForm<z.ZodType, S, Answer, unknown, Values>,
  submission: S,
  values: Values,
  cause: unknown,
): IntakeOutcome<Answer, Values> {
  const planned = { ...submission, ...def.plan(submission) };
  try {
    const entry = spoolWrite(def.spoolKind, submission.token, planned, { now: submission.receivedAt });
    log.warn(`${def.logName} gardée dans le dossier d'attente (base de données indisponible)`, {
      form: def.name,
      reference: entry.payload.reference,
      error: String((cause as Error)?.message ?? cause),
    });
    return { ...def.spooledAnswer(entry.payload), ok: true, kind: "spooled", duplicate: entry.payload.id !== planned.id, spooled: true };
  } catch (error) {
    log.error(`${def.logName} NON enregistrée : base de données et dossier d'attente indisponibles`, {
      form: def.name,
      error: String((error as Error)?.message ?? error),
    });
    const refusal: IntakeRefusal<Values> = {
      ok: false,
      kind: "unavailable",
      values,
      errors: {},
      formError: def.unavailableMessage,
      token: submission.token,
      retryAfterSeconds: SPOOL_RETRY_AFTER_SECONDS,
    };
    return refusal;
  }
}

/**
 * Stores a spooled submission (the job runner, once the database answers again) with `replay`.
 * Idempotent by the form token: one already stored (replayed before a crash, or sent again
 * meanwhile) is not stored twice, and `null` is returned.
 */
export async function replaySpooled<S extends Submission, R extends { reference: string }>(
  def: Pick<PublicForm<z.ZodType, S, { reference: string }, unknown, unknown>, "name" | "logName" | "findByToken">,
  entry: SpoolEntry,
  replay: (submission: S, target: Db) => Promise<R>,
  target: Db = db(),
): Promise<R | null> {
  const submission = entry.payload as S;
  const existing = await def.findByToken(target, submission.token);
  if (existing) {
    log.info(`${def.logName} du dossier d'attente déjà enregistrée`, { form: def.name, reference: existing.reference });
    return null;
  }
  const replayed = await replay(submission, target);
  log.info(`${def.logName} du dossier d'attente enregistrée`, { form: def.name, reference: replayed.reference });
  return replayed;
}

/** Submissions waiting in this instance's spool for a form (the admin shows the figure), optionally some of them. */
export function spooledCount<S extends Submission>(def: Pick<AnyForm, "spoolKind">, which?: (submission: S) => boolean): number {
  if (spoolCount(def.spoolKind) === 0 || !which) return spoolCount(def.spoolKind);
  return spoolEntries<S>(def.spoolKind).filter((e) => which(e.payload)).length;
}
