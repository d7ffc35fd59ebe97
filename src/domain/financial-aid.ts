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

/* ----- Figures (yearly: re-check before publishing) -----
 * Each figure carries the text that sets it, the public page where it was read
 * and the day it was last checked. When a revaluation date has passed and the new
 * figure could not be confirmed at an official source, the last confirmed figure
 * stays here with its date and the pages say that it is being updated.
 */

/** Day the figures of this file were last checked against their sources. */
export const FIGURES_CHECKED_ON = "2026-11-24";

/** Death grant of the Assurance maladie (general scheme). */
export const CAPITAL_DECES = {
  /** Flat amount, whatever the deceased earned. */
  amountCents: 397_700,
  /**
   * The amount above is the one revalued on this date. The 1 April 2026 amount
   * could not be confirmed at an official source on FIGURES_CHECKED_ON: the pages
   * show this one with its date and say the figure is being updated.
   */
  amountValidFrom: "2025-04-01",
  /** The 2024 amount, for the guides that compare (3 910 € from 1 April 2024). */
  previousAmountCents: 391_000,
  previousAmountValidFrom: "2024-04-01",
  /** It is revalued every year on this day (month-day), with the coefficient of art. L161-25 CSS. */
  revaluedEveryYearOn: "04-01",
  /** The deceased's situation is looked at over these months before death. */
  qualifyingMonthsBeforeDeath: 3,
  /** Someone who lost the qualifying situation keeps the right this many months (maintien de droits). */
  maintainedRightsMonths: 12,
  /** Minimum incapacity rate of a work-accident or occupational-disease pension. */
  workAccidentMinRatePercent: 66.66,
  /** Dependants of the deceased (priority beneficiaries) claim within this many months. */
  priorityClaimMonths: 1,
  /** Any claim is lost after this many years. */
  claimYears: 2,
  source: "Code de la sécurité sociale, art. L361-1 à L361-4 et D361-1 (revalorisé chaque 1er avril, art. L161-25)",
  sourceUrl: "https://www.ameli.fr/assure/droits-demarches/fin-de-vie-deuil/deces-proche-capital-deces",
} as const;

/** Plafond annuel de la sécurité sociale, by calendar year (euros in cents). */
export const PASS_BY_YEAR: Readonly<Record<number, { cents: number; source: string }>> = {
  2025: { cents: 4_710_000, source: "PASS 2025 : 47 100 € (3 925 € par mois), rappelé avec l'arrêté du 22 décembre 2025" },
  2026: { cents: 4_806_000, source: "Arrêté du 22 décembre 2025 portant fixation du plafond de la sécurité sociale pour 2026" },
};
export const PASS_SOURCE_URL = "https://entreprendre.service-public.gouv.fr/actualites/A15386";

/** Self-employed craftsmen and shopkeepers (artisans, commerçants): a share of the PASS of the year of death. */
export const SELF_EMPLOYED_CAPITAL_DECES = {
  workingPercentOfPass: 20,
  retiredPercentOfPass: 8,
  priorityClaimMonths: 1,
  claimYears: 2,
  source: "Code de la sécurité sociale, capital décès des travailleurs indépendants (20 % du PASS en activité, 8 % à la retraite)",
  sourceUrl: "https://www.ameli.fr/assure/droits-demarches/fin-de-vie-deuil/deces-proche-capital-deces",
} as const;

/** Farm owners and their family helpers (non-salariés agricoles, MSA): the general scheme's amount. */
export const FARM_OWNER_CAPITAL_DECES = {
  forDeathsFrom: "2022-01-01",
  minAffiliationYears: 1,
  source: "Loi de financement de la sécurité sociale pour 2022, art. 98 ; décret du 29 avril 2022 (même montant que le régime général)",
  sourceUrl: "https://provenceazur.msa.fr/lfp/en/vous-avez-perdu-un-proche",
} as const;

/** Civil servants (State, territorial and hospital, CNRACL): paid by the employer, from the last gross annual pay. */
export const CIVIL_SERVANT_CAPITAL_DECES = {
  /** Death before the legal retirement age: the last gross annual pay, bonuses included. */
  beforeRetirementAgePercent: 100,
  /** Death at or after that age while still in service: a quarter of it. */
  afterRetirementAgePercent: 25,
  source: "Code de la sécurité sociale, art. D712-19 à D712-24 ; décret n° 2021-1860 du 27 décembre 2021 (majoration par enfant à charge)",
  sourceUrl:
    "https://www.fonction-publique.gouv.fr/files/files/ArchivePortailFP/www.fonction-publique.gouv.fr/decret-relatif-aux-modalites-de-calcul-capital-deces-servi-aux-ayants-droit-de-lagent-public-decede.html",
} as const;

