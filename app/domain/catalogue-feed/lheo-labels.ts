/** The LHÉO settings' field labels, without zod: the admin screen shows them, the schema (`./lheo-model.ts`) is loaded with the form. */
export const LHEO_LABELS = {
  formacodeVersion: "Version du FORMACODE",
  publicCodes: "Codes «\u00a0public visé\u00a0» (FORMACODE)",
} as const;
