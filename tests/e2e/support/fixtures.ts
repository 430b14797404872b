import { randomUUID } from "node:crypto";
import { test as base } from "@playwright/test";
import { createFormation, deleteFormation } from "~/domain/formations/formations.server";
import { formationInput } from "~/domain/formations/test-fixtures";
import { nowIso } from "~/platform/db/db.server";
import { valueOf } from "~/platform/validation/errors";
import { createAccount, e2eBaseURL, serverDb, signInApi, uniqueEmail } from "./accounts";
import { EXCEL, newExcelSession } from "./sessions";

/**
 * Browser tests own their data (docs/decisions/0027-tests-own-their-data.md): a test asks these
 * fixtures for the records it needs, each created for it alone in the e2e server's database, and
 * removed once the test is over, whether it passed or not. No test edits the demonstration content
 * that the other tests read, nor puts it back.
 *
 *     import { expect, test } from "./support/fixtures";
 *     test("…", async ({ page, staff, newSession, newFormation }) => {
 *       await staff(page, "editor");
 *       const sessionId = await newSession({ seats: 6 });
 *       const formation = await newFormation();
 *     });
 */

/** A session of the demo formation « Excel perfectionnement » (its registrations are removed with it). */
export interface SessionOptions {
  seats?: number;
  /** First and last day, far in the future by default (out of every public count of upcoming sessions). */
  start?: string;
  end?: string;
}

/** A request (« devis ») or a message (« contact ») received from the site. */
export interface LeadOptions {
  kind: "devis" | "contact";
  reference?: string;
}

/**
 * A formation of its own, complete (it passes the publication checks). Published, it is in the
 * catalogue, its pages and the sitemap while the test runs, where the public tests on the demo
 * catalogue never count it: in « Ressources humaines » (the last category of the catalogue's
 * order), in person at Strasbourg only, 450 € exempt from VAT, not CPF-eligible, not featured, no
 * session, and a slug that sorts after every demo slug.
 */
export interface FormationOptions {
  /** « published » (the default) or « draft » (a 404 for visitors). */
  status?: "published" | "draft";
}

export interface OwnFormation {
  id: string;
  slug: string;
  title: string;
}

/** Formations a test makes through the site itself (the editor, an import): by slug, or by the end of their title. */
export interface MadeFormations {
  slugs?: string[];
  titleEndsWith?: string;
}

export interface Fixtures {
  /** Creates an account with this role (a fresh address), signs `page` in with it when given, and returns it. */
  staff: (
    page: Parameters<typeof signInApi>[0] | null,
    role: "admin" | "editor" | "viewer",
  ) => Promise<{ email: string; password: string }>;
  /** Creates a session of its own on the demo formation; returns its id. */
  newSession: (options?: SessionOptions) => Promise<string>;
  /** Creates a lead of its own; returns its id. */
  newLead: (options: LeadOptions) => Promise<string>;
  /** Creates a formation of its own (published unless told otherwise); removed after the test. */
  newFormation: (options?: FormationOptions) => Promise<OwnFormation>;
  /** Formations the test makes through the site (an import, the editor), removed after it as its own are. */
  removeFormationsAfter: (made: MadeFormations) => void;
  /**
   * A fresh address for someone who sends complaints (contact form or space); once the test is over,
   * their complaints, contact messages, e-mails and space links are removed (`forgetComplaintsOf`).
   */
  complainant: (label?: string) => string;
}

