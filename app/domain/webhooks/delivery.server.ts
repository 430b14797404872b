import { randomUUID } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import { recordAudit } from "~/domain/audit/audit.server";
import { config } from "~/platform/config.server";
import { db, type Db } from "~/platform/db/db.server";
import type { Database, WebhookDeliveriesTable } from "~/platform/db/schema";
import { leaseMs } from "~/platform/jobs/lease.server";
import type { JobKind } from "~/platform/jobs/runner.server";
import { log } from "~/platform/log.server";
import { guardedPost } from "~/platform/http/outbound.server";
import { deliveryBody, signature } from "./webhooks.server";

/**
 * Webhook deliveries on the site's one job runner (docs/decisions/0004-job-queue.md,
 * docs/decisions/0013-webhooks.md): a due delivery is claimed with a token and a lease, POSTed
 * signed, and its attempt logged with the HTTP status. A failure is retried with exponential
 * backoff (30 s, 1 min, 2 min… at most 4 h apart) for 24 h; then the delivery is abandoned and the
 * endpoint disabled, with an entry in the audit log and a notice on /admin/webhooks.
 */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 4 * 3_600_000;

/** How long to wait after the n-th failed attempt (n ≥ 1). */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (failedAttempts - 1), MAX_RETRY_MS);
}

interface Claim {
  id: string;
  token: string;
}

export interface DeliveryOptions {
  target?: Db;
  now?: () => number;
  allowPrivateNetwork?: boolean;
  timeoutMs?: number;
}

/**
 * Deliveries that may be sent now: due (or whose lease lapsed), and with no earlier delivery of the
 * same resource to the same endpoint still waiting, so that a receiver back from an outage hears
 * « received » before « confirmed ». An abandoned (failed) delivery no longer holds the next ones.
 */
function sendable(iso: string) {
  return (eb: ExpressionBuilder<Database & { d: WebhookDeliveriesTable }, "d">) =>
    eb.and([
      eb.or([
        eb.and([eb("d.state", "=", "pending"), eb("d.next_attempt_at", "<=", iso)]),
        eb.and([eb("d.state", "=", "sending"), eb("d.locked_until", "<", iso)]),
      ]),
      eb.or([
        eb("d.resource", "=", ""),
        eb.not(
          eb.exists(
            eb
              .selectFrom("webhook_deliveries as earlier")
              .select("earlier.id")
              .whereRef("earlier.endpoint_id", "=", "d.endpoint_id")
              .whereRef("earlier.resource", "=", "d.resource")
              .whereRef("earlier.created_at", "<", "d.created_at")
              .where("earlier.state", "in", ["pending", "sending"]),
          ),
        ),
      ]),
    ]);
}

/** Claims the next sendable delivery, or undefined. */
export async function claimDelivery({ target = db(), now = Date.now }: DeliveryOptions = {}): Promise<Claim | undefined> {
  const iso = new Date(now()).toISOString();
  const due = await target
    .selectFrom("webhook_deliveries as d")
    .select("d.id")
    .where(sendable(iso))
    .orderBy("d.next_attempt_at")
    .limit(1)
    .executeTakeFirst();
  if (!due) return undefined;
  const token = randomUUID();
  const result = await target
    .updateTable("webhook_deliveries as d")
    .set({ state: "sending", lock_token: token, locked_until: new Date(now() + leaseMs()).toISOString() })
    .where("d.id", "=", due.id)
    .where(sendable(iso))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { id: due.id, token } : undefined;
}