/** CAF/MSA flat allowance for the death of a child (allocation forfaitaire en cas de décès d'un enfant). */
export const CHILD_DEATH_ALLOWANCE = {
  /** Household resources up to the ceiling. */
  higherAmountCents: 228_943,
  /** Resources above the ceiling. */
  lowerAmountCents: 114_474,
  /** Amounts of this scale are revalued every 1 April (base mensuelle des allocations familiales). */
  amountsValidFrom: "2025-04-01",
  /** Resource ceiling for a one-child household, raised for each further child. */
  oneChildResourceCeilingCents: 9_817_300,
  perExtraChildCents: 654_600,
  /** Deaths from this date. */
  forDeathsFrom: "2020-06-01",
  /** From the 20th week of pregnancy to the 25th birthday. */
  fromPregnancyWeek: 20,
  beforeAgeYears: 25,
  source: "Code de la sécurité sociale, art. L545-1 et D545-1 à D545-4 (loi n° 2020-692 du 8 juin 2020 ; décret n° 2020-1688 du 23 décembre 2020)",
  sourceUrl: "https://www.caf.fr/professionnels/offres-et-services/accompagnement-des-allocataires/bareme-allocation-deces-d-enfant",
} as const;

/** Hourly minimum wage (SMIC), used by the general scheme's survivor-pension resource ceiling. */
export const SMIC_HOURLY = {
  cents: 1_202,
  validFrom: "2026-01-01",
  source: "Décret n° 2025-1228 du 17 décembre 2025 portant relèvement du salaire minimum de croissance",
  sourceUrl: "https://www.simulation-impots.net/smic-au-1er-janvier-2026-une-augmentation-de-118-pour-un-pouvoir-dachat-renforce",
} as const;

/** Survivor pensions (pensions de réversion) of the schemes families ask about. */
export const SURVIVOR_PENSIONS = {
  general: {
    ratePercent: 54,
    minSurvivorAge: 55,
    /** Yearly resource ceiling for a survivor living alone: 2 080 × the hourly SMIC of 1 January. */
    ceilingSmicHours: 2_080,
    /** A survivor living as a couple: 1.6 × that ceiling. */
    coupleCeilingFactor: 1.6,
    source: "Code de la sécurité sociale, art. L353-1 et D353-1",
    sourceUrl: "https://www.cssm.fr/page/ma-pension-de-reversion",
  },
  agircArrco: {
    ratePercent: 60,
    minSurvivorAge: 55,
    source: "Règles du régime Agirc-Arrco (décès à compter du 1er janvier 2019 : 60 %, dès 55 ans, sans condition de ressources)",
    sourceUrl: "https://spelc.fr/services/preparer-ma-retraite/lessentiel-de-la-retraite/retraite-complementaire-agirc-arrco/les-droits-de-reversion",
  },
  civilService: {
    ratePercent: 50,
    source: "Code des pensions civiles et militaires de retraite, art. L38 (fonctionnaires de l'État ; règles identiques à la CNRACL)",
    sourceUrl: "https://sauvegarde-retraites.org/article-retraite.php?n=383",
  },
} as const;

/** Yearly resource ceiling of the general scheme's survivor pension for a survivor living alone, in cents. */
export function survivorPensionCeilingCents(): number {
  return SURVIVOR_PENSIONS.general.ceilingSmicHours * SMIC_HOURLY.cents;
}

/** Funeral costs paid from the deceased's bank account, on the funeral invoice. */
export const FUNERAL_COSTS_FROM_ACCOUNT = {
  ceilingCents: 591_000,
  validFrom: "2025-01-01",
  /** Never more than what the accounts hold. */
  limitedToCredit: true,
  /** The law asks for the funeral invoice, not a quote. */
  document: "invoice",
  source: "Code monétaire et financier, art. L312-1-4 ; arrêté du 3 décembre 2024 (plafond de 5 910 € au 1er janvier 2025)",
  sourceUrl: "https://notacte.notaires.fr/blogs/des-2025-hausse-du-plafond-des-frais-funeraires-prelevables-sur-le-compte-du-defunt",
} as const;

