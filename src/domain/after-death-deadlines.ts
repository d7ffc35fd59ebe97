import { z } from "zod";
import { addMonths, addYears, CAPITAL_DECES, FUNERAL_COSTS_FROM_ACCOUNT, isIsoDate, SURVIVOR_PENSIONS } from "@/domain/financial-aid";
import { PENSION_REVERSION_ARREARS_MONTHS, SUCCESSION_DECLARATION_MONTHS } from "@/domain/family-reminders";
import { computeDeadlines } from "@/domain/quote/deadlines";
import type { FamilyLink, FormalityKind, FormalityState } from "@/domain/schemas/administrative-procedure";

/**
 * The family's checklist after a death: what must be done, by when, and where the rule
 * comes from. One rule per entry, each with its legal reference, the public page it was
 * read on and the day it was checked, so a reviewer can re-read every one of them.
 *
 * The two funeral-time limits come from src/domain/quote/deadlines.ts (death declaration
 * within 24 h not counting Sundays and public holidays; burial or cremation by the 14th
 * calendar day, décret 2024-790), and the capital décès, bank and pension figures from
 * src/domain/financial-aid.ts and src/domain/family-reminders.ts: a correction there
 * moves the checklist too. Nothing here is a "6 working days" funeral limit: that rule
 * ended on 12 July 2024.
 *
 * Pure functions of (date of death, family link, situation, formalities, today); dates
 * are calendar days written YYYY-MM-DD.
 */

/** Day every rule below was last read against its source. */
export const RULES_CHECKED_ON = "2026-11-24";

/** What the deceased had or did, as the family answers it on the procedure (null: not answered yet). */
export const EMPLOYMENT_SITUATIONS = ["employed", "unemployed", "retired", "civil_servant", "self_employed", "other"] as const;
export type EmploymentSituation = (typeof EMPLOYMENT_SITUATIONS)[number];
export const HOUSING_SITUATIONS = ["tenant", "owner", "hosted", "care_home"] as const;
export type HousingSituation = (typeof HOUSING_SITUATIONS)[number];

export const procedureSituationSchema = z
  .object({
    employment: z.enum(EMPLOYMENT_SITUATIONS, { error: "situation__employment__invalid" }).nullable().optional(),
    housing: z.enum(HOUSING_SITUATIONS, { error: "situation__housing__invalid" }).nullable().optional(),
    owned_vehicle: z.boolean({ error: "situation__owned_vehicle__invalid" }).nullable().optional(),
    had_bank_account: z.boolean({ error: "situation__had_bank_account__invalid" }).nullable().optional(),
    had_life_insurance: z.boolean({ error: "situation__had_life_insurance__invalid" }).nullable().optional(),
    had_energy_or_telecom_contracts: z.boolean({ error: "situation__had_energy_or_telecom_contracts__invalid" }).nullable().optional(),
  })
  .strict()
  .meta({ id: "ProcedureSituation", description: "What the deceased had: each answer adds or removes checklist items (null or absent: not answered)" });
export type ProcedureSituation = z.infer<typeof procedureSituationSchema>;

export const CHECKLIST_RULE_IDS = [
  "death_declaration",
  "funeral",
  "capital_deces",
  "pension_funds",
  "pension_reversion",
  "bank_accounts",
  "life_insurance",
  "housing_lease",
  "energy_telecoms",
  "vehicle_registration",
  "income_tax",
  "succession_declaration",
] as const;
export type ChecklistRuleId = (typeof CHECKLIST_RULE_IDS)[number];

/**
 * Which of the procedure's formalities carry out a rule: a company category (the codes of
 * src/domain/companies.ts), optionally narrowed to a formality kind or a word of the
 * formality's name, or a company by the start of its slug (Agira, Ficoba, the notaries).
 * Any matcher that fits counts.
 */
export interface FormalityMatcher {
  category?: string;
  kind?: FormalityKind;
  /** Lower-case word the formality's name contains. */
  nameIncludes?: string;
  slugPrefix?: string;
}

export interface ChecklistRule {
  id: ChecklistRuleId;
  /** Legal text or official rule the item rests on (French, as the source writes it). */
  legalReference: string;
  /** Public page the rule was read on. */
  sourceUrl: string;
  checkedOn: string;
  /** The formalities that do this item. */
  matchers: readonly FormalityMatcher[];
}

