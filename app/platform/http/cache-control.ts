/**
 * The site's two cache policies (see docs/decisions/0003-caching.md). Anonymous pages, and public API
 * answers that opt in, may be kept by shared caches (CDN, reverse proxy) for a minute, then served
 * stale for another minute while they refresh; browsers revalidate every time (ETag, 304).
 * Anything rendered for a signed-in visitor, or carrying a cookie, is never stored anywhere.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
export const PRIVATE_CACHE_CONTROL = "private, no-store";