/** The commune pays the funeral of a person without sufficient resources. */
export const COMMUNE_FUNERAL = {
  source: "Code général des collectivités territoriales, art. L2223-27",
  sourceUrl: "https://juriblio.fr/codes/code-general-des-collectivites-territoriales/partie-legislative/deuxieme-partie/livre-ii/titre-ii/chapitre-iii/section-2/sous-section-1/article-l2223-27",
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


/**
 * The capital décès amount is the one of the last 1 April; once a new 1 April has
 * passed since `amountValidFrom`, the figure here is behind and the page says it is
 * being updated.
 */
export function capitalDecesFigureMayBeOutdated(today: string): boolean {
  const [y] = parts(CAPITAL_DECES.amountValidFrom);
  return today >= `${y + 1}-${CAPITAL_DECES.revaluedEveryYearOn}`;
}

/** Same rule for the child-death allowance, revalued every 1 April too. */
export function childDeathAllowanceFigureMayBeOutdated(today: string): boolean {
  const [y] = parts(CHILD_DEATH_ALLOWANCE.amountsValidFrom);
  return today >= `${y + 1}-04-01`;
}

/* ----- The calculator's answers ----- */

/** The deceased's situation during the months before death. */
export const DECEASED_SITUATIONS = [
  "employed",
  "unemploymentBenefit",
  "recentlyCovered",
  "invalidityPension",
  "workAccidentPension",
  "civilServant",
  "selfEmployed",
  "farmOwner",
  "retired",
  "retiredSelfEmployed",
  "retiredCivilServant",
  "other",
] as const;
export type DeceasedSituation = (typeof DECEASED_SITUATIONS)[number];

/** Situations that open the right to the general scheme's capital décès (CPAM). */
export const CAPITAL_DECES_SITUATIONS: readonly DeceasedSituation[] = [
  "employed",
  "unemploymentBenefit",
  "recentlyCovered",
  "invalidityPension",
  "workAccidentPension",
];

/** Situations of someone who paid into the private sector's pensions as an employee. */
const PRIVATE_EMPLOYEE_SITUATIONS: readonly DeceasedSituation[] = [...CAPITAL_DECES_SITUATIONS];

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
  "financial_aid__retirement_age__required",
  "financial_aid__bank_account__required",
  "financial_aid__deceased_resources__required",
  "financial_aid__mutuelle__required",
  "financial_aid__relationship__required",
  "financial_aid__dependent__required",
  "financial_aid__child_under_25__required",
  "financial_aid__married__required",
  "financial_aid__survivor_age__required",
  "financial_aid__survivor_resources__required",
] as const;
export type FinancialAidErrorCode = (typeof FINANCIAL_AID_ERROR_CODES)[number];

export function isFinancialAidErrorCode(value: unknown): value is FinancialAidErrorCode {
  return typeof value === "string" && (FINANCIAL_AID_ERROR_CODES as readonly string[]).includes(value);
}

/** Oldest death date the calculator accepts: any claim older than this is long lost. */
export const EARLIEST_DEATH_DATE = "1950-01-01";

/**
 * Questions asked only in some cases: the field, when it is asked, and the error
 * when it is then left empty. Answers to questions not asked are dropped.
 */
const CONDITIONAL_QUESTIONS = [
  { field: "privateSector", askedWhen: (a: Partial<Record<string, unknown>>) => a.situation === "retired", code: "financial_aid__private_sector__required" },
  { field: "reachedRetirementAge", askedWhen: (a: Partial<Record<string, unknown>>) => a.situation === "civilServant", code: "financial_aid__retirement_age__required" },
  { field: "childUnder25", askedWhen: (a: Partial<Record<string, unknown>>) => a.relationship === "parent", code: "financial_aid__child_under_25__required" },
  { field: "married", askedWhen: (a: Partial<Record<string, unknown>>) => a.relationship === "spouse", code: "financial_aid__married__required" },
  { field: "survivorAge55", askedWhen: (a: Partial<Record<string, unknown>>) => a.relationship === "spouse", code: "financial_aid__survivor_age__required" },
  { field: "survivorResourcesBelowCeiling", askedWhen: (a: Partial<Record<string, unknown>>) => a.relationship === "spouse", code: "financial_aid__survivor_resources__required" },
] as const;
export type ConditionalQuestion = (typeof CONDITIONAL_QUESTIONS)[number]["field"];

/** Whether a conditional question is asked for the answers given so far (the form shows or hides it). */
export function isQuestionAsked(field: ConditionalQuestion, answers: { situation?: unknown; relationship?: unknown }): boolean {
  return CONDITIONAL_QUESTIONS.some((question) => question.field === field && question.askedWhen(answers));
}

