import { describe, expect, it } from "vitest";
import {
  addMonths,
  addYears,
  assessFinancialAid,
  capitalDecesFigureMayBeOutdated,
  CAPITAL_DECES,
  financialAidAnswersSchema,
  FUNERAL_COSTS_FROM_ACCOUNT,
  isFinancialAidErrorCode,
  isIsoDate,
  todayInFrance,
  type AidAssessment,
  type AidId,
  type FinancialAidAnswers,
} from "@/domain/financial-aid";

const TODAY = "2025-06-15";

function answers(overrides: Partial<FinancialAidAnswers> = {}): FinancialAidAnswers {
  return {
    deathDate: "2025-06-01",
    situation: "employed",
    privateSector: null,
    bankAccount: "yes",
    mutuelle: "no",
    relationship: "spouse",
    dependent: "no",
    ...overrides,
  };
}

function find(results: AidAssessment[], id: AidId): AidAssessment {
  const found = results.find((r) => r.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
}

describe("figures", () => {
  it("hold the amounts and dates of DOMAIN.md in one place", () => {
    expect(CAPITAL_DECES.amountCents).toBe(390_994);
    expect(CAPITAL_DECES.amountValidFrom).toBe("2024-04-01");
    expect(FUNERAL_COSTS_FROM_ACCOUNT.ceilingCents).toBe(591_000);
    expect(FUNERAL_COSTS_FROM_ACCOUNT.validFrom).toBe("2025-01-01");
    expect(FUNERAL_COSTS_FROM_ACCOUNT.source).toMatch(/L312-1-4/);
  });

  it("flag the capital décès amount once a new 1 April has passed", () => {
    expect(capitalDecesFigureMayBeOutdated("2025-03-31")).toBe(false);
    expect(capitalDecesFigureMayBeOutdated("2025-04-01")).toBe(true);
  });
});

describe("calendar", () => {
  it("adds months, keeping to the end of shorter months", () => {
    expect(addMonths("2025-01-15", 1)).toBe("2025-02-15");
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2025-12-10", 1)).toBe("2026-01-10");
    expect(addMonths("2025-08-31", 6)).toBe("2026-02-28");
    expect(addYears("2024-02-29", 2)).toBe("2026-02-28");
  });

  it("recognises only real dates", () => {
    expect(isIsoDate("2025-02-28")).toBe(true);
    expect(isIsoDate("2025-02-30")).toBe(false);
    expect(isIsoDate("28/02/2025")).toBe(false);
    expect(isIsoDate(20250228)).toBe(false);
  });

  it("gives today's date in France", () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(todayInFrance(new Date("2025-12-31T23:30:00Z"))).toBe("2026-01-01");
  });
});

describe("form schema", () => {
  const schema = financialAidAnswersSchema(TODAY);
  const valid = { deathDate: "2025-06-01", situation: "employed", bankAccount: "yes", mutuelle: "no", relationship: "spouse", dependent: "no" };

  it("accepts complete answers", () => {
    const parsed = schema.safeParse(valid);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.privateSector).toBeNull();
  });

  it("answers each missing or wrong field with its error code", () => {
    const parsed = schema.safeParse({ deathDate: "", situation: null, bankAccount: undefined, mutuelle: "maybe", relationship: null, dependent: null });
    expect(parsed.success).toBe(false);
    const byField = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byField).toMatchObject({
      deathDate: "financial_aid__death_date__required",
      situation: "financial_aid__situation__required",
      bankAccount: "financial_aid__bank_account__required",
      mutuelle: "financial_aid__mutuelle__required",
      relationship: "financial_aid__relationship__required",
      dependent: "financial_aid__dependent__required",
    });
    for (const issue of parsed.error!.issues) expect(isFinancialAidErrorCode(issue.message)).toBe(true);
  });

  it("refuses impossible, future and very old death dates", () => {
    const message = (deathDate: string) => schema.safeParse({ ...valid, deathDate }).error?.issues[0]?.message;
    expect(message("2025-02-30")).toBe("financial_aid__death_date__invalid");
    expect(message("2025-06-16")).toBe("financial_aid__death_date__future");
    expect(message("1900-01-01")).toBe("financial_aid__death_date__too_old");
    expect(message("2025-06-15")).toBeUndefined();
  });

  it("asks about the private sector only for a retired person", () => {
    const retired = schema.safeParse({ ...valid, situation: "retired" });
    expect(retired.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["privateSector", "financial_aid__private_sector__required"]]);
    expect(schema.safeParse({ ...valid, situation: "retired", privateSector: "yes" }).data?.privateSector).toBe("yes");
    expect(schema.safeParse({ ...valid, situation: "employed", privateSector: "yes" }).data?.privateSector).toBeNull();
  });
});

