import { formatDateTime } from "~/platform/format";
import type { Organisation } from "~/domain/settings/model";
import { escapeHtml } from "~/platform/email/mailer.server";
import { FORMAT_LABELS, fundingLabel, subjectLabel, type LeadFormationRef, type LeadFormat, type LeadKind } from "./model";

/** What the two e-mails of a lead are made of (the stored record, as the visitor sent it). */
export interface LeadForMail {
  id: string;
  reference: string;
  kind: LeadKind;
  name: string;
  email: string;
  phone: string;
  company: string;
  siret: string;
  subject: string;
  formations: LeadFormationRef[];
  formationOther: string;
  trainees: number | null;
  format: string;
  period: string;
  city: string;
  funding: string;
  message: string;
  createdAt: string;
}

export interface MailContext {
  organisation: Organisation;
  siteUrl: string;
  retentionMonths: number;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** « 21 novembre 2026 à 14 h 05 » (Paris time): the one rule of `~/platform/format`. */
export function formatDateTimeFr(iso: string): string {
  return formatDateTime(iso);
}

function formationLines(lead: LeadForMail): string[] {
  return lead.formations.map((f) => f.title || f.slug);
}

/** The fields of a lead as label/value pairs (empty values left out). */
export function leadFields(lead: LeadForMail): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  const add = (label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && String(value).trim() !== "") rows.push([label, String(value)]);
  };
  if (lead.kind === "devis") {
    add("Entreprise", lead.company);
    add("SIRET", lead.siret);
    add("Contact", lead.name);
    add("E-mail", lead.email);
    add("Téléphone", lead.phone);
    add(lead.formations.length > 1 ? "Formations" : "Formation", formationLines(lead).join(", "));
    add("Autre besoin", lead.formationOther);
    add("Nombre de stagiaires", lead.trainees);
    add("Format", lead.format ? (FORMAT_LABELS[lead.format as LeadFormat]?.label ?? lead.format) : "");
    add("Période souhaitée", lead.period);
    add("Ville", lead.city);
    add("Financement", lead.funding ? fundingLabel(lead.funding) : "");
  } else {
    add("Nom", lead.name);
    add("E-mail", lead.email);
    add("Téléphone", lead.phone);
    add("Sujet", subjectLabel(lead.subject));
  }
  return rows;
}

function textBlock(rows: Array<[string, string]>): string {
  return rows.map(([label, value]) => `${label}\u00a0: ${value}`).join("\n");
}

function htmlTable(rows: Array<[string, string]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px">${cells}</table>`;
}

function htmlParagraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

function wrapHtml(body: string): string {
  return `<!doctype html><html lang="fr"><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">${body}</body></html>`;
}

