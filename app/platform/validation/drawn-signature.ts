/**
 * A signature drawn on a pad (attendance, documents signed online) arrives as a PNG data URL; anything
 * else — another image type, a file too small to hold a stroke, text — is refused.
 */
const PNG_PREFIX = "data:image/png;base64,";
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPngDataUrl(value: string): boolean {
  if (!value.startsWith(PNG_PREFIX)) return false;
  const bytes = Buffer.from(value.slice(PNG_PREFIX.length), "base64");
  return bytes.length > 100 && bytes.subarray(0, 8).equals(PNG_MAGIC);
}
