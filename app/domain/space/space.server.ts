import { sql } from "kysely";
import { complaintsExport } from "~/domain/complaints/complaints.server";
import { signingPath } from "~/domain/attendance/codes.server";
import { signerDataExport } from "~/domain/signatures/signatures.server";
import { traineeAttendanceRecords } from "~/domain/attendance/retention.server";
import { listDocuments, documentFile } from "~/domain/documents/documents.server";
import type { DocumentKind } from "~/domain/documents/model";
import { sessionDatesLabel } from "~/domain/formations/labels";
import { invoiceFile } from "~/domain/invoices/files.server";
import { clientInvoicesOf } from "~/domain/invoices/invoices.server";
import { INVOICE_KIND_LABELS, STATUS_LABELS as INVOICE_STATUS_LABELS } from "~/domain/invoices/labels";
import { formatCents } from "~/platform/format";
import { STATUS_LABELS } from "~/domain/registrations/labels";
import { scheduleText, type ScheduleText } from "~/domain/registrations/mail-content.server";
import { registrantViewById, type RegistrantView } from "~/domain/registrations/pages.server";
import { calendarOf, loadMailRegistration } from "~/domain/registrations/registrations.server";
import { contactSpacePath, traineeSpacePath } from "~/domain/registrations/space-links";
import { getOrganisation } from "~/domain/settings/settings.server";
import { questionnaireDataOf, questionnairesOf } from "~/domain/questionnaires/people.server";
import { STATE_LABELS } from "~/domain/questionnaires/model";
import { config } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";
import { subjectOf } from "~/platform/link-sign-in/link-sign-in.server";
import { pseudonym } from "~/platform/privacy/pseudonym.server";

/**
 * What the space shows to whom (docs/decisions/0029-space-sign-in-by-link.md). Everything is read
 * for the signed-in address only: a registration's contact sees that registration (its trainees'
 * names and e-mails, its convention or contract, its trainees' certificates); a trainee sees their
 * own session, convocation and certificate, nothing of the other trainees. A cancelled registration
 * is no longer in anyone's space. Anything else answers null (the routes answer 404).
 */

const ACTIVE = ["recue", "en_attente", "confirmee"] as const;

/** The documents the contact of a registration downloads, and those a trainee does. */
const CONTACT_KINDS: readonly DocumentKind[] = ["convention", "contrat", "certificat"];
const TRAINEE_KINDS: readonly DocumentKind[] = ["convocation", "certificat"];

export interface SpaceDocument {
  id: string;
  label: string;
  href: string;
}

const documentHref = (id: string) => `/espace/documents/${encodeURIComponent(id)}`;

export interface SpaceOverview {
  email: string;
  asContact: Array<{
    id: string;
    reference: string;
    formationTitle: string;
    datesLabel: string;
    statusLabel: string;
    trainees: number;
    href: string;
  }>;
  asTrainee: Array<{ registrationId: string; formationTitle: string; datesLabel: string; href: string }>;
  /** The questionnaires sent to the person (README « Questionnaires »): to answer, or answered. */
  questionnaires: Array<{ id: string; title: string; detail: string; href: string; toAnswer: boolean }>;
}

/** The space's home: the registrations the person is the contact of, the sessions they attend. */
export async function spaceOverview(email: string, target: Db = db()): Promise<SpaceOverview> {
  const subject = subjectOf(email);
  const [contactRows, traineeRows, questionnaires] = await Promise.all([
    target
      .selectFrom("registrations as r")
      .innerJoin("formation_sessions as s", "s.id", "r.session_id")
      .innerJoin("formations as f", "f.id", "r.formation_id")
      .select(["r.id", "r.reference", "r.status", "r.seats", "f.title", "s.start_date", "s.end_date"])
      .where(sql<string>`lower(r.contact_email)`, "=", subject)
      .where("r.status", "in", [...ACTIVE])
      .orderBy("s.start_date")
      .orderBy("r.reference")
      .execute(),
    target
      .selectFrom("registration_trainees as t")
      .innerJoin("registrations as r", "r.id", "t.registration_id")
      .innerJoin("formation_sessions as s", "s.id", "r.session_id")
      .innerJoin("formations as f", "f.id", "r.formation_id")
      .select(["r.id", "f.title", "s.start_date", "s.end_date"])
      .where(sql<string>`lower(t.email)`, "=", subject)
      .where("r.status", "in", [...ACTIVE])
      .orderBy("s.start_date")
      .execute(),
    questionnairesOf(subject, target),
  ]);
  return {
    email: subject,
    asContact: contactRows.map((r) => ({
      id: r.id,
      reference: r.reference,
      formationTitle: r.title,
      datesLabel: sessionDatesLabel(r.start_date, r.end_date),
      statusLabel: STATUS_LABELS[r.status as keyof typeof STATUS_LABELS] ?? r.status,
      trainees: Number(r.seats),
      href: contactSpacePath(r.id),
    })),
    asTrainee: [...new Map(traineeRows.map((r) => [r.id, r])).values()].map((r) => ({
      registrationId: r.id,
      formationTitle: r.title,
      datesLabel: sessionDatesLabel(r.start_date, r.end_date),
      href: traineeSpacePath(r.id),
    })),
    questionnaires: questionnaires.map((q) => ({
      id: q.id,
      title: q.title,
      detail: [q.formationTitle, q.useLabel, STATE_LABELS[q.state]].filter(Boolean).join(" · "),
      href: `/espace/questionnaires/${encodeURIComponent(q.id)}`,
      toAnswer: q.state !== "repondue",
    })),
  };
}

