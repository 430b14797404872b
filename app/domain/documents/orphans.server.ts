import { db, type Db } from "~/platform/db/db.server";
import { storage, type StorageDriver } from "~/platform/storage/storage.server";

/**
 * Files of documents without a row: a generation stopped between writing the PDF and committing
 * its row (a crash, a lost race for the number whose file could not be deleted). They hold a
 * trainee's or a client's name that no list shows and no erasure reaches, so housekeeping deletes
 * them once they are older than ORPHAN_AGE_MS — a generation in progress writes its row within
 * seconds of its file (documents.server.tsx, `generateDocument`).
 */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** `documents/<year>/<written at, ms>-<id>.pdf`, or the older `documents/<year>/<id>.pdf` (no time). */
const DOCUMENT_KEY = /^documents\/\d{4}\/(?:(\d{10,})-)?[0-9a-f-]{36}\.pdf$/;

const CHUNK = 500;

/** Deletes the document files older than an hour that no row refers to; returns how many. */
export async function pruneOrphanDocumentFiles(
  now = Date.now(),
  { target = db(), store = storage() }: { target?: Db; store?: StorageDriver } = {},
): Promise<number> {
  const old = (await store.list("documents/")).filter((key) => {
    const match = DOCUMENT_KEY.exec(key);
    // A key without its time was written by a version that stored the file inside the numbering
    // transaction: without a row, it is an orphan already.
    return match !== null && (match[1] === undefined || Number(match[1]) < now - ORPHAN_AGE_MS);
  });
  let deleted = 0;
  for (let i = 0; i < old.length; i += CHUNK) {
    const keys = old.slice(i, i + CHUNK);
    const rows = await target.selectFrom("documents").select("storage_key").where("storage_key", "in", keys).execute();
    const known = new Set(rows.map((r) => r.storage_key));
    for (const key of keys) {
      if (known.has(key)) continue;
      await store.delete(key);
      deleted++;
    }
  }
  return deleted;
}
