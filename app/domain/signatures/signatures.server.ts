import { sql, type Selectable } from "kysely";
import type { SignatureSignersTable } from "~/platform/db/schema";
import { isPngDataUrl } from "~/platform/validation/drawn-signature";
import { recordAudit } from "~/domain/audit/audit.server";
import { KIND_LABELS, type DocumentKind } from "~/domain/documents/model";
import { SPACE_REALM } from "~/domain/registrations/space-links";
import { getDocumentClauses, getOrganisation, readSetting, staffAddress, writeSetting } from "~/domain/settings/settings.server";
import { emitEvent } from "~/domain/webhooks/webhooks.server";
import { config } from "~/platform/config.server";
import type { Actor } from "~/platform/db/actor";
import { db, type Db } from "~/platform/db/db.server";
import { isUniqueViolation } from "~/platform/db/errors";
import { enqueueMail, signalMailQueued } from "~/platform/email/queue.server";
import { formatDate, formatDateTime, parisWallToInstant } from "~/platform/format";
import { parisCalendarDay } from "~/platform/intl";
import { issueSignInLink, subjectOf } from "~/platform/link-sign-in/link-sign-in.server";
import { CODE_MINUTES, matchesOneTimeCode, newOneTimeCode } from "~/platform/one-time-code/one-time-code.server";
import { appendPages, sealPdf, sha256 } from "~/platform/pdf-seal/seal.server";
import { storage } from "~/platform/storage/storage.server";
import type { FailureKind } from "~/platform/validation/errors";
import { sealingCertificate } from "./certificate.server";
import {
  isSignableKind,
  MAX_CODE_TRIES,
  MAX_CODES_PER_HOUR,
  METHOD_LABEL,
  OPEN_STATES,
  SIGNED_STATES,
  signatureSettingsSchema,
  signerPath,
  STATE_LABELS,
  type SignatureSettings,
  type SignatureState,
  type SignerRole,
  type SignInput,
} from "./model";
import { signaturePagePdf } from "./signature-page.server";

/**
 * Documents signed online (docs/decisions/0036-documents-signed-online.md, docs/legal/signature.md).
 * Staff prepare the signature of a stored devis, convention or contract and send it: the signer
 * (the registration's contact, the individual of a contract, the lead of a devis) gets an e-mail
 * with a sign-in link to their space, reads the PDF there, ticks « J'ai lu et j'accepte » and signs
 * with a one-time code sent to their address (app/platform/one-time-code: six digits, 10 minutes,
 * used once; MAX_CODE_TRIES wrong codes lock the request until staff send it again). Then the
 * organisation's signatory signs the same way from the admin; the site adds the signature page,
 * seals the whole file (PAdES, app/platform/pdf-seal) and stores it, with the effects: the
 * registration's « convention signée », a contract's withdrawal period, the webhook.
 */

export type Outcome<T = object> = ({ ok: true } & T) | { ok: false; kind: FailureKind; error: string; field?: string };
const refuse = (kind: FailureKind, error: string, field?: string) => ({ ok: false as const, kind, error, ...(field ? { field } : {}) });

const CODE_PURPOSE = "signature-document";
const SETTINGS_KEY = "signatures";
const DAY_MS = 86_400_000;

/* ----- Settings ----- */

/**
 * The signature settings (the defaults until an admin saves them), with the organisation's
 * signatory: the one its documents print (the document clauses' name and role).
 */
export async function getSignatureSettings(
  target: Db = db(),
): Promise<SignatureSettings & { saved: boolean; signatoryName: string; signatoryQuality: string }> {
  const parsed = signatureSettingsSchema.safeParse(await readSetting(SETTINGS_KEY, target));
  const { signatoryName, signatoryRole } = (await getDocumentClauses(target)).values;
  const signatory = { signatoryName, signatoryQuality: signatoryRole.toLowerCase() };
  if (parsed.success) return { ...parsed.data, ...signatory, saved: true };
  return { reminderDays: 3, validityDays: 30, ...signatory, saved: false };
}

export async function saveSignatureSettings(input: SignatureSettings, actor: Actor, target: Db = db()): Promise<void> {
  await writeSetting(SETTINGS_KEY, signatureSettingsSchema, input, target, { actor, summary: "Réglages des signatures enregistrés." });
}

/* ----- Reading ----- */

type RequestRow = Awaited<ReturnType<typeof loadRequest>>;

async function loadRequest(id: string, target: Db) {
  return target.selectFrom("signature_requests").selectAll().where("id", "=", id).executeTakeFirst();
}

const stateOf = (row: { state: string }) => row.state as SignatureState;
const isOpen = (state: string) => (OPEN_STATES as readonly string[]).includes(state);
const isSigned = (state: string) => (SIGNED_STATES as readonly string[]).includes(state);
const titleOf = (kind: string) => KIND_LABELS[kind as DocumentKind] ?? "Document";

export interface SignerView {
  role: SignerRole;
  name: string;
  quality: string;
  email: string;
  signedAt: string;
  signedAtLabel: string;
  ip: string;
  userAgent: string;
  hasDrawing: boolean;
}

export interface SignatureRequestView {
  id: string;
  documentId: string;
  kind: string;
  title: string;
  number: string;
  registrationId: string | null;
  leadId: string | null;
  /** The session the document belongs to ("" for a devis without one). */
  sessionId: string;
  signerName: string;
  signerEmail: string;
  state: SignatureState;
  stateLabel: string;
  refusalReason: string;
  failedTries: number;
  locked: boolean;
  sentAt: string | null;
  expiresAt: string | null;
  signedAt: string | null;
  hasSealed: boolean;
  hasScan: boolean;
  scanName: string;
  createdAt: string;
  createdBy: string;
  signers: SignerView[];
}

type SignerRow = Selectable<SignatureSignersTable>;

async function viewOf(row: NonNullable<RequestRow>, target: Db): Promise<SignatureRequestView> {
  const signers = await target.selectFrom("signature_signers").selectAll().where("request_id", "=", row.id).orderBy("signed_at").execute();
  const doc = await target.selectFrom("documents").select("session_id").where("id", "=", row.document_id).executeTakeFirst();
  return toView(row, signers, doc?.session_id ?? "");
}

