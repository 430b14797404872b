import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { SessionTable } from "~/domain/formations/components/session-table";
import { getFormationById, listUpcomingSessions } from "~/domain/formations/formations.server";
import { formationPage } from "~/domain/formations/pages.server";
import { updateSessionDetails } from "./admin.server";
import { addSession, registrationCatalogue, registrationsTestConfig } from "./test-fixtures";

/**
 * The public session table tells intra-company sessions apart (one company, on quote): labelled
 * « Intra-entreprise », no seat count, and « Demander un devis » instead of « S'inscrire ».
 */

const actor = { id: "u-editor", email: "editrice@formavia.test", role: "editor" as const };

registrationsTestConfig("intra-sessions-");

/** The table's body rows, as HTML, in order. */
function rowsOf(html: string): string[] {
  return html.split("<tbody>")[1]!.split("</tbody>")[0]!.split("<tr").slice(1);
}

describe.each(engines)("intra-company sessions on the public session table ($name)", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("the formation page labels an intra session and offers a quote, an inter one registration", async () => {
    const formationId = await registrationCatalogue(t.db);
    const slug = (await getFormationById(formationId, t.db))!.slug;
    const inter = await addSession(t.db, formationId, 8, "2099-03-10", "2099-03-11");
    const intra = await addSession(t.db, formationId, 12, "2099-04-14", "2099-04-15");
    expect(await updateSessionDetails(intra, { kind: "intra", dayStart: "09:00", dayEnd: "17:00", address: "" }, actor, t.db)).toEqual({
      ok: true,
      notified: 0,
    });

    const page = await formationPage(slug, {}, t.db);
    if (page.kind !== "ok") throw new Error(page.kind);
    expect(page.data.upcoming.map((s) => [s.id, s.kind])).toEqual([
      [inter, "inter"],
      [intra, "intra"],
    ]);
    const html = renderToString(
      <MemoryRouter>
        <SessionTable sessions={page.data.upcoming} label="Prochaines sessions" showFormation={false} registerFor={slug} />
      </MemoryRouter>,
    );
    const [interRow, intraRow] = rowsOf(html);
    expect(interRow).toContain(`href="/formations/${slug}/inscription/${inter}"`);
    expect(interRow).toContain("S&#x27;inscrire");
    expect(interRow).toContain("8 places");
    expect(interRow).not.toContain("Intra-entreprise");

    expect(intraRow).toContain("Intra-entreprise");
    expect(intraRow).toContain("Sur devis, pour une seule entreprise");
    expect(intraRow).toContain(`href="/devis?formation=${slug}&amp;format=intra"`);
    expect(intraRow).toContain(">Demander un devis</a>");
    expect(intraRow).toContain('aria-label="Demander un devis pour la session intra-entreprise du 14 au 15 avril 2099"');
    expect(intraRow).not.toContain("inscription/");
    expect(intraRow).not.toContain("S&#x27;inscrire");
    expect(intraRow).not.toContain("places");

    // The tables of the home and city pages (no registration column) label it too.
    const upcoming = await listUpcomingSessions({ formationIds: [formationId] }, t.db);
    expect(upcoming.map((s) => s.kind)).toEqual(["inter", "intra"]);
    const list = renderToString(
      <MemoryRouter>
        <SessionTable sessions={upcoming} label="Prochaines sessions" />
      </MemoryRouter>,
    );
    expect(rowsOf(list)[1]).toContain("Intra-entreprise");
    expect(rowsOf(list)[1]).toContain("Sur devis, pour une seule entreprise");
  });
});
