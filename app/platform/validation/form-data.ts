/**
 * The one parser that turns submitted form fields into an object. Every action that needs more
 * than `form.get(name)` goes through it.
 *
 * Field names may use dots for nesting (`program.0.title`, `sessions.1.cityId`): a name that
 * appears several times (checkboxes) becomes an array. A segment that could reach an object's
 * prototype (`__proto__`, `prototype`, `constructor`) drops the whole field, and array indexes are
 * bounded, so no request can change `Object.prototype` or allocate a huge array.
 */

/** Names that would reach an object's prototype chain through assignment. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "prototype", "constructor"]);

/** The largest array index a field name may use (`program.499.title`). */
export const MAX_FIELD_INDEX = 499;

/** At most this many nesting levels (`a.b.c.d.e.f`). */
const MAX_DEPTH = 6;

type Node = Record<string, unknown> | unknown[];

function isIndex(key: string): boolean {
  return /^\d{1,4}$/.test(key) && Number(key) <= MAX_FIELD_INDEX;
}

/** The path of a field name, or null when the name is refused. */
function pathOf(name: string): string[] | null {
  const keys = name.split(".");
  if (keys.length > MAX_DEPTH || keys.some((k) => k === "" || FORBIDDEN_KEYS.has(k))) return null;
  return keys;
}

function own(node: Node, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(node, key) ? (node as Record<string, unknown>)[key] : undefined;
}

/** A posted file as a form's schema checks it (the content stays in the form: only the server reads it). */
export interface FileInfo {
  name: string;
  type: string;
  size: number;
}

/**
 * Builds a nested object from form fields. Files are left out, unless `files` is set: each file is
 * then described by its name, type and size (a file field left empty is sent as an empty file).
 */
export function formDataToObject(
  form: FormData | URLSearchParams | Iterable<[string, FormDataEntryValue]>,
  { files = false }: { files?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, entry] of form as Iterable<[string, FormDataEntryValue]>) {
    if (typeof entry !== "string" && !files) continue;
    const value: string | FileInfo = typeof entry === "string" ? entry : { name: entry.name, type: entry.type, size: entry.size };
    const keys = pathOf(name);
    if (!keys) continue;
    let node: Node = out;
    let refused = false;
    for (let i = 0; i < keys.length - 1; i++) {
      const key = keys[i]!;
      if (Array.isArray(node) !== isIndex(key)) {
        refused = true;
        break;
      }
      const nextIsIndex = isIndex(keys[i + 1]!);
      let child = own(node, key);
      if (child === undefined) {
        child = nextIsIndex ? [] : {};
        (node as Record<string, unknown>)[key] = child;
      }
      // A name that mixes a plain value and a nested one (`a=1&a.b=2`) keeps the first.
      if (typeof child !== "object" || child === null || Array.isArray(child) !== nextIsIndex) {
        refused = true;
        break;
      }
      node = child as Node;
    }
    const last = keys[keys.length - 1]!;
    if (refused || (Array.isArray(node) && !isIndex(last))) continue;
    const prev = own(node, last);
    (node as Record<string, unknown>)[last] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return densify(out) as Record<string, unknown>;
}

/** Sparse arrays (a removed module in the middle) become dense, in index order. */
function densify(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(densify);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, densify(v)]));
  return value;
}

/** JSON.parse that drops any `__proto__`, `prototype` or `constructor` key, at any depth. */
export function parseJsonSafely(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => (FORBIDDEN_KEYS.has(key) ? undefined : value));
}

/** Reads the request's form body (size limits are enforced by the server before it gets here). */
export async function readFormObject(request: Request): Promise<{ form: FormData; values: Record<string, unknown> }> {
  const form = await request.formData();
  return { form, values: formDataToObject(form) };
}
