// Without zod: the sign-in screen's fields read these bounds before the schemas load.

/** The display name's bounds (after trimming): `displayNameSchema` in forms.ts is the one rule. */
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 80;