function toView(row: NonNullable<RequestRow>, signers: SignerRow[], sessionId: string): SignatureRequestView {
  return {
    id: row.id,
    documentId: row.document_id,
    kind: row.kind,
    title: titleOf(row.kind),
    number: row.number,
    registrationId: row.registration_id,
    leadId: row.lead_id,
    sessionId,
    signerName: row.signer_name,
    signerEmail: row.signer_email,
    state: stateOf(row),
    stateLabel: STATE_LABELS[stateOf(row)] ?? row.state,
    refusalReason: row.refusal_reason,
    failedTries: Number(row.failed_tries),
    locked: Boolean(row.locked_at),
    sentAt: row.sent_at,
    expiresAt: row.expires_at,
    signedAt: row.signed_at,
    hasSealed: Boolean(row.sealed_key),
    hasScan: Boolean(row.scan_key),
    scanName: row.scan_name,
    createdAt: row.created_at,
    createdBy: row.created_by,
    signers: signers.map((s) => ({
      role: s.role as SignerRole,
      name: s.name,
      quality: s.quality,
      email: s.email,
      signedAt: s.signed_at,
      signedAtLabel: formatDateTime(s.signed_at),
      ip: s.ip,
      userAgent: s.user_agent,
      hasDrawing: Boolean(s.drawing),
    })),
  };
}

/** /admin/signatures: every request, newest first. */
export async function listSignatureRequests(target: Db = db()): Promise<SignatureRequestView[]> {
  const rows = await target.selectFrom("signature_requests").selectAll().orderBy("created_at", "desc").orderBy("id").limit(500).execute();
  if (rows.length === 0) return [];
  // Their signers and their documents' sessions in one read each, not two per request.
  const [signers, docs] = await Promise.all([
    target
      .selectFrom("signature_signers")
      .selectAll()
      .where(
        "request_id",
        "in",
        rows.map((r) => r.id),
      )
      .orderBy("signed_at")
      .execute(),
    target
      .selectFrom("documents")
      .select(["id", "session_id"])
      .where(
        "id",
        "in",
        rows.map((r) => r.document_id),
      )
      .execute(),
  ]);
  const sessionOf = new Map(docs.map((d) => [d.id, d.session_id ?? ""]));
  return rows.map((r) =>
    toView(
      r,
      signers.filter((s) => s.request_id === r.id),
      sessionOf.get(r.document_id) ?? "",
    ),
  );
}

/** /admin/signatures/{id}: one request, or undefined. */
export async function getSignatureRequest(id: string, target: Db = db()): Promise<SignatureRequestView | undefined> {
  const row = await loadRequest(id, target);
  return row ? viewOf(row, target) : undefined;
}

/** The requests of a document's registration or lead (the session and lead pages show their state). */
export async function signatureStates(
  { registrationIds = [], leadId }: { registrationIds?: string[]; leadId?: string },
  target: Db = db(),
): Promise<Array<{ id: string; kind: string; number: string; state: SignatureState; stateLabel: string; registrationId: string | null }>> {
  if (!registrationIds.length && !leadId) return [];
  let q = target.selectFrom("signature_requests").select(["id", "kind", "number", "state", "registration_id"]);
  q = leadId ? q.where("lead_id", "=", leadId) : q.where("registration_id", "in", registrationIds);
  const rows = await q.orderBy("created_at", "desc").execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    number: r.number,
    state: stateOf(r),
    stateLabel: STATE_LABELS[stateOf(r)],
    registrationId: r.registration_id,
  }));
}

export interface EligibleDocument {
  id: string;
  label: string;
}

/** The stored documents that can be sent for signature: the current version of a devis, convention or contract, not signed, no request under way. */
export async function eligibleDocuments(target: Db = db()): Promise<EligibleDocument[]> {
  const rows = await target
    .selectFrom("documents")
    .select(["id", "number", "kind", "filename"])
    .where("kind", "in", ["devis", "convention", "contrat"])
    .where("state", "=", "actif")
    .where("signed_at", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("signature_requests")
            .select("id")
            .whereRef("signature_requests.document_id", "=", "documents.id")
            .where("signature_requests.state", "in", [...OPEN_STATES]),
        ),
      ),
    )
    .orderBy("created_at", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: r.id, label: `${titleOf(r.kind)} ${r.number} (${r.filename})` }));
}

/* ----- Preparing and sending ----- */

/** Who signs a document for the client: the registration's contact (convention, contract), the lead (devis). */
async function signerOf(
  doc: { kind: string; registration_id: string | null; subject_key: string },
  target: Db,
): Promise<{ name: string; email: string; registrationId: string | null; leadId: string | null } | null> {
  if (doc.kind === "devis") {
    const leadId = doc.subject_key.startsWith("devis:") ? doc.subject_key.slice("devis:".length) : "";
    const lead = await target.selectFrom("leads").select(["id", "name", "email"]).where("id", "=", leadId).executeTakeFirst();
    return lead ? { name: lead.name, email: lead.email, registrationId: null, leadId: lead.id } : null;
  }
  if (!doc.registration_id) return null;
  const r = await target
    .selectFrom("registrations")
    .select(["id", "contact_name", "contact_email", "status"])
    .where("id", "=", doc.registration_id)
    .executeTakeFirst();
  if (!r || r.status === "annulee") return null;
  return { name: r.contact_name, email: r.contact_email, registrationId: r.id, leadId: null };
}

