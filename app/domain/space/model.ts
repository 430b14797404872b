import { z } from "zod";

/**
 * The client's and trainee's space (docs/decisions/0029-space-sign-in-by-link.md): the shapes the
 * browser and the server share.
 */

/** The name of the sign-in form for the anti-spam token (app/platform/intake/guard.server.ts). */
export const SPACE_FORM = "espace";

/** /espace: the address a link is asked for, and the page of the space it should open. */
export const spaceSignInSchema = z.object({
  email: z.preprocess(
    (v) => v ?? "",
    z
      .string()
      .trim()
      .min(1, "Indiquez votre adresse e-mail.")
      .max(254, "L'adresse e-mail ne peut pas dépasser 254\u00a0caractères.")
      .pipe(z.email("L'adresse e-mail n'est pas valide (exemple\u00a0: prenom.nom@entreprise.fr).")),
  ),
  suite: z.preprocess((v) => v ?? "", z.string().max(500)),
});
export type SpaceSignIn = z.output<typeof spaceSignInSchema>;

/** Staff send the link of the space to one person of a registration. */
export const staffSendLinkSchema = z.object({
  email: z.preprocess((v) => v ?? "", z.string().trim().min(1, "Choisissez la personne.").max(254)),
});
