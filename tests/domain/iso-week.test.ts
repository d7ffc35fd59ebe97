import { describe, expect, it } from "vitest";
import { addDays, daysBetween, isoWeekOf, mondayOf, weeksBetween } from "@/domain/iso-week";

describe("ISO weeks of calendar days", () => {
  it("labels a day with its Thursday's year, across year ends", () => {
    expect(isoWeekOf("2026-11-25")).toBe("2026-W48");
    expect(isoWeekOf("2021-01-03")).toBe("2020-W53");
    expect(isoWeekOf("2024-12-30")).toBe("2025-W01");
    expect(isoWeekOf("2026-01-01")).toBe("2026-W01");
  });

  it("starts weeks on Monday and lists every week touching a period", () => {
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(weeksBetween("2026-11-20", "2026-12-01").map((w) => w.week)).toEqual(["2026-W47", "2026-W48", "2026-W49"]);
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(daysBetween("2026-01-01", "2026-12-31")).toBe(364);
  });
});
