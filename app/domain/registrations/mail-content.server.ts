import { sessionDatesLabel } from "~/domain/formations/labels";
import { formatDateTime, formatDateWithWeekday, formatDayRange, formatTimeRange } from "~/platform/format";
import type { Organisation } from "~/domain/settings/model";
import type { RegistrationBuyer } from "./model";
import { sessionDays, timeLabel } from "./calendar";
import { BUYER_KINDS, STATUS_LABELS, fundingText, type RegistrationStatus } from "./labels";
import { quoteText, registrationQuote } from "./quote";
import { placeOf, type RegistrationSession } from "./sessions.server";
import { contactSpaceLine, traineeSpaceLine } from "./space-links";

/** What the e-mails of a registration are made of (the stored record and its session). */
export interface MailRegistration extends RegistrationBuyer {
  id: string;
  reference: string;
  status: RegistrationStatus;
  contactPhone: string;
  funding: string;
  opco: string;
  accessibilityNeeds: string;
  finalOn: string | null;
  trainees: Array<{ firstName: string; lastName: string; email: string; jobTitle: string }>;
  session: RegistrationSession;
}

export interface MailLinks {
  siteUrl: string;
  /** The registrant's page (cancel, change trainees), signed. */
  manageUrl: string;
  /** Last day to cancel or change online (YYYY-MM-DD). */
  deadline: string;
}

export interface TextMail {
  subject: string;
  text: string;
}

/** « lundi 29 mars 2027 » */
export function dayLabel(day: string): string {
  return formatDateWithWeekday(day);
}

/** Dates, daily hours and place of the session, as lines. */
export function sessionLines(s: RegistrationSession): string[] {
  const days = sessionDays(s.startDate, s.endDate);
  return [
    `Formation\u00a0: ${s.formationTitle}`,
    `Dates\u00a0: ${sessionDatesLabel(s.startDate, s.endDate)} (${days.length} jour${days.length > 1 ? "s" : ""})`,
    `Horaires\u00a0: de ${timeLabel(s.dayStart)} à ${timeLabel(s.dayEnd)} (heure de Paris), chaque jour de formation`,
    `Lieu\u00a0: ${placeOf(s)}`,
  ];
}

function summaryLines(r: MailRegistration): string[] {
  const lines = [`Référence\u00a0: ${r.reference}`, ...sessionLines(r.session), ""];
  lines.push(`Qui paie\u00a0: ${BUYER_KINDS.find((b) => b.value === r.buyerKind)?.label ?? r.buyerKind}`);
  if (r.buyerKind === "entreprise") lines.push(`Entreprise\u00a0: ${r.companyName}${r.siret ? ` (SIRET ${r.siret})` : ""}`);
  lines.push(`Adresse\u00a0: ${r.street}, ${r.postalCode} ${r.city}`);
  lines.push(`Contact\u00a0: ${r.contactName} <${r.contactEmail}>${r.contactPhone ? `, ${r.contactPhone}` : ""}`);
  lines.push(`Financement envisagé\u00a0: ${fundingText(r.funding, r.opco)}`);
  lines.push(`Stagiaire${r.trainees.length > 1 ? "s" : ""} (${r.trainees.length})\u00a0:`);
  for (const t of r.trainees) lines.push(`  - ${t.firstName} ${t.lastName} <${t.email}>${t.jobTitle ? `, ${t.jobTitle}` : ""}`);
  if (r.accessibilityNeeds) lines.push(`Besoins d'adaptation signalés\u00a0: ${r.accessibilityNeeds}`);
  lines.push("", ...quoteText(registrationQuote(r.session.priceCents, r.session.vatMode, r.trainees.length)));
  return lines;
}

/**
 * The rights of an individual paying for their own training (Code du travail, L6353-5 and L6353-6;
 * docs/legal/registrations.md).
 */
