import { z } from "zod";

/**
 * Financial aid towards funeral costs in France, and the rules of the eligibility
 * calculator of /aides-financieres. Every amount, date of validity and legal
 * reference lives in this file and nowhere else: when a figure changes (the
 * capital décès every 1 April), this is the one place to update, and the page shows
 * the date of the figure next to it.
 *
 * Dates are calendar dates written "YYYY-MM-DD"; functions take "today" as an
 * argument so the rules stay pure and testable.
 */

/* ----- Figures (yearly: re-check before publishing) ----- */

/** Death grant of the Assurance maladie (general scheme). */
export const CAPITAL_DECES = {
  /** Flat amount, whatever the deceased earned. */
  amountCents: 390_994,
  /** The amount above is the one revalued on this date. */
  amountValidFrom: "2024-04-01",
  /** It is revalued every year on this day (month-day). */
  revaluedEveryYearOn: "04-01",
  /** The deceased's situation is looked at over these months before death. */
  qualifyingMonthsBeforeDeath: 3,
  /** Minimum incapacity rate of a work-accident or occupational-disease pension. */
  workAccidentMinRatePercent: 66.66,
  /** Dependants of the deceased (priority beneficiaries) claim within this many months. */
  priorityClaimMonths: 1,
  /** Any claim is lost after this many years. */
  claimYears: 2,
  source: "Code de la sécurité sociale, art. L361-1 à L361-4 et D361-1",
} as const;

/** Funeral costs paid from the deceased's bank account, on the funeral invoice. */
export const FUNERAL_COSTS_FROM_ACCOUNT = {
  ceilingCents: 591_000,
  validFrom: "2025-01-01",
  source: "Code monétaire et financier, art. L312-1-4",
} as const;

/**
 * CAF: no national funeral allowance, only local schemes decided by each caisse.
 * The figures are those of one département's scheme, shown as an example.
 */
export const CAF_LOCAL_SCHEME_EXAMPLE = {
  familyQuotientCeilingCents: 150_000,
  claimMonths: 6,
  source: "Règlements d'action sociale des caisses d'allocations familiales (variable selon le département)",
} as const;

/** Agirc-Arrco (private-sector supplementary pensions): discretionary social-action help. */
export const AGIRC_ARRCO_SOCIAL_ACTION = {
  source: "Action sociale Agirc-Arrco (aides individuelles, sous conditions de ressources)",
} as const;

/** Mutuelles: a funeral allowance only when the contract provides one. */
export const MUTUELLE_FUNERAL_ALLOWANCE = {
  source: "Contrat ou règlement mutualiste du défunt (Code de la mutualité)",
} as const;

/* ----- Calendar helpers ----- */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (rejects 2025-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return [y, m, d];
}

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** Same day `months` later; the end of the month when that day does not exist (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = parts(iso);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return format(year, month, Math.min(d, lastDay));
}

export function addYears(iso: string, years: number): string {
  return addMonths(iso, years * 12);
}

