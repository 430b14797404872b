import { createHmac, randomUUID } from "node:crypto";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { Kysely, Selectable } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import { config } from "~/platform/config.server";
import type { Actor } from "~/platform/db/actor";
import { db, nowIso, type Db } from "~/platform/db/db.server";
import type { Database, WebhookEndpointsTable } from "~/platform/db/schema";
import { refusedAddress } from "~/platform/http/outbound.server";
import { WEBHOOK_EVENTS, type EndpointInput, type WebhookDeliveryRow, type WebhookEndpoint, type WebhookEventType } from "./model";

/**
 * Webhooks (docs/decisions/0013-webhooks.md): endpoints, the events the site's areas emit, and
 * the deliveries the job runner works (./delivery.server.ts).
 */

/** The events of the registrations area, emitted by it through `emitEvent`. */
export const REGISTRATION_EVENTS = ["registration.received", "registration.confirmed", "registration.cancelled"] as const;

/**
 * Records an event and queues one delivery per active endpoint subscribed to it, in the caller's
 * transaction: the event exists if and only if what caused it was committed. Returns the event id.
 */
/** A delivery of an event to an endpoint, waiting for its first attempt (on emission and on « Renvoyer »). */
function newDelivery(eventId: string, endpointId: string, resource: string, now: string) {
  return {
    id: randomUUID(),
    event_id: eventId,
    endpoint_id: endpointId,
    resource,
    state: "pending",
    attempts: 0,
    next_attempt_at: now,
    lock_token: null,
    locked_until: null,
    last_status: null,
    last_error: "",
    delivered_at: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The resource an event is about, « registration:<id> »: its kind is the event type's prefix, its id
 * the payload's `id` or that of the object named after the kind (`{ registration: { id } }`).
 */
export function eventResource(type: string, payload: Record<string, unknown>): string {
  const kind = type.split(".")[0]!;
  const nested = payload[kind];
  const id = payload.id ?? (nested && typeof nested === "object" ? (nested as { id?: unknown }).id : undefined);
  return typeof id === "string" && id ? `${kind}:${id}`.slice(0, 120) : "";
}

export async function emitEvent(trx: Kysely<Database>, type: WebhookEventType, payload: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const resource = eventResource(type, payload);
  const now = nowIso();
  await trx
    .insertInto("webhook_events")
    .values({ id, type, payload: JSON.stringify(payload), created_at: now })
    .execute();
  const endpoints = await trx.selectFrom("webhook_endpoints").select(["id", "events"]).where("active", "=", 1).execute();
  const targets = endpoints.filter((e) => parseEvents(e.events).includes(type));
  if (targets.length) {
    await trx
      .insertInto("webhook_deliveries")
      .values(targets.map((e) => newDelivery(id, e.id, resource, now)))
      .execute();
  }
  return id;
}

function parseEvents(json: string): WebhookEventType[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list)
      ? list.filter((e): e is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(e as string))
      : [];
  } catch {
    return [];
  }
}

/** The body of a delivery: the event id, its type, when it happened, and its data. */
export function deliveryBody(event: { id: string; type: string; payload: string; created_at: string }): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.created_at, data: JSON.parse(event.payload) as unknown });
}

/** `X-Signature`: HMAC-SHA256 of "<timestamp>.<body>" with the endpoint's secret, in hex (README, « Webhooks »). */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export class WebhookRuleError extends Error {
  constructor(
    message: string,
    readonly field?: "url",
  ) {
    super(message);
    this.name = "WebhookRuleError";
  }
}

/** Refuses a URL whose host is, or resolves to, a refused address (checked again at each delivery). */
export async function checkEndpointUrl(url: string, allowPrivateNetwork = config().webhooksAllowPrivateNetwork): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new WebhookRuleError(`Le nom «\u00a0${host}\u00a0» ne correspond à aucune adresse.`, "url");
    }
  }
  for (const address of addresses) {
    const reason = refusedAddress(address, allowPrivateNetwork);
    if (reason) {
      throw new WebhookRuleError(
        `Cette adresse mène à ${reason} (${address})\u00a0: refusée pour protéger le réseau du serveur.` +
          (allowPrivateNetwork ? "" : " Un réseau privé s'autorise avec WEBHOOKS_ALLOW_PRIVATE_NETWORK=1."),
        "url",
      );
    }
  }
}

function toEndpoint(r: Selectable<WebhookEndpointsTable>): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    events: parseEvents(r.events),
    active: Number(r.active) === 1,
    consecutiveFailures: Number(r.consecutive_failures),
    disabledAt: r.disabled_at,
    disabledReason: r.disabled_reason,
    createdAt: r.created_at,
  };
}

export async function listEndpoints(target: Db = db()): Promise<WebhookEndpoint[]> {
  const rows = await target.selectFrom("webhook_endpoints").selectAll().orderBy("created_at").execute();
  return rows.map(toEndpoint);
}

