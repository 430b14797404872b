/** The two characters the full-text engines put around a match in a snippet (control characters: never in a page's text). */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";
