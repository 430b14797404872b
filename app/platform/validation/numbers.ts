/** "1 290,50 €" → 1290.5; "" → null; anything unreadable is returned unchanged for the schema to refuse. */
export function parseFrenchNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const s = value.replace(/[\s\u00a0\u202f€%]/g, "").replace(",", ".");
  if (s === "") return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : value;
}
