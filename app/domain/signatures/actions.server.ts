import type { Actor } from "~/platform/db/actor";
import { clientIp } from "~/platform/http/client-ip.server";
import { validate, type FailureKind } from "~/platform/validation/errors";
import { formDataToObject } from "~/platform/validation/form-data";
import { uploadCertificate } from "./certificate.server";
import { certificateSchema, createSchema, outsideSchema, refuseSchema, signatureSettingsSchema, signSchema } from "./model";
import {
  createSignatureRequest,
  recordSignedOutside,
  refuseSignature,
  requestSignatureCode,
  saveSignatureSettings,
  sendSignatureRequest,
  signWithCode,
  type Outcome,
} from "./signatures.server";

/**
 * The forms of the signatures screens (staff's and the signer's), read and checked with the shared
 * schemas, then passed to the domain: one typed reply each, which the route turns into its answer
 * (`kind` gives the HTTP status through failureStatus).
 */

export type ActionReply = {
  ok: boolean;
  message: string;
  intent: string;
  errors?: Record<string, string>;
  kind?: FailureKind;
  /** A request just prepared: the page to go to. */
  redirectTo?: string;
  /** What was typed, sent back with a refusal (nothing typed is lost, without JavaScript too). */
  values?: Record<string, string>;
};

/** A refusal carries the text fields back (never a file nor a password). */
function withValues(result: ActionReply, form: FormData): ActionReply {
  if (result.ok) return result;
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string" && key !== "motdepasse") values[key] = value;
  return { ...result, values };
}

const unknown = (intent: string): ActionReply => ({ ok: false, message: "Action inconnue.", intent, kind: "invalid" });

function reply(intent: string, outcome: Outcome<object>, message: string): ActionReply {
  if (outcome.ok) return { ok: true, message, intent };
  return {
    ok: false,
    message: outcome.error,
    intent,
    kind: outcome.kind,
    errors: outcome.field ? { [outcome.field]: outcome.error } : undefined,
  };
}

function invalid(intent: string, errors: Record<string, string>): ActionReply {
  return {
    ok: false,
    message: errors._form ?? Object.values(errors)[0] ?? "Corrigez les champs signalés.",
    intent,
    errors,
    kind: "invalid",
  };
}

async function fileOf(form: FormData, name: string): Promise<{ bytes: Buffer; name: string; type: string }> {
  const file = form.get(name);
  if (!file || typeof file === "string") return { bytes: Buffer.alloc(0), name: "", type: "" };
  return { bytes: Buffer.from(await file.arrayBuffer()), name: file.name, type: file.type };
}

/** The intents of /admin/signatures that only an admin may use (the route checks the role before). */
export const ADMIN_INTENTS = ["reglages", "certificat"];

/** /admin/signatures: prepare a request (editors), the settings and the certificate (admins). */
export async function signaturesListAction(form: FormData, actor: Actor): Promise<ActionReply> {
  return withValues(await listAction(form, actor), form);
}

async function listAction(form: FormData, actor: Actor): Promise<ActionReply> {
  const values = formDataToObject(form);
  const intent = String(values.intent ?? "");
  switch (intent) {
    case "preparer": {
      const input = validate(createSchema, values);
      if (!input.ok) return invalid(intent, input.errors);
      const created = await createSignatureRequest(input.value.document, actor);
      return created.ok
        ? { ok: true, message: "Signature préparée.", intent, redirectTo: `/admin/signatures/${created.id}` }
        : reply(intent, created, "");
    }
    case "reglages": {
      const input = validate(signatureSettingsSchema, values);
      if (!input.ok) return invalid(intent, input.errors);
      await saveSignatureSettings(input.value, actor);
      return { ok: true, message: "Réglages des signatures enregistrés.", intent };
    }
    case "certificat": {
      const input = validate(certificateSchema, values);
      if (!input.ok) return invalid(intent, input.errors);
      const file = await fileOf(form, "fichier");
      const uploaded = await uploadCertificate({ bytes: file.bytes, passphrase: input.value.motdepasse }, actor);
      return uploaded.ok
        ? { ok: true, message: `Certificat enregistré (${uploaded.subject})\u00a0: il scelle désormais les documents signés.`, intent }
        : invalid(intent, uploaded.errors);
    }
    default:
      return unknown(intent);
  }
}

/** /admin/signatures/{id}: send (again), the organisation's code and signature, the paper copy. */
export async function signatureAction(id: string, form: FormData, actor: Actor, request: Request): Promise<ActionReply> {
  return withValues(await requestAction(id, form, actor, request), form);
}

async function requestAction(id: string, form: FormData, actor: Actor, request: Request): Promise<ActionReply> {
  const values = formDataToObject(form);
  const intent = String(values.intent ?? "");
  switch (intent) {
    case "envoyer": {
      const sent = await sendSignatureRequest(id, actor);
      return reply(intent, sent, sent.ok ? `Demande de signature envoyée à ${sent.to}.` : "");
    }
    case "code": {
      const sent = await requestSignatureCode(id, "organisme", { email: actor.email, actor });
      return reply(intent, sent, sent.ok ? `Code envoyé à ${sent.to}\u00a0: il est valable 10\u00a0minutes.` : "");
    }
    case "signer": {
      const input = validate(signSchema, values);
      if (!input.ok) return invalid(intent, input.errors);
      const signed = await signWithCode(id, "organisme", input.value, { email: actor.email, actor }, contextOf(request));
      return reply(intent, signed, "Document signé par l'organisme et scellé.");
    }
    case "hors-plateforme": {
      const input = validate(outsideSchema, values);
      const scan = await fileOf(form, "scan");
      if (!input.ok) return invalid(intent, input.errors);
      const done = await recordSignedOutside(id, scan, input.value.signe_le, actor);
      return reply(intent, done, "Copie signée hors plateforme enregistrée.");
    }
    default:
      return unknown(intent);
  }
}

function contextOf(request: Request) {
  return { ip: clientIp(request), userAgent: request.headers.get("user-agent") ?? "" };
}

/** /espace/signatures/{id}: the signer asks for a code, signs, or refuses. */
export async function signerAction(id: string, email: string, form: FormData, request: Request): Promise<ActionReply> {
  return withValues(await signerFormAction(id, email, form, request), form);
}

async function signerFormAction(id: string, email: string, form: FormData, request: Request): Promise<ActionReply> {
  const values = formDataToObject(form);
  const intent = String(values.intent ?? "");
  switch (intent) {
    case "code": {
      const sent = await requestSignatureCode(id, "client", { email });
      return reply(intent, sent, sent.ok ? `Code envoyé à ${sent.to}\u00a0: il est valable 10\u00a0minutes.` : "");
    }
    case "signer": {
      const input = validate(signSchema, values);
      if (!input.ok) return invalid(intent, input.errors);
      const signed = await signWithCode(id, "client", input.value, { email }, contextOf(request));
      return reply(
        intent,
        signed,
        "Merci\u00a0: votre signature est enregistrée. L'organisme signe à son tour, puis le document scellé sera ici.",
      );
    }
    case "refuser": {
      const input = validate(refuseSchema, values);
      if (!input.ok) return invalid(intent, input.errors);
      return reply(
        intent,
        await refuseSignature(id, input.value.motif, { email }),
        "Votre refus est enregistré et transmis à l'organisme.",
      );
    }
    default:
      return unknown(intent);
  }
}