/**
 * The calculator's form. Built for a given "today", so a death date in the future is
 * refused. Every message is an error code (see FINANCIAL_AID_ERROR_CODES).
 */
export function financialAidAnswersSchema(today: string) {
  const required = <T extends readonly [string, ...string[]]>(values: T, code: FinancialAidErrorCode) =>
    z.enum(values, { error: () => code });
  const base = z.object({
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
    reachedRetirementAge: z.enum(YES_NO_UNKNOWN).nullish(),
    bankAccount: required(YES_NO_UNKNOWN, "financial_aid__bank_account__required"),
    deceasedResources: required(YES_NO_UNKNOWN, "financial_aid__deceased_resources__required"),
    mutuelle: required(YES_NO_UNKNOWN, "financial_aid__mutuelle__required"),
    relationship: required(RELATIONSHIPS, "financial_aid__relationship__required"),
    dependent: required(YES_NO, "financial_aid__dependent__required"),
    childUnder25: z.enum(YES_NO).nullish(),
    married: z.enum(YES_NO).nullish(),
    survivorAge55: z.enum(YES_NO).nullish(),
    survivorResourcesBelowCeiling: z.enum(YES_NO_UNKNOWN).nullish(),
  });
  let schema: z.ZodType<z.output<typeof base>, z.input<typeof base>> = base;
  for (const question of CONDITIONAL_QUESTIONS) {
    schema = schema.refine((answers) => !question.askedWhen(answers) || Boolean(answers[question.field]), {
      path: [question.field],
      error: () => question.code,
      // Checked even while other answers are missing, so the visitor sees every gap at once.
      when: (payload) => question.askedWhen((payload.value ?? {}) as Partial<Record<string, unknown>>),
    });
  }
  return schema.transform((answers) => ({
    ...answers,
    // A question not asked for these answers has no answer, whatever was chosen earlier.
    privateSector: isQuestionAsked("privateSector", answers) ? (answers.privateSector ?? "unknown") : null,
    reachedRetirementAge: isQuestionAsked("reachedRetirementAge", answers) ? (answers.reachedRetirementAge ?? "unknown") : null,
    childUnder25: isQuestionAsked("childUnder25", answers) ? (answers.childUnder25 ?? null) : null,
    married: isQuestionAsked("married", answers) ? (answers.married ?? null) : null,
    survivorAge55: isQuestionAsked("survivorAge55", answers) ? (answers.survivorAge55 ?? null) : null,
    survivorResourcesBelowCeiling: isQuestionAsked("survivorResourcesBelowCeiling", answers)
      ? (answers.survivorResourcesBelowCeiling ?? "unknown")
      : null,
  }));
}

export type FinancialAidAnswers = z.output<ReturnType<typeof financialAidAnswersSchema>>;
export type FinancialAidFormValues = z.input<ReturnType<typeof financialAidAnswersSchema>>;

/* ----- The rules ----- */

export const AID_IDS = [
  "capitalDeces",
  "childDeathAllowance",
  "bankAccount",
  "communeFuneral",
  "reversionGeneral",
  "reversionAgircArrco",
  "reversionCivilService",
  "agircArrco",
  "mutuelle",
] as const;
export type AidId = (typeof AID_IDS)[number];

/** eligible: the conditions are met; possible: it depends on a scheme or contract to check; notEligible: it does not apply. */
export type AidStatus = "eligible" | "possible" | "notEligible";

/** Who pays the capital décès, which sets its amount and rules. */
export const CAPITAL_DECES_SCHEMES = ["general", "selfEmployed", "farm", "civilService"] as const;
export type CapitalDecesScheme = (typeof CAPITAL_DECES_SCHEMES)[number];

