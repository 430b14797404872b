import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** The access keys s3rver accepts (it checks request signatures). */
export const S3RVER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

const FAULT_CODES: Record<number, string> = { 408: "RequestTimeout", 429: "SlowDown", 500: "InternalError", 503: "ServiceUnavailable" };

export interface TestS3Server {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT (path-style addressing). */
  endpoint: string;
  bucket: string;
  /** HTTP statuses answered, in order, to the next requests instead of passing them to the server. */
  faults: number[];
  /** "METHOD /path" (without the query) of every request received, faults included. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, objects on disk in a temporary folder) listening on a
 * free port of 127.0.0.1, with one bucket, behind a switch that can answer S3 errors first.
 */
export async function startS3Server(bucket = "site-test"): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "s3-test-"));
  const s3 = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3.configureBuckets();
  const handle = s3.callback();
  const faults: number[] = [];
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url?.split("?")[0]}`);
    const status = faults.shift();
    if (status === undefined) return void handle(req, res);
    req.resume();
    res.writeHead(status, { "Content-Type": "application/xml" });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${FAULT_CODES[status] ?? "AccessDenied"}</Code><Message>Panne simulée</Message></Error>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    faults,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      (s3 as unknown as { logger?: { close(): void } }).logger?.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
