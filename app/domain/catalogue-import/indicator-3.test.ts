import { describe, expect, it } from "vitest";
import { engines } from "../../../tests/support/databases";
import { createCategory } from "~/domain/formations/categories.server";
import { createFormation, getFormationBySlug } from "~/domain/formations/formations.server";
import { CERTIFYING, INDICATOR_3, categoryInput, formationInput } from "~/domain/formations/test-fixtures";
import { valueOf } from "~/platform/validation/errors";
import { guessMapping } from "./columns";
import { exportCatalogue } from "./export.server";
import { importTable } from "./import.server";
import { readTable } from "./read.server";

describe.each(engines)("Qualiopi indicator 3 through the catalogue files on $name", ({ create }) => {
  it("the export/import round trip keeps the indicator 3 fields", async () => {
    // The catalogue of one site, exported and imported into another.
    const [t, other] = await Promise.all([create(), create()]);
    try {
      const categoryId = valueOf(await createCategory(categoryInput(), { db: t.db })).id;
      const f = valueOf(
        await createFormation(formationInput({ categoryId, ...CERTIFYING, ...INDICATOR_3, title: "Manager : piloter une unité" }), {
          db: t.db,
        }),
      );
      valueOf(await createCategory(categoryInput(), { db: other.db }));
      for (const format of ["csv", "xlsx", "json"] as const) {
        const file = await exportCatalogue(format, t.db);
        const table = await readTable(file.filename, typeof file.body === "string" ? new Uint8Array(Buffer.from(file.body)) : file.body);
        await importTable(table, guessMapping(table.headers), {
          actor: { id: null, email: "import@example.fr", role: "editor" },
          fileName: file.filename,
          target: other.db,
        });
        const copy = await getFormationBySlug(f.slug, other.db);
        expect(copy, format).toMatchObject(INDICATOR_3);
      }
    } finally {
      await Promise.all([t.cleanup(), other.cleanup()]);
    }
  });
});