export function withdrawalLines(finalOn: string): string[] {
  return [
    "Vous vous inscrivez à titre personnel et payez vous-même la formation\u00a0:",
    `- vous pouvez vous rétracter pendant 10 jours, jusqu'au ${dayLabel(finalOn)} inclus, par lettre recommandée avec avis de réception (article L6353-5 du Code du travail)\u00a0;`,
    "- aucune somme ne vous sera demandée avant la fin de ce délai, puis 30\u00a0% du prix au plus\u00a0; le solde est échelonné au fil de la formation (article L6353-6)\u00a0;",
    `- votre inscription devient définitive le ${dayLabel(finalOn)} au soir, à la fin du délai de rétractation.`,
  ];
}

function manageLines(links: MailLinks, registrationId: string): string[] {
  return [
    `Pour annuler ou changer de stagiaire, jusqu'au ${dayLabel(links.deadline)} inclus\u00a0:`,
    links.manageUrl,
    "Passé cette date, écrivez-nous ou appelez-nous.",
    "",
    contactSpaceLine(links.siteUrl, registrationId),
  ];
}

function signature(o: Organisation): string[] {
  return ["", "—", o.name, `${o.street}, ${o.postalCode} ${o.city}`, `${o.phone} · ${o.email}`];
}

/** To the contact: the registration is received (seats held) — with the calendar file. */
export function receivedMail(r: MailRegistration, links: MailLinks, o: Organisation): TextMail {
  const lines = [
    `Bonjour ${r.contactName},`,
    "",
    `Nous avons bien reçu votre inscription\u00a0: ${r.trainees.length === 1 ? "la place est réservée" : `les ${r.trainees.length} places sont réservées`}. Nous la confirmons après vérification, sous deux jours ouvrés. Le fichier joint (session.ics) ajoute les journées de formation à votre agenda.`,
    "",
    ...summaryLines(r),
    "",
    ...(r.buyerKind === "particulier" && r.finalOn ? [...withdrawalLines(r.finalOn), ""] : []),
    ...manageLines(links, r.id),
    ...signature(o),
  ];
  return { subject: `Inscription reçue\u00a0: ${r.session.formationTitle} (${r.reference})`, text: lines.join("\n") };
}

/** To the contact: the registration is on the waiting list. */
export function waitlistMail(r: MailRegistration, position: number, links: MailLinks, o: Organisation, offerHours: number): TextMail {
  const lines = [
    `Bonjour ${r.contactName},`,
    "",
    `${r.trainees.length > 1 ? "La session n'a plus assez de places libres pour votre groupe" : "La session est complète"}\u00a0: votre inscription est sur la liste d'attente (position ${position}). Dès qu'${r.trainees.length > 1 ? "assez de places se libèrent" : "une place se libère"}, nous vous l'offrons par e-mail\u00a0: vous aurez alors ${offerHours} heures pour la confirmer. Aucune somme ne vous est demandée d'ici là.`,
    "",
    ...summaryLines(r),
    "",
    "Pour quitter la liste d'attente\u00a0:",
    links.manageUrl,
    "",
    contactSpaceLine(links.siteUrl, r.id),
    ...signature(o),
  ];
  return { subject: `Liste d'attente\u00a0: ${r.session.formationTitle} (${r.reference})`, text: lines.join("\n") };
}

/** To the contact: staff confirmed the registration — with the calendar file. */
export function confirmedMail(r: MailRegistration, links: MailLinks, o: Organisation): TextMail {
  const lines = [
    `Bonjour ${r.contactName},`,
    "",
    "Votre inscription est confirmée. Chaque stagiaire recevra sa convocation avant la session. Le fichier joint (session.ics) ajoute les journées à votre agenda.",
    "",
    ...summaryLines(r),
    "",
    ...(r.buyerKind === "particulier" && r.finalOn ? [...withdrawalLines(r.finalOn), ""] : []),
    ...manageLines(links, r.id),
    ...signature(o),
  ];
  return { subject: `Inscription confirmée\u00a0: ${r.session.formationTitle} (${r.reference})`, text: lines.join("\n") };
}