/** The notification to the staff: every field, and the link to the lead in the admin. */
export function staffNotification(lead: LeadForMail, ctx: MailContext): ComposedMail {
  const adminPath = lead.kind === "devis" ? "/admin/devis" : "/admin/messages";
  const link = `${ctx.siteUrl}${adminPath}/${lead.id}`;
  const rows = leadFields(lead);
  const what = lead.kind === "devis" ? "Nouvelle demande de devis" : "Nouveau message de contact";
  const subject =
    lead.kind === "devis"
      ? `[Devis ${lead.reference}] ${lead.company}${lead.trainees ? `, ${lead.trainees} stagiaire${lead.trainees > 1 ? "s" : ""}` : ""}`
      : `[Contact ${lead.reference}] ${subjectLabel(lead.subject)}\u00a0: ${lead.name}`;
  const intro = `${what} reçue sur le site le ${formatDateTimeFr(lead.createdAt)}.\nRéférence\u00a0: ${lead.reference}`;
  const message = lead.message.trim();
  const text = [
    intro,
    textBlock(rows),
    message ? `Message :\n${message}` : "",
    `Consentement au traitement des données donné lors de l'envoi.`,
    `Suivre cette demande dans l'administration\u00a0: ${link}`,
    `Répondre à cet e-mail écrit directement à ${lead.name} (${lead.email}).`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const html = wrapHtml(
    [
      `<p style="margin:0 0 12px"><strong>${escapeHtml(what)}</strong> reçue sur le site le ${escapeHtml(formatDateTimeFr(lead.createdAt))}.<br>Référence&nbsp;: <strong>${escapeHtml(lead.reference)}</strong></p>`,
      htmlTable(rows),
      message ? `<h2 style="font-size:16px;margin:20px 0 8px">Message</h2>${htmlParagraphs(message)}` : "",
      `<p style="margin:16px 0 12px">Consentement au traitement des données donné lors de l'envoi.</p>`,
      `<p style="margin:0 0 12px"><a href="${escapeHtml(link)}">Suivre cette demande dans l'administration</a></p>`,
      `<p style="margin:0;color:#475569">Répondre à cet e-mail écrit directement à ${escapeHtml(lead.name)} (${escapeHtml(lead.email)}).</p>`,
    ].join(""),
  );
  return { subject, text, html };
}

/** The acknowledgement to the visitor: reference, summary, what happens next, their rights. */
/**
 * The visitor's acknowledgement. It goes to whatever address was typed in the form, so it repeats
 * none of the visitor's text (not even the name): the reference, the date and the catalogue
 * formations chosen, nothing that could carry a message to a stranger.
 */
export function visitorAcknowledgement(lead: LeadForMail, ctx: MailContext, catalogueTitles: readonly string[] = []): ComposedMail {
  const o = ctx.organisation;
  const isQuote = lead.kind === "devis";
  const subject = isQuote
    ? `Votre demande de devis a bien été reçue (référence ${lead.reference})`
    : `Votre message a bien été reçu (référence ${lead.reference})`;
  const thanks = isQuote
    ? "Nous avons bien reçu votre demande de devis et vous en remercions. Un conseiller formation l'étudie et vous recontacte dans les meilleurs délais, en général sous deux jours ouvrés, avec une proposition adaptée et les possibilités de financement."
    : "Nous avons bien reçu votre message et vous en remercions. Nous vous répondons dans les meilleurs délais, en général sous deux jours ouvrés.";
  const received = `Reçu le ${formatDateTimeFr(lead.createdAt)}.`;
  const formations = catalogueTitles.length
    ? `${catalogueTitles.length > 1 ? "Formations demandées" : "Formation demandée"}\u00a0: ${catalogueTitles.join(", ")}.`
    : "";
  const privacy = `${ctx.siteUrl}/politique-confidentialite`;
  const rights = `Vos données servent uniquement à traiter votre demande. Elles sont conservées ${ctx.retentionMonths} mois à compter de notre dernier échange, puis supprimées. Vous pouvez y accéder, les rectifier ou en demander l'effacement en écrivant à ${o.dpoEmail}. Politique de confidentialité\u00a0: ${privacy}`;
  const notYou = `Vous n'êtes pas à l'origine de cette demande\u00a0? Ignorez ce message ou signalez-le-nous à ${o.email}.`;
  const signature = `L'équipe ${o.name}\n${o.street}, ${o.postalCode} ${o.city}\n${o.phone} · ${o.email}`;
  const text = [
    "Bonjour,",
    thanks,
    `Votre référence\u00a0: ${lead.reference} (à rappeler dans vos échanges avec nous). ${received}`,
    formations,
    `Une question, un complément\u00a0? Répondez simplement à cet e-mail ou appelez-nous au ${o.phone}.`,
    notYou,
    rights,
    signature,
  ]
    .filter(Boolean)
    .join("\n\n");
  const html = wrapHtml(
    [
      `<p style="margin:0 0 12px">Bonjour,</p>`,
      `<p style="margin:0 0 12px">${escapeHtml(thanks)}</p>`,
      `<p style="margin:0 0 12px">Votre référence&nbsp;: <strong>${escapeHtml(lead.reference)}</strong> (à rappeler dans vos échanges avec nous). ${escapeHtml(received)}</p>`,
      formations ? `<p style="margin:0 0 12px">${escapeHtml(formations)}</p>` : "",
      `<p style="margin:16px 0 12px">Une question, un complément&nbsp;? Répondez simplement à cet e-mail ou appelez-nous au ${escapeHtml(o.phone)}.</p>`,
      `<p style="margin:0 0 12px">${escapeHtml(notYou)}</p>`,
      `<p style="margin:0 0 12px;font-size:12px;color:#475569">Vos données servent uniquement à traiter votre demande. Elles sont conservées ${ctx.retentionMonths}&nbsp;mois à compter de notre dernier échange, puis supprimées. Vous pouvez y accéder, les rectifier ou en demander l'effacement en écrivant à ${escapeHtml(o.dpoEmail)}. <a href="${escapeHtml(privacy)}">Politique de confidentialité</a></p>`,
      `<p style="margin:0">${escapeHtml(signature).replace(/\n/g, "<br>")}</p>`,
    ].join(""),
  );
  return { subject, text, html };
}