export type ChecklistTiming =
  /** A date computed from the date of death. */
  | { kind: "date"; due: string; delay: { amount: number; unit: "hours" | "calendar_days" | "months" | "years" } }
  /** No legal limit: as soon as possible (stops payments, contracts and overpayments). */
  | { kind: "asap" }
  /** With the income-tax return of the year after the death (spring). */
  | { kind: "next_tax_return"; year: number | null }
  /** The date of death is not known yet: the item has a limit that cannot be computed. */
  | { kind: "unknown_death_date" };

/**
 * done: the family ticked it, or a formality of this item is answered or closed; in_progress: one was sent; to_do:
 * nothing sent yet and its date ahead (or none); overdue: nothing sent and the date has
 * passed (the family should check it was done: a late declaration is still possible).
 */
export const CHECKLIST_STATUSES = ["done", "in_progress", "to_do", "overdue"] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];

export interface ChecklistItem {
  id: ChecklistRuleId;
  timing: ChecklistTiming;
  status: ChecklistStatus;
  /** Formalities of the procedure that do this item. */
  formalityIds: number[];
  legalReference: string;
  sourceUrl: string;
  checkedOn: string;
}

export interface ChecklistFormality {
  id: number;
  state: FormalityState;
  /** Category code of the formality's company, when it has one. */
  category: string | null;
  kind?: FormalityKind;
  /** The company's slug and the formality's name (for the matchers that need them). */
  slug?: string;
  name?: string;
}

export function formalityMatches(matcher: FormalityMatcher, formality: ChecklistFormality): boolean {
  if (matcher.slugPrefix !== undefined && !(formality.slug ?? "").startsWith(matcher.slugPrefix)) return false;
  if (matcher.category !== undefined && formality.category !== matcher.category) return false;
  if (matcher.kind !== undefined && formality.kind !== matcher.kind) return false;
  if (matcher.nameIncludes !== undefined && !(formality.name ?? "").toLowerCase().includes(matcher.nameIncludes)) return false;
  return matcher.slugPrefix !== undefined || matcher.category !== undefined;
}

export interface ChecklistInput {
  deathDate: string | null | undefined;
  familyLink: FamilyLink | null | undefined;
  situation: ProcedureSituation | null | undefined;
  formalities: readonly ChecklistFormality[];
  /** Items the family ticked as done themselves. */
  doneItems?: readonly string[];
  today: string;
}

const SERVICE_PUBLIC = "https://www.service-public.fr/particuliers/vosdroits";

