/** The `?page=` of a paginated list: a whole number from 1 (anything else is page 1). */
export function pageParam(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, page);
}
