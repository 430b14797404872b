import { randomUUID } from "node:crypto";
import { recordAudit } from "~/domain/audit/audit.server";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import { storage, type StorageDriver } from "~/platform/storage/storage.server";
import {
  TRAINER_FILE_KINDS,
  TRAINER_FILE_MAX_BYTES,
  TRAINER_FILE_TOO_LARGE,
  TRAINER_FILE_WRONG_TYPE,
  type TrainerFileKind,
} from "./labels";
import { changing, deleteStoredFiles, type TrainerContext, type TrainerOutcome } from "./trainers.server";

/**
 * A trainer's CV and diplomas (Code du travail L6352-1: the organisation justifies the titles and
 * qualities of its trainers; docs/legal/trainers.md). The files are private: stored under
 * `formateurs/pieces/`, which /uploads never serves, and downloaded by staff only
 * (/admin/formateurs/{id}/pieces/{fileId}); they are deleted with the trainer.
 */

export interface TrainerFile {
  id: string;
  kind: TrainerFileKind;
  kindLabel: string;
  filename: string;
  contentType: string;
  size: number;
  createdAt: string;
  createdBy: string;
}

/** What the content is, read from its first bytes (never the name or the announced type), or null when it is neither a PDF nor an image. */
function sniff(body: Buffer): { contentType: string; ext: string } | null {
  if (body.subarray(0, 5).toString("latin1") === "%PDF-") return { contentType: "application/pdf", ext: "pdf" };
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { contentType: "image/png", ext: "png" };
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return { contentType: "image/jpeg", ext: "jpg" };
  if (body.subarray(0, 4).toString("latin1") === "RIFF" && body.subarray(8, 12).toString("latin1") === "WEBP")
    return { contentType: "image/webp", ext: "webp" };
  return null;
}

/** The name the file is downloaded under: the one staff sent, in plain ASCII, with the extension of its content. */
function downloadName(sent: string, ext: string): string {
  const base =
    sent
      .replace(/\.[A-Za-z0-9]{1,5}$/, "")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 80) || "piece";
  return `${base}.${ext}`;
}

/** `formateurs/pieces/<written at, ms>-<id>.<ext>`: the time tells housekeeping how old a file without a row is. */
const FILE_KEY = /^formateurs\/pieces\/(\d{10,})-[0-9a-f-]{36}\.(pdf|png|jpg|webp)$/;

/** The CV and diplomas of a trainer, newest first. */
export async function listTrainerFiles(trainerId: string, target: Db = db()): Promise<TrainerFile[]> {
  const rows = await target
    .selectFrom("trainer_files")
    .selectAll()
    .where("trainer_id", "=", trainerId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as TrainerFileKind,
    kindLabel: TRAINER_FILE_KINDS[r.kind as TrainerFileKind] ?? r.kind,
    filename: r.filename,
    contentType: r.content_type,
    size: Number(r.size),
    createdAt: r.created_at,
    createdBy: r.created_by,
  }));
}

/**
 * Stores a CV or a diploma sent by staff (an editor or an admin; a viewer is refused, thrown):
 * refused when it is larger than 10 Mo or neither a PDF nor a JPEG, PNG or WebP image (read from
 * the content). The file is written first, then its row with the audit entry; if the row cannot
 * be written, the file goes (and housekeeping removes one a crash left behind).
 */
export function addTrainerFile(
  trainerId: string,
  input: { kind: string; filename: string; body: Buffer },
  ctx: TrainerContext & { store?: StorageDriver },
): Promise<TrainerOutcome<TrainerFile>> {
  return changing(trainerId, ctx, async (trainer, { actor, target }): Promise<TrainerOutcome<TrainerFile>> => {
    if (input.kind !== "cv" && input.kind !== "diplome")
      return { ok: false, kind: "invalid", errors: { kind: "Choisissez la nature de la pièce." } };
    if (input.body.length === 0) return { ok: false, kind: "invalid", errors: { file: "Choisissez le fichier à envoyer (PDF ou image)." } };
    if (input.body.length > TRAINER_FILE_MAX_BYTES) return { ok: false, kind: "invalid", errors: { file: TRAINER_FILE_TOO_LARGE } };
    const type = sniff(input.body);
    if (!type) return { ok: false, kind: "invalid", errors: { file: TRAINER_FILE_WRONG_TYPE } };
    const store = ctx.store ?? storage();
    const id = randomUUID();
    const key = `formateurs/pieces/${Date.now()}-${id}.${type.ext}`;
    const filename = downloadName(input.filename, type.ext);
    const kindLabel = TRAINER_FILE_KINDS[input.kind];
    await store.put(key, input.body, type.contentType);
    const createdAt = nowIso();
    try {
      await target.transaction().execute(async (trx) => {
        await trx
          .insertInto("trainer_files")
          .values({
            id,
            trainer_id: trainerId,
            kind: input.kind,
            filename,
            content_type: type.contentType,
            size: input.body.length,
            storage_key: key,
            created_by: actor.email,
            created_at: createdAt,
          })
          .execute();
        await recordAudit(trx, {
          actor,
          action: "update",
          entity: "trainer",
          entityId: trainerId,
          summary: `${kindLabel} de ${trainer.name} ajouté (${filename}).`,
        });
      });
    } catch (error) {
      await store.delete(key).catch(() => {});
      throw error;
    }
    return {
      ok: true,
      value: {
        id,
        kind: input.kind,
        kindLabel,
        filename,
        contentType: type.contentType,
        size: input.body.length,
        createdAt,
        createdBy: actor.email,
      },
    };
  });
}

