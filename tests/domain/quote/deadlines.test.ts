import { describe, expect, it } from "vitest";

import { computeDeadlines, frenchPublicHolidays, type DeadlineInput, type Deadlines } from "@/domain/quote/deadlines";

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
    // The whole 14th calendar day after the day of death, not cut at the hour of death.
    expect(at(value, "funeral-latest")).toEqual({ date: "2025-03-24" });
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
    expect(value.deadlines.find((d) => d.id === "death-declaration")?.legalReference).not.toMatch(/L2223-42/);
    expect(value.notices.map((n) => n.code)).toContain("late_declaration_recorded");
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
    expect(at(ok({ deathDate: "2025-03-29", deathTime: "10:00" }), "funeral-latest")).toEqual({ date: "2025-04-12" });
    // Overseas departments keep the same time all year.
    expect(at(ok({ deathDate: "2025-03-29", deathTime: "10:00", observesEuSummerTime: false }), "funeral-earliest")).toEqual({ date: "2025-03-30", time: "10:00" });
  });

  it("counts the 24-hour minimum from the death and the 14 days from the entry into France after a death abroad", () => {
    const value = ok({ deathDate: "2025-05-10", deathTime: "07:00", placeOfDeath: "abroad", arrivalInFranceDate: "2025-05-20", arrivalInFranceTime: "08:30" });
    expect(at(value, "funeral-earliest")).toEqual({ date: "2025-05-11", time: "07:00" });
    expect(value.deadlines.find((d) => d.id === "funeral-earliest")?.startsFrom).toBe("death");
    expect(at(value, "funeral-latest")).toEqual({ date: "2025-06-03" });
    expect(value.deadlines.find((d) => d.id === "funeral-latest")).toMatchObject({ startsFrom: "arrival-in-france", legalReference: expect.stringMatching(/R2213-23/) });
    expect(value.deadlines.find((d) => d.id === "funeral-latest")?.label).toContain("entrée du corps en France");
    expect(value.notices.map((n) => n.code)).toContain("overseas_entry");
  });

  it("leaves only the last day pending while the body has not reached France", () => {
    const value = ok({ deathDate: "2025-05-10", placeOfDeath: "abroad" });
    expect(value.deadlines.map((d) => d.id)).toEqual(["funeral-earliest"]);
    expect(value.pending.map((p) => [p.id, p.reason])).toEqual([["funeral-latest", "arrival-in-france-unknown"]]);
  });

  it("runs the 14 days from the prosecutor's authorisation in a medico-legal case", () => {
    const value = ok({ deathDate: "2025-05-10", medicoLegal: true, prosecutorAuthorisationDate: "2025-05-16" });
    expect(at(value, "funeral-latest")).toEqual({ date: "2025-05-30" });
    expect(value.deadlines.find((d) => d.id === "funeral-latest")?.startsFrom).toBe("prosecutor-authorisation");
    expect(value.notices.map((n) => n.code)).toContain("medico_legal");
    const waiting = ok({ deathDate: "2025-05-10", medicoLegal: true });
    expect(waiting.pending.map((p) => [p.id, p.reason])).toEqual([["funeral-latest", "prosecutor-authorisation-unknown"]]);
    expect(computeDeadlines({ deathDate: "2025-05-10", medicoLegal: true, prosecutorAuthorisationDate: "2025-05-01" })).toMatchObject({
      ok: false,
      error: { code: "prosecutor_authorisation__before_death" },
    });
  });

  it("puts no 21-day cap on a one-off prefect's extension; the department-wide one stops at the 21st day", () => {
    const notice = ok({ deathDate: "2025-03-10" }).notices.find((n) => n.code === "prefect_extension_possible")?.message ?? "";
    expect(notice).toMatch(/sans plafond/);
    expect(notice).toMatch(/1 mois au plus, renouvelable, sans dépasser le 21e jour/);
  });

  it("counts the declaration's 24 hours without Sundays and public holidays", () => {
    // Saturday 14:00 → the limit would fall on Sunday: moved to Monday.
    expect(at(ok({ deathDate: "2025-06-14", deathTime: "14:00" }), "death-declaration")).toEqual({ date: "2025-06-16", time: "14:00" });
    // Saturday 7 June 2025: Sunday then Whit Monday (9 June) are skipped.
    expect(at(ok({ deathDate: "2025-06-07", deathTime: "14:00" }), "death-declaration")).toEqual({ date: "2025-06-10", time: "14:00" });
    // Sunday 13 July 2025 then 14 July (holiday): Tuesday.
    expect(at(ok({ deathDate: "2025-07-13", deathTime: "09:00" }), "death-declaration")).toEqual({ date: "2025-07-15", time: "09:00" });
    // Easter Monday 2026 is 6 April.
    expect(frenchPublicHolidays(2026).has("2026-04-06")).toBe(true);
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
