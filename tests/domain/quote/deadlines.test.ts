import { describe, expect, it } from "vitest";

import { computeDeadlines, type DeadlineInput, type Deadlines } from "@/domain/quote/deadlines";

function ok(input: DeadlineInput): Deadlines {
  const result = computeDeadlines(input);
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
}

function at(value: Deadlines, id: string) {
  return value.deadlines.find((d) => d.id === id)?.at;
}

describe("computeDeadlines", () => {
  it("allows the funeral from 24 h to 14 calendar days after the death", () => {
    const value = ok({ deathDate: "2025-03-10", deathTime: "10:00" });
    expect(at(value, "funeral-earliest")).toEqual({ date: "2025-03-11", time: "10:00" });
    expect(at(value, "funeral-latest")).toEqual({ date: "2025-03-24", time: "10:00" });
    expect(value.deadlines.find((d) => d.id === "funeral-latest")).toMatchObject({
      kind: "before",
      startsFrom: "death",
      delay: { amount: 14, unit: "calendar-days" },
      messageKey: "deadlines.funeral-latest",
    });
    expect(value.notices.map((n) => n.code)).toContain("prefect_extension_possible");
  });

  it("counts calendar days across months, years and leap days (weekends and holidays included)", () => {
    expect(at(ok({ deathDate: "2025-12-25" }), "funeral-latest")).toEqual({ date: "2026-01-08" });
    expect(at(ok({ deathDate: "2028-02-20" }), "funeral-latest")).toEqual({ date: "2028-03-05" });
    expect(at(ok({ deathDate: "2025-08-15" }), "funeral-latest")).toEqual({ date: "2025-08-29" });
  });

  it("gives declaration (24 h) and transport without coffin (48 h) limits", () => {
    const value = ok({ deathDate: "2025-06-30", deathTime: "23:15" });
    expect(at(value, "death-declaration")).toEqual({ date: "2025-07-01", time: "23:15" });
    expect(at(value, "transport-without-coffin")).toEqual({ date: "2025-07-02", time: "23:15" });
  });

  it("works by day when the time of death is unknown, and says so", () => {
    const value = ok({ deathDate: "2025-06-30" });
    expect(at(value, "funeral-earliest")).toEqual({ date: "2025-07-01" });
    expect(value.notices.map((n) => n.code)).toContain("time_of_death_unknown");
  });

  it("counts 24 real hours across summer-time changes in mainland France", () => {
    // Clocks go forward on 30 March 2025 and back on 26 October 2025.
    expect(at(ok({ deathDate: "2025-03-29", deathTime: "10:00" }), "funeral-earliest")).toEqual({ date: "2025-03-30", time: "11:00" });
    expect(at(ok({ deathDate: "2025-10-25", deathTime: "10:00" }), "funeral-earliest")).toEqual({ date: "2025-10-26", time: "09:00" });
    // Calendar days keep the wall-clock time.
    expect(at(ok({ deathDate: "2025-03-29", deathTime: "10:00" }), "funeral-latest")).toEqual({ date: "2025-04-12", time: "10:00" });
    // Overseas departments keep the same time all year.
    expect(at(ok({ deathDate: "2025-03-29", deathTime: "10:00", observesEuSummerTime: false }), "funeral-earliest")).toEqual({ date: "2025-03-30", time: "10:00" });
  });

  it("starts the clock when the body enters France after a death abroad", () => {
    const value = ok({ deathDate: "2025-05-10", placeOfDeath: "abroad", arrivalInFranceDate: "2025-05-20", arrivalInFranceTime: "08:30" });
    expect(at(value, "funeral-earliest")).toEqual({ date: "2025-05-21", time: "08:30" });
    expect(at(value, "funeral-latest")).toEqual({ date: "2025-06-03", time: "08:30" });
    expect(value.deadlines.every((d) => d.id.startsWith("funeral") && d.startsFrom === "arrival-in-france")).toBe(true);
    expect(value.deadlines.find((d) => d.id === "funeral-latest")?.label).toContain("arrivée du corps en France");
  });

  it("leaves the funeral window pending while the body has not reached France", () => {
    const value = ok({ deathDate: "2025-05-10", placeOfDeath: "abroad" });
    expect(value.deadlines).toEqual([]);
    expect(value.pending.map((p) => [p.id, p.reason])).toEqual([
      ["funeral-earliest", "arrival-in-france-unknown"],
      ["funeral-latest", "arrival-in-france-unknown"],
    ]);
  });

  it("tells that a hospital keeps the body free for the first 3 days", () => {
    const value = ok({ deathDate: "2025-09-10", deathTime: "14:20", placeOfDeath: "hospital" });
    expect(value.deadlines.find((d) => d.id === "hospital-free-storage")).toMatchObject({ kind: "until", at: { date: "2025-09-13", time: "14:20" } });
    expect(ok({ deathDate: "2025-09-10", placeOfDeath: "home" }).deadlines.map((d) => d.id)).not.toContain("hospital-free-storage");
  });

  it("notes that deaths before 12 July 2024 followed the former six-working-day rule", () => {
    expect(ok({ deathDate: "2024-07-11" }).notices.map((n) => n.code)).toContain("death_before_2024_reform");
    expect(ok({ deathDate: "2024-07-12" }).notices.map((n) => n.code)).not.toContain("death_before_2024_reform");
  });

  it("answers bad input with an error code instead of throwing", () => {
    expect(computeDeadlines({ deathDate: "2025-02-30" })).toMatchObject({ ok: false, error: { code: "death_date__invalid" } });
    expect(computeDeadlines({ deathDate: "10/03/2025" })).toMatchObject({ ok: false, error: { code: "death_date__invalid" } });
    expect(computeDeadlines({ deathDate: "2025-03-10", deathTime: "25:00" })).toMatchObject({ ok: false, error: { code: "death_time__invalid" } });
    expect(computeDeadlines({ deathDate: "2025-03-10", placeOfDeath: "abroad", arrivalInFranceDate: "2025-03-01" })).toMatchObject({
      ok: false,
      error: { code: "arrival_in_france__before_death" },
    });
  });
});
