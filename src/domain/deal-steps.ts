/** Steps of a deal (SPEC §3 "Deal step types"). */

/** Every step type a deal may hold. */
export const DEAL_STEP_TYPES = [
  "casketing",
  "ceremony",
  "closing",
  "cremation",
  "death",
  "delivery",
  "deposit",
  "dispersion",
  "interment",
  "repatriation",
  "transport",
  "urn_pickup",
  "urn_sealing",
] as const;
export type DealStepType = (typeof DEAL_STEP_TYPES)[number];

/** The step types partners (funeral parlours, crematoriums...) deal with. */
export const PARTNER_DEAL_STEP_TYPES = [
  "death",
  "closing",
  "casketing",
  "cremation",
  "interment",
  "repatriation",
  "ceremony",
  "urn_pickup",
  "transport",
] as const satisfies readonly DealStepType[];
export type PartnerDealStepType = (typeof PARTNER_DEAL_STEP_TYPES)[number];

/** Transport is arranged by the operator itself, so it is never sent to partners. */
export const PARTNER_SENT_DEAL_STEP_TYPES = PARTNER_DEAL_STEP_TYPES.filter(
  (type): type is Exclude<PartnerDealStepType, "transport"> => type !== "transport",
);

export const UNKNOWN_DEAL_STEP_TYPE = "deal_step__step_type__unknown";

export class UnknownDealStepTypeError extends Error {
  readonly code = UNKNOWN_DEAL_STEP_TYPE;
  constructor(readonly value: unknown) {
    super(`Unknown deal step type: ${JSON.stringify(value)}`);
    this.name = "UnknownDealStepTypeError";
  }
}

export function isDealStepType(value: unknown): value is DealStepType {
  return typeof value === "string" && (DEAL_STEP_TYPES as readonly string[]).includes(value);
}

/** The step type itself, or an error: an unknown type must never be stored or shown silently. */
export function assertDealStepType(value: unknown): DealStepType {
  if (!isDealStepType(value)) throw new UnknownDealStepTypeError(value);
  return value;
}

export function isPartnerDealStepType(value: unknown): value is PartnerDealStepType {
  return typeof value === "string" && (PARTNER_DEAL_STEP_TYPES as readonly string[]).includes(value);
}

/** Whether a step of this type is sent to the partner concerned (throws on an unknown type). */
export function isSentToPartner(value: unknown): boolean {
  const type = assertDealStepType(value);
  return type !== "transport" && isPartnerDealStepType(type);
}