export async function createEndpoint(input: EndpointInput, actor: Actor, target: Db = db()): Promise<string> {
  await checkEndpointUrl(input.url);
  const id = randomUUID();
  const now = nowIso();
  await target.transaction().execute(async (trx) => {
    await trx
      .insertInto("webhook_endpoints")
      .values({
        id,
        url: input.url,
        secret: input.secret,
        events: JSON.stringify(input.events),
        active: 1,
        consecutive_failures: 0,
        disabled_at: null,
        disabled_reason: "",
        created_by_email: actor.email,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await recordAudit(trx, { actor, action: "create", entity: "webhook", entityId: id, summary: `Webhook ajouté\u00a0: ${input.url}` });
  });
  return id;
}

/** Turns an endpoint back on (its failure count reset) or off. */
export async function setEndpointActive(id: string, active: boolean, actor: Actor, target: Db = db()): Promise<boolean> {
  return target.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("webhook_endpoints")
      .set({
        active: active ? 1 : 0,
        consecutive_failures: 0,
        disabled_at: active ? null : nowIso(),
        disabled_reason: active ? "" : "Désactivé par un administrateur.",
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await recordAudit(trx, {
      actor,
      action: active ? "reactivate" : "deactivate",
      entity: "webhook",
      entityId: id,
      summary: active ? "Webhook réactivé." : "Webhook désactivé.",
    });
    return true;
  });
}

export async function deleteEndpoint(id: string, actor: Actor, target: Db = db()): Promise<boolean> {
  return target.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("webhook_endpoints").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    await recordAudit(trx, { actor, action: "delete", entity: "webhook", entityId: id, summary: "Webhook supprimé." });
    return true;
  });
}

/** « Renvoyer »: a new delivery of the same event to the same endpoint, due now. */
export async function resendDelivery(deliveryId: string, actor: Actor, target: Db = db()): Promise<boolean> {
  return target.transaction().execute(async (trx) => {
    const original = await trx
      .selectFrom("webhook_deliveries")
      .select(["event_id", "endpoint_id", "resource"])
      .where("id", "=", deliveryId)
      .executeTakeFirst();
    if (!original) return false;
    const now = nowIso();
    await trx
      .insertInto("webhook_deliveries")
      .values(newDelivery(original.event_id, original.endpoint_id, original.resource, now))
      .execute();
    await recordAudit(trx, {
      actor,
      action: "resend",
      entity: "webhook",
      entityId: original.endpoint_id,
      summary: "Événement renvoyé au webhook.",
    });
    return true;
  });
}

/** The latest deliveries of each endpoint (the delivery log of /admin/webhooks). */
export async function recentDeliveries(limit = 20, target: Db = db()): Promise<Record<string, WebhookDeliveryRow[]>> {
  const rows = await target
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_events as e", "e.id", "d.event_id")
    .select([
      "d.id",
      "d.endpoint_id",
      "d.event_id",
      "e.type",
      "d.state",
      "d.attempts",
      "d.last_status",
      "d.last_error",
      "d.next_attempt_at",
      "d.delivered_at",
      "d.created_at",
    ])
    .orderBy("d.created_at", "desc")
    .limit(500)
    .execute();
  const out: Record<string, WebhookDeliveryRow[]> = {};
  for (const r of rows) {
    const list = (out[r.endpoint_id] ??= []);
    if (list.length >= limit) continue;
    list.push({
      id: r.id,
      eventId: r.event_id,
      type: r.type,
      state: r.state,
      attempts: Number(r.attempts),
      lastStatus: r.last_status === null ? null : Number(r.last_status),
      lastError: r.last_error,
      nextAttemptAt: r.next_attempt_at,
      deliveredAt: r.delivered_at,
      createdAt: r.created_at,
    });
  }
  return out;
}

/**
 * Right to erasure: the events that carry a person's data (a lead's, by its id) are deleted with
 * their deliveries and attempts (cascade), in the caller's transaction. A partner that already
 * received them keeps its copy: say so to the person (README, « Données personnelles »).
 */
export async function forgetEventsAbout(trx: Kysely<Database>, type: WebhookEventType, subjectId: string): Promise<void> {
  await trx
    .deleteFrom("webhook_events")
    .where("type", "=", type)
    .where("payload", "like", `%"id":${JSON.stringify(subjectId)}%`)
    .execute();
}

/** Retention: the events of a type recorded before `cutoff` (ISO), with their deliveries. */
export async function forgetEventsBefore(trx: Kysely<Database>, type: WebhookEventType, cutoff: string): Promise<void> {
  await trx.deleteFrom("webhook_events").where("type", "=", type).where("created_at", "<", cutoff).execute();
}
