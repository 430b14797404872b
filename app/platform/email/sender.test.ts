import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { mailSenderName, saveOrganisation } from "~/domain/settings/settings.server";
import { loadConfig, setConfig } from "../config.server";
import { closeDb, db, migrate } from "../db/db.server";
import { registerSenderName, sendMail, senderOf } from "./mailer.server";

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sender-test-"));
  setConfig(
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dir,
      AUTH_SECRET: "secret-de-test-pour-l-expediteur-0123456789",
      SITE_URL: "http://atelier.test",
      MAIL_FROM: "Site de formation <no-reply@atelier.test>",
      LOG_LEVEL: "error",
    }),
  );
  await migrate(db());
});

afterAll(async () => {
  await closeDb();
  rmSync(dir, { recursive: true, force: true });
});

describe("the sender of the site's e-mails", () => {
  it("is MAIL_FROM as configured until the startup registers where the name comes from", async () => {
    await saveOrganisation({ ...DEMO_ORGANISATION, name: "Atelier Compétences" }, db());
    expect(await senderOf("Site de formation <no-reply@atelier.test>")).toBe("Site de formation <no-reply@atelier.test>");
  });

  it("is the organisation's name with MAIL_FROM's address, or the sender name of the settings", async () => {
    registerSenderName(() => mailSenderName());
    await saveOrganisation({ ...DEMO_ORGANISATION, name: "Atelier Compétences" }, db());
    expect(await senderOf("Site de formation <no-reply@atelier.test>")).toEqual({
      name: "Atelier Compétences",
      address: "no-reply@atelier.test",
    });
    const sent = await sendMail({ to: "lea@example.org", subject: "Essai", text: "Bonjour" });
    expect(sent.via).toBe("outbox");
    const raw = readFileSync(sent.file!, "utf8");
    expect(raw).toMatch(/^From: =\?UTF-8\?Q\?Atelier_Comp=C3=A9tences\?= <no-reply@atelier\.test>$/m);

    await saveOrganisation({ ...DEMO_ORGANISATION, name: "Atelier Compétences", mailSenderName: "Équipe formation" }, db());
    expect(await senderOf("no-reply@atelier.test")).toEqual({ name: "Équipe formation", address: "no-reply@atelier.test" });
  });
});