/** Why an aid got its status; the page turns each into a sentence. */
export const AID_REASONS = [
  "situationQualifies",
  "maintainedRights",
  "situationDoesNotQualify",
  "retiredNotCovered",
  "selfEmployedWorking",
  "selfEmployedRetired",
  "farmOwnerCovered",
  "farmOwnerBefore2022",
  "civilServiceBeforeRetirementAge",
  "civilServiceAfterRetirementAge",
  "civilServiceAgeUnknown",
  "civilServicePerChild",
  "youArePriority",
  "youMayClaimAfterPriority",
  "familyMayClaim",
  "priorityDeadlinePassed",
  "claimDeadlinePassed",
  "childAllowanceApplies",
  "childAllowanceNotWithCapitalDeces",
  "childAllowanceConditions",
  "childAllowanceBefore2020",
  "accountWithFunds",
  "accountUnknown",
  "noAccount",
  "communeMustPay",
  "communeIfNoResources",
  "deceasedHadResources",
  "reversionSpouseOnly",
  "reversionMarriedOnly",
  "reversionAgeNotReached",
  "reversionResourcesBelow",
  "reversionResourcesAbove",
  "reversionResourcesUnknown",
  "reversionGeneralScheme",
  "reversionIfPrivateCareer",
  "reversionAgircArrcoApplies",
  "reversionSectorUnknown",
  "reversionNotPrivateEmployee",
  "reversionCivilServiceApplies",
  "reversionIfCivilServant",
  "reversionNotCivilServant",
  "privateSectorRetiree",
  "sectorUnknown",
  "notPrivateSectorRetiree",
  "contractMayProvide",
  "contractUnknown",
  "noMutuelle",
] as const;
export type AidReason = (typeof AID_REASONS)[number];

export const DEADLINE_KINDS = ["priorityClaim", "claim"] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export interface AidDeadline {
  kind: DeadlineKind;
  /** Last day to claim, YYYY-MM-DD. */
  date: string;
  passed: boolean;
}

export type AidAmount =
  | { kind: "fixed" | "ceiling"; cents: number; validFrom: string }
  /** Two amounts depending on the household's resources. */
  | { kind: "tiers"; cents: number; lowerCents: number; validFrom: string }
  /** A share of the deceased's last gross annual pay. */
  | { kind: "percentOfPay"; percent: number }
  /** A share of the deceased's pension. */
  | { kind: "percentOfPension"; percent: number };

export interface AidAssessment {
  id: AidId;
  status: AidStatus;
  /** For the capital décès: the scheme that pays it. */
  scheme?: CapitalDecesScheme;
  amount?: AidAmount;
  deadlines: AidDeadline[];
  /** For the capital décès when you may claim only if no dependant did: the first day you can. */
  claimFrom?: string;
  reasons: AidReason[];
  source: string;
}

function deadline(kind: DeadlineKind, date: string, today: string): AidDeadline {
  return { kind, date, passed: today > date };
}

/** The capital décès, by the scheme the deceased belonged to. */
export function assessCapitalDeces(answers: FinancialAidAnswers, today: string): AidAssessment {
  const situation = answers.situation;
  if (situation === "civilServant") return assessCivilServiceCapitalDeces(answers);
  if (situation === "farmOwner") {
    const base = { id: "capitalDeces" as const, scheme: "farm" as const, source: FARM_OWNER_CAPITAL_DECES.source };
    if (answers.deathDate < FARM_OWNER_CAPITAL_DECES.forDeathsFrom) {
      return { ...base, status: "notEligible", deadlines: [], reasons: ["farmOwnerBefore2022"] };
    }
    const amount = { kind: "fixed" as const, cents: CAPITAL_DECES.amountCents, validFrom: CAPITAL_DECES.amountValidFrom };
    return { ...base, status: "eligible", amount, deadlines: [], reasons: ["farmOwnerCovered"] };
  }
  if (situation === "selfEmployed" || situation === "retiredSelfEmployed") {
    const year = Number(answers.deathDate.slice(0, 4));
    const pass = PASS_BY_YEAR[year];
    const percent = situation === "selfEmployed" ? SELF_EMPLOYED_CAPITAL_DECES.workingPercentOfPass : SELF_EMPLOYED_CAPITAL_DECES.retiredPercentOfPass;
    const amount = pass ? { kind: "fixed" as const, cents: Math.round((pass.cents * percent) / 100), validFrom: `${year}-01-01` } : undefined;
    return withClaimRules(answers, today, {
      id: "capitalDeces",
      scheme: "selfEmployed",
      amount,
      reasons: [situation === "selfEmployed" ? "selfEmployedWorking" : "selfEmployedRetired"],
      source: SELF_EMPLOYED_CAPITAL_DECES.source,
    });
  }
  if (!CAPITAL_DECES_SITUATIONS.includes(situation)) {
    const retired = situation === "retired" || situation === "retiredCivilServant";
    return {
      id: "capitalDeces",
      scheme: "general",
      status: "notEligible",
      deadlines: [],
      reasons: [retired ? "retiredNotCovered" : "situationDoesNotQualify"],
      source: CAPITAL_DECES.source,
    };
  }
  return withClaimRules(answers, today, {
    id: "capitalDeces",
    scheme: "general",
    amount: { kind: "fixed", cents: CAPITAL_DECES.amountCents, validFrom: CAPITAL_DECES.amountValidFrom },
    reasons: [situation === "recentlyCovered" ? "maintainedRights" : "situationQualifies"],
    source: CAPITAL_DECES.source,
  });
}

