/**
 * The pages of the client's and trainee's space that the registration e-mails link to
 * (docs/decisions/0029-space-sign-in-by-link.md). Without a session of the space, they lead to its
 * sign-in page, which brings the person back here once signed in.
 */

/** The realm of the space's sign-in by link (app/platform/link-sign-in). */
export const SPACE_REALM = "espace";

/** The contact's page of one registration. */
export const contactSpacePath = (registrationId: string) => `/espace/inscriptions/${encodeURIComponent(registrationId)}`;

/** A trainee's page of the session of one registration. */
export const traineeSpacePath = (registrationId: string) => `/espace/formations/${encodeURIComponent(registrationId)}`;

/** The line every e-mail to a contact carries. */
export const contactSpaceLine = (siteUrl: string, registrationId: string) =>
  `Votre espace client (inscriptions, stagiaires, documents)\u00a0: ${siteUrl}${contactSpacePath(registrationId)}`;

/** The line every e-mail to a trainee carries. */
export const traineeSpaceLine = (siteUrl: string, registrationId: string) =>
  `Votre espace stagiaire (dates, lieu, agenda, documents)\u00a0: ${siteUrl}${traineeSpacePath(registrationId)}`;
