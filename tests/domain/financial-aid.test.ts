import { describe, expect, it } from "vitest";
import {
  addMonths,
  addYears,
  assessFinancialAid,
  capitalDecesFigureMayBeOutdated,
  CAPITAL_DECES,
  CHILD_DEATH_ALLOWANCE,
  FIGURES_CHECKED_ON,
  financialAidAnswersSchema,
  PASS_BY_YEAR,
  SMIC_HOURLY,
  survivorPensionCeilingCents,
  FUNERAL_COSTS_FROM_ACCOUNT,
  isFinancialAidErrorCode,
  isIsoDate,
  type AidAssessment,
  type AidId,
  type FinancialAidAnswers,
} from "@/domain/financial-aid";
import { todayInFrance } from "@/domain/time";

const TODAY = "2025-06-15";

function answers(overrides: Partial<FinancialAidAnswers> = {}): FinancialAidAnswers {
  return {
    deathDate: "2025-06-01",
    situation: "employed",
    privateSector: null,
    reachedRetirementAge: null,
    bankAccount: "yes",
    deceasedResources: "yes",
    mutuelle: "no",
    relationship: "spouse",
    dependent: "no",
    childUnder25: null,
    married: "yes",
    survivorAge55: "yes",
    survivorResourcesBelowCeiling: "yes",
    ...overrides,
  };
}

function find(results: AidAssessment[], id: AidId): AidAssessment {
  const found = results.find((r) => r.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
}

describe("figures", () => {
  it("hold each amount with its date and source (checked 2026-11-24)", () => {
    expect(FIGURES_CHECKED_ON).toBe("2026-11-24");
    // Art. D361-1 CSS: 3 977 € since 1 April 2025 (the 2024 amount was 3 910 €); the
    // 1 April 2026 amount could not be confirmed, so the page says it is being updated.
    expect(CAPITAL_DECES.amountCents).toBe(397_700);
    expect(CAPITAL_DECES.amountValidFrom).toBe("2025-04-01");
    expect(CAPITAL_DECES.previousAmountCents).toBe(391_000);
    expect(CAPITAL_DECES.source).toMatch(/D361-1/);
    // Arrêté of 3 December 2024: 5 910 € from 1 January 2025, on the invoice, within the credit.
    expect(FUNERAL_COSTS_FROM_ACCOUNT.ceilingCents).toBe(591_000);
    expect(FUNERAL_COSTS_FROM_ACCOUNT.validFrom).toBe("2025-01-01");
    expect(FUNERAL_COSTS_FROM_ACCOUNT.source).toMatch(/L312-1-4.*3 décembre 2024/);
    expect(FUNERAL_COSTS_FROM_ACCOUNT).toMatchObject({ limitedToCredit: true, document: "invoice" });
    // Loi 2020-692, art. L545-1 CSS: CAF barème of 1 April 2025.
    expect(CHILD_DEATH_ALLOWANCE).toMatchObject({ higherAmountCents: 228_943, lowerAmountCents: 114_474, amountsValidFrom: "2025-04-01", forDeathsFrom: "2020-06-01" });
    expect(CHILD_DEATH_ALLOWANCE.source).toMatch(/L545-1/);
    // PASS 2026 (arrêté of 22 December 2025) and hourly SMIC of 1 January 2026 (décret 2025-1228).
    expect(PASS_BY_YEAR[2026]?.cents).toBe(4_806_000);
    expect(SMIC_HOURLY).toMatchObject({ cents: 1_202, validFrom: "2026-01-01" });
    expect(survivorPensionCeilingCents()).toBe(2_500_160);
  });

  it("flag the capital décès amount once a new 1 April has passed", () => {
    expect(capitalDecesFigureMayBeOutdated("2026-03-31")).toBe(false);
    expect(capitalDecesFigureMayBeOutdated("2026-04-01")).toBe(true);
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
  const valid = {
    deathDate: "2025-06-01",
    situation: "employed",
    bankAccount: "yes",
    deceasedResources: "yes",
    mutuelle: "no",
    relationship: "child",
    dependent: "no",
  };

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
    expect(result.amount).toEqual({ cents: 397_700, kind: "fixed", validFrom: "2025-04-01" });
    expect(result.source).toMatch(/L361-1/);
  });

  it.each(["unemploymentBenefit", "recentlyCovered", "invalidityPension", "workAccidentPension"] as const)("is due when the deceased had %s", (situation) => {
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
      ["reversionGeneral", "eligible"],
      ["reversionAgircArrco", "eligible"],
      ["mutuelle", "possible"],
      ["childDeathAllowance", "notEligible"],
      ["communeFuneral", "notEligible"],
      ["reversionCivilService", "notEligible"],
      ["agircArrco", "notEligible"],
    ]);
  });
});