/** Deletes one piece of a trainer (its row with the audit entry, then its file). */
export function removeTrainerFile(
  trainerId: string,
  fileId: string,
  ctx: TrainerContext & { store?: StorageDriver },
): Promise<TrainerOutcome<void>> {
  return changing(trainerId, ctx, async (trainer, { actor, target }) => {
    const row = await target
      .selectFrom("trainer_files")
      .select(["storage_key", "filename", "kind"])
      .where("id", "=", fileId)
      .where("trainer_id", "=", trainerId)
      .executeTakeFirst();
    if (!row) return { ok: false, kind: "not-found", errors: { _form: "Cette pièce n'existe pas ou a déjà été supprimée." } };
    await target.transaction().execute(async (trx) => {
      await trx.deleteFrom("trainer_files").where("id", "=", fileId).execute();
      await recordAudit(trx, {
        actor,
        action: "update",
        entity: "trainer",
        entityId: trainerId,
        summary: `${TRAINER_FILE_KINDS[row.kind as TrainerFileKind] ?? "Pièce"} de ${trainer.name} supprimé (${row.filename}).`,
      });
    });
    await deleteStoredFiles([row.storage_key], ctx.store);
    return { ok: true, value: undefined };
  });
}

/**
 * One piece for staff to download: refused to anyone but an editor or an admin (thrown, as every
 * trainer's change), undefined when the trainer has no such piece or its file is gone.
 */
export async function trainerFileDownload(
  trainerId: string,
  fileId: string,
  ctx: TrainerContext & { store?: StorageDriver },
): Promise<{ filename: string; contentType: string; body: Buffer } | undefined> {
  const found = await changing(trainerId, ctx, async (_trainer, { target }) => {
    const row = await target
      .selectFrom("trainer_files")
      .select(["storage_key", "filename", "content_type"])
      .where("id", "=", fileId)
      .where("trainer_id", "=", trainerId)
      .executeTakeFirst();
    return row ? { ok: true as const, value: row } : { ok: false as const, kind: "not-found" as const, errors: {} };
  });
  if (!found.ok) return undefined;
  const body = await (ctx.store ?? storage()).get(found.value.storage_key);
  return body ? { filename: found.value.filename, contentType: found.value.content_type, body } : undefined;
}

/** A piece written this long ago without a row is an orphan: an upload writes its row within seconds of its file. */
export const ORPHAN_FILE_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes the trainers' pieces older than an hour that no row refers to (an upload stopped between
 * its file and its row, a deletion whose file could not be removed): a CV that no list shows and no
 * erasure reaches. Returns how many.
 */
export async function pruneOrphanTrainerFiles(
  now = Date.now(),
  { target = db(), store = storage() }: { target?: Db; store?: StorageDriver } = {},
): Promise<number> {
  const old = (await store.list("formateurs/pieces/")).filter((key) => {
    const match = FILE_KEY.exec(key);
    return match !== null && Number(match[1]) < now - ORPHAN_FILE_AGE_MS;
  });
  let deleted = 0;
  for (let i = 0; i < old.length; i += 500) {
    const keys = old.slice(i, i + 500);
    const rows = await target.selectFrom("trainer_files").select("storage_key").where("storage_key", "in", keys).execute();
    const known = new Set(rows.map((r) => r.storage_key));
    for (const key of keys) {
      if (known.has(key)) continue;
      await store.delete(key);
      deleted++;
    }
  }
  return deleted;
}
