/**
 * `npm run bench:documents`: certificates per second and peak memory (RSS) for 100 certificates of
 * one session (target: under 20 s and under 300 MB on the project's machine, README « Documents de
 * formation »), through the same path as staff and the batch: number, PDF, storage, row. On SQLite
 * (a temporary file, storage in a temporary folder). Not part of `npm test`. Run with the Node.js
 * options of `npm start` (package.json): `--max-semi-space-size=16` bounds V8's young generation,
 * which otherwise grows to about 130 MB of mostly garbage while PDFs are laid out (peak 360 MB).
 */
import { getHeapSpaceStatistics } from "node:v8";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { markAttendance } from "~/domain/documents/attendance.server";
import { loadRegistrations, loadSource } from "~/domain/documents/data.server";
import { generateDocument } from "~/domain/documents/documents.server";
import { sessionHalfDays } from "~/domain/documents/model";
import { AFTER_SESSIONS, documentsFixture, registerByHand, staff } from "~/domain/documents/test-fixtures";
import { loadConfig, setConfig } from "~/platform/config.server";
import { createSqliteDatabase } from "../tests/support/databases";

const COUNT = Number(process.env.BENCH_DOCUMENTS ?? 100);

console.log(`Mémoire (RSS) au démarrage : ${Math.round(process.memoryUsage().rss / 1e6)} Mo`);
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-documents-"));
setConfig(
  loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, AUTH_SECRET: "secret-du-banc-de-mesure-des-documents-0123", LOG_LEVEL: "error" }),
);
const t = await createSqliteDatabase();
let peak = process.memoryUsage().rss;
/** The V8 heap at the peak: the young generation is what `--max-semi-space-size` (npm start) bounds. */
function heapLine(): string {
  const mb = (n: number) => Math.round(n / 1e6);
  const space = (name: string) => getHeapSpaceStatistics().find((s) => s.space_name === name);
  const young = space("new_space");
  const old = space("old_space");
  const u = process.memoryUsage();
  return `  au pic : tas V8 ${mb(u.heapTotal)} Mo (jeune génération ${mb(young?.space_size ?? 0)} Mo, ancienne ${mb(old?.space_size ?? 0)} Mo), hors tas ${mb(u.external)} Mo`;
}
let peakInfo = "";
const sample = setInterval(() => {
  const u = process.memoryUsage();
  if (u.rss <= peak) return;
  peak = u.rss;
  peakInfo = heapLine();
}, 20);
try {
  const fixture = await documentsFixture(t.db);
  const sessionId = await fixture.newSession(COUNT);
  for (let i = 0; i < COUNT / 20; i++) await registerByHand(t.db, sessionId, "entreprise", 20);
  const session = await t.db.selectFrom("formation_sessions").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow();
  const halfDays = sessionHalfDays(session.start_date, session.end_date);
  const trainees = (await loadRegistrations(sessionId, t.db)).flatMap((r) => r.trainees.map((tr) => ({ id: tr.id, registrationId: r.id })));
  for (const tr of trainees) await markAttendance(sessionId, { stagiaire: tr.id, presence: halfDays, resultat: "acquis" }, staff, t.db);
  const source = (await loadSource(sessionId, t.db))!;
  const regs = await loadRegistrations(sessionId, t.db);
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  for (const tr of trainees) {
    const result = await generateDocument(
      { kind: "certificat", sessionId, registrationId: tr.registrationId, traineeId: tr.id },
      { actor: staff, target: t.db, now: AFTER_SESSIONS, preloaded: { source, regs } },
    );
    if (!result.ok) throw new Error(result.error);
  }
  const seconds = (performance.now() - t0) / 1000;
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`${trainees.length} certificats en ${seconds.toFixed(2)} s : ${(trainees.length / seconds).toFixed(1)} PDF par seconde`);
  console.log(`Mémoire (RSS) : ${Math.round(before / 1e6)} Mo avant, pic ${Math.round(peak / 1e6)} Mo`);
  console.log(peakInfo);
  // The target is set for 100 certificates (BENCH_DOCUMENTS changes the count).
  if (trainees.length === 100)
    console.log(
      `Objectif : moins de 20 s (${seconds < 20 ? "atteint" : "NON atteint"}) et moins de 300 Mo (${peak < 300e6 ? "atteint" : "NON atteint"})`,
    );
} finally {
  clearInterval(sample);
  await t.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
}
