import { halfDayLabel } from "~/domain/registrations/calendar";
import { db, type Db } from "~/platform/db/db.server";
import { formatDateTime, formatDateTimeShort } from "~/platform/format";
import {
  countsAsAttended,
  isRemote,
  openHalfDay,
  sessionStates,
  sessionTrainees,
  signingContext,
  windowOf,
  type HalfDayState,
} from "./attendance.server";
import { checkRecords, type AttendanceRecord } from "./chain.server";
import { roomCode, roomQrSvg, signingPath } from "./codes.server";
import {
  EVENT_LABELS,
  halfDayFromSlug,
  halfDaySlug,
  METHOD_LABELS,
  SIGNATURE_KIND_LABELS,
  STATUS_LABELS,
  type AttendanceStatus,
} from "./model";

/**
 * What the screens and the signed sheet read of attendance: the staff screen of a session
 * (/admin/sessions/{id}/emargement), the room code shown there, and the proof printed in the
 * attendance sheet PDF (docs/legal/attendance.md).
 */

const statusLabel = (s: string) => STATUS_LABELS[s as AttendanceStatus] ?? "";

function methodText(r: AttendanceRecord): string {
  const how = METHOD_LABELS[r.method] ?? r.method;
  const kind = SIGNATURE_KIND_LABELS[r.signature_kind];
  return kind ? `${how}, ${kind}` : how;
}

export interface StaffTraineeRow {
  id: string;
  name: string;
  signedAt: string;
  method: string;
  status: string;
  statusLabel: string;
  reason: string;
  counted: boolean;
}

export interface StaffHalfDay {
  halfDay: string;
  slug: string;
  label: string;
  times: string;
  open: boolean;
  closed: string;
  signed: number;
  missing: number;
}

export interface StaffSheet {
  sessionId: string;
  formationTitle: string;
  datesLabel: string;
  remote: boolean;
  toleranceMinutes: number;
  halfDays: StaffHalfDay[];
  selected: StaffHalfDay | null;
  rows: StaffTraineeRow[];
  room: { code: string; secondsLeft: number; qrSvg: string; path: string } | null;
  files: Array<{ id: string; kind: string; name: string; at: string }>;
  history: Array<{ seq: number; at: string; event: string; who: string; detail: string; hash: string }>;
  chain: { ok: boolean; message: string };
}

function rowsOf(trainees: Awaited<ReturnType<typeof sessionTrainees>>, state: HalfDayState | undefined): StaffTraineeRow[] {
  return trainees.map((t) => {
    const s = state?.trainees.get(t.id);
    return {
      id: t.id,
      name: t.name,
      signedAt: s?.signature ? formatDateTimeShort(s.signature.created_at) : "",
      method: s?.signature ? methodText(s.signature) : "",
      status: s?.status ?? "",
      statusLabel: statusLabel(s?.status ?? ""),
      reason: s?.statusRecord?.reason ?? "",
      counted: state ? countsAsAttended(state, t.id) : false,
    };
  });
}

