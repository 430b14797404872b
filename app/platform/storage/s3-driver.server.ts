import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { AppConfig } from "../config.server";
import { StorageError } from "./retry";
import { checkKey, type StorageDriver } from "./driver";

export type S3StorageConfig = Extract<AppConfig["storage"], { driver: "s3" }>;

/** Keys are unique per upload: what is stored under a key never changes. */
export const S3_CACHE_CONTROL = "public, max-age=31536000, immutable";

const OPERATIONS = { put: "l'envoi", get: "la lecture", delete: "la suppression", list: "la liste" } as const;

/**
 * The S3-compatible bucket driver (AWS S3, MinIO, Scaleway, OVH, Garage, Cloudflare R2…).
 * Loaded only when STORAGE_DRIVER=s3 (see `driverFor`), so the SDK costs nothing otherwise.
 * The SDK's own retries are off: the retry policy of docs/spec.md#stockage is the one of `storage()`,
 * which reads the HTTP status carried by the StorageError thrown here.
 */
export function s3Driver(cfg: S3StorageConfig): StorageDriver {
  const client = new S3Client({
    endpoint: cfg.endpoint,
    // With an endpoint (S3-compatible provider), the bucket goes in the path: most of them do not
    // serve virtual-hosted buckets, and a local server (MinIO, Garage) has no wildcard DNS.
    forcePathStyle: cfg.endpoint !== undefined,
    // "auto" (the default, Cloudflare R2's value) is no AWS region: without an endpoint, start from
    // us-east-1 and let the SDK follow the bucket's region.
    region: cfg.endpoint === undefined && cfg.region === "auto" ? "us-east-1" : cfg.region,
    followRegionRedirects: cfg.endpoint === undefined,
    // Without keys, the SDK's usual sources apply (AWS_* variables, instance role…).
    credentials:
      cfg.accessKeyId && cfg.secretAccessKey ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } : undefined,
    maxAttempts: 1,
    // Checksums only when the operation requires them: several S3-compatible services reject the
    // CRC32 headers the SDK adds by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000, throwOnRequestTimeout: true },
  });
  const bucket = cfg.bucket;

  return {
    async put(key, body, contentType) {
      checkKey(key);
      try {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: S3_CACHE_CONTROL }),
        );
      } catch (error) {
        throw storageError("put", key, bucket, error);
      }
    },
    async get(key) {
      checkKey(key);
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!response.Body) return Buffer.alloc(0);
        const bytes = await response.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw storageError("get", key, bucket, error);
      }
    },
    async delete(key) {
      checkKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        // Deleting what is already gone is a success, as with the local folder.
        if (isMissing(error)) return;
        throw storageError("delete", key, bucket, error);
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        try {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }),
          );
          for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } catch (error) {
          throw storageError("list", prefix, bucket, error);
        }
      } while (token);
      return keys.sort();
    },
  };
}

interface SdkError {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

function isMissing(error: unknown): boolean {
  const e = error as SdkError | undefined;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/** A French StorageError carrying the HTTP status, which decides whether `storage()` retries. */
function storageError(operation: keyof typeof OPERATIONS, key: string, bucket: string, error: unknown): StorageError {
  const e = error as SdkError | undefined;
  const status = e?.$metadata?.httpStatusCode;
  const cause = [status !== undefined ? `HTTP ${status}` : "sans réponse HTTP", e?.name, e?.message].filter(Boolean).join(", ");
  return new StorageError(
    `Stockage S3 : échec de ${OPERATIONS[operation]} de « ${key} » dans le bucket « ${bucket} » (${cause}).`,
    status,
    { cause: error },
  );
}
