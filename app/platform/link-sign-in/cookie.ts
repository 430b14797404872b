/** Any sign-in-by-link session cookie (`lien_<realm>`, `__Host-` on https) in a Cookie header: the request is private (no page cache). */
export const LINK_SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?lien_[a-z-]+=[^;]/;