describe("capital décès", () => {
  it("is due to the family of an employee, with the amount and the date of the figure", () => {
    const result = find(assessFinancialAid(answers(), TODAY), "capitalDeces");
    expect(result.status).toBe("eligible");
    expect(result.amount).toEqual({ cents: 390_994, kind: "fixed", validFrom: "2024-04-01" });
    expect(result.source).toMatch(/L361-1/);
  });

  it.each(["unemploymentBenefit", "invalidityPension", "workAccidentPension"] as const)("is due when the deceased had %s", (situation) => {
    expect(find(assessFinancialAid(answers({ situation }), TODAY), "capitalDeces").status).toBe("eligible");
  });

  it("is not due for a retired person or another situation, and says why", () => {
    expect(find(assessFinancialAid(answers({ situation: "retired", privateSector: "yes" }), TODAY), "capitalDeces")).toMatchObject({
      status: "notEligible",
      reasons: ["retiredNotCovered"],
    });
    expect(find(assessFinancialAid(answers({ situation: "other" }), TODAY), "capitalDeces").reasons).toEqual(["situationDoesNotQualify"]);
  });

  it("gives a dependant one month as priority beneficiary, and two years in all", () => {
    const result = find(assessFinancialAid(answers({ dependent: "yes" }), TODAY), "capitalDeces");
    expect(result.reasons).toContain("youArePriority");
    expect(result.deadlines).toEqual([
      { kind: "priorityClaim", date: "2025-07-01", passed: false },
      { kind: "claim", date: "2027-06-01", passed: false },
    ]);
  });

  it("lets a spouse, child or parent who was not dependent claim after the priority month", () => {
    for (const relationship of ["spouse", "child", "parent"] as const) {
      const result = find(assessFinancialAid(answers({ relationship }), TODAY), "capitalDeces");
      expect(result.reasons).toContain("youMayClaimAfterPriority");
      expect(result.claimFrom).toBe("2025-07-01");
      expect(result.deadlines).toEqual([{ kind: "claim", date: "2027-06-01", passed: false }]);
    }
  });

  it("tells a more distant relative that the close family can claim", () => {
    const result = find(assessFinancialAid(answers({ relationship: "otherFamily" }), TODAY), "capitalDeces");
    expect(result.status).toBe("eligible");
    expect(result.reasons).toContain("familyMayClaim");
  });

  it("notes a dependant's missed priority month but keeps the two-year claim", () => {
    const result = find(assessFinancialAid(answers({ dependent: "yes", deathDate: "2025-04-01" }), TODAY), "capitalDeces");
    expect(result.status).toBe("eligible");
    expect(result.reasons).toEqual(["situationQualifies", "priorityDeadlinePassed", "youMayClaimAfterPriority"]);
  });

  it("is lost two years after the death", () => {
    const result = find(assessFinancialAid(answers({ deathDate: "2023-06-14" }), TODAY), "capitalDeces");
    expect(result.status).toBe("notEligible");
    expect(result.reasons).toContain("claimDeadlinePassed");
    expect(result.deadlines).toEqual([{ kind: "claim", date: "2025-06-14", passed: true }]);
    // The last day itself still counts.
    expect(find(assessFinancialAid(answers({ deathDate: "2023-06-15" }), TODAY), "capitalDeces").status).toBe("eligible");
  });
});

describe("other aids", () => {
  it("pays funeral costs from the deceased's account up to 5,910 €", () => {
    expect(find(assessFinancialAid(answers({ bankAccount: "yes" }), TODAY), "bankAccount")).toMatchObject({
      status: "eligible",
      amount: { cents: 591_000, kind: "ceiling", validFrom: "2025-01-01" },
    });
    expect(find(assessFinancialAid(answers({ bankAccount: "unknown" }), TODAY), "bankAccount").status).toBe("possible");
    expect(find(assessFinancialAid(answers({ bankAccount: "no" }), TODAY), "bankAccount").status).toBe("notEligible");
  });

  it("points to the CAF's local schemes with the example's six-month deadline", () => {
    const caf = find(assessFinancialAid(answers(), TODAY), "caf");
    expect(caf.status).toBe("possible");
    expect(caf.amount).toEqual({ cents: 150_000, kind: "incomeCeiling" });
    expect(caf.deadlines).toEqual([{ kind: "localSchemeClaim", date: "2025-12-01", passed: false }]);
  });

  it("suggests Agirc-Arrco for a private-sector retiree only", () => {
    expect(find(assessFinancialAid(answers({ situation: "retired", privateSector: "yes" }), TODAY), "agircArrco")).toMatchObject({
      status: "possible",
      reasons: ["privateSectorRetiree"],
    });
    expect(find(assessFinancialAid(answers({ situation: "retired", privateSector: "unknown" }), TODAY), "agircArrco").reasons).toEqual(["sectorUnknown"]);
    expect(find(assessFinancialAid(answers({ situation: "retired", privateSector: "no" }), TODAY), "agircArrco").status).toBe("notEligible");
    expect(find(assessFinancialAid(answers(), TODAY), "agircArrco").status).toBe("notEligible");
  });

  it("suggests the mutuelle when there is one or it is not known", () => {
    expect(find(assessFinancialAid(answers({ mutuelle: "yes" }), TODAY), "mutuelle").status).toBe("possible");
    expect(find(assessFinancialAid(answers({ mutuelle: "unknown" }), TODAY), "mutuelle").reasons).toEqual(["contractUnknown"]);
    expect(find(assessFinancialAid(answers({ mutuelle: "no" }), TODAY), "mutuelle").status).toBe("notEligible");
  });

  it("lists the aids that apply first, those to check next, the others last", () => {
    const ids = assessFinancialAid(answers({ mutuelle: "yes" }), TODAY).map((r) => [r.id, r.status]);
    expect(ids).toEqual([
      ["capitalDeces", "eligible"],
      ["bankAccount", "eligible"],
      ["caf", "possible"],
      ["mutuelle", "possible"],
      ["agircArrco", "notEligible"],
    ]);
  });
});
