import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/composition/seed.server";
import { setFormationStatus } from "~/domain/formations/formations.server";
import { loadConfig, setConfig } from "~/platform/config.server";
import { guardedPost, RefusedAddressError } from "~/platform/http/outbound.server";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { deliverNext, retryDelayMs, WEBHOOK_RETRY_WINDOW_MS } from "./delivery.server";
import { checkEndpointUrl, createEndpoint, emitEvent, resendDelivery, WebhookRuleError } from "./webhooks.server";

const ADMIN = { id: null, email: "admin@exemple.fr", role: "admin" };
const SECRET = "un-secret-de-test-assez-long";

/** The verification recipe of the README (« Webhooks »), as a receiver would write it. */
function verify(secret: string, headers: http.IncomingHttpHeaders, rawBody: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const timestamp = String(headers["x-webhook-timestamp"] ?? "");
  const received = String(headers["x-signature"] ?? "");
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const expected = "sha256=" + createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return received.length === expected.length && timingSafeEqual(Buffer.from(received), Buffer.from(expected));
}

interface Receiver {
  url: string;
  requests: Array<{ headers: http.IncomingHttpHeaders; body: string; path: string }>;
  status: number;
  location?: string;
  close(): Promise<void>;
}

/** A real local HTTP receiver (127.0.0.1: the private-network setting is on in these tests). */
async function receiver(status = 200): Promise<Receiver> {
  const state: Receiver = { url: "", requests: [], status, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      state.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), path: req.url ?? "" });
      res.writeHead(state.status, state.location ? { Location: state.location } : {});
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/crochet`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

describe("SSRF protection", () => {
  it("refuses loopback, private, link-local and metadata addresses, and names resolving to them", async () => {
    for (const url of [
      "http://127.0.0.1/x",
      "http://10.1.2.3/x",
      "http://192.168.1.10/x",
      "http://[::1]/x",
      "http://169.254.169.254/latest",
      "http://localhost:8080/x",
    ]) {
      await expect(checkEndpointUrl(url, false), url).rejects.toThrow(WebhookRuleError);
    }
    await expect(checkEndpointUrl("http://localhost:8080/x", false)).rejects.toThrow(/locale ou privée \((127\.0\.0\.1|::1)\)/);
    // The explicit setting opens the private network, never the metadata address.
    await expect(checkEndpointUrl("http://127.0.0.1/x", true)).resolves.toBeUndefined();
    await expect(checkEndpointUrl("http://169.254.169.254/latest", true)).rejects.toThrow(/métadonnées/);
  });

  it("checks the address at connection time: a name resolving to loopback is refused before any byte is sent", async () => {
    const target = await receiver();
    try {
      const port = new URL(target.url).port;
      await expect(guardedPost(`http://localhost:${port}/crochet`, "{}", {}, { allowPrivateNetwork: false })).rejects.toBeInstanceOf(
        RefusedAddressError,
      );
      await expect(guardedPost(`http://127.0.0.1:${port}/crochet`, "{}", {}, { allowPrivateNetwork: false })).rejects.toBeInstanceOf(
        RefusedAddressError,
      );
      expect(target.requests).toEqual([]);
      expect((await guardedPost(`http://localhost:${port}/crochet`, "{}", {}, { allowPrivateNetwork: true })).status).toBe(200);
    } finally {
      await target.close();
    }
  });
});