/** Sends a claimed delivery once and records the outcome. */
export async function runDelivery(claim: Claim, options: DeliveryOptions = {}): Promise<void> {
  const { target = db(), now = Date.now } = options;
  const allowPrivateNetwork = options.allowPrivateNetwork ?? config().webhooksAllowPrivateNetwork;
  const row = await target
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_events as e", "e.id", "d.event_id")
    .innerJoin("webhook_endpoints as p", "p.id", "d.endpoint_id")
    .select([
      "d.id",
      "d.attempts",
      "d.created_at as delivery_created_at",
      "e.id as event_id",
      "e.type",
      "e.payload",
      "e.created_at",
      "p.id as endpoint_id",
      "p.url",
      "p.secret",
      "p.active",
    ])
    .where("d.id", "=", claim.id)
    .where("d.lock_token", "=", claim.token)
    .executeTakeFirst();
  if (!row) return;
  if (Number(row.active) !== 1) {
    await target
      .updateTable("webhook_deliveries")
      .set({
        state: "failed",
        lock_token: null,
        locked_until: null,
        last_error: "Webhook désactivé\u00a0: envoi abandonné.",
        updated_at: new Date(now()).toISOString(),
      })
      .where("id", "=", claim.id)
      .where("lock_token", "=", claim.token)
      .execute();
    return;
  }
  const body = deliveryBody({ id: row.event_id, type: row.type, payload: row.payload, created_at: row.created_at });
  const timestamp = String(Math.floor(now() / 1000));
  const started = Date.now();
  let status: number | null = null;
  let error = "";
  try {
    const response = await guardedPost(
      row.url,
      body,
      {
        "Content-Type": "application/json",
        "User-Agent": "site-formation-webhooks/1",
        "X-Webhook-Id": row.event_id,
        "X-Webhook-Event": row.type,
        "X-Webhook-Timestamp": timestamp,
        "X-Signature": signature(row.secret, timestamp, body),
      },
      { allowPrivateNetwork, timeoutMs: options.timeoutMs },
    );
    status = response.status;
    if (status < 200 || status >= 300) error = `Réponse HTTP ${status}${status >= 300 && status < 400 ? " (redirection non suivie)" : ""}.`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const at = new Date(now()).toISOString();
  const attempts = Number(row.attempts) + 1;
  await target.transaction().execute(async (trx) => {
    await trx
      .insertInto("webhook_attempts")
      .values({
        id: randomUUID(),
        delivery_id: row.id,
        attempted_at: at,
        status_code: status,
        error: error.slice(0, 1000),
        duration_ms: Date.now() - started,
      })
      .execute();
    if (!error) {
      await trx
        .updateTable("webhook_deliveries")
        .set({
          state: "delivered",
          attempts,
          last_status: status,
          last_error: "",
          delivered_at: at,
          lock_token: null,
          locked_until: null,
          updated_at: at,
        })
        .where("id", "=", row.id)
        .execute();
      await trx.updateTable("webhook_endpoints").set({ consecutive_failures: 0 }).where("id", "=", row.endpoint_id).execute();
      return;
    }
    const next = now() + retryDelayMs(attempts);
    const giveUp = next > Date.parse(row.delivery_created_at) + WEBHOOK_RETRY_WINDOW_MS;
    await trx
      .updateTable("webhook_deliveries")
      .set({
        state: giveUp ? "failed" : "pending",
        attempts,
        last_status: status,
        last_error: error.slice(0, 1000),
        next_attempt_at: giveUp ? at : new Date(next).toISOString(),
        lock_token: null,
        locked_until: null,
        updated_at: at,
      })
      .where("id", "=", row.id)
      .execute();
    await trx
      .updateTable("webhook_endpoints")
      .set((eb) => ({ consecutive_failures: eb("consecutive_failures", "+", 1) }))
      .where("id", "=", row.endpoint_id)
      .execute();
    if (giveUp) {
      const reason = `Désactivé automatiquement le ${at.slice(0, 10)}\u00a0: 24\u00a0h d'échecs (${error.slice(0, 200)})`;
      const disabled = await trx
        .updateTable("webhook_endpoints")
        .set({ active: 0, disabled_at: at, disabled_reason: reason, updated_at: at })
        .where("id", "=", row.endpoint_id)
        .where("active", "=", 1)
        .executeTakeFirst();
      if (Number(disabled.numUpdatedRows) === 1) {
        await recordAudit(trx, {
          actor: { id: null, email: "tâche de fond", role: "system" },
          action: "deactivate",
          entity: "webhook",
          entityId: row.endpoint_id,
          summary: `Webhook ${row.url} désactivé après 24\u00a0h d'échecs.`,
        });
        log.warn("Webhook désactivé après 24 h d'échecs", { endpoint: row.endpoint_id, url: row.url });
      }
    }
  });
}

/** Claims and sends one due delivery; false when none was due (tests, and the job below). */
export async function deliverNext(options: DeliveryOptions = {}): Promise<boolean> {
  const claim = await claimDelivery(options);
  if (!claim) return false;
  try {
    await runDelivery(claim, options);
  } finally {
    await releaseDelivery(claim, options.target);
  }
  return true;
}

/** Puts back a delivery still held by this claim (the process stops, or the send threw). */
async function releaseDelivery(claim: Claim, target: Db = db()): Promise<void> {
  await target
    .updateTable("webhook_deliveries")
    .set({ state: "pending", lock_token: null, locked_until: null })
    .where("id", "=", claim.id)
    .where("lock_token", "=", claim.token)
    .where("state", "=", "sending")
    .execute();
}

export const webhookJob: JobKind<Claim> = {
  name: "Webhooks",
  pollMs: 5_000,
  firstPollMs: 3_000,
  claim: () => claimDelivery(),
  async run(claim) {
    await runDelivery(claim);
  },
  async renew(claim) {
    await db()
      .updateTable("webhook_deliveries")
      .set({ locked_until: new Date(Date.now() + leaseMs()).toISOString() })
      .where("id", "=", claim.id)
      .where("lock_token", "=", claim.token)
      .execute();
  },
  release: (claim) => releaseDelivery(claim),
};