/** Staff prepare the signature of a stored document (state « à envoyer »). */
export async function createSignatureRequest(
  documentId: string,
  actor: Actor,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<Outcome<{ id: string }>> {
  const doc = await target.selectFrom("documents").selectAll().where("id", "=", documentId).executeTakeFirst();
  if (!doc) return refuse("not-found", "Ce document n'existe pas.", "document");
  if (!isSignableKind(doc.kind)) return refuse("invalid", "Seuls un devis, une convention ou un contrat se signent en ligne.", "document");
  if (doc.state !== "actif") return refuse("conflict", "Ce document a été remplacé\u00a0: faites signer sa dernière version.", "document");
  if (doc.signed_at) return refuse("conflict", "Ce document est déjà signé.", "document");
  const signer = await signerOf(doc, target);
  if (!signer) return refuse("conflict", "Ce document n'a plus de signataire (inscription annulée ou demande supprimée).", "document");
  const file = await storage().get(doc.storage_key);
  if (!file) return refuse("not-found", "Le fichier de ce document est introuvable\u00a0: générez-le à nouveau.", "document");
  const id = crypto.randomUUID();
  const iso = new Date(now).toISOString();
  const created = await target.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom("signature_requests")
      .select("id")
      .where("document_id", "=", doc.id)
      .where("state", "in", [...OPEN_STATES, ...SIGNED_STATES])
      .executeTakeFirst();
    if (open) return false;
    await trx
      .insertInto("signature_requests")
      .values({
        id,
        document_id: doc.id,
        kind: doc.kind,
        number: doc.number,
        registration_id: signer.registrationId,
        lead_id: signer.leadId,
        signer_name: signer.name,
        signer_email: signer.email.trim(),
        state: "a_envoyer",
        locked_at: null,
        sent_at: null,
        reminded_at: null,
        expires_at: null,
        signed_at: null,
        original_sha256: sha256(file),
        created_by: actor.email,
        created_at: iso,
        updated_at: iso,
      })
      .execute();
    await recordAudit(trx, {
      actor,
      action: "create",
      entity: "signature",
      entityId: id,
      summary: `Signature préparée\u00a0: ${titleOf(doc.kind)} ${doc.number}, signataire ${signer.email}.`,
    });
    return true;
  });
  if (!created) return refuse("conflict", "Une signature de ce document est déjà en cours ou faite.", "document");
  return { ok: true, id };
}

async function organisationName(trx: Db): Promise<string> {
  return (await getOrganisation(trx)).name;
}

/** The e-mail that asks the signer to sign: a sign-in link to their space that opens the signing page. */
async function queueSigningMail(trx: Db, row: NonNullable<RequestRow>, reminder: boolean, now: number): Promise<string> {
  const org = await organisationName(trx);
  const secret = await issueSignInLink(trx, { realm: SPACE_REALM, subject: row.signer_email, next: signerPath(row.id), now });
  const url = `${config().siteUrl}/espace/connexion/${secret}`;
  const title = titleOf(row.kind);
  const expires = row.expires_at ? formatDate(row.expires_at) : "";
  return enqueueMail(
    trx,
    {
      registrationId: row.registration_id,
      leadId: row.lead_id,
      purpose: reminder ? "signature-relance" : "signature-demande",
      to: row.signer_email,
      replyTo: await staffAddress(trx),
      subject: `${reminder ? "Rappel\u00a0: " : ""}${title} ${row.number} à signer${org ? ` — ${org}` : ""}`,
      text: [
        `Bonjour ${row.signer_name},`,
        "",
        reminder
          ? `Le document «\u00a0${title}\u00a0» n°\u00a0${row.number} attend toujours votre signature.`
          : `Le document «\u00a0${title}\u00a0» n°\u00a0${row.number} vous attend pour signature.`,
        "",
        "Pour le lire et le signer dans votre espace, suivez ce lien (valable 15\u00a0minutes, il ne sert qu'une fois)\u00a0:",
        url,
        "",
        `Ensuite, votre espace reste accessible à l'adresse ${config().siteUrl}${signerPath(row.id)} (un nouveau lien de connexion vous sera envoyé à cette adresse e-mail).`,
        "Vous signerez avec un code à six chiffres envoyé à cette même adresse.",
        ...(expires ? ["", `Cette demande reste ouverte jusqu'au ${expires}.`] : []),
        "",
        "Bien cordialement,",
        org,
      ].join("\n"),
    },
    now,
  );
}

/**
 * « Envoyer pour signature » (or send again: after an expiry or a lock): the request is open for
 * the validity of the settings, its wrong tries forgotten, the signer e-mailed.
 */
export async function sendSignatureRequest(
  id: string,
  actor: Actor,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<Outcome<{ to: string }>> {
  const { validityDays } = await getSignatureSettings(target);
  const result = await target.transaction().execute(async (trx) => {
    const row = await loadRequest(id, trx);
    if (!row) return refuse("not-found", "Cette demande de signature n'existe pas.");
    if (!["a_envoyer", "envoye", "expire"].includes(row.state))
      return refuse("conflict", `Cette demande est à l'état «\u00a0${STATE_LABELS[stateOf(row)]}\u00a0»\u00a0: elle ne s'envoie plus.`);
    if (await registrationCancelled(trx, row))
      return refuse("conflict", "L'inscription de ce document est annulée\u00a0: il ne se signe plus.");
    const iso = new Date(now).toISOString();
    const expires = new Date(now + validityDays * DAY_MS).toISOString();
    const moved = await trx
      .updateTable("signature_requests")
      .set({ state: "envoye", sent_at: iso, expires_at: expires, reminded_at: null, failed_tries: 0, locked_at: null, updated_at: iso })
      .where("id", "=", id)
      .where("state", "=", row.state)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows ?? 0) !== 1) return refuse("conflict", "Cette demande vient de changer\u00a0: rechargez la page.");
    // Codes sent before are void: a new sending starts again.
    await trx.updateTable("signature_codes").set({ used_at: iso }).where("request_id", "=", id).where("used_at", "is", null).execute();
    await queueSigningMail(trx, { ...row, expires_at: expires }, false, now);
    await recordAudit(trx, {
      actor,
      action: "send",
      entity: "signature",
      entityId: id,
      summary: `${titleOf(row.kind)} ${row.number} envoyé pour signature à ${row.signer_email}.`,
    });
    return { ok: true as const, to: row.signer_email };
  });
  if (result.ok) signalMailQueued();
  return result;
}

/** A convention or contract whose registration was cancelled is no longer signed. */
async function registrationCancelled(trx: Db, row: NonNullable<RequestRow>): Promise<boolean> {
  if (!row.registration_id) return false;
  const r = await trx.selectFrom("registrations").select("status").where("id", "=", row.registration_id).executeTakeFirst();
  return !r || r.status === "annulee";
}

/* ----- The one-time code ----- */

