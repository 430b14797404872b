import { describe, expect, it } from "vitest";
import { addWorkingDays, easterSunday, isWorkingDay, publicHolidays, workingDaysBetween } from "./working-days";

describe("working days (jours ouvrés)", () => {
  it("knows Easter and the eleven public holidays of the Code du travail", () => {
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2024)).toBe("2024-03-31");
    const days = [...publicHolidays(2026)].sort();
    expect(days).toEqual([
      "2026-01-01",
      "2026-04-06",
      "2026-05-01",
      "2026-05-08",
      "2026-05-14",
      "2026-05-25",
      "2026-07-14",
      "2026-08-15",
      "2026-11-01",
      "2026-11-11",
      "2026-12-25",
    ]);
  });

  it("counts Monday to Friday, holidays excepted", () => {
    expect(isWorkingDay("2026-12-02")).toBe(true); // a Wednesday
    expect(isWorkingDay("2026-12-05")).toBe(false); // a Saturday
    expect(isWorkingDay("2026-12-25")).toBe(false); // Christmas, a Friday
    // Friday 18 December 2026 + 1 working day: Monday 21.
    expect(addWorkingDays("2026-12-18", 1)).toBe("2026-12-21");
    expect(addWorkingDays("2026-12-02", 0)).toBe("2026-12-02");
    // 15 working days from Wednesday 2 December 2026: three weeks, 23 December.
    expect(addWorkingDays("2026-12-02", 15)).toBe("2026-12-23");
    // 5 from Friday 18 December: Christmas is skipped, Monday 28.
    expect(addWorkingDays("2026-12-18", 5)).toBe("2026-12-28");
    expect(workingDaysBetween("2026-12-18", "2026-12-21")).toBe(1);
    expect(workingDaysBetween("2026-12-02", "2026-12-02")).toBe(0);
    expect(workingDaysBetween("2026-12-02", "2026-12-23")).toBe(15);
    expect(workingDaysBetween("2026-12-23", "2026-12-02")).toBe(0);
  });
});
