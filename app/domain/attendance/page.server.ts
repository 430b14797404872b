import { halfDayLabel } from "~/domain/registrations/calendar";
import { db, type Db } from "~/platform/db/db.server";
import { clientIp } from "~/platform/http/client-ip.server";
import { formatDateTime } from "~/platform/format";
import { validate } from "~/platform/validation/errors";
import { formDataToObject } from "~/platform/validation/form-data";
import { failureStatus } from "~/platform/http/failure-status";
import {
  closeHalfDay,
  halfDayState,
  markTrainee,
  isRemote,
  openHalfDay,
  requestEmailCode,
  resolveTrainee,
  sessionTrainees,
  signHalfDay,
  signingContext,
  windowOf,
  windowRefusal,
  type AttendanceOutcome,
  type Countersigner,
} from "./attendance.server";
import { checkRoomCode } from "./codes.server";
import { closeSchema, emailCodeSchema, halfDayFromSlug, halfDaySlug, markSchema, signSchema } from "./model";

/**
 * The signing page, /emargement/{session} (docs/decisions/0033-attendance-signed-online.md): what
 * it shows to whom, and its two forms (ask for an e-mail code, sign). Reached by the room's QR code
 * (`?d=…&code=…`), the personal link of the convocation and reminders (`?t=…`), or the space.
 */

export interface SigningPage {
  sessionId: string;
  formationTitle: string;
  remote: boolean;
  halfDay: { slug: string; label: string; times: string } | null;
  /** Why this half-day cannot be signed now (French), or "". */
  refusal: string;
  /** The half-days and their hours, when none is open now. */
  schedule: string[];
  trainee: { name: string } | null;
  token: string;
  /** A valid room code from the QR code: the page signs with it. */
  roomCode: string;
  /** The session's trainees to choose from: only with a valid room code, for someone not yet named. */
  choices: Array<{ value: string; label: string }>;
  signedAt: string;
}

export async function signingPage(sessionId: string, request: Request, target: Db = db(), now = Date.now()): Promise<SigningPage | null> {
  const ctx = await signingContext(sessionId, target);
  if (!ctx) return null;
  const url = new URL(request.url);
  const token = url.searchParams.get("t") ?? "";
  const asked = halfDayFromSlug(url.searchParams.get("d") ?? "");
  const halfDay = asked && ctx.halfDays.includes(asked) ? asked : openHalfDay(ctx, now);
  const trainee = await resolveTrainee(sessionId, { token, request }, target);
  const code = (url.searchParams.get("code") ?? "").replace(/\D/g, "");
  const roomCode = halfDay && code && checkRoomCode(sessionId, halfDay, code, now) ? code : "";
  const state = halfDay && trainee ? await halfDayState(sessionId, halfDay, target) : null;
  const signature = trainee && state?.trainees.get(trainee.id)?.signature;
  const w = halfDay ? windowOf(ctx, halfDay) : null;
  return {
    sessionId,
    formationTitle: ctx.session.formationTitle,
    remote: isRemote(ctx.session),
    halfDay: halfDay && w ? { slug: halfDaySlug(halfDay), label: halfDayLabel(halfDay), times: times(w.start, w.end) } : null,
    refusal: halfDay
      ? (windowRefusal(ctx, halfDay, now) ??
        (state?.closed ? "Cette demi-journée est close (contre-signée par le formateur)\u00a0: adressez-vous à l'organisme." : ""))
      : "",
    schedule: halfDay
      ? []
      : ctx.halfDays.map((h) => {
          const hw = windowOf(ctx, h);
          return `${halfDayLabel(h)}\u00a0: ${times(hw.start, hw.end)}`;
        }),
    trainee: trainee ? { name: trainee.name } : null,
    token,
    roomCode,
    choices: roomCode && !trainee ? (await sessionTrainees(sessionId, target)).map((t) => ({ value: t.id, label: t.name })) : [],
    signedAt: signature ? formatDateTime(signature.created_at) : "",
  };
}

const times = (start: string, end: string) => `de ${start.replace(":", "\u00a0h\u00a0")} à ${end.replace(":", "\u00a0h\u00a0")}`;