/** Why a signer cannot sign now, or null. */
function closedFor(row: NonNullable<RequestRow>, role: SignerRole, now: number): { kind: FailureKind; error: string } | null {
  if (isSigned(row.state)) return { kind: "conflict", error: "Ce document est déjà signé." };
  if (row.locked_at)
    return {
      kind: "conflict",
      error: `Trop de codes erronés\u00a0: la demande est bloquée. Demandez à l'organisme de vous l'envoyer à nouveau.`,
    };
  if (role === "client") {
    if (row.state !== "envoye")
      return { kind: "conflict", error: `Cette demande est à l'état «\u00a0${STATE_LABELS[stateOf(row)]}\u00a0».` };
    if (row.expires_at && row.expires_at <= new Date(now).toISOString()) return { kind: "conflict", error: "Cette demande a expiré." };
  } else if (row.state !== "signe_client")
    return { kind: "conflict", error: "L'organisme signe après le client\u00a0: le client n'a pas encore signé." };
  return null;
}

export interface SignerIdentity {
  email: string;
  /** Staff: the signatory of the settings signs; the code goes to the signed-in staff user's address. */
  actor?: Actor;
}

/** The signer asks for a code: six digits sent to their address, valid CODE_MINUTES minutes. */
export async function requestSignatureCode(
  id: string,
  role: SignerRole,
  who: SignerIdentity,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<Outcome<{ to: string }>> {
  const result = await target.transaction().execute(async (trx) => {
    const row = await loadRequest(id, trx);
    if (!row || (role === "client" && subjectOf(row.signer_email) !== subjectOf(who.email)))
      return refuse("not-found", "Cette demande de signature n'existe pas.");
    const closed = closedFor(row, role, now);
    if (closed) return refuse(closed.kind, closed.error);
    if (await registrationCancelled(trx, row))
      return refuse("conflict", "L'inscription de ce document est annulée\u00a0: il ne se signe plus.");
    const recent = await trx
      .selectFrom("signature_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("request_id", "=", id)
      .where("role", "=", role)
      .where("created_at", ">", new Date(now - 3_600_000).toISOString())
      .executeTakeFirst();
    if (Number(recent?.n ?? 0) >= MAX_CODES_PER_HOUR)
      return refuse("conflict", "Trop de codes demandés dans l'heure\u00a0: utilisez le dernier reçu ou réessayez plus tard.");
    const { code, hash } = newOneTimeCode(CODE_PURPOSE);
    const to = who.email.trim();
    const org = await organisationName(trx);
    const mailId = await enqueueMail(
      trx,
      {
        registrationId: row.registration_id,
        leadId: row.lead_id,
        purpose: "signature-code",
        to,
        subject: `Votre code de signature\u00a0: ${code}`,
        text: [
          "Bonjour,",
          "",
          `Voici votre code pour signer le document «\u00a0${titleOf(row.kind)}\u00a0» n°\u00a0${row.number}\u00a0:`,
          "",
          code,
          "",
          `Il est valable ${CODE_MINUTES}\u00a0minutes et ne sert qu'une fois. Si vous n'avez rien demandé, ignorez cet e-mail.`,
          "",
          "Bien cordialement,",
          org,
        ].join("\n"),
      },
      now,
    );
    const iso = new Date(now).toISOString();
    await trx
      .insertInto("signature_codes")
      .values({
        id: crypto.randomUUID(),
        request_id: id,
        role,
        sent_to: to,
        code_hash: hash,
        mail_id: mailId,
        expires_at: new Date(now + CODE_MINUTES * 60_000).toISOString(),
        used_at: null,
        created_at: iso,
      })
      .execute();
    return { ok: true as const, to };
  });
  if (result.ok) signalMailQueued();
  return result;
}

/**
 * Uses a code of the signer: the matching unexpired unused one is marked used (once: two
 * submissions never both pass); else the request counts a wrong try, and is locked at the
 * MAX_CODE_TRIES-th. Returns the code's row, or why not.
 */
async function redeemCode(trx: Db, row: NonNullable<RequestRow>, role: SignerRole, code: string, now: number) {
  const iso = new Date(now).toISOString();
  const candidates = await trx
    .selectFrom("signature_codes")
    .selectAll()
    .where("request_id", "=", row.id)
    .where("role", "=", role)
    .where("used_at", "is", null)
    .where("expires_at", ">", iso)
    .orderBy("created_at", "desc")
    .execute();
  const match = candidates.find((c) => matchesOneTimeCode(CODE_PURPOSE, code, c.code_hash));
  if (match) {
    const used = await trx
      .updateTable("signature_codes")
      .set({ used_at: iso })
      .where("id", "=", match.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows ?? 0) === 1) return { ok: true as const, code: match };
  }
  const tries = Number(row.failed_tries) + 1;
  const locked = tries >= MAX_CODE_TRIES;
  await trx
    .updateTable("signature_requests")
    .set({ failed_tries: tries, ...(locked ? { locked_at: iso } : {}), updated_at: iso })
    .where("id", "=", row.id)
    .execute();
  return {
    ok: false as const,
    locked,
    error: locked
      ? "Code erroné pour la cinquième fois\u00a0: la demande est bloquée. L'organisme peut vous l'envoyer à nouveau."
      : `Code erroné, expiré ou déjà utilisé. Il vous reste ${MAX_CODE_TRIES - tries}\u00a0essai${MAX_CODE_TRIES - tries > 1 ? "s" : ""}.`,
  };
}

export interface SigningContext {
  ip: string;
  userAgent: string;
}

/**
 * A signature with a one-time code: the client's (state « signé par le client »), then the
 * organisation's signatory's, which seals the document (state « signé ») and applies its effects.
 */
export async function signWithCode(
  id: string,
  role: SignerRole,
  input: SignInput,
  who: SignerIdentity,
  context: SigningContext,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<Outcome<{ state: SignatureState }>> {
  if (input.dessin && !isPngDataUrl(input.dessin)) return refuse("invalid", "Le dessin de la signature n'est pas une image PNG.", "dessin");
  const first = await loadRequest(id, target);
  if (!first || (role === "client" && subjectOf(first.signer_email) !== subjectOf(who.email)))
    return refuse("not-found", "Cette demande de signature n'existe pas.");
  const early = closedFor(first, role, now);
  if (early) return refuse(early.kind, early.error);
  // The organisation's signature seals: the certificate is made before the transaction (RSA keys take a moment).
  const certificate = role === "organisme" ? await sealingCertificate(target, now) : null;
  const settings = role === "organisme" ? await getSignatureSettings(target) : null;
  const sealedKeyOf = (row: NonNullable<RequestRow>) => `signatures/${parisCalendarDay(new Date(now)).slice(0, 4)}/${now}-${row.id}.pdf`;
  let written: string | null = null;
  try {
    const result = await target.transaction().execute(async (trx) => {
      const row = await loadRequest(id, trx);
      if (!row) return refuse("not-found", "Cette demande de signature n'existe pas.");
      const closed = closedFor(row, role, now);
      if (closed) return refuse(closed.kind, closed.error);
      const redeemed = await redeemCode(trx, row, role, input.code, now);
      if (!redeemed.ok) return { ...refuse(redeemed.locked ? "conflict" : "invalid", redeemed.error, "code"), commit: true as const };
      const doc = await trx.selectFrom("documents").selectAll().where("id", "=", row.document_id).executeTakeFirst();
      const original = doc ? await storage().get(doc.storage_key) : undefined;
      if (!doc || !original) return refuse("not-found", "Le fichier du document est introuvable.");
      const iso = new Date(now).toISOString();
      const signer =
        role === "client"
          ? {
              name: row.signer_name,
              quality: await clientQuality(trx, row),
              email: row.signer_email,
            }
          : { name: settings!.signatoryName, quality: settings!.signatoryQuality, email: who.email };
      await trx
        .insertInto("signature_signers")
        .values({
          id: crypto.randomUUID(),
          request_id: row.id,
          role,
          name: signer.name,
          quality: signer.quality,
          email: signer.email,
          method: "code-email",
          ip: context.ip.slice(0, 64),
          user_agent: context.userAgent.slice(0, 400),
          code_sent_at: redeemed.code.created_at,
          code_mail_id: redeemed.code.mail_id,
          drawing: input.dessin,
          document_sha256: row.original_sha256,
          signed_at: iso,
        })
        .execute();
      if (role === "client") {
        await trx
          .updateTable("signature_requests")
          .set({ state: "signe_client", failed_tries: 0, updated_at: iso })
          .where("id", "=", row.id)
          .where("state", "=", "envoye")
          .execute();
        await recordAudit(trx, {
          actor: { id: null, email: row.signer_email, role: "signataire" },
          action: "sign",
          entity: "signature",
          entityId: row.id,
          summary: `${titleOf(row.kind)} ${row.number} signé par le client (${row.signer_email}).`,
        });
        await notifyStaff(trx, row, "Le client a signé\u00a0: au signataire de l'organisme de signer à son tour.", now);
        return { ok: true as const, state: "signe_client" as SignatureState };
      }
      const sealed = await sealDocument(trx, row, original, certificate!, now);
      const key = sealedKeyOf(row);
      await storage().put(key, sealed, "application/pdf");
      written = key;
      await trx
        .updateTable("signature_requests")
        .set({ state: "signe", signed_at: iso, sealed_key: key, sealed_sha256: sha256(sealed), failed_tries: 0, updated_at: iso })
        .where("id", "=", row.id)
        .where("state", "=", "signe_client")
        .execute();
      await applySignedEffects(trx, row, iso);
      await queueSignedMail(trx, row, key, now);
      await recordAudit(trx, {
        actor: who.actor ?? { id: null, email: who.email, role: "signataire" },
        action: "sign",
        entity: "signature",
        entityId: row.id,
        summary: `${titleOf(row.kind)} ${row.number} signé par l'organisme (${signer.name}) et scellé.`,
      });
      return { ok: true as const, state: "signe" as SignatureState };
    });
    if (!result.ok && "commit" in result) {
      const { commit: _commit, ...rest } = result;
      return rest;
    }
    if (result.ok) signalMailQueued();
    else if (written)
      await storage()
        .delete(written)
        .catch(() => {});
    return result;
  } catch (error) {
    if (written)
      await storage()
        .delete(written)
        .catch(() => {});
    // The same signer signing twice at once with two codes: the second finds the first's signature.
    if (isUniqueViolation(error)) return refuse("conflict", "Ce document vient d'être signé.");
    throw error;
  }
}

/** In which quality the client signs: for the company of the convention or the devis, or in their own name. */
async function clientQuality(trx: Db, row: NonNullable<RequestRow>): Promise<string> {
  const company = row.registration_id
    ? (await trx.selectFrom("registrations").select("company_name as c").where("id", "=", row.registration_id).executeTakeFirst())?.c
    : row.lead_id
      ? (await trx.selectFrom("leads").select("company as c").where("id", "=", row.lead_id).executeTakeFirst())?.c
      : "";
  return row.kind !== "contrat" && company ? `pour ${company}` : "en son nom";
}

/** The final file: the document's pages, the signature page, the PAdES seal of the whole. */
async function sealDocument(
  trx: Db,
  row: NonNullable<RequestRow>,
  original: Buffer,
  certificate: Awaited<ReturnType<typeof sealingCertificate>>,
  now: number,
): Promise<Buffer> {
  const org = await getOrganisation(trx);
  const signers = await trx.selectFrom("signature_signers").selectAll().where("request_id", "=", row.id).orderBy("signed_at").execute();
  const page = await signaturePagePdf({
    title: titleOf(row.kind),
    number: row.number,
    organisation: org.name,
    signatures: signers.map((s) => ({
      role: s.role === "client" ? "Pour le client" : `Pour ${org.name}`,
      name: s.name,
      quality: s.quality,
      email: s.email,
      signedAtLabel: formatDateTime(s.signed_at),
      method: METHOD_LABEL,
      documentSha256: s.document_sha256,
      drawing: s.drawing,
    })),
    footer: `${org.name} — document scellé le ${formatDateTime(new Date(now))} — certificat ${certificate.fingerprint.slice(0, 16)}…`,
  });
  const whole = await appendPages(original, page);
  return sealPdf(whole, certificate, {
    reason: `${titleOf(row.kind)} ${row.number} signé par les parties`,
    location: org.city || "France",
    name: org.name,
    contactInfo: org.email,
    signingTime: new Date(now),
  });
}

/** The signer receives the sealed document (attached by its storage key, read when the e-mail is sent). */
async function queueSignedMail(trx: Db, row: NonNullable<RequestRow>, sealedKey: string, now: number): Promise<void> {
  const org = await organisationName(trx);
  await enqueueMail(
    trx,
    {
      registrationId: row.registration_id,
      leadId: row.lead_id,
      purpose: "signature-finale",
      to: row.signer_email,
      replyTo: await staffAddress(trx),
      subject: `${titleOf(row.kind)} ${row.number} signé${org ? ` — ${org}` : ""}`,
      text: [
        `Bonjour ${row.signer_name},`,
        "",
        `Le document «\u00a0${titleOf(row.kind)}\u00a0» n°\u00a0${row.number} est signé par les deux parties. Vous le trouverez ci-joint, scellé\u00a0: toute modification du fichier se verrait à l'ouverture.`,
        `Il reste aussi dans votre espace\u00a0: ${config().siteUrl}${signerPath(row.id)}`,
        "",
        "Bien cordialement,",
        org,
      ].join("\n"),
      attachments: [{ filename: `${row.number}-signe.pdf`, contentType: "application/pdf", storageKey: sealedKey }],
    },
    now,
  );
}

/** Staff are told of a step (client signed, refused). */
async function notifyStaff(trx: Db, row: NonNullable<RequestRow>, line: string, now: number): Promise<void> {
  await enqueueMail(
    trx,
    {
      registrationId: row.registration_id,
      leadId: row.lead_id,
      purpose: "signature-equipe",
      to: await staffAddress(trx),
      subject: `${titleOf(row.kind)} ${row.number}\u00a0: ${line.split("\u00a0:")[0]}`,
      text: [line, "", `${config().siteUrl}/admin/signatures/${row.id}`].join("\n"),
    },
    now,
  );
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The withdrawal period of an individual's contract (L6353-5): 10 days from the signing day. */
export const WITHDRAWAL_DAYS = 10;

/**
 * What a signed document changes (online or on paper, `signedAt`): the document is never
 * generated again; a convention or a contract marks its registration signed; a contract dates the
 * withdrawal period from its signing day (and so the day the registration becomes final); the
 * webhook `document.signed`.
 */
async function applySignedEffects(trx: Db, row: NonNullable<RequestRow>, signedAt: string): Promise<void> {
  await trx.updateTable("documents").set({ signed_at: signedAt }).where("id", "=", row.document_id).execute();
  if (row.registration_id && (row.kind === "convention" || row.kind === "contrat")) {
    const day = parisCalendarDay(new Date(signedAt));
    await trx
      .updateTable("registrations")
      .set({
        agreement_signed_at: signedAt,
        ...(row.kind === "contrat" ? { withdrawal_from: day, final_on: addDays(day, WITHDRAWAL_DAYS) } : {}),
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", row.registration_id)
      .execute();
  }
  await emitEvent(trx, "document.signed", {
    id: row.document_id,
    signature: row.id,
    kind: row.kind,
    number: row.number,
    registrationId: row.registration_id,
    leadId: row.lead_id,
    signedAt,
  });
}

/* ----- Refusal, paper copy, expiry and reminders ----- */

/** The signer refuses, with the reason: state « refusé », staff told, webhook `document.refused`. */
export async function refuseSignature(
  id: string,
  reason: string,
  who: SignerIdentity,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<Outcome> {
  const result = await target.transaction().execute(async (trx) => {
    const row = await loadRequest(id, trx);
    if (!row || subjectOf(row.signer_email) !== subjectOf(who.email))
      return refuse("not-found", "Cette demande de signature n'existe pas.");
    if (row.state !== "envoye") return refuse("conflict", `Cette demande est à l'état «\u00a0${STATE_LABELS[stateOf(row)]}\u00a0».`);
    const iso = new Date(now).toISOString();
    await trx
      .updateTable("signature_requests")
      .set({ state: "refuse", refusal_reason: reason.slice(0, 1000), updated_at: iso })
      .where("id", "=", id)
      .where("state", "=", "envoye")
      .execute();
    await recordAudit(trx, {
      actor: { id: null, email: row.signer_email, role: "signataire" },
      action: "refuse",
      entity: "signature",
      entityId: id,
      summary: `${titleOf(row.kind)} ${row.number} refusé par le client.`,
    });
    await notifyStaff(trx, row, `Le client a refusé de signer\u00a0: ${reason}`, now);
    await emitEvent(trx, "document.refused", {
      id: row.document_id,
      signature: row.id,
      kind: row.kind,
      number: row.number,
      registrationId: row.registration_id,
      leadId: row.lead_id,
      reason,
      refusedAt: iso,
    });
    return { ok: true as const };
  });
  if (result.ok) signalMailQueued();
  return result;
}

const SCAN_TYPES: Record<string, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };
export const MAX_SCAN_BYTES = 15 * 1024 * 1024;

/**
 * « Signé hors plateforme »: staff upload the scan of a copy signed on paper, with its signing
 * day; the scan is kept as it is (never sealed: it is not the site's file) and the effects apply.
 */
export async function recordSignedOutside(
  id: string,
  scan: { bytes: Buffer; name: string; type: string },
  signedOn: string,
  actor: Actor,
  { target = db(), now = Date.now() }: { target?: Db; now?: number } = {},
): Promise<Outcome> {
  const ext = SCAN_TYPES[scan.type];
  if (!scan.bytes.length) return refuse("invalid", "Joignez le scan de l'exemplaire signé.", "scan");
  if (!ext) return refuse("invalid", "Le scan est un PDF, un JPEG ou un PNG.", "scan");
  if (scan.bytes.length > MAX_SCAN_BYTES) return refuse("invalid", "Le scan dépasse 15\u00a0Mo.", "scan");
  const today = parisCalendarDay(new Date(now));
  if (signedOn > today) return refuse("invalid", "La date de signature ne peut pas être dans le futur.", "signe_le");
  const key = `signatures/${today.slice(0, 4)}/${now}-${id}-scan.${ext}`;
  await storage().put(key, scan.bytes, scan.type);
  const result = await target.transaction().execute(async (trx) => {
    const row = await loadRequest(id, trx);
    if (!row) return refuse("not-found", "Cette demande de signature n'existe pas.");
    if (!isOpen(row.state) && row.state !== "expire" && row.state !== "refuse")
      return refuse("conflict", `Cette demande est à l'état «\u00a0${STATE_LABELS[stateOf(row)]}\u00a0»\u00a0: elle ne change plus.`);
    // The signing day at noon in Paris is the instant recorded (a paper copy has no hour).
    const signedAt = new Date(parisWallToInstant(Date.parse(`${signedOn}T12:00:00Z`))).toISOString();
    const moved = await trx
      .updateTable("signature_requests")
      .set({
        state: "hors_plateforme",
        signed_at: signedAt,
        scan_key: key,
        scan_name: scan.name.slice(0, 200) || `scan.${ext}`,
        scan_type: scan.type,
        locked_at: null,
        updated_at: new Date(now).toISOString(),
      })
      .where("id", "=", id)
      .where("state", "=", row.state)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows ?? 0) !== 1) return refuse("conflict", "Cette demande vient de changer\u00a0: rechargez la page.");
    await applySignedEffects(trx, row, signedAt);
    await recordAudit(trx, {
      actor,
      action: "sign",
      entity: "signature",
      entityId: id,
      summary: `${titleOf(row.kind)} ${row.number} signé hors plateforme le ${formatDate(signedOn)} (scan téléversé).`,
    });
    return { ok: true as const };
  });
  if (!result.ok)
    await storage()
      .delete(key)
      .catch(() => {});
  return result;
}

/**
 * Housekeeping: a request sent and not signed after the settings' reminder days gets one reminder
 * (through the mail queue); a request past its validity expires.
 */
export async function remindAndExpireSignatures(target: Db = db(), now = Date.now()): Promise<{ reminded: number; expired: number }> {
  const { reminderDays } = await getSignatureSettings(target);
  const iso = new Date(now).toISOString();
  const expired = await target
    .updateTable("signature_requests")
    .set({ state: "expire", updated_at: iso })
    .where("state", "=", "envoye")
    .where("expires_at", "<=", iso)
    .executeTakeFirst();
  const due = await target
    .selectFrom("signature_requests")
    .selectAll()
    .where("state", "=", "envoye")
    .where("reminded_at", "is", null)
    .where("locked_at", "is", null)
    .where("sent_at", "<=", new Date(now - reminderDays * DAY_MS).toISOString())
    .limit(100)
    .execute();
  let reminded = 0;
  for (const row of due) {
    const sent = await target.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("signature_requests")
        .set({ reminded_at: iso })
        .where("id", "=", row.id)
        .where("reminded_at", "is", null)
        .where("state", "=", "envoye")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows ?? 0) !== 1) return false;
      await queueSigningMail(trx, row, true, now);
      return true;
    });
    if (sent) reminded++;
  }
  if (reminded) signalMailQueued();
  return { reminded, expired: Number(expired.numUpdatedRows ?? 0) };
}