/** Today's calendar date in France, where every deadline of this file runs. */
export function todayInFrance(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/**
 * The capital décès amount is the one of the last 1 April; once a new 1 April has
 * passed since `amountValidFrom`, the figure here may be behind and the page says so.
 */
export function capitalDecesFigureMayBeOutdated(today: string): boolean {
  const [y] = parts(CAPITAL_DECES.amountValidFrom);
  return today >= `${y + 1}-${CAPITAL_DECES.revaluedEveryYearOn}`;
}

/* ----- The calculator's answers ----- */

/** The deceased's situation during the months before death. */
export const DECEASED_SITUATIONS = [
  "employed",
  "unemploymentBenefit",
  "invalidityPension",
  "workAccidentPension",
  "retired",
  "other",
] as const;
export type DeceasedSituation = (typeof DECEASED_SITUATIONS)[number];

/** Situations that open the right to the capital décès. */
export const CAPITAL_DECES_SITUATIONS: readonly DeceasedSituation[] = [
  "employed",
  "unemploymentBenefit",
  "invalidityPension",
  "workAccidentPension",
];

export const RELATIONSHIPS = ["spouse", "child", "parent", "otherFamily", "other"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const YES_NO_UNKNOWN = ["yes", "no", "unknown"] as const;
export type YesNoUnknown = (typeof YES_NO_UNKNOWN)[number];

export const YES_NO = ["yes", "no"] as const;
export type YesNo = (typeof YES_NO)[number];

/** Error codes of the calculator form; the page turns each into a translated sentence. */
export const FINANCIAL_AID_ERROR_CODES = [
  "financial_aid__death_date__required",
  "financial_aid__death_date__invalid",
  "financial_aid__death_date__future",
  "financial_aid__death_date__too_old",
  "financial_aid__situation__required",
  "financial_aid__private_sector__required",
  "financial_aid__bank_account__required",
  "financial_aid__mutuelle__required",
  "financial_aid__relationship__required",
  "financial_aid__dependent__required",
] as const;
export type FinancialAidErrorCode = (typeof FINANCIAL_AID_ERROR_CODES)[number];

export function isFinancialAidErrorCode(value: unknown): value is FinancialAidErrorCode {
  return typeof value === "string" && (FINANCIAL_AID_ERROR_CODES as readonly string[]).includes(value);
}

/** Oldest death date the calculator accepts: any claim older than this is long lost. */
export const EARLIEST_DEATH_DATE = "1950-01-01";

/**
 * The calculator's form. Built for a given "today", so a death date in the future is
 * refused. Every message is an error code (see FINANCIAL_AID_ERROR_CODES).
 */
export function financialAidAnswersSchema(today: string) {
  const required = <T extends readonly [string, ...string[]]>(values: T, code: FinancialAidErrorCode) =>
    z.enum(values, { error: () => code });
  return z
    .object({
      deathDate: z
        .string({ error: () => "financial_aid__death_date__required" })
        .trim()
        // `abort` stops at the first failed check, so the visitor reads one precise message.
        .min(1, { error: () => "financial_aid__death_date__required", abort: true })
        .refine(isIsoDate, { error: () => "financial_aid__death_date__invalid", abort: true })
        .refine((value) => value <= today, { error: () => "financial_aid__death_date__future", abort: true })
        .refine((value) => value >= EARLIEST_DEATH_DATE, { error: () => "financial_aid__death_date__too_old", abort: true }),
      situation: required(DECEASED_SITUATIONS, "financial_aid__situation__required"),
      privateSector: z.enum(YES_NO_UNKNOWN).nullish(),
      bankAccount: required(YES_NO_UNKNOWN, "financial_aid__bank_account__required"),
      mutuelle: required(YES_NO_UNKNOWN, "financial_aid__mutuelle__required"),
      relationship: required(RELATIONSHIPS, "financial_aid__relationship__required"),
      dependent: required(YES_NO, "financial_aid__dependent__required"),
    })
    .refine((answers) => answers.situation !== "retired" || Boolean(answers.privateSector), {
      path: ["privateSector"],
      error: () => "financial_aid__private_sector__required",
      // Checked even while other answers are missing, so the visitor sees every gap at once.
      when: (payload) => (payload.value as { situation?: unknown } | undefined)?.situation === "retired",
    })
    .transform((answers) => ({
      ...answers,
      // The question is only asked about a retired person; an earlier answer is dropped otherwise.
      privateSector: answers.situation === "retired" ? (answers.privateSector ?? "unknown") : null,
    }));
}

export type FinancialAidAnswers = z.output<ReturnType<typeof financialAidAnswersSchema>>;
export type FinancialAidFormValues = z.input<ReturnType<typeof financialAidAnswersSchema>>;

/* ----- The rules ----- */

export const AID_IDS = ["capitalDeces", "bankAccount", "caf", "agircArrco", "mutuelle"] as const;
export type AidId = (typeof AID_IDS)[number];

/** eligible: the conditions are met; possible: it depends on a scheme or contract to check; notEligible: it does not apply. */
export type AidStatus = "eligible" | "possible" | "notEligible";

/** Why an aid got its status; the page turns each into a sentence. */
export const AID_REASONS = [
  "situationQualifies",
  "situationDoesNotQualify",
  "retiredNotCovered",
  "youArePriority",
  "youMayClaimAfterPriority",
  "familyMayClaim",
  "priorityDeadlinePassed",
  "claimDeadlinePassed",
  "accountWithFunds",
  "accountUnknown",
  "noAccount",
  "localSchemes",
  "privateSectorRetiree",
  "sectorUnknown",
  "notPrivateSectorRetiree",
  "contractMayProvide",
  "contractUnknown",
  "noMutuelle",
] as const;
export type AidReason = (typeof AID_REASONS)[number];

export const DEADLINE_KINDS = ["priorityClaim", "claim", "localSchemeClaim"] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export interface AidDeadline {
  kind: DeadlineKind;
  /** Last day to claim, YYYY-MM-DD. */
  date: string;
  passed: boolean;
}

export interface AidAssessment {
  id: AidId;
  status: AidStatus;
  amount?: { cents: number; kind: "fixed" | "ceiling" | "incomeCeiling"; validFrom?: string };
  deadlines: AidDeadline[];
  /** For the capital décès when you may claim only if no dependant did: the first day you can. */
  claimFrom?: string;
  reasons: AidReason[];
  source: string;
}

function deadline(kind: DeadlineKind, date: string, today: string): AidDeadline {
  return { kind, date, passed: today > date };
}

export function assessCapitalDeces(answers: FinancialAidAnswers, today: string): AidAssessment {
  const base = { id: "capitalDeces" as const, source: CAPITAL_DECES.source };
  const amount = { cents: CAPITAL_DECES.amountCents, kind: "fixed" as const, validFrom: CAPITAL_DECES.amountValidFrom };
  if (!CAPITAL_DECES_SITUATIONS.includes(answers.situation)) {
    return {
      ...base,
      status: "notEligible",
      deadlines: [],
      reasons: [answers.situation === "retired" ? "retiredNotCovered" : "situationDoesNotQualify"],
    };
  }
  const priority = deadline("priorityClaim", addMonths(answers.deathDate, CAPITAL_DECES.priorityClaimMonths), today);
  const claim = deadline("claim", addYears(answers.deathDate, CAPITAL_DECES.claimYears), today);
  if (claim.passed) {
    return { ...base, status: "notEligible", amount, deadlines: [claim], reasons: ["situationQualifies", "claimDeadlinePassed"] };
  }
  const closeFamily = answers.relationship === "spouse" || answers.relationship === "child" || answers.relationship === "parent";
  if (answers.dependent === "yes" && !priority.passed) {
    return { ...base, status: "eligible", amount, deadlines: [priority, claim], reasons: ["situationQualifies", "youArePriority"] };
  }
  const reasons: AidReason[] = ["situationQualifies"];
  if (answers.dependent === "yes") reasons.push("priorityDeadlinePassed");
  if (closeFamily) {
    return { ...base, status: "eligible", amount, deadlines: [claim], claimFrom: priority.date, reasons: [...reasons, "youMayClaimAfterPriority"] };
  }
  return { ...base, status: "eligible", amount, deadlines: [claim], claimFrom: priority.date, reasons: [...reasons, "familyMayClaim"] };
}

export function assessBankAccount(answers: FinancialAidAnswers): AidAssessment {
  const status: AidStatus = answers.bankAccount === "yes" ? "eligible" : answers.bankAccount === "unknown" ? "possible" : "notEligible";
  const reason: AidReason = answers.bankAccount === "yes" ? "accountWithFunds" : answers.bankAccount === "unknown" ? "accountUnknown" : "noAccount";
  return {
    id: "bankAccount",
    status,
    amount: { cents: FUNERAL_COSTS_FROM_ACCOUNT.ceilingCents, kind: "ceiling", validFrom: FUNERAL_COSTS_FROM_ACCOUNT.validFrom },
    deadlines: [],
    reasons: [reason],
    source: FUNERAL_COSTS_FROM_ACCOUNT.source,
  };
}

export function assessCaf(answers: FinancialAidAnswers, today: string): AidAssessment {
  return {
    id: "caf",
    status: "possible",
    amount: { cents: CAF_LOCAL_SCHEME_EXAMPLE.familyQuotientCeilingCents, kind: "incomeCeiling" },
    deadlines: [deadline("localSchemeClaim", addMonths(answers.deathDate, CAF_LOCAL_SCHEME_EXAMPLE.claimMonths), today)],
    reasons: ["localSchemes"],
    source: CAF_LOCAL_SCHEME_EXAMPLE.source,
  };
}

export function assessAgircArrco(answers: FinancialAidAnswers): AidAssessment {
  const retired = answers.situation === "retired";
  const status: AidStatus = retired && answers.privateSector !== "no" ? "possible" : "notEligible";
  const reason: AidReason = !retired || answers.privateSector === "no"
    ? "notPrivateSectorRetiree"
    : answers.privateSector === "yes"
      ? "privateSectorRetiree"
      : "sectorUnknown";
  return { id: "agircArrco", status, deadlines: [], reasons: [reason], source: AGIRC_ARRCO_SOCIAL_ACTION.source };
}

export function assessMutuelle(answers: FinancialAidAnswers): AidAssessment {
  const status: AidStatus = answers.mutuelle === "no" ? "notEligible" : "possible";
  const reason: AidReason = answers.mutuelle === "yes" ? "contractMayProvide" : answers.mutuelle === "unknown" ? "contractUnknown" : "noMutuelle";
  return { id: "mutuelle", status, deadlines: [], reasons: [reason], source: MUTUELLE_FUNERAL_ALLOWANCE.source };
}

const STATUS_ORDER: Record<AidStatus, number> = { eligible: 0, possible: 1, notEligible: 2 };

/**
 * Every aid assessed for the answers: those that apply first, then those to check,
 * then those that do not apply (shown too, so the family knows why).
 */
export function assessFinancialAid(answers: FinancialAidAnswers, today: string): AidAssessment[] {
  const all = [
    assessCapitalDeces(answers, today),
    assessBankAccount(answers),
    assessCaf(answers, today),
    assessAgircArrco(answers),
    assessMutuelle(answers),
  ];
  return all
    .map((assessment, index) => ({ assessment, index }))
    .sort((a, b) => STATUS_ORDER[a.assessment.status] - STATUS_ORDER[b.assessment.status] || a.index - b.index)
    .map(({ assessment }) => assessment);
}