let sessionDays = 0;
/** Two days in 2099 that no other session of this worker uses, so that sessions never collide. */
function farDays(): { start: string; end: string } {
  sessionDays++;
  const start = new Date(Date.UTC(2099, 0, 1 + ((process.pid * 7 + sessionDays * 3) % 330)));
  const end = new Date(start.getTime() + 86_400_000);
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/** Removes sessions and everything registered to them. */
export async function removeSessions(ids: string[]): Promise<void> {
  if (!ids.length) return;
  const db = serverDb();
  const registrations = (await db.selectFrom("registrations").select("id").where("session_id", "in", ids).execute()).map((r) => r.id);
  if (registrations.length)
    for (const table of ["registration_trainees", "registration_status_history", "registration_offers"] as const)
      await db
        .deleteFrom(table)
        .where("registration_id", "in", registrations)
        .execute()
        .catch(() => undefined);
  await db
    .deleteFrom("registrations")
    .where("session_id", "in", ids)
    .execute()
    .catch(() => undefined);
  await db
    .deleteFrom("formation_sessions")
    .where("id", "in", ids)
    .execute()
    .catch(() => undefined);
}

let formations = 0;
/** Writes a formation of its own through the formations area (the same checks as the editor); returns it. */
export async function insertFormation({ status = "published" }: FormationOptions = {}): Promise<OwnFormation> {
  const db = serverDb();
  formations++;
  const tag = `${process.pid.toString(36)}-${Date.now().toString(36)}-${formations}`;
  const category = await db.selectFrom("formation_categories").select("id").where("slug", "=", "rh").executeTakeFirstOrThrow();
  const city = await db.selectFrom("cities").select("id").where("slug", "=", "strasbourg").executeTakeFirstOrThrow();
  const formation = valueOf(
    await createFormation(
      formationInput({
        slug: `tutorat-alternants-e2e-${tag}`,
        title: `Tutorat des alternants (essai ${tag})`,
        summary: "Accueillir, accompagner et évaluer un alternant, de son arrivée à la fin de son contrat.",
        categoryId: category.id,
        modality: "presentiel",
        cityIds: [city.id],
      }),
      { db },
    ),
  );
  if (status === "published")
    await db.updateTable("formations").set({ status: "published", published_at: nowIso() }).where("id", "=", formation.id).execute();
  return { id: formation.id, slug: formation.slug, title: formation.title };
}

/** Removes formations with their sessions (and what is registered to them), cities and old slugs. */
export async function removeFormations(ids: string[]): Promise<void> {
  if (!ids.length) return;
  const db = serverDb();
  const sessions = await db.selectFrom("formation_sessions").select("id").where("formation_id", "in", ids).execute();
  await removeSessions(sessions.map((s) => s.id));
  for (const id of ids) await deleteFormation(id, { db }).catch(() => undefined);
}

/** Writes a lead as the site's forms store one; returns its id. */
export async function insertLead({ kind, reference = `E2E-${randomUUID().slice(0, 8).toUpperCase()}` }: LeadOptions): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const devis = kind === "devis";
  await serverDb()
    .insertInto("leads")
    .values({
      id,
      reference,
      kind,
      status: "nouveau",
      name: devis ? "Camille Martin" : "Nadia Lefèvre",
      email: devis ? "camille.martin@example.org" : "nadia.lefevre@example.org",
      phone: devis ? "06 12 34 56 78" : "",
      company: devis ? "Atelier Martin" : "",
      siret: "",
      subject: devis ? "" : "Une question sur les financements",
      formations: devis ? JSON.stringify([{ slug: EXCEL, title: "Excel perfectionnement" }]) : "[]",
      formation_other: "",
      trainees: devis ? 3 : null,
      format: devis ? "inter" : "",
      period: devis ? "Printemps" : "",
      city: devis ? "Lyon" : "",
      funding: devis ? "opco" : "",
      message: devis ? "Nous souhaitons former trois personnes." : "Bonjour, pouvez-vous me rappeler au sujet du CPF ?",
      consent_at: now,
      form_token: `e2e-${id}`,
      search_text: `${reference.toLowerCase()} ${devis ? "camille martin atelier" : "nadia lefevre question"}`,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/**
 * Removes what complaints of these addresses left: the complaints (the register's yearly counter
 * keeps its numbers: a test never resets a counter), the contact messages they came with, the
 * e-mails to or about them, the space's links and sessions.
 */
export async function forgetComplaintsOf(addresses: string[]): Promise<void> {
  if (!addresses.length) return;
  const db = serverDb();
  const complaints = (await db.selectFrom("complaints").select("id").where("email", "in", addresses).execute()).map((c) => c.id);
  if (complaints.length) await db.deleteFrom("mail_queue").where("complaint_id", "in", complaints).execute();
  await db.deleteFrom("mail_queue").where("to_address", "in", addresses).execute();
  await db.deleteFrom("mail_queue").where("reply_to", "in", addresses).execute();
  await db.deleteFrom("complaints").where("email", "in", addresses).execute();
  await db.deleteFrom("leads").where("email", "in", addresses).execute();
  await db.deleteFrom("link_sign_in_tokens").where("subject", "in", addresses).execute();
  await db.deleteFrom("link_sign_in_sessions").where("subject", "in", addresses).execute();
}

// Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring
// pattern, empty when there are none.
/* eslint-disable no-empty-pattern */
export const test = base.extend<Fixtures>({
  staff: async ({}, provide) => {
    await provide(async (target, role) => {
      const account = await createAccount({ email: uniqueEmail(`e2e-${role}`), role });
      if (target) await signInApi(target, e2eBaseURL(), account.email);
      return account;
    });
  },
  newSession: async ({}, provide) => {
    const created: string[] = [];
    await provide(async ({ seats = 6, ...days } = {}) => {
      const { start, end } = { ...farDays(), ...days };
      const id = await newExcelSession(serverDb(), seats, start, end);
      created.push(id);
      return id;
    });
    await removeSessions(created);
  },
  newLead: async ({}, provide) => {
    const created: string[] = [];
    await provide(async (options) => {
      const id = await insertLead(options);
      created.push(id);
      return id;
    });
    // Its events and mails go with it (ON DELETE CASCADE).
    if (created.length) await serverDb().deleteFrom("leads").where("id", "in", created).execute();
  },
  newFormation: async ({}, provide) => {
    const created: string[] = [];
    await provide(async (options) => {
      const formation = await insertFormation(options);
      created.push(formation.id);
      return formation;
    });
    await removeFormations(created);
  },
  removeFormationsAfter: async ({}, provide) => {
    const made: MadeFormations[] = [];
    await provide((m) => void made.push(m));
    const db = serverDb();
    const ids: string[] = [];
    for (const { slugs = [], titleEndsWith } of made) {
      if (slugs.length) ids.push(...(await db.selectFrom("formations").select("id").where("slug", "in", slugs).execute()).map((f) => f.id));
      if (titleEndsWith)
        ids.push(
          ...(await db.selectFrom("formations").select("id").where("title", "like", `%${titleEndsWith}`).execute()).map((f) => f.id),
        );
    }
    await removeFormations(ids);
  },
  complainant: async ({}, provide) => {
    const addresses: string[] = [];
    await provide((label = "reclamation") => {
      const address = uniqueEmail(label);
      addresses.push(address);
      return address;
    });
    await forgetComplaintsOf(addresses);
  },
});
/* eslint-enable no-empty-pattern */

export { expect } from "@playwright/test";
