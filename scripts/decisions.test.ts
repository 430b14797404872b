import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The decision records (docs/decisions/): one header format, and every record in the index.
const dir = path.resolve("docs/decisions");
const records = readdirSync(dir).filter((name) => /^\d{4}-.+\.md$/.test(name));
const index = readFileSync(path.join(dir, "README.md"), "utf8");

describe("decision records", () => {
  it("are numbered without a gap or a repeat", () => {
    const numbers = records.map((name) => Number(name.slice(0, 4))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it.each(records)("%s has the template's header and is listed in the index", (name) => {
    const [title, blank, date, status] = readFileSync(path.join(dir, name), "utf8").split("\n");
    expect(title).toMatch(/^# Décision\u00a0: \S/);
    expect(blank).toBe("");
    expect(date).toMatch(/^- Date\u00a0: \d{4}-\d{2}-\d{2}$/);
    expect(status).toMatch(/^- Statut\u00a0: (proposée|acceptée|remplacée par |abandonnée)/);
    expect(index).toContain(`](${name})`);
  });
});
