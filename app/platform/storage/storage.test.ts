import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { crc32 } from "node:zlib";
import { ImageRejectedError, encodeImage, storeImage } from "./images.server";
import { OPERATION_MAX_RETRY_MS, StorageError, UPLOAD_MAX_RETRY_MS, isRetryableStatus, withRetry } from "./retry";
import { localDriver, storage } from "./storage.server";

function fakeClock() {
  let t = 0;
  const waits: number[] = [];
  return { now: () => t, sleep: async (ms: number) => void (waits.push(ms), (t += ms)), waits, random: () => 1 };
}

describe("storage retries (docs/spec.md#stockage)", () => {
  it("retries only on 5xx, 408 and 429", () => {
    expect([500, 503, 408, 429].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, undefined].some(isRetryableStatus)).toBe(false);
  });

  it("backs off exponentially and succeeds when the backend recovers", async () => {
    const clock = fakeClock();
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 4) throw new StorageError("indisponible", calls === 1 ? 503 : calls === 2 ? 429 : 408);
        return "ok";
      },
      { maxRetryTimeMs: OPERATION_MAX_RETRY_MS, ...clock },
    );
    expect(result).toBe("ok");
    expect(clock.waits).toEqual([1000, 2000, 4000]);
  });

  it("fails at once on other errors", async () => {
    const clock = fakeClock();
    await expect(
      withRetry(async () => Promise.reject(new StorageError("interdit", 403)), { maxRetryTimeMs: UPLOAD_MAX_RETRY_MS, ...clock }),
    ).rejects.toThrow("interdit");
    await expect(
      withRetry(async () => Promise.reject(new Error("disque plein")), { maxRetryTimeMs: UPLOAD_MAX_RETRY_MS, ...clock }),
    ).rejects.toThrow("disque plein");
    expect(clock.waits).toEqual([]);
  });

  it("gives up within 2 minutes for an operation and 10 minutes for an upload", async () => {
    for (const max of [OPERATION_MAX_RETRY_MS, UPLOAD_MAX_RETRY_MS]) {
      const clock = fakeClock();
      await expect(
        withRetry(async () => Promise.reject(new StorageError("panne", 500)), { maxRetryTimeMs: max, ...clock }),
      ).rejects.toThrow(/abandonnée/);
      const total = clock.waits.reduce((a, b) => a + b, 0);
      expect(total).toBeLessThanOrEqual(max);
      expect(Math.max(...clock.waits)).toBeLessThanOrEqual(64_000);
      expect(total).toBeGreaterThan(max / 2);
    }
  });
});

describe("image uploads", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "uploads-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function photo(width: number, height: number) {
    return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "Secret", Artist: "Jean Dupont" } } })
      .toBuffer();
  }

  it("re-encodes into AVIF and WebP at several widths, without metadata", async () => {
    const input = await photo(2000, 1000);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const encoded = await encodeImage(input);
    expect(encoded).toMatchObject({ width: 2000, height: 1000 });
    expect(encoded.variants.map((v) => `${v.width}.${v.format}`)).toEqual([
      "480.avif",
      "480.webp",
      "960.avif",
      "960.webp",
      "1600.avif",
      "1600.webp",
    ]);
    for (const v of encoded.variants) {
      const meta = await sharp(v.body).metadata();
      expect(meta.format).toBe(v.format === "avif" ? "heif" : "webp");
      expect(meta.width).toBe(v.width);
      expect(meta.exif).toBeUndefined();
      expect(v.body.includes(Buffer.from("Jean Dupont"))).toBe(false);
    }
    const small = await encodeImage(await photo(700, 400));
    expect([...new Set(small.variants.map((v) => v.width))]).toEqual([480, 700]);
  });

  it("refuses a picture over 40 megapixels from its header, before decoding it", async () => {
    // A PNG announcing 7,000 × 7,000 pixels (49 megapixels) whose pixels are never sent.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(7000, 0);
    header.writeUInt32BE(7000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const started = performance.now();
    await expect(encodeImage(png)).rejects.toThrow(/49 mégapixels, 40 au plus/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses what is not an image, whatever its name, and images that are too small", async () => {
    await expect(encodeImage(Buffer.from("<svg onload=alert(1)>"))).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(encodeImage(Buffer.from("%PDF-1.4 pas une image"))).rejects.toThrow(/n'est pas une image lisible/);
    await expect(encodeImage(Buffer.alloc(0))).rejects.toThrow(/vide/);
    await expect(encodeImage(await photo(200, 200))).rejects.toThrow(/trop petite/);
  });

  it("stores every variant in the local folder and reads it back", async () => {
    const target = storage(localDriver(dir));
    const image = await storeImage(await photo(1000, 500), "formations", target);
    expect(image.key).toMatch(/^formations\/[0-9a-f-]{36}$/);
    expect(image.widths).toEqual([480, 960, 1000]);
    const body = await target.get(`${image.key}-960.webp`);
    expect((await sharp(body!).metadata()).width).toBe(960);
    expect(await target.get("formations/absent-480.webp")).toBeUndefined();
    await expect(target.get("../etc/passwd")).rejects.toThrow(/Clé de stockage invalide/);
  });
});
