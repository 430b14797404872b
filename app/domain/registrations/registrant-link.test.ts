import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { registrantLink } from "./pages.server";
import { cancelRegistration, submitRegistration } from "./registrations.server";
import { signedToken } from "./sessions.server";
import { addSession, registrationCatalogue, registrationForm, registrationsTestConfig } from "./test-fixtures";

/**
 * The registrant's signed link does not open a registration for ever: it expires once the
 * registration is cancelled, and the day after the session's last day (Paris time).
 */

registrationsTestConfig("registrant-link-", "secret-de-test-pour-les-liens-0123456789abcdef");

let ip = 0;

describe.each(engines)("the registrant's link expires ($name)", ({ create }) => {
  let t: TestDatabase;
  let formationId: string;
  const register = async (sessionId: string) => {
    const r = await submitRegistration(sessionId, registrationForm({}, 1), { ip: `10.9.0.${++ip}`, target: t.db, minFillSeconds: 0 });
    if (!r.ok) throw new Error(`registration refused: ${r.formError ?? JSON.stringify(r.errors)}`);
    return signedToken("gerer", r.registrationId);
  };

  beforeAll(async () => {
    t = await create();
    formationId = await registrationCatalogue(t.db);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("answers until the session's last day, then expires the day after (Paris time)", async () => {
    const sessionId = await addSession(t.db, formationId, 5, "2099-06-15", "2099-06-16");
    const token = await register(sessionId);
    const at = (instant: string) => registrantLink(token, t.db, new Date(instant));
    expect(await at("2099-06-16T21:59:00Z")).toMatchObject({ kind: "open", view: { lastDay: "2099-06-16" } });
    // 17 June, 00:30 in Paris (summer time): the day after the last day.
    const after = await at("2099-06-16T22:30:00Z");
    expect(after).toMatchObject({ kind: "expired", reason: "terminee", contact: { name: expect.any(String) } });
    expect(after).not.toHaveProperty("view");
  });

  it("expires once the registration is cancelled", async () => {
    const sessionId = await addSession(t.db, formationId, 5, "2099-07-15", "2099-07-16");
    const token = await register(sessionId);
    const registrationId = (await registrantLink(token, t.db)) as { kind: "open"; view: { id: string } };
    expect(registrationId.kind).toBe("open");
    expect(
      await cancelRegistration(registrationId.view.id, { by: { id: null, label: "Le contact" }, reason: "Empêchement", target: t.db }),
    ).toEqual({ ok: true });
    expect(await registrantLink(token, t.db)).toMatchObject({ kind: "expired", reason: "annulee" });
  });

  it("is refused when the signature is wrong", async () => {
    const sessionId = await addSession(t.db, formationId, 5, "2099-08-15", "2099-08-16");
    const token = await register(sessionId);
    expect(await registrantLink(`${token.slice(0, -2)}xx`, t.db)).toBeNull();
  });
});