describe("groups the general scheme does not cover", () => {
  it("gives civil servants their employer's capital décès: a year of pay before the legal age, a quarter after", () => {
    const before = find(assessFinancialAid(answers({ situation: "civilServant", reachedRetirementAge: "no" }), TODAY), "capitalDeces");
    expect(before).toMatchObject({ status: "eligible", scheme: "civilService", amount: { kind: "percentOfPay", percent: 100 } });
    expect(before.reasons).toEqual(["civilServiceBeforeRetirementAge", "civilServicePerChild"]);
    expect(before.source).toMatch(/2021-1860/);
    const after = find(assessFinancialAid(answers({ situation: "civilServant", reachedRetirementAge: "yes" }), TODAY), "capitalDeces");
    expect(after).toMatchObject({ status: "eligible", amount: { kind: "percentOfPay", percent: 25 } });
    expect(find(assessFinancialAid(answers({ situation: "civilServant", reachedRetirementAge: "unknown" }), TODAY), "capitalDeces").reasons).toContain("civilServiceAgeUnknown");
  });

  it("gives self-employed craftsmen and shopkeepers 20 % of the PASS while working and 8 % when retired", () => {
    const working = find(assessFinancialAid(answers({ situation: "selfEmployed", deathDate: "2026-03-01" }), "2026-03-10"), "capitalDeces");
    expect(working).toMatchObject({ status: "eligible", scheme: "selfEmployed", amount: { kind: "fixed", cents: 961_200, validFrom: "2026-01-01" } });
    const retired = find(assessFinancialAid(answers({ situation: "retiredSelfEmployed", deathDate: "2026-03-01" }), "2026-03-10"), "capitalDeces");
    expect(retired).toMatchObject({ status: "eligible", amount: { cents: 384_480 } });
    expect(retired.reasons).toContain("selfEmployedRetired");
    expect(retired.reasons).not.toContain("retiredNotCovered");
    // 2025 deaths use the 2025 PASS (47 100 €).
    expect(find(assessFinancialAid(answers({ situation: "selfEmployed" }), TODAY), "capitalDeces").amount).toMatchObject({ cents: 942_000 });
  });

  it("gives working farm owners the general scheme's amount, from deaths on 1 January 2022", () => {
    const farm = find(assessFinancialAid(answers({ situation: "farmOwner" }), TODAY), "capitalDeces");
    expect(farm).toMatchObject({ status: "eligible", scheme: "farm", amount: { kind: "fixed", cents: 397_700 } });
    expect(find(assessFinancialAid(answers({ situation: "farmOwner", deathDate: "2021-12-31" }), "2022-01-10"), "capitalDeces")).toMatchObject({
      status: "notEligible",
      reasons: ["farmOwnerBefore2022"],
    });
  });

  it("keeps the right of someone still covered after losing a job (maintien de droits)", () => {
    const result = find(assessFinancialAid(answers({ situation: "recentlyCovered" }), TODAY), "capitalDeces");
    expect(result).toMatchObject({ status: "eligible", scheme: "general" });
    expect(result.reasons[0]).toBe("maintainedRights");
    expect(CAPITAL_DECES.maintainedRightsMonths).toBe(12);
  });

  it("says a retired former employee or civil servant opens no capital décès", () => {
    for (const situation of ["retired", "retiredCivilServant"] as const) {
      expect(find(assessFinancialAid(answers({ situation, privateSector: "yes" }), TODAY), "capitalDeces").reasons).toEqual(["retiredNotCovered"]);
    }
  });
});

describe("death of a child", () => {
  it("gives the parents the CAF/MSA allowance, two amounts by resources, not combinable with the capital décès", () => {
    const result = find(assessFinancialAid(answers({ relationship: "parent", childUnder25: "yes", married: null, survivorAge55: null, survivorResourcesBelowCeiling: null }), TODAY), "childDeathAllowance");
    expect(result).toMatchObject({ status: "eligible", amount: { kind: "tiers", cents: 228_943, lowerCents: 114_474, validFrom: "2025-04-01" } });
    expect(result.reasons).toContain("childAllowanceNotWithCapitalDeces");
  });

  it("does not apply to an older child, to other relatives, or before 1 June 2020", () => {
    expect(find(assessFinancialAid(answers({ relationship: "parent", childUnder25: "no" }), TODAY), "childDeathAllowance").status).toBe("notEligible");
    expect(find(assessFinancialAid(answers(), TODAY), "childDeathAllowance").status).toBe("notEligible");
    expect(find(assessFinancialAid(answers({ relationship: "parent", childUnder25: "yes", deathDate: "2020-05-31" }), "2020-06-10"), "childDeathAllowance").reasons).toEqual([
      "childAllowanceBefore2020",
    ]);
  });
});

