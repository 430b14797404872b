import { randomUUID } from "node:crypto";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { storage } from "~/platform/storage/storage.server";
import { attachFile, type AttendanceOutcome } from "./attendance.server";
import { ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES } from "./model";

/**
 * The files staff attach to a half-day: the scan of a paper sheet (PDF, JPEG, PNG) or the virtual
 * classroom's connection report (CSV, PDF). Kept in the storage under `attendance/<session>/…`,
 * named in the half-day's chain.
 */

const EXTENSIONS: Record<string, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png", "text/csv": "csv" };

/** What the content says it is (not what the browser claims): PDF, PNG, JPEG by their first bytes, CSV as text. */
function sniff(body: Buffer): string {
  if (body.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return "image/jpeg";
  if (!body.subarray(0, 4096).includes(0)) return "text/csv";
  return "";
}

export async function uploadAttachment(
  sessionId: string,
  slug: string,
  kind: "papier" | "connexion",
  file: File | null,
  actor: Actor,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<AttendanceOutcome> {
  if (!file || file.size === 0) return { ok: false, kind: "invalid", error: "Choisissez un fichier." };
  if (file.size > MAX_ATTACHMENT_BYTES) return { ok: false, kind: "invalid", error: "Le fichier dépasse 10\u00a0Mo." };
  const body = Buffer.from(await file.arrayBuffer());
  const type = sniff(body);
  if (!ATTACHMENT_TYPES[kind].includes(type))
    return {
      ok: false,
      kind: "invalid",
      error:
        kind === "papier"
          ? "La feuille numérisée doit être un PDF, un JPEG ou un PNG."
          : "Le rapport de connexion doit être un CSV ou un PDF.",
    };
  const key = `attendance/${sessionId.toLowerCase().replace(/[^a-z0-9-]/g, "")}/${randomUUID()}.${EXTENSIONS[type]}`;
  await storage().put(key, body, type);
  const name = file.name.replace(/[^\p{L}\p{N}._ -]/gu, "_").slice(0, 200) || `fichier.${EXTENSIONS[type]}`;
  const done = await attachFile(sessionId, slug, { kind, key, name }, { kind: "equipe", actor }, { target, now });
  if (!done.ok)
    await storage()
      .delete(key)
      .catch(() => {});
  return done;
}

/** A file attached to a half-day, for staff to download. */
export async function attachmentFile(recordId: string, target: Db = db()) {
  const row = await target
    .selectFrom("attendance_records")
    .select(["file_key", "file_name"])
    .where("id", "=", recordId)
    .where("file_key", "!=", "")
    .executeTakeFirst();
  if (!row) return null;
  const body = await storage().get(row.file_key);
  if (!body) return null;
  const ext = row.file_key.split(".").pop() ?? "";
  const type = Object.entries(EXTENSIONS).find(([, e]) => e === ext)?.[0] ?? "application/octet-stream";
  return { body, filename: row.file_name, type };
}