/** To the contact: a seat is offered from the waiting list, held until `expiresAt` (`siteUrl`: the link to their space). */
export function offerMail(r: MailRegistration, offerUrl: string, expiresAt: string, o: Organisation, siteUrl: string): TextMail {
  const lines = [
    `Bonjour ${r.contactName},`,
    "",
    `Bonne nouvelle\u00a0: ${r.trainees.length > 1 ? `${r.trainees.length} places se sont libérées` : "une place s'est libérée"} pour la session où vous étiez sur la liste d'attente. ${r.trainees.length > 1 ? "Elles vous sont réservées" : "Elle vous est réservée"} jusqu'au ${formatDateTime(expiresAt)}. Pour confirmer votre inscription\u00a0:`,
    offerUrl,
    "",
    "Sans réponse d'ici là, la place est proposée à la personne suivante de la liste.",
    "",
    ...summaryLines(r),
    "",
    contactSpaceLine(siteUrl, r.id),
    ...signature(o),
  ];
  return { subject: `Une place pour vous\u00a0: ${r.session.formationTitle}`, text: lines.join("\n") };
}

/** To the contact: the registration is cancelled (by them, by staff, or an offer that expired). */
export function cancelledMail(r: MailRegistration, reason: string, o: Organisation): TextMail {
  const lines = [
    `Bonjour ${r.contactName},`,
    "",
    `Votre inscription ${r.reference} à la session suivante est annulée.`,
    reason ? `Motif\u00a0: ${reason}` : "",
    "",
    ...sessionLines(r.session),
    "",
    "Pour une autre date, ou pour toute question, répondez à cet e-mail.",
    ...signature(o),
  ].filter((l, i, all) => !(l === "" && all[i - 1] === ""));
  return { subject: `Inscription annulée\u00a0: ${r.session.formationTitle} (${r.reference})`, text: lines.join("\n") };
}

/** To staff: a registration came in, changed or was cancelled. */
export function staffMail(r: MailRegistration, event: string, siteUrl: string): TextMail {
  const lines = [
    `${event} (statut\u00a0: ${STATUS_LABELS[r.status]}).`,
    "",
    ...summaryLines(r),
    "",
    `Voir la session\u00a0: ${siteUrl}/admin/sessions/${encodeURIComponent(r.session.id)}`,
  ];
  return { subject: `[Inscription] ${event}\u00a0: ${r.session.formationTitle} (${r.reference})`, text: lines.join("\n") };
}

/** To the disability contact of the formation: the needs written in the form. */
export function accessibilityMail(r: MailRegistration, siteUrl: string): TextMail {
  const lines = [
    `Bonjour${r.session.disabilityContactName ? ` ${r.session.disabilityContactName}` : ""},`,
    "",
    `Une inscription signale des besoins d'adaptation. Prenez contact avec ${r.contactName} (${r.contactEmail}${r.contactPhone ? `, ${r.contactPhone}` : ""}) avant la session.`,
    "",
    `Besoins décrits\u00a0: ${r.accessibilityNeeds}`,
    "",
    ...sessionLines(r.session),
    `Référence\u00a0: ${r.reference}`,
    `Voir la session\u00a0: ${siteUrl}/admin/sessions/${encodeURIComponent(r.session.id)}`,
  ];
  return { subject: `Besoins d'adaptation\u00a0: ${r.session.formationTitle} (${r.reference})`, text: lines.join("\n") };
}