/* ----- Files and proof ----- */

export type SignatureFile = { filename: string; body: Buffer; contentType: string };

/** Staff's files of a request: the document (sealed once signed, else as sent), the scan, the proof. */
export async function signatureFile(id: string, which: "document" | "scan", target: Db = db()): Promise<SignatureFile | undefined> {
  const row = await loadRequest(id, target);
  if (!row) return undefined;
  if (which === "scan") {
    if (!row.scan_key) return undefined;
    const body = await storage().get(row.scan_key);
    return body ? { filename: row.scan_name || "scan", body, contentType: row.scan_type || "application/octet-stream" } : undefined;
  }
  return documentOf(row, target);
}

async function documentOf(row: NonNullable<RequestRow>, target: Db): Promise<SignatureFile | undefined> {
  if (row.sealed_key) {
    const body = await storage().get(row.sealed_key);
    return body ? { filename: `${row.number}-signe.pdf`, body, contentType: "application/pdf" } : undefined;
  }
  const doc = await target.selectFrom("documents").select(["storage_key", "filename"]).where("id", "=", row.document_id).executeTakeFirst();
  const body = doc ? await storage().get(doc.storage_key) : undefined;
  return body && doc ? { filename: doc.filename, body, contentType: "application/pdf" } : undefined;
}

