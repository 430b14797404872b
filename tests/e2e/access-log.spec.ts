import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer, waitReady, type ServerProcess } from "../support/server-process";

/** Anyone who reads the logs must not be able to open a registrant's page or download a document. */
test("the access log masks the secrets of signed links", async () => {
  test.setTimeout(60_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-journal-"));
  let server: ServerProcess | undefined;
  try {
    server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "0", LOG_LEVEL: "info", SHUTDOWN_DELAY_SECONDS: "0" });
    await waitReady(server);
    const secrets = ["01JREGISTRANT.secretsignature1", "01JOFFER.secretsignature2", "DOCUMENTTOKEN.secretsignature3"];
    for (const address of [`/inscription/gerer/${secrets[0]}`, `/inscription/offre/${secrets[1]}`, `/documents/${secrets[2]}`]) {
      await fetch(server.url + address);
    }
    await fetch(`${server.url}/invitation?token=secretinvitation4`);
    await expect.poll(() => server!.output()).toContain('"path":"/documents/[masqué]"');
    const output = server.output();
    expect(output).toContain('"path":"/inscription/gerer/[masqué]"');
    expect(output).toContain('"path":"/inscription/offre/[masqué]"');
    for (const secret of [...secrets, "secretinvitation4"]) expect(output).not.toContain(secret);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