/** To one trainee: the convocation, with the calendar file (`siteUrl`: the link to their space). */
export function convocationMail(
  trainee: { firstName: string; lastName: string },
  r: MailRegistration,
  o: Organisation,
  siteUrl: string,
): TextMail {
  const lines = [
    `Bonjour ${trainee.firstName} ${trainee.lastName},`,
    "",
    `Vous êtes convoqué(e) à la formation «\u00a0${r.session.formationTitle}\u00a0». Le fichier joint (session.ics) ajoute les journées à votre agenda.`,
    "",
    ...sessionLines(r.session),
    "",
    "Merci de vous présenter 10 minutes avant le début. En cas d'empêchement, prévenez-nous au plus tôt.",
    ...(r.session.disabilityContactEmail
      ? [
          `Pour un besoin d'adaptation (handicap)\u00a0: ${r.session.disabilityContactName || "notre référent handicap"}, ${r.session.disabilityContactEmail}.`,
        ]
      : []),
    "",
    traineeSpaceLine(siteUrl, r.id),
    ...signature(o),
  ];
  return {
    subject: `Convocation\u00a0: ${r.session.formationTitle}, ${sessionDatesLabel(r.session.startDate, r.session.endDate)}`,
    text: lines.join("\n"),
  };
}

/** A session's schedule as people read it: dates, daily hours, place. */
export interface ScheduleText {
  dates: string;
  hours: string;
  place: string;
}

export function scheduleText(
  s: Pick<RegistrationSession, "startDate" | "endDate" | "dayStart" | "dayEnd" | "address" | "city">,
): ScheduleText {
  return {
    dates: formatDayRange(s.startDate, s.endDate),
    hours: `${formatTimeRange(s.dayStart, s.dayEnd)} (heure de Paris)`,
    place: placeOf(s),
  };
}

function moveLines(before: ScheduleText, after: ScheduleText): string[] {
  const line = (label: string, was: string, now: string) =>
    was === now ? [`${label}\u00a0: ${now} (inchangé)`] : [`${label}\u00a0: ${now}`, `  (au lieu de\u00a0: ${was})`];
  return [
    ...line("Dates", before.dates, after.dates),
    ...line("Horaires", before.hours, after.hours),
    ...line("Lieu", before.place, after.place),
  ];
}

const MOVE_CALENDAR =
  "Le fichier joint (session.ics) met à jour les journées déjà ajoutées à votre agenda\u00a0: ouvrez-le pour remplacer les anciennes dates.";

/** To the contact: staff moved the session (dates, hours or place) — with the updated calendar file. */
export function sessionMovedMail(r: MailRegistration, before: ScheduleText, links: MailLinks, o: Organisation): TextMail {
  const lines = [
    `Bonjour ${r.contactName},`,
    "",
    `La session de la formation «\u00a0${r.session.formationTitle}\u00a0» à laquelle vous avez inscrit ${r.trainees.length === 1 ? "un stagiaire" : `${r.trainees.length} stagiaires`} (référence ${r.reference}) change\u00a0:`,
    "",
    ...moveLines(before, scheduleText(r.session)),
    "",
    `Chaque stagiaire en est informé par e-mail. ${MOVE_CALENDAR} Les documents déjà remis (convention ou contrat, convocations) vous seront renvoyés à jour.`,
    "",
    ...manageLines(links, r.id),
    ...signature(o),
  ];
  return { subject: `Changement de session\u00a0: ${r.session.formationTitle} (${r.reference})`, text: lines.join("\n") };
}

/** To one trainee: the session they are convoked to moved — with the updated calendar file. */
export function sessionMovedTraineeMail(
  trainee: { firstName: string; lastName: string },
  r: MailRegistration,
  before: ScheduleText,
  o: Organisation,
  siteUrl: string,
): TextMail {
  const lines = [
    `Bonjour ${trainee.firstName} ${trainee.lastName},`,
    "",
    `La session de la formation «\u00a0${r.session.formationTitle}\u00a0» à laquelle vous êtes inscrit(e) change\u00a0:`,
    "",
    ...moveLines(before, scheduleText(r.session)),
    "",
    `${MOVE_CALENDAR} Votre convocation à jour suivra.`,
    "En cas d'empêchement aux nouvelles dates, prévenez-nous au plus tôt en répondant à cet e-mail.",
    "",
    traineeSpaceLine(siteUrl, r.id),
    ...signature(o),
  ];
  return {
    subject: `Changement de session\u00a0: ${r.session.formationTitle}, ${formatDayRange(r.session.startDate, r.session.endDate)}`,
    text: lines.join("\n"),
  };
}