/**
 * The proof file (docs/legal/signature.md): the document, its SHA-256 before and after sealing,
 * each signature (who, quality, when, from which address and browser, which code and when it was
 * queued and delivered), the certificate that sealed it, and the request's journal.
 */
export async function signatureProof(id: string, target: Db = db()): Promise<Record<string, unknown> | undefined> {
  const row = await loadRequest(id, target);
  if (!row) return undefined;
  const signers = await target.selectFrom("signature_signers").selectAll().where("request_id", "=", id).orderBy("signed_at").execute();
  const mailIds = signers.flatMap((s) => (s.code_mail_id ? [s.code_mail_id] : []));
  const mails = mailIds.length
    ? await target
        .selectFrom("mail_queue")
        .select(["id", "to_address", "state", "created_at", "sent_at", "attempts"])
        .where("id", "in", mailIds)
        .execute()
    : [];
  const codes = await target
    .selectFrom("signature_codes")
    .select(["role", "sent_to", "created_at", "expires_at", "used_at"])
    .where("request_id", "=", id)
    .orderBy("created_at")
    .execute();
  const journal = await target
    .selectFrom("audit_log")
    .select(["created_at", "actor_email", "action", "summary"])
    .where("entity", "=", "signature")
    .where("entity_id", "=", id)
    .orderBy("created_at")
    .execute();
  const cert = await target
    .selectFrom("signing_certificates")
    .select(["subject", "fingerprint", "source", "not_after"])
    .where("created_at", "<=", row.signed_at ?? new Date().toISOString())
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return {
    format: "preuve-signature/1",
    document: { id: row.document_id, kind: row.kind, title: titleOf(row.kind), number: row.number },
    request: {
      id: row.id,
      state: row.state,
      stateLabel: STATE_LABELS[stateOf(row)],
      createdAt: row.created_at,
      createdBy: row.created_by,
      sentAt: row.sent_at,
      expiresAt: row.expires_at,
      signedAt: row.signed_at,
      refusalReason: row.refusal_reason || null,
      failedCodeTries: Number(row.failed_tries),
      lockedAt: row.locked_at,
    },
    sha256: { before: row.original_sha256, after: row.sealed_sha256 || null },
    signatures: signers.map((s) => {
      const mail = mails.find((m) => m.id === s.code_mail_id);
      return {
        role: s.role,
        name: s.name,
        quality: s.quality,
        email: s.email,
        method: METHOD_LABEL,
        signedAt: s.signed_at,
        ip: s.ip,
        userAgent: s.user_agent,
        documentSha256: s.document_sha256,
        drawing: s.drawing ? { sha256: sha256(Buffer.from(s.drawing)) } : null,
        code: {
          sentAt: s.code_sent_at,
          delivery: mail
            ? { to: mail.to_address, state: mail.state, queuedAt: mail.created_at, sentAt: mail.sent_at, attempts: Number(mail.attempts) }
            : null,
        },
      };
    }),
    codes: codes.map((c) => ({ role: c.role, sentTo: c.sent_to, createdAt: c.created_at, expiresAt: c.expires_at, usedAt: c.used_at })),
    paperCopy: row.scan_key ? { file: row.scan_name, type: row.scan_type } : null,
    certificate:
      row.sealed_key && cert ? { subject: cert.subject, sha256: cert.fingerprint, source: cert.source, notAfter: cert.not_after } : null,
    journal: journal.map((j) => ({ at: j.created_at, by: j.actor_email, action: j.action, summary: j.summary })),
  };
}

