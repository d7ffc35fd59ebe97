import { describe, expect, it } from "vitest";
import {
  buildChecklist,
  CHECKLIST_RULE_IDS,
  CHECKLIST_RULES,
  itemStatus,
  nextDueItem,
  procedureSituationSchema,
  ruleApplies,
  ruleTiming,
  RULES_CHECKED_ON,
} from "@/domain/after-death-deadlines";

const base = { familyLink: "child" as const, situation: {}, formalities: [], today: "2026-01-10" };

describe("after-death checklist rules", () => {
  it("gives every rule a legal reference, an https source and the day it was checked", () => {
    for (const id of CHECKLIST_RULE_IDS) {
      const rule = CHECKLIST_RULES[id];
      expect(rule.id).toBe(id);
      expect(rule.legalReference.length).toBeGreaterThan(20);
      expect(rule.sourceUrl).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\//);
      expect(rule.checkedOn).toBe(RULES_CHECKED_ON);
    }
    expect(RULES_CHECKED_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("keeps the funeral limit at 14 calendar days (décret 2024-790), never 6 working days", () => {
    expect(ruleTiming("funeral", "2026-01-05")).toEqual({ kind: "date", due: "2026-01-19", delay: { amount: 14, unit: "calendar_days" } });
    expect(CHECKLIST_RULES.funeral.legalReference).toContain("14e jour calendaire");
  });

  it("counts the death declaration's 24 hours without Sundays and public holidays", () => {
    // Saturday 31 October 2026: Sunday 1 November (and All Saints' Day) does not count.
    expect(ruleTiming("death_declaration", "2026-10-31")).toMatchObject({ due: "2026-11-02" });
    expect(ruleTiming("death_declaration", "2026-03-10")).toMatchObject({ due: "2026-03-11" });
  });

  it("lands on the last day of a shorter month, and on 29 February in a leap year", () => {
    expect(ruleTiming("succession_declaration", "2026-08-31")).toMatchObject({ due: "2027-02-28" });
    expect(ruleTiming("succession_declaration", "2027-08-31")).toMatchObject({ due: "2028-02-29" });
    expect(ruleTiming("vehicle_registration", "2027-11-30")).toMatchObject({ due: "2028-02-29", delay: { amount: 3, unit: "months" } });
    expect(ruleTiming("pension_reversion", "2024-02-29")).toMatchObject({ due: "2025-02-28" });
    expect(ruleTiming("funeral", "2028-02-20")).toMatchObject({ due: "2028-03-05" });
  });

  it("gives a dependant a month for the capital décès and anyone else two years", () => {
    expect(ruleTiming("capital_deces", "2026-01-31", "spouse")).toMatchObject({ due: "2026-02-28", delay: { amount: 1, unit: "months" } });
    expect(ruleTiming("capital_deces", "2026-01-31", "sibling")).toMatchObject({ due: "2028-01-31", delay: { amount: 2, unit: "years" } });
    // Once the priority month is over, a dependant still has the two years.
    expect(ruleTiming("capital_deces", "2026-01-31", "spouse", "2026-02-28")).toMatchObject({ due: "2026-02-28" });
    expect(ruleTiming("capital_deces", "2026-01-31", "spouse", "2026-03-01")).toMatchObject({ due: "2028-01-31" });
  });

  it("puts the deceased's income on the next year's return", () => {
    expect(ruleTiming("income_tax", "2026-12-31")).toEqual({ kind: "next_tax_return", year: 2027 });
  });

  it("still lists the items without a date of death, their limits unknown", () => {
    const items = buildChecklist({ ...base, deathDate: null });
    expect(items.find((i) => i.id === "funeral")!.timing).toEqual({ kind: "unknown_death_date" });
    expect(items.find((i) => i.id === "income_tax")!.timing).toEqual({ kind: "next_tax_return", year: null });
    expect(items.find((i) => i.id === "bank_accounts")!.timing).toEqual({ kind: "asap" });
    expect(items.every((i) => i.status === "to_do")).toBe(true);
    expect(buildChecklist({ ...base, deathDate: "2026-02-30" }).find((i) => i.id === "funeral")!.timing).toEqual({ kind: "unknown_death_date" });
  });

  it("keeps an unanswered question's items and drops those the answers rule out", () => {
    const all = buildChecklist({ ...base, deathDate: "2026-01-05" }).map((i) => i.id);
    expect(all).toEqual([...CHECKLIST_RULE_IDS].filter((id) => id !== "pension_reversion"));
    const answered = buildChecklist({
      ...base,
      familyLink: "spouse",
      deathDate: "2026-01-05",
      situation: { employment: "employed", housing: "owner", owned_vehicle: false, had_bank_account: false, had_life_insurance: false, had_energy_or_telecom_contracts: false },
    }).map((i) => i.id);
    expect(answered).toEqual(["death_declaration", "funeral", "capital_deces", "pension_reversion", "income_tax", "succession_declaration"]);
    expect(ruleApplies("pension_funds", { familyLink: "child", situation: { employment: "employed" } })).toBe(false);
    expect(ruleApplies("housing_lease", { familyLink: "child", situation: { housing: "care_home" } })).toBe(true);
  });

  it("derives the status from the formalities of the rule's companies, then from the date", () => {
    const items = buildChecklist({
      ...base,
      deathDate: "2025-01-05",
      today: "2026-01-10",
      formalities: [
        { id: 1, state: "sent", category: "bank" },
        { id: 2, state: "closed", category: "energy" },
        { id: 3, state: "to_do", category: "telecom" },
        { id: 4, state: "answered", category: null },
        { id: 5, state: "answered", category: "tax", kind: "notify", name: "Déclarer les revenus du défunt" },
        { id: 6, state: "sent", category: "legal", slug: "notaires-de-france-conseil-superieur-du-notariat", name: "Trouver un notaire" },
        { id: 7, state: "sent", category: "pension", kind: "claim", name: "Demander la pension de réversion" },
      ],
    });
    const byId = Object.fromEntries(items.map((i) => [i.id, i]));
    expect(byId.bank_accounts).toMatchObject({ status: "in_progress", formalityIds: [1] });
    expect(byId.energy_telecoms).toMatchObject({ status: "done", formalityIds: [2, 3] });
    expect(byId.income_tax).toMatchObject({ status: "done", formalityIds: [5] });
    expect(byId.succession_declaration).toMatchObject({ status: "in_progress", formalityIds: [6] });
    expect(byId.pension_funds).toMatchObject({ status: "to_do", formalityIds: [] });
    expect(buildChecklist({ ...base, familyLink: "spouse", deathDate: "2025-01-05", formalities: [{ id: 7, state: "sent", category: "pension", kind: "claim" }] }).find((i) => i.id === "pension_reversion")!.status).toBe("in_progress");
    expect(buildChecklist({ ...base, deathDate: "2025-01-05" }).find((i) => i.id === "succession_declaration")!.status).toBe("overdue");
    expect(byId.life_insurance!.status).toBe("to_do");
    expect(itemStatus({ kind: "date", due: "2026-01-10", delay: { amount: 1, unit: "months" } }, [], "2026-01-10")).toBe("to_do");
    expect(itemStatus({ kind: "date", due: "2026-01-09", delay: { amount: 1, unit: "months" } }, ["to_do"], "2026-01-10")).toBe("overdue");
  });

  it("names the next dated item still to do", () => {
    const items = buildChecklist({ ...base, deathDate: "2026-01-05", today: "2026-01-10" });
    expect(nextDueItem(items)).toMatchObject({ id: "death_declaration" });
    expect(nextDueItem([])).toBeNull();
  });

  it("accepts only known answers in the situation", () => {
    expect(procedureSituationSchema.safeParse({ employment: "retired", owned_vehicle: null }).success).toBe(true);
    expect(procedureSituationSchema.safeParse({ pets: true }).success).toBe(false);
  });
});