describe.each(engines)("webhooks on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    setConfig(loadConfig({ NODE_ENV: "test", SITE_URL: "https://formation.exemple.fr", WEBHOOKS_ALLOW_PRIVATE_NETWORK: "1" }));
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("delivers a signed event that the documented recipe verifies; a wrong secret does not", async () => {
    const target = await receiver();
    try {
      const endpoint = await createEndpoint({ url: target.url, secret: SECRET, events: ["lead.received"] }, ADMIN, t.db);
      const eventId = await t.db
        .transaction()
        .execute((trx) => emitEvent(trx, "lead.received", { reference: "D-2026-0001", name: "Camille" }));
      // An event nobody subscribed to queues nothing.
      await t.db.transaction().execute((trx) => emitEvent(trx, "formation.published", { slug: "excel" }));
      expect(await deliverNext({ target: t.db, allowPrivateNetwork: true })).toBe(true);
      expect(await deliverNext({ target: t.db, allowPrivateNetwork: true })).toBe(false);

      expect(target.requests).toHaveLength(1);
      const [request] = target.requests;
      expect(verify(SECRET, request!.headers, request!.body)).toBe(true);
      expect(verify("un-autre-secret-tout-aussi-long", request!.headers, request!.body)).toBe(false);
      expect(verify(SECRET, request!.headers, request!.body.replace("Camille", "Camilla"))).toBe(false);
      expect(JSON.parse(request!.body)).toMatchObject({
        id: eventId,
        type: "lead.received",
        data: { reference: "D-2026-0001", name: "Camille" },
      });
      expect(request!.headers["x-webhook-id"]).toBe(eventId);

      const delivery = await t.db
        .selectFrom("webhook_deliveries")
        .selectAll()
        .where("endpoint_id", "=", endpoint)
        .executeTakeFirstOrThrow();
      expect(delivery).toMatchObject({ state: "delivered", last_status: 200 });
      expect(Number(delivery.attempts)).toBe(1);

      // « Renvoyer » sends the same event again.
      expect(await resendDelivery(delivery.id, ADMIN, t.db)).toBe(true);
      expect(await deliverNext({ target: t.db, allowPrivateNetwork: true })).toBe(true);
      expect(target.requests).toHaveLength(2);
      expect(JSON.parse(target.requests[1]!.body).id).toBe(eventId);
    } finally {
      await target.close();
      await t.db.deleteFrom("webhook_endpoints").execute();
    }
  });

  it("retries a failing endpoint with exponential backoff for 24 h, then disables it with a notice", async () => {
    const target = await receiver(500);
    try {
      const endpoint = await createEndpoint({ url: target.url, secret: SECRET, events: ["formation.unpublished"] }, ADMIN, t.db);
      await t.db.transaction().execute((trx) => emitEvent(trx, "formation.unpublished", { slug: "excel" }));
      let clock = Date.now();
      const delays: number[] = [];
      for (let i = 0; i < 40; i++) {
        expect(await deliverNext({ target: t.db, now: () => clock, allowPrivateNetwork: true })).toBe(true);
        const d = await t.db.selectFrom("webhook_deliveries").selectAll().where("endpoint_id", "=", endpoint).executeTakeFirstOrThrow();
        if (d.state === "failed") break;
        expect(d.state).toBe("pending");
        // Nothing is due before the next attempt's time.
        expect(await deliverNext({ target: t.db, now: () => Date.parse(d.next_attempt_at) - 1000, allowPrivateNetwork: true })).toBe(false);
        delays.push(Date.parse(d.next_attempt_at) - clock);
        clock = Date.parse(d.next_attempt_at);
      }
      expect(delays.slice(0, 5)).toEqual([1, 2, 3, 4, 5].map(retryDelayMs));
      expect(delays.slice(0, 5)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
      expect(delays.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
      const attempts = await t.db
        .selectFrom("webhook_attempts")
        .innerJoin("webhook_deliveries", "webhook_deliveries.id", "webhook_attempts.delivery_id")
        .select(["webhook_attempts.status_code"])
        .where("webhook_deliveries.endpoint_id", "=", endpoint)
        .execute();
      expect(attempts.length).toBe(delays.length + 1);
      expect(attempts.every((a) => Number(a.status_code) === 500)).toBe(true);
      expect(target.requests.length).toBe(attempts.length);

      const disabled = await t.db.selectFrom("webhook_endpoints").selectAll().where("id", "=", endpoint).executeTakeFirstOrThrow();
      expect(Number(disabled.active)).toBe(0);
      expect(disabled.disabled_reason).toMatch(/24\u00a0h d'échecs/);
      const notice = await t.db
        .selectFrom("audit_log")
        .select("summary")
        .where("entity", "=", "webhook")
        .where("action", "=", "deactivate")
        .execute();
      expect(notice.map((n) => n.summary)).toContain(`Webhook ${target.url} désactivé après 24\u00a0h d'échecs.`);

      // A disabled endpoint receives no new event.
      await t.db.transaction().execute((trx) => emitEvent(trx, "formation.unpublished", { slug: "word" }));
      expect(await t.db.selectFrom("webhook_deliveries").select("id").where("endpoint_id", "=", endpoint).execute()).toHaveLength(1);
    } finally {
      await target.close();
      await t.db.deleteFrom("webhook_endpoints").execute();
    }
  });

  it("the formations area emits formation.published and formation.unpublished with the change", async () => {
    await seed(t.db);
    const endpoint = await createEndpoint(
      { url: "http://127.0.0.1:9/crochet", secret: SECRET, events: ["formation.published", "formation.unpublished"] },
      ADMIN,
      t.db,
    );
    const formation = await t.db
      .selectFrom("formations")
      .select(["id", "slug"])
      .where("status", "=", "published")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(await setFormationStatus([formation.id], "draft", { db: t.db })).toMatchObject({ ok: true });
    expect(await setFormationStatus([formation.id], "published", { db: t.db })).toMatchObject({ ok: true });
    const queued = await t.db
      .selectFrom("webhook_deliveries")
      .innerJoin("webhook_events", "webhook_events.id", "webhook_deliveries.event_id")
      .select(["webhook_events.type", "webhook_events.payload"])
      .where("webhook_deliveries.endpoint_id", "=", endpoint)
      .orderBy("webhook_events.created_at")
      .execute();
    expect(queued.map((q) => q.type)).toEqual(["formation.unpublished", "formation.published"]);
    expect(JSON.parse(queued[0]!.payload)).toMatchObject({
      id: formation.id,
      slug: formation.slug,
      url: `https://formation.exemple.fr/formations/${formation.slug}`,
    });
    await t.db.deleteFrom("webhook_endpoints").execute();
  });

  it("delivers the events of one registration in order after a receiver outage, without holding other registrations", async () => {
    const target = await receiver(500);
    const types = (requests: Receiver["requests"]) =>
      requests
        .map((r) => JSON.parse(r.body) as { type: string; data: { registration: { id: string } } })
        .map((b) => `${b.data.registration.id} ${b.type}`);
    const drain = async (at: number) => {
      while (await deliverNext({ target: t.db, now: () => at, allowPrivateNetwork: true }));
    };
    try {
      await createEndpoint({ url: target.url, secret: SECRET, events: ["registration.received", "registration.confirmed"] }, ADMIN, t.db);
      const start = Date.now();
      await t.db.transaction().execute((trx) => emitEvent(trx, "registration.received", { registration: { id: "insc-a" } }));
      await drain(start + 1_000); // the receiver is down: « received » waits 30 s for its retry
      expect(target.requests).toHaveLength(1);

      target.status = 200;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await t.db.transaction().execute((trx) => emitEvent(trx, "registration.confirmed", { registration: { id: "insc-a" } }));
      await t.db.transaction().execute((trx) => emitEvent(trx, "registration.received", { registration: { id: "insc-b" } }));
      await drain(Date.now() + 1_000);
      // « confirmed » waits behind « received » of the same registration; the other registration goes.
      expect(types(target.requests.slice(1))).toEqual(["insc-b registration.received"]);

      await drain(Date.now() + 31_000);
      expect(types(target.requests.slice(2))).toEqual(["insc-a registration.received", "insc-a registration.confirmed"]);
    } finally {
      await target.close();
    }
  });

  it("does not follow a redirect: the attempt fails with the 3xx status", async () => {
    const elsewhere = await receiver();
    const target = await receiver(302);
    target.location = elsewhere.url;
    try {
      const endpoint = await createEndpoint({ url: target.url, secret: SECRET, events: ["formation.published"] }, ADMIN, t.db);
      await t.db.transaction().execute((trx) => emitEvent(trx, "formation.published", { slug: "excel" }));
      await deliverNext({ target: t.db, allowPrivateNetwork: true });
      const d = await t.db.selectFrom("webhook_deliveries").selectAll().where("endpoint_id", "=", endpoint).executeTakeFirstOrThrow();
      expect(d).toMatchObject({ state: "pending", last_status: 302 });
      expect(d.last_error).toContain("redirection non suivie");
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await target.close();
      await elsewhere.close();
      await t.db.deleteFrom("webhook_endpoints").execute();
    }
  });
});
