import { SPACE_REALM } from "~/domain/registrations/space-links";
import { TRAINER_REALM, TRAINER_SPACE_PATH } from "~/domain/trainers/space-links";

/**
 * The doors of the spaces (docs/decisions/0029-space-sign-in-by-link.md, 0031-trainer-space.md): one
 * sign-in by link for every person who is not staff, one door (a realm of app/platform/link-sign-in,
 * its own cookie) per space. The client's and trainee's space at /espace, the trainer's at
 * /espace/formateur. What each door says, without zod nor the server: the screens import it.
 */

export type DoorName = typeof SPACE_REALM | typeof TRAINER_REALM;

export interface DoorTexts {
  /** The space's home, where its sign-in form is. */
  home: string;
  eyebrow: string;
  /** The signed-in home's title. */
  title: string;
  /** The sign-in page's paragraph. */
  intro: string;
  /** The hint under the address field. */
  hint: string;
  /** The answer to a link request, whether the address may sign in or not (no enumeration). */
  sent: string;
  /** What the link's e-mail says the space holds. */
  holds: string;
  /** The other space, for a person who came to the wrong door. */
  other: { text: string; link: string; home: string };
}

const VALIDITY = "Il est valable 15\u00a0minutes et ne sert qu'une fois. Pensez à regarder dans les courriers indésirables.";

export const DOOR_TEXTS: Record<DoorName, DoorTexts> = {
  [SPACE_REALM]: {
    home: "/espace",
    eyebrow: "Espace client et stagiaire",
    title: "Votre espace",
    intro:
      "Vos inscriptions, vos stagiaires, vos formations et vos documents, sans mot de passe\u00a0: indiquez l'adresse e-mail donnée lors de l'inscription, nous vous envoyons un lien de connexion.",
    hint: "Celle du contact de l'inscription ou celle d'un stagiaire.",
    sent: `Si cette adresse correspond à une inscription, un lien de connexion vient de lui être envoyé. ${VALIDITY}`,
    holds: "vos inscriptions, vos formations et vos documents",
    other: { text: "Vous animez des formations pour nous\u202f?", link: "Votre espace formateur", home: TRAINER_SPACE_PATH },
  },
  [TRAINER_REALM]: {
    home: TRAINER_SPACE_PATH,
    eyebrow: "Espace formateur",
    title: "Vos sessions",
    intro:
      "Les sessions que vous animez, leurs stagiaires, leurs documents et votre agenda, sans mot de passe\u00a0: indiquez l'adresse e-mail que l'organisme a enregistrée pour vous, nous vous envoyons un lien de connexion.",
    hint: "Celle de votre fiche de formateur.",
    sent: `Si cette adresse est celle d'un formateur de l'organisme, un lien de connexion vient de lui être envoyé. ${VALIDITY}`,
    holds: "vos sessions, leurs stagiaires, leurs documents et votre agenda",
    other: {
      text: "Vous suivez une formation ou avez inscrit des stagiaires\u202f?",
      link: "Votre espace client et stagiaire",
      home: "/espace",
    },
  },
};

/**
 * The door of a path of the spaces: the trainer's under /espace/formateur, else the client's and
 * trainee's. A client-side navigation asks for `/espace/formateur.data`: the same door.
 */
export function doorAt(pathname: string): DoorName {
  return pathname.startsWith(TRAINER_SPACE_PATH) && /^($|[/.])/.test(pathname.slice(TRAINER_SPACE_PATH.length))
    ? TRAINER_REALM
    : SPACE_REALM;
}
