import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer, waitReady } from "../support/server-process";

/**
 * What a newcomer reads when starting the site: the start line gives the official address
 * (SITE_URL), the one where sign-in works, and a single empty variable is named in the singular.
 */
test("the start line gives SITE_URL, not the listening address", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-start-line-"));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "0", SITE_URL: "https://formation.example.fr", LOG_LEVEL: "info" });
  try {
    await waitReady(server);
    const line = server
      .output()
      .split("\n")
      .find((l) => l.includes("Serveur démarré"));
    expect(line).toContain("Serveur démarré : https://formation.example.fr");
    expect(line).not.toContain("localhost");
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

for (const [names, expected] of [
  [["SMTP_URL"], "la variable suivante est définie mais vide.\n  - SMTP_URL\nDonnez-lui une valeur ou supprimez-la pour utiliser"],
  [
    ["SMTP_URL", "MAIL_FROM"],
    "les variables suivantes sont définies mais vides.\n  - SMTP_URL\n  - MAIL_FROM\nDonnez-leur une valeur ou supprimez-les pour utiliser",
  ],
] as const) {
  test(`${names.length} empty variable(s): the start is refused in French, singular or plural`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-empty-"));
    const server = await startServer({ DATA_DIR: dataDir, ...Object.fromEntries(names.map((n) => [n, " "])) });
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(expected);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