/* ----- The signer's side (the space) ----- */

/** Whether `email` signs a request that is not over (the space admits them, a devis's lead included). */
export async function isSigner(email: string, target: Db = db()): Promise<boolean> {
  const row = await target
    .selectFrom("signature_requests")
    .select("id")
    .where(sql<string>`lower(signer_email)`, "=", subjectOf(email))
    .where("state", "!=", "a_envoyer")
    .executeTakeFirst();
  return Boolean(row);
}

export interface SignerPage {
  id: string;
  title: string;
  number: string;
  state: SignatureState;
  stateLabel: string;
  canSign: boolean;
  locked: boolean;
  expiresLabel: string | null;
  refusalReason: string;
  signedAtLabel: string | null;
  hasSealed: boolean;
  codeSentTo: string | null;
}

/** /espace/signatures/{id}: the signer's page of their request; null for anyone else (404). */
export async function signerPage(email: string, id: string, target: Db = db(), now = Date.now()): Promise<SignerPage | null> {
  const row = await loadRequest(id, target);
  if (!row || row.state === "a_envoyer" || subjectOf(row.signer_email) !== subjectOf(email)) return null;
  const lastCode = await target
    .selectFrom("signature_codes")
    .select(["sent_to"])
    .where("request_id", "=", id)
    .where("role", "=", "client")
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date(now).toISOString())
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return {
    id: row.id,
    title: titleOf(row.kind),
    number: row.number,
    state: stateOf(row),
    stateLabel: STATE_LABELS[stateOf(row)],
    canSign: closedFor(row, "client", now) === null,
    locked: Boolean(row.locked_at),
    expiresLabel: row.expires_at ? formatDate(row.expires_at) : null,
    refusalReason: row.refusal_reason,
    signedAtLabel: row.signed_at ? formatDateTime(row.signed_at) : null,
    hasSealed: Boolean(row.sealed_key),
    codeSentTo: lastCode?.sent_to ?? null,
  };
}