/** The rules, in the order a family meets them. */
export const CHECKLIST_RULES: Readonly<Record<ChecklistRuleId, ChecklistRule>> = {
  death_declaration: {
    id: "death_declaration",
    legalReference: "Code civil, art. 78 : déclaration à la mairie du lieu du décès dans les 24 heures (dimanches et jours fériés non compris)",
    sourceUrl: `${SERVICE_PUBLIC}/F1444`,
    checkedOn: RULES_CHECKED_ON,
    matchers: [],
  },
  funeral: {
    id: "funeral",
    legalReference: "CGCT, art. R2213-33 et R2213-35 (décret n° 2024-790 du 10 juillet 2024) : au plus tard le 14e jour calendaire après le décès",
    sourceUrl: "https://lexbase.fr/texte-de-loi/code-general-des-collectivites-territorialesr221333/L0785MNE.html",
    checkedOn: RULES_CHECKED_ON,
    matchers: [],
  },
  capital_deces: {
    id: "capital_deces",
    legalReference: CAPITAL_DECES.source,
    sourceUrl: CAPITAL_DECES.sourceUrl,
    checkedOn: RULES_CHECKED_ON,
    matchers: [{ category: "health_insurance", kind: "claim" }],
  },
  pension_funds: {
    id: "pension_funds",
    legalReference: "Retraites de base et complémentaires : le décès se signale aux caisses qui versaient une pension, pour arrêter les versements (les sommes versées à tort sont reprises sur le compte) ; le service inter-régimes d'info-retraite.fr le transmet à tous les régimes",
    sourceUrl: "https://www.info-retraite.fr/",
    checkedOn: RULES_CHECKED_ON,
    matchers: [{ category: "pension", kind: "notify" }],
  },
  pension_reversion: {
    id: "pension_reversion",
    legalReference: `${SURVIVOR_PENSIONS.general.source} ; CSS art. R353-7 (demande dans les ${PENSION_REVERSION_ARREARS_MONTHS} mois : effet au 1er jour du mois suivant le décès)`,
    sourceUrl: SURVIVOR_PENSIONS.general.sourceUrl,
    checkedOn: RULES_CHECKED_ON,
    matchers: [{ category: "pension", kind: "claim" }],
  },
  bank_accounts: {
    id: "bank_accounts",
    legalReference: FUNERAL_COSTS_FROM_ACCOUNT.source,
    sourceUrl: FUNERAL_COSTS_FROM_ACCOUNT.sourceUrl,
    checkedOn: RULES_CHECKED_ON,
    matchers: [{ category: "bank" }, { slugPrefix: "ficoba" }],
  },
  life_insurance: {
    id: "life_insurance",
    legalReference: "Code des assurances, art. L132-9-2 : recherche des contrats d'assurance vie auprès de l'AGIRA ; l'assureur verse le capital dans le mois qui suit la réception des pièces (art. L132-23-1)",
    sourceUrl: "https://www.agira.asso.fr/",
    checkedOn: RULES_CHECKED_ON,
    matchers: [{ category: "insurance" }, { slugPrefix: "agira" }, { slugPrefix: "ciclade" }],
  },
  housing_lease: {
    id: "housing_lease",
    legalReference: "Loi n° 89-462 du 6 juillet 1989, art. 14 : le bail est transféré aux proches qui y vivaient, sinon il est résilié par le décès",
    sourceUrl: "https://www.legifrance.gouv.fr/loda/id/JORFTEXT000000509310",
    checkedOn: RULES_CHECKED_ON,
    matchers: [{ category: "housing" }],
  },
  energy_telecoms: {
    id: "energy_telecoms",
    legalReference: "Contrats d'énergie, d'eau et de télécommunication : résiliés ou transférés sur demande, sans frais de résiliation pour un décès",
    sourceUrl: "https://www.energie-info.fr/",
    checkedOn: RULES_CHECKED_ON,
    matchers: [{ category: "energy" }, { category: "water" }, { category: "telecom" }, { category: "subscription" }],
  },
  vehicle_registration: {
    id: "vehicle_registration",
    legalReference: "Code de la route, art. R322-5 : vendu dans les 3 mois sans avoir circulé, le véhicule n'a pas à changer de carte grise ; gardé, il est immatriculé au nom de l'héritier",
    sourceUrl: `${SERVICE_PUBLIC}/F1480`,
    checkedOn: RULES_CHECKED_ON,
    matchers: [{ category: "vehicle" }],
  },
  income_tax: {
    id: "income_tax",
    legalReference: "Code général des impôts, art. 204 : les revenus du défunt, du 1er janvier au décès, sont déclarés au printemps de l'année suivante",
    sourceUrl: "https://www.impots.gouv.fr/particulier/succession",
    checkedOn: RULES_CHECKED_ON,
    matchers: [{ category: "tax", nameIncludes: "revenus" }],
  },
  succession_declaration: {
    id: "succession_declaration",
    legalReference: `Code général des impôts, art. 641 : déclaration de succession dans les ${SUCCESSION_DECLARATION_MONTHS} mois du décès en France métropolitaine (12 mois dans les autres cas)`,
    sourceUrl: `${SERVICE_PUBLIC}/F14198`,
    checkedOn: RULES_CHECKED_ON,
    matchers: [{ category: "tax", nameIncludes: "succession" }, { slugPrefix: "notaires" }],
  },
};

/** Months to sell a vehicle without registering it in an heir's name first (service-public F1480). */
export const VEHICLE_SALE_WITHOUT_REGISTRATION_MONTHS = 3;

/** Family links that may claim a survivor pension (married spouse; the answer "partner" covers Pacs, not entitled, but the family checks). */
const SURVIVOR_LINKS: readonly (FamilyLink | null | undefined)[] = ["spouse", null, undefined];

/** Whether a rule concerns this situation. An unanswered question keeps the item (better shown than missed). */
export function ruleApplies(id: ChecklistRuleId, input: Pick<ChecklistInput, "familyLink" | "situation">): boolean {
  const s = input.situation ?? {};
  const employment = s.employment ?? null;
  switch (id) {
    case "capital_deces":
      // General-scheme employees and the unemployed; civil servants and the self-employed have their own (the item says so).
      return employment === null || employment === "employed" || employment === "unemployed" || employment === "civil_servant" || employment === "self_employed";
    case "pension_funds":
      return employment === null || employment === "retired";
    case "pension_reversion":
      return SURVIVOR_LINKS.includes(input.familyLink);
    case "bank_accounts":
      return s.had_bank_account !== false;
    case "life_insurance":
      return s.had_life_insurance !== false;
    case "housing_lease":
      return s.housing === null || s.housing === undefined || s.housing === "tenant" || s.housing === "care_home";
    case "energy_telecoms":
      return s.had_energy_or_telecom_contracts !== false;
    case "vehicle_registration":
      return s.owned_vehicle !== false;
    default:
      return true;
  }
}