/** The general and self-employed schemes: dependants first for a month, then the family, within two years. */
function withClaimRules(
  answers: FinancialAidAnswers,
  today: string,
  base: Pick<AidAssessment, "id" | "scheme" | "amount" | "reasons" | "source">,
): AidAssessment {
  const priority = deadline("priorityClaim", addMonths(answers.deathDate, CAPITAL_DECES.priorityClaimMonths), today);
  const claim = deadline("claim", addYears(answers.deathDate, CAPITAL_DECES.claimYears), today);
  if (claim.passed) {
    return { ...base, status: "notEligible", deadlines: [claim], reasons: [...base.reasons, "claimDeadlinePassed"] };
  }
  if (answers.dependent === "yes" && !priority.passed) {
    return { ...base, status: "eligible", deadlines: [priority, claim], reasons: [...base.reasons, "youArePriority"] };
  }
  const reasons: AidReason[] = [...base.reasons];
  if (answers.dependent === "yes") reasons.push("priorityDeadlinePassed");
  const closeFamily = answers.relationship === "spouse" || answers.relationship === "child" || answers.relationship === "parent";
  reasons.push(closeFamily ? "youMayClaimAfterPriority" : "familyMayClaim");
  return { ...base, status: "eligible", deadlines: [claim], claimFrom: priority.date, reasons };
}

function assessCivilServiceCapitalDeces(answers: FinancialAidAnswers): AidAssessment {
  const base = { id: "capitalDeces" as const, scheme: "civilService" as const, deadlines: [], source: CIVIL_SERVANT_CAPITAL_DECES.source };
  if (answers.reachedRetirementAge === "no") {
    return {
      ...base,
      status: "eligible",
      amount: { kind: "percentOfPay", percent: CIVIL_SERVANT_CAPITAL_DECES.beforeRetirementAgePercent },
      reasons: ["civilServiceBeforeRetirementAge", "civilServicePerChild"],
    };
  }
  if (answers.reachedRetirementAge === "yes") {
    return {
      ...base,
      status: "eligible",
      amount: { kind: "percentOfPay", percent: CIVIL_SERVANT_CAPITAL_DECES.afterRetirementAgePercent },
      reasons: ["civilServiceAfterRetirementAge"],
    };
  }
  return { ...base, status: "eligible", reasons: ["civilServiceAgeUnknown", "civilServicePerChild"] };
}

export function assessChildDeathAllowance(answers: FinancialAidAnswers): AidAssessment {
  const base = { id: "childDeathAllowance" as const, deadlines: [], source: CHILD_DEATH_ALLOWANCE.source };
  if (answers.relationship !== "parent" || answers.childUnder25 !== "yes") {
    return { ...base, status: "notEligible", reasons: ["childAllowanceConditions"] };
  }
  if (answers.deathDate < CHILD_DEATH_ALLOWANCE.forDeathsFrom) {
    return { ...base, status: "notEligible", reasons: ["childAllowanceBefore2020"] };
  }
  return {
    ...base,
    status: "eligible",
    amount: {
      kind: "tiers",
      cents: CHILD_DEATH_ALLOWANCE.higherAmountCents,
      lowerCents: CHILD_DEATH_ALLOWANCE.lowerAmountCents,
      validFrom: CHILD_DEATH_ALLOWANCE.amountsValidFrom,
    },
    reasons: ["childAllowanceApplies", "childAllowanceNotWithCapitalDeces"],
  };
}

export function assessBankAccount(answers: FinancialAidAnswers): AidAssessment {
  const status: AidStatus = answers.bankAccount === "yes" ? "eligible" : answers.bankAccount === "unknown" ? "possible" : "notEligible";
  const reason: AidReason = answers.bankAccount === "yes" ? "accountWithFunds" : answers.bankAccount === "unknown" ? "accountUnknown" : "noAccount";
  return {
    id: "bankAccount",
    status,
    amount: { kind: "ceiling", cents: FUNERAL_COSTS_FROM_ACCOUNT.ceilingCents, validFrom: FUNERAL_COSTS_FROM_ACCOUNT.validFrom },
    deadlines: [],
    reasons: [reason],
    source: FUNERAL_COSTS_FROM_ACCOUNT.source,
  };
}

