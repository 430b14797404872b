import type { Organisation } from "~/domain/settings/model";
import { formatDate, formatDateTime } from "~/platform/format";
import { complaintSourceLabel, workingDaysLabel } from "./labels";

/**
 * The complaints register's e-mails (docs/decisions/0035-complaints-register.md), text only. The
 * acknowledgement and the answer go to the address the complaint came from: typed in the contact
 * form, they repeat none of the sender's text (a stranger's address may have been typed), only the
 * reference, the dates and what staff wrote.
 */

export interface TextMail {
  subject: string;
  text: string;
}

/** What a complaint's e-mails are made of. */
export interface ComplaintForMail {
  id: string;
  reference: string;
  source: string;
  name: string;
  email: string;
  phone: string;
  about: string;
  message: string;
  receivedAt: string;
}

export interface ComplaintMailContext {
  organisation: Organisation;
  siteUrl: string;
  /** The answer delay, in working days (the organisation's setting). */
  delayDays: number;
  /** How long the register keeps the sender's data after the complaint is closed, in months. */
  retentionMonths: number;
}

function signature(o: Organisation): string[] {
  return ["", "—", `L'équipe ${o.name}`, `${o.street}, ${o.postalCode} ${o.city}`, `${o.phone} · ${o.email}`];
}

/** To the sender: the complaint is registered, its reference, when the written answer comes, their rights. */
export function acknowledgementMail(c: ComplaintForMail, ctx: ComplaintMailContext): TextMail {
  const o = ctx.organisation;
  const fromSpace = c.source !== "contact";
  const lines = [
    "Bonjour,",
    "",
    `Nous avons bien reçu votre réclamation le ${formatDateTime(c.receivedAt)} et l'avons enregistrée sous la référence ${c.reference}, à rappeler dans vos échanges avec nous.`,
    "",
    `Elle est étudiée par notre équipe, qui vous adressera une réponse écrite par e-mail dans un délai de ${workingDaysLabel(ctx.delayDays)} au plus.`,
    ...(fromSpace ? ["", `Vous pouvez suivre son traitement dans votre espace\u00a0: ${ctx.siteUrl}/espace/reclamation`] : []),
    "",
    `Vous n'êtes pas à l'origine de ce message\u202f? Ignorez-le ou signalez-le-nous à ${o.email}.`,
    "",
    `Vos données servent uniquement au traitement de votre réclamation et à notre registre des réclamations (démarche qualité Qualiopi). Elles sont conservées ${ctx.retentionMonths}\u00a0mois après la clôture de la réclamation, puis effacées. Vous pouvez y accéder, les rectifier ou en demander l'effacement en écrivant à ${o.dpoEmail}. Politique de confidentialité\u00a0: ${ctx.siteUrl}/politique-confidentialite`,
    ...signature(o),
  ];
  return { subject: `Votre réclamation est enregistrée (référence ${c.reference})`, text: lines.join("\n") };
}

/** To staff: a complaint came in, everything it says, and where to answer it. */
export function staffNoticeMail(c: ComplaintForMail, ctx: Pick<ComplaintMailContext, "siteUrl" | "delayDays">, dueOn: string): TextMail {
  const lines = [
    `Réclamation ${c.reference} reçue le ${formatDateTime(c.receivedAt)} (${complaintSourceLabel(c.source)}).`,
    `Réponse écrite attendue au plus tard le ${formatDate(dueOn)} (${workingDaysLabel(ctx.delayDays)}).`,
    "",
    `Nom\u00a0: ${c.name}`,
    `E-mail\u00a0: ${c.email}`,
    ...(c.phone ? [`Téléphone\u00a0: ${c.phone}`] : []),
    ...(c.about ? [`Concerne\u00a0: ${c.about}`] : []),
    "",
    "Réclamation\u00a0:",
    c.message,
    "",
    `Répondre depuis le registre des réclamations\u00a0: ${ctx.siteUrl}/admin/reclamations/${c.id}`,
  ];
  return { subject: `[Réclamation ${c.reference}] ${c.name}`, text: lines.join("\n") };
}

/** To the sender: the written answer staff wrote, as they wrote it. */
export function answerMail(c: Pick<ComplaintForMail, "reference" | "receivedAt">, answer: string, o: Organisation): TextMail {
  const lines = [
    "Bonjour,",
    "",
    `Voici notre réponse à votre réclamation ${c.reference}, reçue le ${formatDate(c.receivedAt)}.`,
    "",
    answer,
    "",
    `Cette réponse ne vous satisfait pas\u202f? Répondez à cet e-mail en rappelant la référence ${c.reference}.`,
    ...signature(o),
  ];
  return { subject: `Réponse à votre réclamation ${c.reference}`, text: lines.join("\n") };
}
