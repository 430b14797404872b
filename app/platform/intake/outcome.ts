import type { FieldErrors } from "~/platform/validation/errors";

/**
 * What the intake pipeline (`./pipeline.server.ts`) answers for a public form: never an HTTP status.
 * The route maps it (`intakeReplyInit`).
 *
 * - `stored`: in the database (`duplicate`: the same form sent again, answered with what was stored);
 * - `spooled`: the database refused, kept in the local spool, stored once it answers;
 * - `confirm`: nothing wrong, one step left (the form came without a token of its own);
 * - `invalid`: the fields' messages, or a rule of the form (a closed session) in `formError`;
 * - `blocked`: refused by the anti-spam checks (honeypot, fill time, forged or expired token);
 * - `limited`: over the per-address limit;
 * - `not-found`: what the form is about does not exist (any more);
 * - `unavailable`: neither the database nor the spool could keep it (the form comes back as typed).
 */
export type IntakeOutcome<Answer, Values = Record<string, unknown>> =
  | (Answer & { ok: true; kind: "stored"; duplicate: boolean; spooled?: undefined })
  | (Answer & { ok: true; kind: "spooled"; duplicate: boolean; spooled: true })
  | IntakeRefusal<Values>;

export type IntakeRefusalKind = "confirm" | "invalid" | "blocked" | "limited" | "not-found" | "unavailable";

export interface IntakeRefusal<Values = Record<string, unknown>> {
  ok: false;
  kind: IntakeRefusalKind;
  /** The form as typed, shown again. */
  values: Values;
  errors: FieldErrors;
  /** A rejection of the whole form, in French. */
  formError?: string;
  /** The token the re-rendered form must carry (the same one when it is still valid). */
  token: string;
  /** `unavailable`: when to try again (Retry-After). */
  retryAfterSeconds?: number;
}

/** The HTTP status of each refusal, as a browser sees it. */
export const INTAKE_HTTP_STATUS: Record<IntakeRefusalKind, number> = {
  confirm: 200,
  invalid: 400,
  blocked: 400,
  limited: 429,
  "not-found": 404,
  unavailable: 503,
};

/** The status and headers of a refused form's reply (`data(reply, intakeReplyInit(outcome))` in a route's action). */
export function intakeReplyInit(refusal: IntakeRefusal<unknown>): ResponseInit {
  return {
    status: INTAKE_HTTP_STATUS[refusal.kind],
    headers: refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined,
  };
}
