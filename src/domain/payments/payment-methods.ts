import { isCardPaymentCountry } from "../constants";

/**
 * Which ways to pay a payer is offered, and the instalment plans of an amount.
 * SPEC §9: card only for the listed countries; SPEC §5: a country must have a code for
 * payments (a payer without one cannot be offered the card, or anything: 422).
 */

export const PAYMENT_METHODS = ["card", "instalments", "bank_transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The provider behind each method; its name is the one in the API paths. */
export const PROVIDER_OF_METHOD = { card: "worldline", instalments: "alma", bank_transfer: "fintecture" } as const satisfies Record<PaymentMethod, string>;
export type PaymentProviderName = (typeof PROVIDER_OF_METHOD)[PaymentMethod];
export const PAYMENT_PROVIDER_NAMES = ["worldline", "alma", "fintecture"] as const satisfies readonly PaymentProviderName[];

export type CountryRefusal = "payer__country_code__blank" | "payer__country_code__invalid" | "payment__card__country_not_allowed";

/** A lower-case ISO 3166-1 alpha-2 code, or null when the value is none. */
export function normalizeCountryCode(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toLowerCase();
  return /^[a-z]{2}$/.test(code) ? code : null;
}

/** Why this payer's country refuses the method, or null when it may use it. */
export function countryRefusal(method: PaymentMethod, countryCode: string | null | undefined): CountryRefusal | null {
  if (typeof countryCode !== "string" || countryCode.trim() === "") return "payer__country_code__blank";
  const code = normalizeCountryCode(countryCode);
  if (!code) return "payer__country_code__invalid";
  if (method === "card" && !isCardPaymentCountry(code)) return "payment__card__country_not_allowed";
  return null;
}

/** The methods open to a payer of that country (empty without a valid code). */
export function methodsFor(countryCode: string | null | undefined): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => countryRefusal(method, countryCode) === null);
}

/** An instalment plan: n monthly instalments, or one payment deferred by some days. */
export interface InstalmentPlanQuery {
  installments: number;
  deferredDays: number;
}

/** Plans the product asks about: 2x, 3x, 4x and pay in 30 days. */
export const INSTALMENT_PLANS: readonly InstalmentPlanQuery[] = [
  { installments: 2, deferredDays: 0 },
  { installments: 3, deferredDays: 0 },
  { installments: 4, deferredDays: 0 },
  { installments: 1, deferredDays: 30 },
];

/**
 * Amount limits of the embedded sandbox's plans, in cents (50 € to 10 000 €, which covers
 * a funeral quote); with real Alma keys the eligibility comes from Alma itself, as the
 * merchant's contract sets it.
 */
export const INSTALMENT_MIN_CENTS = 5_000;
export const INSTALMENT_MAX_CENTS = 1_000_000;

export interface Instalment {
  dueDate: string;
  amountCents: number;
  feeCents: number;
}

export interface InstalmentPlan extends InstalmentPlanQuery {
  eligible: boolean;
  /** Present when eligible: what is taken when, fees shown per instalment. */
  schedule: Instalment[];
  totalFeeCents: number;
}

export function planKey(plan: InstalmentPlanQuery): string {
  return plan.deferredDays > 0 ? `d${plan.deferredDays}` : `p${plan.installments}x`;
}

export function parsePlanKey(key: string): InstalmentPlanQuery | null {
  return INSTALMENT_PLANS.find((plan) => planKey(plan) === key) ?? null;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The schedule of a plan: equal monthly parts, the cents that do not divide evenly on the
 * first one, so the parts always add up to the amount. `today` is a yyyy-mm-dd day.
 */
export function instalmentSchedule(amountCents: number, plan: InstalmentPlanQuery, today: string): Instalment[] {
  if (plan.deferredDays > 0) return [{ dueDate: addDays(today, plan.deferredDays), amountCents, feeCents: 0 }];
  const part = Math.floor(amountCents / plan.installments);
  const first = amountCents - part * (plan.installments - 1);
  return Array.from({ length: plan.installments }, (_, index) => ({ dueDate: addMonths(today, index), amountCents: index === 0 ? first : part, feeCents: 0 }));
}

/** The sandbox's answer to "which plans for this amount": every plan, eligible or not. */
export function sandboxEligiblePlans(amountCents: number, today: string): InstalmentPlan[] {
  return INSTALMENT_PLANS.map((plan) => {
    const eligible = Number.isSafeInteger(amountCents) && amountCents >= INSTALMENT_MIN_CENTS && amountCents <= INSTALMENT_MAX_CENTS;
    return { ...plan, eligible, schedule: eligible ? instalmentSchedule(amountCents, plan, today) : [], totalFeeCents: 0 };
  });
}