/** The signer's requests, for the space's home. */
export async function signerRequests(email: string, target: Db = db()): Promise<Array<{ id: string; label: string; stateLabel: string }>> {
  const rows = await target
    .selectFrom("signature_requests")
    .select(["id", "kind", "number", "state"])
    .where(sql<string>`lower(signer_email)`, "=", subjectOf(email))
    .where("state", "!=", "a_envoyer")
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({ id: r.id, label: `${titleOf(r.kind)} ${r.number}`, stateLabel: STATE_LABELS[stateOf(r)] }));
}

/** The signer's document (sealed once signed), or undefined when the request is not theirs. */
export async function signerDocument(email: string, id: string, target: Db = db()): Promise<SignatureFile | undefined> {
  const row = await loadRequest(id, target);
  if (!row || row.state === "a_envoyer" || subjectOf(row.signer_email) !== subjectOf(email)) return undefined;
  return documentOf(row, target);
}

/**
 * What the site keeps of a signer (RGPD art. 15 and 20, the space's « Mes données »): their
 * requests and the signatures they gave, with the address and browser recorded as proof.
 */
export async function signerDataExport(email: string, target: Db = db()) {
  const subject = subjectOf(email);
  const rows = await target
    .selectFrom("signature_requests")
    .select(["id", "kind", "number", "state", "sent_at", "signed_at", "refusal_reason"])
    .where(sql<string>`lower(signer_email)`, "=", subject)
    .orderBy("created_at")
    .execute();
  const signed = await target
    .selectFrom("signature_signers")
    .select(["request_id", "name", "quality", "signed_at", "ip", "user_agent"])
    .where(sql<string>`lower(email)`, "=", subject)
    .execute();
  return rows.map((r) => ({
    document: `${titleOf(r.kind)} ${r.number}`,
    état: STATE_LABELS[stateOf(r)],
    envoyéLe: r.sent_at,
    signéLe: r.signed_at,
    raisonDuRefus: r.refusal_reason || null,
    signatures: signed
      .filter((s) => s.request_id === r.id)
      .map((s) => ({ nom: s.name, qualité: s.quality, le: s.signed_at, adresseIp: s.ip, navigateur: s.user_agent })),
  }));
}

/**
 * The number of the signed devis a registration was made from (its quote request's devis, signed
 * online or on paper), or null: the invoice takes it as the client's order reference.
 */
export async function signedQuoteOfRegistration(registrationId: string, target: Db = db()): Promise<string | null> {
  const row = await target
    .selectFrom("registrations as r")
    .innerJoin("signature_requests as s", "s.lead_id", "r.lead_id")
    .select("s.number")
    .where("r.id", "=", registrationId)
    .where("s.kind", "=", "devis")
    .where("s.state", "in", ["signe", "hors_plateforme"])
    .orderBy("s.signed_at", "desc")
    .executeTakeFirst();
  return row?.number ?? null;
}
