/**
 * The trainer's space (README « Espace formateur »): its realm of the sign-in by link
 * (app/platform/link-sign-in, docs/decisions/0031-trainer-space.md) and its pages. It lives under
 * /espace like the client's and trainee's space, with a realm and a cookie of its own
 * (`lien_formateur`): a person who is both a trainee and a trainer has two separate spaces.
 */

/** The realm of the trainers' sign-in by link. */
export const TRAINER_REALM = "formateur";

/** The trainer space's home: their sessions, their calendar subscription; its sign-in form without a session. */
export const TRAINER_SPACE_PATH = "/espace/formateur";

/** A trainer's page of one session they teach. */
export const trainerSessionPath = (sessionId: string) => `${TRAINER_SPACE_PATH}/sessions/${encodeURIComponent(sessionId)}`;

/** A document of a session, downloaded from the trainer's space. */
export const trainerDocumentPath = (documentId: string) => `${TRAINER_SPACE_PATH}/documents/${encodeURIComponent(documentId)}`;