/** The staff screen of a session's attendance: its half-days, the one chosen (else the open one), its room code when open. */
export async function staffSheet(
  sessionId: string,
  slug: string,
  target: Db = db(),
  now = Date.now(),
  only?: readonly string[],
): Promise<StaffSheet | null> {
  const ctx = await signingContext(sessionId, target);
  if (!ctx) return null;
  const [trainees, states] = await Promise.all([sessionTrainees(sessionId, target), sessionStates(sessionId, target)]);
  const open = openHalfDay(ctx, now);
  const shown = only ? ctx.halfDays.filter((h) => only.includes(h)) : ctx.halfDays;
  const halfDays = shown.map((h): StaffHalfDay => {
    const w = windowOf(ctx, h);
    const state = states.get(h);
    const rows = rowsOf(trainees, state);
    return {
      halfDay: h,
      slug: halfDaySlug(h),
      label: halfDayLabel(h),
      times: `${w.start.replace(":", "\u00a0h\u00a0")} – ${w.end.replace(":", "\u00a0h\u00a0")}`,
      open: h === open,
      closed: state?.closed ? `${formatDateTimeShort(state.closed.at)}, ${state.closed.by}` : "",
      signed: rows.filter((r) => r.signedAt).length,
      missing: rows.filter((r) => !r.signedAt && r.status !== "absent").length,
    };
  });
  const wanted = halfDayFromSlug(slug);
  const selected =
    halfDays.find((h) => h.halfDay === wanted) ??
    halfDays.find((h) => h.open) ??
    halfDays.find((h) => !h.closed && h.halfDay.slice(0, 10) >= new Date(now).toISOString().slice(0, 10)) ??
    halfDays[0] ??
    null;
  const state = selected ? states.get(selected.halfDay) : undefined;
  const room =
    selected?.open && !state?.closed
      ? (() => {
          const { code, secondsLeft } = roomCode(sessionId, selected.halfDay, now);
          return {
            code,
            secondsLeft,
            qrSvg: roomQrSvg(sessionId, selected.halfDay, code),
            path: signingPath(sessionId, { halfDay: selected.halfDay, code }),
          };
        })()
      : null;
  const records = state?.records ?? [];
  const check = checkRecords(records, state?.head);
  return {
    sessionId,
    formationTitle: ctx.session.formationTitle,
    datesLabel: halfDays.length ? `${halfDays[0]!.label.split(",")[0]} – ${halfDays.at(-1)!.label.split(",")[0]}` : "",
    remote: isRemote(ctx.session),
    toleranceMinutes: ctx.settings.toleranceMinutes,
    halfDays,
    selected,
    rows: rowsOf(trainees, state),
    room,
    files: records
      .filter((r) => r.event === "papier" || r.event === "connexion")
      .map((r) => ({ id: r.id, kind: EVENT_LABELS[r.event] ?? r.event, name: r.file_name, at: formatDateTimeShort(r.created_at) })),
    history: records.map((r) => historyLine(r)),
    chain: check.ok
      ? { ok: true, message: `Chaîne intacte (${records.length} enregistrement${records.length > 1 ? "s" : ""}).` }
      : { ok: false, message: `Chaîne rompue à l'enregistrement n°\u00a0${check.seq}\u00a0: ${check.reason}` },
  };
}

function historyLine(r: AttendanceRecord) {
  const detail = [
    r.trainee_name,
    r.status ? statusLabel(r.status) : "",
    r.event === "signature" || r.event === "contre-signature" ? methodText(r) : "",
    r.file_name,
    r.reason,
  ]
    .filter(Boolean)
    .join(" · ");
  return {
    seq: Number(r.seq),
    at: formatDateTimeShort(r.created_at),
    event: EVENT_LABELS[r.event] ?? r.event,
    who: r.actor_name || r.actor_email,
    detail,
    hash: r.hash.slice(0, 16),
  };
}

/** The room code now, for a screen that only refreshes it (the staff and trainer screens read it with their whole sheet). */
export async function currentRoomCode(sessionId: string, target: Db = db(), now = Date.now()) {
  const ctx = await signingContext(sessionId, target);
  const open = ctx && openHalfDay(ctx, now);
  if (!open) return null;
  const { code, secondsLeft } = roomCode(sessionId, open, now);
  return {
    halfDay: open,
    label: halfDayLabel(open),
    code,
    secondsLeft,
    qrSvg: roomQrSvg(sessionId, open, code),
    path: signingPath(sessionId, { halfDay: open, code }),
  };
}

/* ----- The proof printed in the attendance sheet ----- */

export interface ProofSignature {
  /** A PNG data URL, or "" (typed name, erased picture). */
  image: string;
  typedName: string;
  at: string;
  method: string;
}

export interface ProofHalfDay {
  halfDay: string;
  /** Per trainee id: their signature (if any) and status. */
  trainees: Record<string, { signature: ProofSignature | null; status: string; reason: string; counted: boolean }>;
  countersignature: (ProofSignature & { name: string }) | null;
  files: string[];
  records: Array<{ seq: number; at: string; event: string; who: string; method: string; client: string; hash: string }>;
  chain: string;
}

function proofSignature(r: AttendanceRecord): ProofSignature {
  return {
    image: r.signature_kind === "dessin" ? r.signature : "",
    typedName: r.signature_kind === "nom" ? r.signature || "(effacé)" : "",
    at: formatDateTime(r.created_at),
    method: methodText(r),
  };
}