function dated(due: string, amount: number, unit: "hours" | "calendar_days" | "months" | "years"): ChecklistTiming {
  return { kind: "date", due, delay: { amount, unit } };
}

/** When an item is due, from the date of death. */
export function ruleTiming(id: ChecklistRuleId, deathDate: string | null | undefined, familyLink?: FamilyLink | null, today?: string): ChecklistTiming {
  if (id === "pension_funds" || id === "bank_accounts" || id === "housing_lease" || id === "energy_telecoms" || id === "life_insurance") return { kind: "asap" };
  if (!deathDate || !isIsoDate(deathDate)) return id === "income_tax" ? { kind: "next_tax_return", year: null } : { kind: "unknown_death_date" };
  switch (id) {
    case "death_declaration":
    case "funeral": {
      const result = computeDeadlines({ deathDate });
      const wanted = id === "death_declaration" ? "death-declaration" : "funeral-latest";
      const deadline = result.ok ? result.value.deadlines.find((d) => d.id === wanted) : undefined;
      if (!deadline) return { kind: "unknown_death_date" };
      return id === "death_declaration" ? dated(deadline.at.date, 24, "hours") : dated(deadline.at.date, 14, "calendar_days");
    }
    case "capital_deces": {
      // A dependant (spouse, child) has priority for a month; after it, or for anyone else, a claim stays open two years.
      const priority = addMonths(deathDate, CAPITAL_DECES.priorityClaimMonths);
      const dependant = familyLink === "spouse" || familyLink === "partner" || familyLink === "child";
      return dependant && (today === undefined || today <= priority)
        ? dated(priority, CAPITAL_DECES.priorityClaimMonths, "months")
        : dated(addYears(deathDate, CAPITAL_DECES.claimYears), CAPITAL_DECES.claimYears, "years");
    }
    case "pension_reversion":
      return dated(addMonths(deathDate, PENSION_REVERSION_ARREARS_MONTHS), PENSION_REVERSION_ARREARS_MONTHS, "months");
    case "vehicle_registration":
      return dated(addMonths(deathDate, VEHICLE_SALE_WITHOUT_REGISTRATION_MONTHS), VEHICLE_SALE_WITHOUT_REGISTRATION_MONTHS, "months");
    case "income_tax":
      return { kind: "next_tax_return", year: Number(deathDate.slice(0, 4)) + 1 };
    case "succession_declaration":
      return dated(addMonths(deathDate, SUCCESSION_DECLARATION_MONTHS), SUCCESSION_DECLARATION_MONTHS, "months");
    default:
      return { kind: "asap" };
  }
}

/** The item's status from its formalities (the most advanced wins) and its date. */
export function itemStatus(timing: ChecklistTiming, states: readonly FormalityState[], today: string): ChecklistStatus {
  if (states.some((s) => s === "answered" || s === "closed")) return "done";
  if (states.includes("sent")) return "in_progress";
  if (timing.kind === "date" && timing.due < today) return "overdue";
  return "to_do";
}

/** The checklist of a procedure: the rules that apply, each with its due date and status, in order. */
export function buildChecklist(input: ChecklistInput): ChecklistItem[] {
  return CHECKLIST_RULE_IDS.filter((id) => ruleApplies(id, input)).map((id) => {
    const rule = CHECKLIST_RULES[id];
    const matching = input.formalities.filter((f) => rule.matchers.some((m) => formalityMatches(m, f)));
    const timing = ruleTiming(id, input.deathDate, input.familyLink, input.today);
    return {
      id,
      timing,
      status: input.doneItems?.includes(id)
        ? "done"
        : itemStatus(
            timing,
            matching.map((f) => f.state),
            input.today,
          ),
      formalityIds: matching.map((f) => f.id),
      legalReference: rule.legalReference,
      sourceUrl: rule.sourceUrl,
      checkedOn: rule.checkedOn,
    };
  });
}

/** The first item still to do with a date, for the dashboard's "due next". */
export function nextDueItem(items: readonly ChecklistItem[]): ChecklistItem | null {
  const open = items.filter((i) => (i.status === "to_do" || i.status === "overdue") && i.timing.kind === "date");
  open.sort((a, b) => (a.timing as { due: string }).due.localeCompare((b.timing as { due: string }).due));
  return open[0] ?? null;
}
