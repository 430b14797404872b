import { createInflateRaw } from "node:zlib";
import { ImportFileError } from "./model";
import { XLSX_MAX_ENTRIES } from "./limits";

/**
 * Reading a zip archive (what an XLSX workbook is) without trusting it: the central directory
 * gives each entry's declared sizes, which the caller checks before inflating anything; an entry
 * is then inflated as a stream and stopped as soon as it grows beyond its declared size or the
 * caller's limit. Only what workbooks use is read: stored and deflated entries, no encryption,
 * no zip64, no multi-disk archives.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const UNREADABLE =
  "Ce classeur Excel est illisible ou endommagé : ouvrez-le dans votre tableur, enregistrez-le à nouveau au format .xlsx, puis réessayez.";

function unreadable(detail?: string): ImportFileError {
  return new ImportFileError(detail ? `${UNREADABLE} (${detail})` : UNREADABLE);
}

/** The entries of the archive, by name. Throws ImportFileError when the archive cannot be read safely. */
export function readZipDirectory(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: 22 bytes, followed by a comment of up to 65 535 bytes.
  let eocd = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd === -1) throw unreadable();
  const disk = view.getUint16(eocd + 4, true);
  const total = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (disk !== 0 || total === 0xffff || size === 0xffffffff || offset === 0xffffffff)
    throw unreadable("archive en plusieurs parties ou au format zip64");
  if (total > XLSX_MAX_ENTRIES) throw unreadable(`${total.toLocaleString("fr-FR")} éléments dans l'archive`);
  if (offset + size > eocd) throw unreadable();
  const entries = new Map<string, ZipEntry>();
  let p = offset;
  const decoder = new TextDecoder("utf-8");
  for (let n = 0; n < total; n++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== 0x02014b50) throw unreadable();
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const compressedSize = view.getUint32(p + 20, true);
    const uncompressedSize = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const localHeaderOffset = view.getUint32(p + 42, true);
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength));
    if (flags & 1)
      throw new ImportFileError("Ce classeur Excel est protégé par un mot de passe : enregistrez-en une copie sans mot de passe.");
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff)
      throw unreadable("archive au format zip64");
    if (!entries.has(name)) entries.set(name, { name, method, compressedSize, uncompressedSize, localHeaderOffset });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export interface InflateLimit {
  /** Largest size accepted for this entry, whatever it declares. */
  maxBytes: number;
  /** French message when the entry is (or declares to be) larger than maxBytes. */
  tooBig: () => string;
}

/** Checks the declared size before anything is inflated. */
export function checkDeclaredSize(entry: ZipEntry, limit: InflateLimit): void {
  if (entry.uncompressedSize > limit.maxBytes) throw new ImportFileError(limit.tooBig());
}

/**
 * The entry's content in chunks, inflated as a stream. Stops (and throws) as soon as it grows
 * beyond its declared size (a lying archive) or beyond the limit.
 */
export async function* entryChunks(bytes: Uint8Array, entry: ZipEntry, limit: InflateLimit): AsyncGenerator<Uint8Array> {
  checkDeclaredSize(entry, limit);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== 0x04034b50) throw unreadable();
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.byteLength) throw unreadable();
  const data = bytes.subarray(start, end);
  const allowed = Math.min(entry.uncompressedSize, limit.maxBytes);
  const lying = () => new ImportFileError(`${UNREADABLE} (une partie du classeur contient plus de données qu'elle n'en annonce)`);
  if (entry.method === 0) {
    if (data.byteLength > allowed) throw data.byteLength > limit.maxBytes ? new ImportFileError(limit.tooBig()) : lying();
    yield data;
    return;
  }
  if (entry.method !== 8) throw unreadable(`méthode de compression ${entry.method} non prise en charge`);
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  inflater.end(data);
  let produced = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      produced += chunk.byteLength;
      if (produced > allowed) throw produced > limit.maxBytes ? new ImportFileError(limit.tooBig()) : lying();
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw unreadable();
  } finally {
    inflater.destroy();
  }
  if (produced !== entry.uncompressedSize) throw unreadable();
}

/** The whole (small) entry as text, within its limit. */
export async function entryText(bytes: Uint8Array, entry: ZipEntry, limit: InflateLimit): Promise<string> {
  const decoder = new TextDecoder("utf-8");
  let text = "";
  for await (const chunk of entryChunks(bytes, entry, limit)) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
