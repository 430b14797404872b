/**
 * `npm run bench:import`: rows per second of the formation import for 10 000 rows, on SQLite
 * (a temporary file) and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL (in a
 * database of its own, dropped afterwards). Each run reads a CSV file, checks every row with the
 * editor's schema and writes in chunks of WRITE_CHUNK rows; then the same file with every price
 * changed (10 000 updates). Not part of `npm test`.
 */
import { createCity } from "~/domain/cities/cities.server";
import { createCategory } from "~/domain/formations/categories.server";
import { categoryInput, cityInput } from "~/domain/formations/test-fixtures";
import { flatToCell, type FlatRecord } from "~/domain/catalogue-import/cells";
import { CATALOGUE_COLUMNS } from "~/domain/formations/columns";
import { guessMapping } from "~/domain/catalogue-import/columns";
import { toCsv } from "~/domain/catalogue-import/csv";
import { templateRecords } from "~/domain/catalogue-import/export.server";
import { WRITE_CHUNK, analyseTable, applyAnalysis } from "~/domain/catalogue-import/import.server";
import { readTable } from "~/domain/catalogue-import/read.server";
import { createPostgresDatabase, createSqliteDatabase, type TestDatabase } from "../tests/support/databases";
import { valueOf } from "~/platform/validation/errors";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const actor = { id: null, email: "bench@example.fr", role: "admin" };

function csvFor(base: FlatRecord, price: number): Uint8Array {
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    ...base,
    slug: `bench-${i}`,
    titre: `Formation de test numéro ${i}`,
    prix_inter: price + (i % 100),
  }));
  const text = toCsv([
    CATALOGUE_COLUMNS.map((c) => c.label),
    ...rows.map((r: FlatRecord) => CATALOGUE_COLUMNS.map((c) => flatToCell(c, r[c.key], "text"))),
  ]);
  return new Uint8Array(Buffer.from(text, "utf8"));
}

async function run(label: string, t: TestDatabase, bytes: Uint8Array): Promise<void> {
  const t0 = performance.now();
  const table = await readTable("bench.csv", bytes);
  const t1 = performance.now();
  const analysis = await analyseTable(table, guessMapping(table.headers), t.db);
  const t2 = performance.now();
  await applyAnalysis(analysis, { actor, fileName: "bench.csv", target: t.db });
  const t3 = performance.now();
  const c = analysis.counts;
  if (c.rejected > 0)
    throw new Error(`${c.rejected} lignes refusées : ${JSON.stringify(analysis.rows.find((r) => r.issues.length)?.issues)}`);
  const perSecond = (ms: number) => Math.round((ROWS / ms) * 1000).toLocaleString("fr-FR");
  console.log(
    `${label.padEnd(32)} ${perSecond(t3 - t0).padStart(8)} lignes/s au total (${((t3 - t0) / 1000).toFixed(2)} s : lecture ${((t1 - t0) / 1000).toFixed(2)} s, vérification ${((t2 - t1) / 1000).toFixed(2)} s, écriture ${((t3 - t2) / 1000).toFixed(2)} s) — ${c.created} créées, ${c.updated} mises à jour`,
  );
}

async function bench(engine: string, create: () => Promise<TestDatabase>): Promise<void> {
  const t = await create();
  try {
    const ctx = { db: t.db };
    valueOf(await createCategory(categoryInput(), ctx));
    valueOf(await createCity(cityInput(), ctx));
    const [base] = await templateRecords(t.db);
    await run(`${engine} : ${ROWS.toLocaleString("fr-FR")} créations`, t, csvFor(base!, 450));
    await run(`${engine} : ${ROWS.toLocaleString("fr-FR")} mises à jour`, t, csvFor(base!, 990));
  } finally {
    await t.cleanup();
  }
}

async function main(): Promise<void> {
  console.log(
    `Import de ${ROWS.toLocaleString("fr-FR")} formations (CSV, lecture dans un fil à part, écriture par tranches de ${WRITE_CHUNK} lignes)`,
  );
  await bench("SQLite", createSqliteDatabase);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await bench("PostgreSQL", () => createPostgresDatabase(url));
  else console.log("PostgreSQL : ignoré (définissez BENCH_DATABASE_URL ou TEST_DATABASE_URL).");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