/** L2223-27 CGCT: the commune pays the funeral of a person without sufficient resources; the mayor judges. */
export function assessCommuneFuneral(answers: FinancialAidAnswers): AidAssessment {
  const base = { id: "communeFuneral" as const, deadlines: [], source: COMMUNE_FUNERAL.source };
  if (answers.deceasedResources === "yes") return { ...base, status: "notEligible", reasons: ["deceasedHadResources"] };
  return { ...base, status: "possible", reasons: [answers.deceasedResources === "no" ? "communeMustPay" : "communeIfNoResources"] };
}

/** Only a married survivor (not a Pacs partner) receives a survivor pension. */
function reversionSpouseCheck(answers: FinancialAidAnswers): AidReason | null {
  if (answers.relationship !== "spouse") return "reversionSpouseOnly";
  if (answers.married !== "yes") return "reversionMarriedOnly";
  return null;
}

export function assessReversionGeneral(answers: FinancialAidAnswers): AidAssessment {
  const rules = SURVIVOR_PENSIONS.general;
  const base = { id: "reversionGeneral" as const, deadlines: [], source: rules.source, amount: { kind: "percentOfPension" as const, percent: rules.ratePercent } };
  const spouse = reversionSpouseCheck(answers);
  if (spouse) return { ...base, status: "notEligible", reasons: [spouse] };
  const civilServant = answers.situation === "civilServant" || answers.situation === "retiredCivilServant";
  const scheme: AidReason = civilServant ? "reversionIfPrivateCareer" : "reversionGeneralScheme";
  if (answers.survivorAge55 === "no") return { ...base, status: "notEligible", reasons: [scheme, "reversionAgeNotReached"] };
  if (answers.survivorResourcesBelowCeiling === "no") return { ...base, status: "notEligible", reasons: [scheme, "reversionResourcesAbove"] };
  if (answers.survivorResourcesBelowCeiling === "yes" && !civilServant) {
    return { ...base, status: "eligible", reasons: [scheme, "reversionResourcesBelow"] };
  }
  return { ...base, status: "possible", reasons: [scheme, answers.survivorResourcesBelowCeiling === "yes" ? "reversionResourcesBelow" : "reversionResourcesUnknown"] };
}

export function assessReversionAgircArrco(answers: FinancialAidAnswers): AidAssessment {
  const rules = SURVIVOR_PENSIONS.agircArrco;
  const base = { id: "reversionAgircArrco" as const, deadlines: [], source: rules.source, amount: { kind: "percentOfPension" as const, percent: rules.ratePercent } };
  const spouse = reversionSpouseCheck(answers);
  if (spouse) return { ...base, status: "notEligible", reasons: [spouse] };
  const employee = PRIVATE_EMPLOYEE_SITUATIONS.includes(answers.situation) || (answers.situation === "retired" && answers.privateSector === "yes");
  const maybe = answers.situation === "other" || (answers.situation === "retired" && answers.privateSector === "unknown");
  if (!employee && !maybe) return { ...base, status: "notEligible", reasons: ["reversionNotPrivateEmployee"] };
  const scheme: AidReason = employee ? "reversionAgircArrcoApplies" : "reversionSectorUnknown";
  if (answers.survivorAge55 === "no") return { ...base, status: "notEligible", reasons: [scheme, "reversionAgeNotReached"] };
  return { ...base, status: employee ? "eligible" : "possible", reasons: [scheme] };
}

export function assessReversionCivilService(answers: FinancialAidAnswers): AidAssessment {
  const rules = SURVIVOR_PENSIONS.civilService;
  const base = { id: "reversionCivilService" as const, deadlines: [], source: rules.source, amount: { kind: "percentOfPension" as const, percent: rules.ratePercent } };
  const spouse = reversionSpouseCheck(answers);
  if (spouse) return { ...base, status: "notEligible", reasons: [spouse] };
  if (answers.situation === "civilServant" || answers.situation === "retiredCivilServant") {
    return { ...base, status: "eligible", reasons: ["reversionCivilServiceApplies"] };
  }
  if (answers.situation === "other" || (answers.situation === "retired" && answers.privateSector !== "yes")) {
    return { ...base, status: "possible", reasons: ["reversionIfCivilServant"] };
  }
  return { ...base, status: "notEligible", reasons: ["reversionNotCivilServant"] };
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
    assessChildDeathAllowance(answers),
    assessBankAccount(answers),
    assessCommuneFuneral(answers),
    assessReversionGeneral(answers),
    assessReversionAgircArrco(answers),
    assessReversionCivilService(answers),
    assessAgircArrco(answers),
    assessMutuelle(answers),
  ];
  return all
    .map((assessment, index) => ({ assessment, index }))
    .sort((a, b) => STATUS_ORDER[a.assessment.status] - STATUS_ORDER[b.assessment.status] || a.index - b.index)
    .map(({ assessment }) => assessment);
}

