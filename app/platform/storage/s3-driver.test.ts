import { GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { S3RVER_KEYS, startS3Server, type TestS3Server } from "../../../tests/support/s3-server";
import { storeImage } from "./images.server";
import { StorageError } from "./retry";
import { S3_CACHE_CONTROL, s3Driver, type S3StorageConfig } from "./s3-driver.server";
import { driverFor, storage } from "./storage.server";

/** A backoff clock that does not wait: every sleep moves the time forward. */
function fakeClock() {
  let t = 0;
  const waits: number[] = [];
  return { now: () => t, sleep: async (ms: number) => void (waits.push(ms), (t += ms)), random: () => 1, waits };
}

describe("S3-compatible storage", () => {
  let server: TestS3Server;
  let cfg: S3StorageConfig;
  let raw: S3Client;

  beforeAll(async () => {
    server = await startS3Server();
    cfg = { driver: "s3", endpoint: server.endpoint, region: "auto", bucket: server.bucket, ...S3RVER_KEYS };
    raw = new S3Client({ endpoint: server.endpoint, region: "us-east-1", forcePathStyle: true, credentials: S3RVER_KEYS });
  });
  afterAll(async () => {
    raw?.destroy();
    await server?.close();
  });
  beforeEach(() => {
    server.faults.length = 0;
    server.requests.length = 0;
  });

  it("stores an object in the bucket and reads back the same bytes, with its type and a long cache", async () => {
    const target = storage(driverFor(cfg));
    const body = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    await target.put("formations/essai-480.webp", body, "image/webp");
    expect(await target.get("formations/essai-480.webp")).toEqual(body);

    // What the bucket itself holds (path-style: /<bucket>/<key>).
    expect(server.requests).toContain(`PUT /${server.bucket}/formations/essai-480.webp`);
    const head = await raw.send(new HeadObjectCommand({ Bucket: server.bucket, Key: "formations/essai-480.webp" }));
    expect(head.ContentType).toBe("image/webp");
    expect(head.CacheControl).toBe(S3_CACHE_CONTROL);
    expect(head.ContentLength).toBe(body.length);
  });

  it("stores every variant of an uploaded image", async () => {
    const target = storage(driverFor(cfg));
    const photo = await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 200, g: 60, b: 20 } } })
      .jpeg()
      .toBuffer();
    const image = await storeImage(photo, "formations", target);
    expect(image.widths).toEqual([480, 800]);
    const avif = await raw.send(new GetObjectCommand({ Bucket: server.bucket, Key: `${image.key}-480.avif` }));
    expect(avif.ContentType).toBe("image/avif");
    const webp = await target.get(`${image.key}-800.webp`);
    expect((await sharp(webp!).metadata()).width).toBe(800);
  });

  it("answers undefined for a missing object and deletes objects", async () => {
    const target = storage(driverFor(cfg));
    expect(await target.get("formations/absente-480.webp")).toBeUndefined();

    await target.put("formations/a-supprimer-480.webp", Buffer.from("x"), "image/webp");
    await target.delete("formations/a-supprimer-480.webp");
    expect(await target.get("formations/a-supprimer-480.webp")).toBeUndefined();
    // Deleting what is already gone is not an error.
    await expect(target.delete("formations/a-supprimer-480.webp")).resolves.toBeUndefined();
  });

  it("refuses an invalid key before sending anything", async () => {
    const target = storage(s3Driver(cfg));
    await expect(target.get("../etc/passwd")).rejects.toThrow(/Clé de stockage invalide/);
    await expect(target.put("Formations/A.webp", Buffer.from("x"), "image/webp")).rejects.toBeInstanceOf(StorageError);
    expect(server.requests).toEqual([]);
  });

  it("retries an upload when the server answers 503, and succeeds once it recovers", async () => {
    const clock = fakeClock();
    const target = storage(s3Driver(cfg), clock);
    server.faults.push(503, 503);
    await target.put("formations/reessai-480.webp", Buffer.from("après la panne"), "image/webp");
    expect(server.requests.filter((r) => r.startsWith("PUT "))).toHaveLength(3);
    expect(clock.waits).toEqual([1000, 2000]);
    expect((await target.get("formations/reessai-480.webp"))?.toString()).toBe("après la panne");
  });

  it("retries a read on 429 and 500 too", async () => {
    const clock = fakeClock();
    const target = storage(s3Driver(cfg), clock);
    await target.put("formations/lecture-480.webp", Buffer.from("contenu"), "image/webp");
    server.faults.push(429, 500);
    expect((await target.get("formations/lecture-480.webp"))?.toString()).toBe("contenu");
    expect(clock.waits).toHaveLength(2);
  });

  it("gives up after 2 minutes of failures on a read", async () => {
    const clock = fakeClock();
    const target = storage(s3Driver(cfg), clock);
    server.faults.push(...Array<number>(50).fill(503));
    const error = await target.get("formations/lecture-480.webp").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).status).toBe(503);
    expect((error as StorageError).message).toMatch(/abandonnée/);
    expect(clock.waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2 * 60 * 1000);
  });

  it("fails at once, with the status, when the server refuses the request (403)", async () => {
    const clock = fakeClock();
    // Wrong keys: s3rver checks the signature and answers 403.
    const target = storage(s3Driver({ ...cfg, accessKeyId: "INCONNU", secretAccessKey: "mauvais-secret" }), clock);
    const error = await target.put("formations/refus-480.webp", Buffer.from("x"), "image/webp").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).status).toBe(403);
    expect((error as StorageError).message).toMatch(
      /^Stockage S3 : échec de l'envoi de « formations\/refus-480\.webp » dans le bucket « site-test » \(HTTP 403/,
    );
    expect(server.requests).toHaveLength(1);
    expect(clock.waits).toEqual([]);
  });

  it("reports a server that cannot be reached without an HTTP status, and does not retry it", async () => {
    const clock = fakeClock();
    const target = storage(s3Driver({ ...cfg, endpoint: "http://127.0.0.1:9" }), clock);
    const error = await target.get("formations/essai-480.webp").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).status).toBeUndefined();
    expect((error as StorageError).message).toMatch(/sans réponse HTTP/);
    expect(clock.waits).toEqual([]);
  });
});