export type SigningReply =
  | { kind: "signed"; message: string }
  | { kind: "code-sent"; message: string; values: Record<string, unknown> }
  | { kind: "refused"; message: string; errors: Record<string, string>; values: Record<string, unknown> };

export const CODE_SENT_MESSAGE =
  "Si cette adresse est celle d'un stagiaire de la session, un code à 6\u00a0chiffres vient de lui être envoyé. Il est valable 10\u00a0minutes.";

/** The signing page's action: `intent` « code » asks for an e-mail code, « signer » signs. */
export async function signingAction(sessionId: string, request: Request, target: Db = db(), now = Date.now()): Promise<SigningReply> {
  const form = await request.formData();
  const values = formDataToObject(form);
  delete values.signature;
  const client = { ip: clientIp(request), userAgent: (request.headers.get("user-agent") ?? "").slice(0, 400) };
  if (form.get("intent") === "code") {
    const parsed = validate(emailCodeSchema, formDataToObject(form));
    if (!parsed.ok)
      return { kind: "refused", message: Object.values(parsed.errors)[0] ?? "Requête invalide.", errors: parsed.errors, values };
    const halfDay = halfDayFromSlug(parsed.value.d) ?? "";
    const trainee = await resolveTrainee(sessionId, { token: parsed.value.t, request, email: parsed.value.email }, target);
    if (!trainee && !parsed.value.t && !parsed.value.email)
      return { kind: "refused", message: "Indiquez votre adresse e-mail.", errors: { email: "Indiquez votre adresse e-mail." }, values };
    const sent = await requestEmailCode(sessionId, halfDay, trainee, { target, now });
    if (!sent.ok) return { kind: "refused", message: sent.error, errors: {}, values };
    return { kind: "code-sent", message: CODE_SENT_MESSAGE, values: { ...values, methode: "email" } };
  }
  const parsed = validate(signSchema, formDataToObject(form));
  if (!parsed.ok)
    return { kind: "refused", message: Object.values(parsed.errors)[0] ?? "Requête invalide.", errors: parsed.errors, values };
  const input = parsed.value;
  const trainee = await resolveTrainee(
    sessionId,
    { token: input.t, request, traineeId: input.methode === "salle" ? input.stagiaire : "", email: input.email },
    target,
  );
  const signed = await signHalfDay(sessionId, input, trainee, client, { target, now });
  if (!signed.ok) return { kind: "refused", message: signed.error, errors: {}, values };
  return {
    kind: "signed",
    message: `Présence enregistrée le ${formatDateTime(signed.signedAt)} pour la demi-journée du ${signed.halfDayLabel}.`,
  };
}

/* ----- The countersigner's forms (staff's screen, the trainer's space) ----- */

export interface CountersignerReply {
  reply: { ok: boolean; message: string };
  status: number;
}

function answer(outcome: AttendanceOutcome, message: string): CountersignerReply {
  return outcome.ok
    ? { reply: { ok: true, message }, status: 200 }
    : { reply: { ok: false, message: outcome.error }, status: failureStatus(outcome.kind) };
}

/**
 * The forms staff and a trainer share (plain forms, they work without JavaScript): `intent`
 * « marquer » sets a trainee's status, « clore » countersigns and closes the half-day. Null for any
 * other intent (the caller's own). Who may act on which half-day is checked by the domain.
 */
export async function countersignerAction(
  sessionId: string,
  values: Record<string, unknown>,
  who: Countersigner,
  request: Request,
): Promise<CountersignerReply | null> {
  const invalid = (errors: Record<string, string>): CountersignerReply => ({
    reply: { ok: false, message: Object.values(errors)[0] ?? "Requête invalide." },
    status: 400,
  });
  if (values.intent === "marquer") {
    const parsed = validate(markSchema, values);
    if (!parsed.ok) return invalid(parsed.errors);
    return answer(await markTrainee(sessionId, parsed.value, who), "Statut enregistré.");
  }
  if (values.intent === "clore") {
    const parsed = validate(closeSchema, values);
    if (!parsed.ok) return invalid(parsed.errors);
    const client = { ip: clientIp(request), userAgent: (request.headers.get("user-agent") ?? "").slice(0, 400) };
    return answer(await closeHalfDay(sessionId, parsed.value, who, client), "Demi-journée contre-signée et close.");
  }
  return null;
}
