// `npm test`: typecheck, lint, unit + integration tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), production build, browser tests in Chromium.
// Ends with one line "N passed, N failed" and a non-zero exit when anything failed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, ".test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, "node_modules/.bin", name);

let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`  ${label} : ${result.status === 0 ? "ok" : "échec"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result.status === 0;
}

function check(label, command, args, env) {
  if (run(label, command, args, env)) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Runs the checks side by side (each its own process), then prints each one's output in turn.
 * A check marked `counted: false` reports its own tests (Vitest): only its exit status is returned.
 */
async function checkTogether(checks) {
  const results = await Promise.all(
    checks.map(
      ([label, command, args, { counted = true } = {}]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (status) => resolve({ label, status, output, counted, seconds: (Date.now() - started) / 1000 }));
        }),
    ),
  );
  const statuses = {};
  for (const { label, status, output, counted, seconds } of results) {
    console.log(`\n▶ ${label}`);
    if (output.trim()) process.stdout.write(output);
    console.log(`  ${label} : ${status === 0 ? "ok" : "échec"} (${seconds.toFixed(1)} s)`);
    statuses[label] = status === 0;
    if (!counted) continue;
    if (status === 0) passed++;
    else {
      failed++;
      failures.push(label);
    }
  }
  return statuses;
}

check("Vérification des types", bin("react-router"), ["typegen"]);
// Type check, lint, format check and the unit and integration tests read the same files and write
// nothing the others read: side by side. The tests wait on their databases part of the time, which
// the three checks fill (about 30 s less than one after the other on two cores).
const vitestReport = path.join(reports, "vitest.json");
const together = await checkTogether([
  ["Vérification des types (tsc)", bin("tsc"), ["--noEmit"]],
  ["Lint", bin("eslint"), ["."]],
  ["Format (Prettier)", bin("prettier"), ["--check", "--log-level", "warn", "."]],
  [
    "Tests unitaires et d'intégration",
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
    { counted: false },
  ],
]);
const vitestOk = together["Tests unitaires et d'intégration"];
const v = readJson(vitestReport);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  if (v.numFailedTests > 0) failures.push(`${v.numFailedTests} test(s) Vitest`);
  if (!vitestOk && v.numFailedTests === 0) {
    failed++;
    failures.push("Vitest (erreur hors test)");
  }
} else if (!vitestOk) {
  failed++;
  failures.push("Vitest");
}

/**
 * The production build, whose output must hold no tool warning: a newcomer cannot judge them, so a
 * warning is fixed or, when known and harmless, silenced with its reason in vite.config.ts.
 */
function buildWithoutWarnings() {
  console.log("\n▶ Construction");
  const started = Date.now();
  const result = spawnSync(bin("react-router"), ["build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  process.stdout.write(output);
  console.log(`  Construction : ${result.status === 0 ? "ok" : "échec"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // eslint-disable-next-line no-control-regex -- colour codes removed before reading the lines
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  // "(!) …" (Vite) and "[CODE] …" (Rolldown: INEFFECTIVE_DYNAMIC_IMPORT, PLUGIN_TIMINGS…).
  const warnings = plain.split("\n").filter((line) => /^\s*\(!\)|^\s*\[[A-Z][A-Z_]+\]/.test(line));
  if (warnings.length > 0) console.log(`  Avertissements de la construction : ${warnings.length}\n${warnings.join("\n")}`);
  return { ok: result.status === 0, warnings: warnings.length };
}

const build = buildWithoutWarnings();
const buildOk = build.ok;
if (buildOk) passed++;
else {
  failed++;
  failures.push("Construction");
}
if (build.warnings > 0) {
  failed++;
  failures.push(`Construction : ${build.warnings} avertissement(s)`);
} else if (buildOk) passed++;

if (buildOk) {
  const pwReport = path.join(reports, "playwright.json");
  const dataDir = path.join(root, ".test-data", `e2e-${Date.now()}`);
  const pwOk = run("Tests navigateur (Chromium)", bin("playwright"), ["test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport,
    E2E_DATA_DIR: dataDir,
  });
  const p = readJson(pwReport);
  if (p?.stats) {
    passed += p.stats.expected + (p.stats.flaky ?? 0);
    failed += p.stats.unexpected;
    if (p.stats.unexpected > 0) failures.push(`${p.stats.unexpected} test(s) navigateur`);
    if (!pwOk && p.stats.unexpected === 0) {
      failed++;
      failures.push("Playwright (erreur hors test)");
    }
  } else if (!pwOk) {
    failed++;
    failures.push("Playwright");
  }
  if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length) console.log(`\nÉchecs : ${failures.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