/** Everything the signed attendance sheet prints of a session's records (plain data: it goes to the PDF thread). */
export async function attendanceProof(sessionId: string, target: Db = db()): Promise<Record<string, ProofHalfDay>> {
  const states = await sessionStates(sessionId, target);
  const proof: Record<string, ProofHalfDay> = {};
  for (const [halfDay, state] of states) {
    const check = checkRecords(state.records, state.head);
    const trainees: ProofHalfDay["trainees"] = {};
    for (const [id, s] of state.trainees)
      trainees[id] = {
        signature: s.signature ? proofSignature(s.signature) : null,
        status: statusLabel(s.status),
        reason: s.statusRecord?.reason ?? "",
        counted: countsAsAttended(state, id),
      };
    const c = state.countersignature;
    proof[halfDay] = {
      halfDay,
      trainees,
      countersignature: c ? { ...proofSignature(c), name: c.actor_name } : null,
      files: state.records.filter((r) => r.file_name).map((r) => `${EVENT_LABELS[r.event] ?? r.event}\u00a0: ${r.file_name}`),
      records: state.records.map((r) => ({
        seq: Number(r.seq),
        at: formatDateTime(r.created_at),
        event: EVENT_LABELS[r.event] ?? r.event,
        who: [r.trainee_name, r.actor_kind === "stagiaire" ? "" : r.actor_name].filter(Boolean).join(" / "),
        method: [r.status ? statusLabel(r.status) : "", r.method ? methodText(r) : "", r.reason].filter(Boolean).join(", "),
        client: [r.ip, r.user_agent].filter(Boolean).join(" — "),
        hash: r.hash,
      })),
      chain: check.ok
        ? `Chaîne vérifiée à l'édition (${state.records.length} enregistrements).`
        : `Chaîne rompue à l'enregistrement n°\u00a0${check.seq}.`,
    };
  }
  return proof;
}

export interface AttendanceSummary {
  sessionId: string;
  /** The half-days begun, the latest first: who signed, who is missing (neither signed nor marked absent). */
  halfDays: Array<{ slug: string; label: string; closed: boolean; signed: string[]; missing: string[] }>;
}

/** The session page's summary of attendance (/admin/sessions/{id}). */
export async function attendanceSummary(sessionId: string, target: Db = db(), now = Date.now()): Promise<AttendanceSummary | null> {
  const ctx = await signingContext(sessionId, target);
  if (!ctx) return null;
  const [trainees, states] = await Promise.all([sessionTrainees(sessionId, target), sessionStates(sessionId, target)]);
  const begun = ctx.halfDays.filter((h) => windowOf(ctx, h).opens <= now).reverse();
  return {
    sessionId,
    halfDays: begun.map((h) => {
      const rows = rowsOf(trainees, states.get(h));
      return {
        slug: halfDaySlug(h),
        label: halfDayLabel(h),
        closed: Boolean(states.get(h)?.closed),
        signed: rows.filter((r) => r.signedAt).map((r) => r.name),
        missing: rows.filter((r) => !r.signedAt && r.status !== "absent").map((r) => r.name),
      };
    }),
  };
}

/**
 * The trainer's screen of a session they teach (their space, /espace/formateur/sessions/{id}): the
 * staff's sheet narrowed to the half-days they teach (their trainer_slots), room code included, but
 * neither the files nor the history (staff's); null when they teach none of the session's
 * half-days. Their actions go through `markTrainee` and `closeHalfDay` with
 * `{ kind: "formateur", trainerId }`, which check the half-day again.
 */
export async function trainerSheet(trainerId: string, sessionId: string, slug: string, target: Db = db(), now = Date.now()) {
  const slots = await target
    .selectFrom("trainer_slots")
    .select("slot")
    .where("trainer_id", "=", trainerId)
    .where("session_id", "=", sessionId)
    .execute();
  if (!slots.length) return null;
  const sheet = await staffSheet(
    sessionId,
    slug,
    target,
    now,
    slots.map((s) => s.slot),
  );
  return sheet && { ...sheet, files: [], history: [] };
}