describe("survivor pensions (réversion)", () => {
  it("general scheme: 54 % for a married spouse of 55 or more under the resource ceiling", () => {
    expect(find(assessFinancialAid(answers(), TODAY), "reversionGeneral")).toMatchObject({ status: "eligible", amount: { kind: "percentOfPension", percent: 54 } });
    expect(find(assessFinancialAid(answers({ survivorAge55: "no" }), TODAY), "reversionGeneral")).toMatchObject({ status: "notEligible" });
    expect(find(assessFinancialAid(answers({ survivorResourcesBelowCeiling: "no" }), TODAY), "reversionGeneral").reasons).toContain("reversionResourcesAbove");
    expect(find(assessFinancialAid(answers({ survivorResourcesBelowCeiling: "unknown" }), TODAY), "reversionGeneral").status).toBe("possible");
  });

  it("Agirc-Arrco: 60 % from 55 with no resource test, for a private-sector employee", () => {
    const result = find(assessFinancialAid(answers({ survivorResourcesBelowCeiling: "no" }), TODAY), "reversionAgircArrco");
    expect(result).toMatchObject({ status: "eligible", amount: { percent: 60 } });
    expect(find(assessFinancialAid(answers({ survivorAge55: "no" }), TODAY), "reversionAgircArrco").status).toBe("notEligible");
    expect(find(assessFinancialAid(answers({ situation: "civilServant", reachedRetirementAge: "no" }), TODAY), "reversionAgircArrco").status).toBe("notEligible");
  });

  it("civil service: 50 % with no age or resource condition", () => {
    const young = answers({ situation: "retiredCivilServant", survivorAge55: "no", survivorResourcesBelowCeiling: "no" });
    expect(find(assessFinancialAid(young, TODAY), "reversionCivilService")).toMatchObject({ status: "eligible", amount: { percent: 50 } });
    expect(find(assessFinancialAid(answers(), TODAY), "reversionCivilService").status).toBe("notEligible");
  });

  it("is never open to a Pacs partner or to someone who is not the spouse", () => {
    for (const id of ["reversionGeneral", "reversionAgircArrco", "reversionCivilService"] as const) {
      expect(find(assessFinancialAid(answers({ married: "no" }), TODAY), id).reasons).toEqual(["reversionMarriedOnly"]);
      expect(find(assessFinancialAid(answers({ relationship: "child" }), TODAY), id).reasons).toEqual(["reversionSpouseOnly"]);
    }
  });

  it("asks the spouse questions only of a spouse, and the child question only of a parent", () => {
    const schema = financialAidAnswersSchema(TODAY);
    const base = { deathDate: "2025-06-01", situation: "employed", bankAccount: "yes", deceasedResources: "yes", mutuelle: "no", dependent: "no" };
    const spouse = schema.safeParse({ ...base, relationship: "spouse" });
    expect(spouse.error?.issues.map((i) => i.message).sort()).toEqual([
      "financial_aid__married__required",
      "financial_aid__survivor_age__required",
      "financial_aid__survivor_resources__required",
    ]);
    expect(schema.safeParse({ ...base, relationship: "parent" }).error?.issues.map((i) => i.message)).toEqual(["financial_aid__child_under_25__required"]);
    expect(schema.safeParse({ ...base, relationship: "child", married: "yes" }).data?.married).toBeNull();
    expect(schema.safeParse({ ...base, relationship: "child", situation: "civilServant" }).error?.issues.map((i) => i.message)).toEqual([
      "financial_aid__retirement_age__required",
    ]);
  });
});

describe("the commune (L2223-27 CGCT)", () => {
  it("must pay the funeral of a person without sufficient resources", () => {
    expect(find(assessFinancialAid(answers({ deceasedResources: "no" }), TODAY), "communeFuneral")).toMatchObject({ status: "possible", reasons: ["communeMustPay"] });
    expect(find(assessFinancialAid(answers({ deceasedResources: "yes" }), TODAY), "communeFuneral").status).toBe("notEligible");
    expect(find(assessFinancialAid(answers(), TODAY), "communeFuneral").source).toMatch(/L2223-27/);
  });
});