/** The registration `id` when `email` is its contact and it is not cancelled. */
async function contactRegistrationId(email: string, id: string, target: Db): Promise<string | null> {
  const row = await target
    .selectFrom("registrations")
    .select("id")
    .where("id", "=", id)
    .where(sql<string>`lower(contact_email)`, "=", subjectOf(email))
    .where("status", "in", [...ACTIVE])
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The trainee rows of `email` in the registration `id` (not cancelled). */
async function traineeRows(email: string, id: string, target: Db) {
  return target
    .selectFrom("registration_trainees as t")
    .innerJoin("registrations as r", "r.id", "t.registration_id")
    .select(["t.id", "t.first_name", "t.last_name"])
    .where("t.registration_id", "=", id)
    .where(sql<string>`lower(t.email)`, "=", subjectOf(email))
    .where("r.status", "in", [...ACTIVE])
    .execute();
}

export interface ContactSpacePage {
  view: RegistrantView;
  documents: SpaceDocument[];
  /** Its issued invoices and credit notes to the client (app/domain/invoices), each a Factur-X PDF. */
  invoices: SpaceDocument[];
}

const invoiceHref = (id: string) => `/espace/factures/${encodeURIComponent(id)}`;

/** The contact's page of one of their registrations: null when `email` is not its contact. */
export async function contactSpacePage(email: string, id: string, target: Db = db(), now = new Date()): Promise<ContactSpacePage | null> {
  if (!(await contactRegistrationId(email, id, target))) return null;
  const view = await registrantViewById(id, target, now);
  if (!view) return null;
  const trainees = await target
    .selectFrom("registration_trainees")
    .select(["id", "first_name", "last_name"])
    .where("registration_id", "=", id)
    .execute();
  const nameOf = new Map(trainees.map((t) => [t.id, `${t.first_name} ${t.last_name}`]));
  const documents = (await listDocuments({ registrationId: id }, target))
    .filter((d) => !d.replaced && CONTACT_KINDS.includes(d.kind) && (d.kind !== "certificat" || (d.traineeId && nameOf.has(d.traineeId))))
    .map((d) => ({
      id: d.id,
      label: `${d.kindLabel} n°\u00a0${d.number}${d.traineeId ? ` — ${nameOf.get(d.traineeId)}` : ""}`,
      href: documentHref(d.id),
    }));
  const invoices = (await clientInvoicesOf(id, target, now.getTime())).map((i) => ({
    id: i.id,
    label: `${INVOICE_KIND_LABELS[i.kind]} n°\u00a0${i.number} — ${formatCents(i.totalTtcCents)} TTC${i.kind === "avoir" ? "" : `, ${INVOICE_STATUS_LABELS[i.status].toLowerCase()}`}`,
    href: invoiceHref(i.id),
  }));
  return { view, documents, invoices };
}

export interface TraineeSpacePage {
  registrationId: string;
  traineeName: string;
  formationTitle: string;
  schedule: ScheduleText;
  calendarHref: string;
  /** The signing page of the session (app/domain/attendance): the space names the trainee. */
  signHref: string;
  documents: SpaceDocument[];
  organisation: { name: string; email: string; phone: string };
  disabilityContact: { name: string; email: string } | null;
}

/** A trainee's page of their session: null when `email` is not a trainee of this registration. */
export async function traineeSpacePage(email: string, registrationId: string, target: Db = db()): Promise<TraineeSpacePage | null> {
  const rows = await traineeRows(email, registrationId, target);
  const first = rows[0];
  if (!first) return null;
  const r = await loadMailRegistration(target, registrationId);
  if (!r) return null;
  const mine = new Set(rows.map((t) => t.id));
  const documents = (await listDocuments({ registrationId }, target))
    .filter((d) => !d.replaced && TRAINEE_KINDS.includes(d.kind) && d.traineeId !== null && mine.has(d.traineeId))
    .map((d) => ({ id: d.id, label: `${d.kindLabel} n°\u00a0${d.number}`, href: documentHref(d.id) }));
  const o = await getOrganisation(target);
  const s = r.session;
  return {
    registrationId,
    traineeName: `${first.first_name} ${first.last_name}`,
    formationTitle: s.formationTitle,
    schedule: scheduleText(s),
    calendarHref: `${traineeSpacePath(registrationId)}/agenda.ics`,
    signHref: signingPath(s.id),
    documents,
    organisation: { name: o.name, email: o.email, phone: o.phone },
    disabilityContact: s.disabilityContactEmail
      ? { name: s.disabilityContactName || "Référent handicap", email: s.disabilityContactEmail }
      : null,
  };
}

/** The session's calendar file for a trainee of the registration: null when `email` is not one. */
export async function traineeCalendar(email: string, registrationId: string, target: Db = db()) {
  if ((await traineeRows(email, registrationId, target)).length === 0) return null;
  const r = await loadMailRegistration(target, registrationId);
  if (!r) return null;
  return calendarOf(r, { organisation: await getOrganisation(target), siteUrl: config().siteUrl });
}

/**
 * A document's file for the person of the space: the contact of its registration (convention,
 * contract, certificates), or the trainee it is about (convocation, certificate). Else null.
 */
export async function spaceDocumentFile(email: string, documentId: string, target: Db = db()) {
  const doc = await target
    .selectFrom("documents")
    .select(["id", "kind", "state", "registration_id", "trainee_id"])
    .where("id", "=", documentId)
    .executeTakeFirst();
  if (!doc || doc.state !== "actif" || !doc.registration_id) return null;
  const kind = doc.kind as DocumentKind;
  const asContact = CONTACT_KINDS.includes(kind) && (await contactRegistrationId(email, doc.registration_id, target));
  const asTrainee =
    !asContact &&
    TRAINEE_KINDS.includes(kind) &&
    doc.trainee_id !== null &&
    (await traineeRows(email, doc.registration_id, target)).some((t) => t.id === doc.trainee_id);
  if (!asContact && !asTrainee) return null;
  const file = await documentFile(doc.id, target);
  return file && !file.replaced ? file : null;
}

/** An invoice's file for the contact of its registration (the invoices the space lists); else null. */
export async function spaceInvoiceFile(email: string, invoiceId: string, target: Db = db()) {
  const row = await target.selectFrom("invoices").select(["registration_id"]).where("id", "=", invoiceId).executeTakeFirst();
  if (!row?.registration_id || !(await contactRegistrationId(email, row.registration_id, target))) return null;
  if (!(await clientInvoicesOf(row.registration_id, target)).some((i) => i.id === invoiceId)) return null;
  return invoiceFile(invoiceId, target);
}

export interface SpaceAccessRow {
  at: string;
  who: string;
  event: string;
  client: string;
}

const EVENT_LABELS: Record<string, string> = { connexion: "Connexion par lien", consultation: "Consultation" };

/** Staff: the people of a registration (contact, trainees) and their last accesses to the space. */
export async function registrationSpaceAccess(registrationId: string, target: Db = db(), limit = 20) {
  const r = await loadMailRegistration(target, registrationId);
  if (!r) return null;
  const people = [
    { email: r.contactEmail, name: r.contactName, role: "contact" as const },
    ...r.trainees.map((t) => ({ email: t.email, name: `${t.firstName} ${t.lastName}`, role: "stagiaire" as const })),
  ];
  const byPseudonym = new Map<string, string>();
  for (const p of people) {
    const key = pseudonym(p.email);
    byPseudonym.set(key, byPseudonym.has(key) ? `${byPseudonym.get(key)}, ${p.role}` : `${p.name} (${p.role})`);
  }
  const rows = await target
    .selectFrom("space_accesses")
    .selectAll()
    .where("person", "in", [...byPseudonym.keys()])
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return {
    reference: r.reference,
    status: r.status,
    sessionId: r.session.id,
    formationTitle: r.session.formationTitle,
    people,
    accesses: rows.map((a): SpaceAccessRow => ({
      at: a.created_at,
      who: byPseudonym.get(a.person) ?? a.person,
      event: `${EVENT_LABELS[a.event] ?? a.event}${a.path ? ` (${a.path})` : ""}`,
      client: a.client,
    })),
  };
}

/**
 * Everything the site keeps about the person of the space, as they may ask for it (RGPD art. 15 and
 * 20, docs/legal/): the registrations they are the contact of (with their trainees), their own
 * trainee records, their complaints (app/domain/complaints), and the accesses to their space.
 * Cancelled registrations are included: they are still kept. Internal fields (form tokens, ids of
 * other records) are left out.
 */
export async function spaceDataExport(email: string, target: Db = db()) {
  const subject = subjectOf(email);
  const [asContact, asTrainee] = await Promise.all([
    target
      .selectFrom("registrations as r")
      .innerJoin("formation_sessions as s", "s.id", "r.session_id")
      .innerJoin("formations as f", "f.id", "r.formation_id")
      .selectAll("r")
      .select(["f.title as formation", "s.start_date", "s.end_date"])
      .where(sql<string>`lower(r.contact_email)`, "=", subject)
      .orderBy("r.created_at")
      .execute(),
    target
      .selectFrom("registration_trainees as t")
      .innerJoin("registrations as r", "r.id", "t.registration_id")
      .innerJoin("formations as f", "f.id", "r.formation_id")
      .innerJoin("formation_sessions as s", "s.id", "r.session_id")
      .selectAll("t")
      .select(["r.reference", "f.title as formation", "s.start_date", "s.end_date"])
      .where(sql<string>`lower(t.email)`, "=", subject)
      .orderBy("r.created_at")
      .execute(),
  ]);
  const trainees = asContact.length
    ? await target
        .selectFrom("registration_trainees")
        .selectAll()
        .where(
          "registration_id",
          "in",
          asContact.map((r) => r.id),
        )
        .orderBy("position")
        .execute()
    : [];
  const complaints = await complaintsExport(subject, target);
  const accesses = await target
    .selectFrom("space_accesses")
    .select(["created_at", "event", "path"])
    .where("person", "=", pseudonym(subject))
    .orderBy("created_at", "desc")
    .limit(200)
    .execute();
  return {
    adresse: subject,
    exportéLe: new Date().toISOString(),
    inscriptionsCommeContact: asContact.map((r) => ({
      ...withoutInternals(r),
      statut: STATUS_LABELS[r.status as keyof typeof STATUS_LABELS] ?? r.status,
      stagiaires: trainees.filter((t) => t.registration_id === r.id).map(withoutInternals),
    })),
    participationsCommeStagiaire: asTrainee.map(withoutInternals),
    questionnaires: await questionnaireDataOf(subject, target),
    réclamations: complaints,
    // Invoices are kept 10 years (Code de commerce L123-22), never erased: they are exported as issued.
    factures: (await Promise.all(asContact.map((r) => clientInvoicesOf(r.id, target)))).flat().map((i) => ({
      numéro: i.number,
      type: INVOICE_KIND_LABELS[i.kind],
      émiseLe: i.issuedOn,
      client: i.payerName,
      totalHtCentimes: i.totalHtCents,
      totalTtcCentimes: i.totalTtcCents,
      payéCentimes: i.paidCents,
      état: INVOICE_STATUS_LABELS[i.status],
    })),
    émargement: await traineeAttendanceRecords(
      asTrainee.map((t) => t.id),
      target,
    ),
    signatures: await signerDataExport(subject, target),
    accèsÀLEspace: accesses,
  };
}

/** Columns of the site's own bookkeeping, not data about the person: left out of their export. */
const INTERNAL_COLUMNS = new Set([
  "id",
  "registration_id",
  "session_id",
  "formation_id",
  "position",
  "form_token",
  "cgv_version_id",
  "ri_version_id",
  "spool_pending_at",
  "lead_id",
  "source",
]);

function withoutInternals<T extends object>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !INTERNAL_COLUMNS.has(key))) as Partial<T>;
}