/**
 * Figures the pages interpolate into their sentences, in cents or plain numbers,
 * so no sentence carries a figure of its own.
 */
export function figureValues() {
  const pass2026 = PASS_BY_YEAR[2026]!.cents;
  return {
    capitalDecesCents: CAPITAL_DECES.amountCents,
    capitalDecesFrom: CAPITAL_DECES.amountValidFrom,
    maintainedMonths: CAPITAL_DECES.maintainedRightsMonths,
    selfEmployedWorkingPercent: SELF_EMPLOYED_CAPITAL_DECES.workingPercentOfPass,
    selfEmployedRetiredPercent: SELF_EMPLOYED_CAPITAL_DECES.retiredPercentOfPass,
    selfEmployedWorkingCents: Math.round((pass2026 * SELF_EMPLOYED_CAPITAL_DECES.workingPercentOfPass) / 100),
    selfEmployedRetiredCents: Math.round((pass2026 * SELF_EMPLOYED_CAPITAL_DECES.retiredPercentOfPass) / 100),
    passCents: pass2026,
    childHigherCents: CHILD_DEATH_ALLOWANCE.higherAmountCents,
    childLowerCents: CHILD_DEATH_ALLOWANCE.lowerAmountCents,
    childFrom: CHILD_DEATH_ALLOWANCE.amountsValidFrom,
    childWeeks: CHILD_DEATH_ALLOWANCE.fromPregnancyWeek,
    childAge: CHILD_DEATH_ALLOWANCE.beforeAgeYears,
    reversionGeneralPercent: SURVIVOR_PENSIONS.general.ratePercent,
    reversionAge: SURVIVOR_PENSIONS.general.minSurvivorAge,
    reversionCeilingCents: survivorPensionCeilingCents(),
    reversionCoupleCeilingCents: Math.round(survivorPensionCeilingCents() * SURVIVOR_PENSIONS.general.coupleCeilingFactor),
    reversionAgircArrcoPercent: SURVIVOR_PENSIONS.agircArrco.ratePercent,
    reversionCivilServicePercent: SURVIVOR_PENSIONS.civilService.ratePercent,
    accountCeilingCents: FUNERAL_COSTS_FROM_ACCOUNT.ceilingCents,
  };
}

/**
 * The values of the FinancialAid messages' placeholders ({amount}, {date}, {months}...), with
 * the caller's money and date formats: the page and the assistant's index fill the same sentences.
 */
export function aidSentenceValues(euros: (cents: number) => string, date: (iso: string) => string) {
  const figures = figureValues();
  return {
    amount: euros(figures.capitalDecesCents),
    date: date(figures.capitalDecesFrom),
    months: figures.maintainedMonths,
    workingPercent: figures.selfEmployedWorkingPercent,
    retiredPercent: figures.selfEmployedRetiredPercent,
    working: euros(figures.selfEmployedWorkingCents),
    retired: euros(figures.selfEmployedRetiredCents),
    before: CIVIL_SERVANT_CAPITAL_DECES.beforeRetirementAgePercent,
    after: CIVIL_SERVANT_CAPITAL_DECES.afterRetirementAgePercent,
    higher: euros(figures.childHigherCents),
    lower: euros(figures.childLowerCents),
    childDate: date(figures.childFrom),
    weeks: figures.childWeeks,
    childAge: figures.childAge,
    ceiling: euros(figures.reversionCeilingCents),
    accountCeiling: euros(figures.accountCeilingCents),
    accountDate: date(FUNERAL_COSTS_FROM_ACCOUNT.validFrom),
    general: figures.reversionGeneralPercent,
    agircArrco: figures.reversionAgircArrcoPercent,
    civilService: figures.reversionCivilServicePercent,
    age: figures.reversionAge,
  };
}
