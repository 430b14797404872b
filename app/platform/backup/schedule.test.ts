import { describe, expect, it } from "vitest";
import { archiveDate, archiveName, archivesToDelete, nextBackupAt } from "./schedule";

describe("backup schedule", () => {
  it("runs daily at BACKUP_TIME, Paris time, winter and summer", () => {
    // 28 November: Paris is UTC+1.
    expect(nextBackupAt(new Date("2026-11-28T01:00:00Z"), "03:30", 24).toISOString()).toBe("2026-11-28T02:30:00.000Z");
    expect(nextBackupAt(new Date("2026-11-28T02:30:00Z"), "03:30", 24).toISOString()).toBe("2026-11-29T02:30:00.000Z");
    // July: UTC+2.
    expect(nextBackupAt(new Date("2026-07-01T12:00:00Z"), "03:30", 24).toISOString()).toBe("2026-07-02T01:30:00.000Z");
  });

  it("runs every N hours from BACKUP_TIME, starting again at BACKUP_TIME each day", () => {
    expect(nextBackupAt(new Date("2026-11-28T03:00:00Z"), "03:30", 6).toISOString()).toBe("2026-11-28T08:30:00.000Z");
    // 5-hour cycle from 03:30: …, 23:30, then 03:30 the next day (not 04:30).
    expect(nextBackupAt(new Date("2026-11-28T22:31:00Z"), "03:30", 5).toISOString()).toBe("2026-11-29T02:30:00.000Z");
  });

  it("names archives by their UTC time and reads the date back", () => {
    const at = new Date("2026-11-28T02:30:05Z");
    expect(archiveName(at)).toBe("site-2026-11-28-023005.tar.gz");
    expect(archiveDate(archiveName(at))).toEqual(at);
    expect(archiveDate("notes.txt")).toBeUndefined();
  });

  it("keeps 7 daily, 4 weekly and 12 monthly archives", () => {
    // One backup a day for 400 days, two on the last day.
    const names: string[] = [];
    const last = Date.parse("2026-11-28T02:30:00Z");
    for (let d = 0; d < 400; d++) names.push(archiveName(new Date(last - d * 86_400_000)));
    names.push(archiveName(new Date(last + 3_600_000)));
    const deleted = new Set(archivesToDelete(names, { daily: 7, weekly: 4, monthly: 12 }));
    const kept = names.filter((n) => !deleted.has(n)).sort();
    // 7 days + the newest of 3 more weeks + the newest of 11 more months (overlaps counted once).
    expect(kept.length).toBeGreaterThanOrEqual(7 + 3 + 10);
    expect(kept.length).toBeLessThanOrEqual(7 + 4 + 12);
    expect(kept.at(-1)).toBe(archiveName(new Date(last + 3_600_000)));
    expect(deleted.has(archiveName(new Date(last)))).toBe(true); // same day, older than the newest
    const months = new Set(kept.map((n) => n.slice(5, 12)));
    expect(months.size).toBe(12);
    expect(kept[0]! >= "site-2025-12").toBe(true);
    expect(archivesToDelete(["notes.txt", ...names.slice(0, 3)], { daily: 7, weekly: 4, monthly: 12 })).toEqual([]);
  });
});
