import { z } from "zod";

/**
 * A family shares the cost: the deal's owner splits the balance between relatives who
 * hold the deal, either by amounts (integer cents that must add up to the balance) or by
 * shares (weights turned into cents). Money never appears or vanishes: the parts always
 * add up to the balance exactly.
 */

export const SPLIT_MODES = ["amounts", "shares"] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];
export const MAX_PAYERS = 20;
/** A weight is a small whole number (1 to 100: "one part each", "two parts for the eldest"). */
export const MAX_WEIGHT = 100;

export const SPLIT_ERRORS = {
  payersEmpty: "payment_shares__payers__empty",
  payersTooMany: "payment_shares__payers__too_many",
  payerDuplicated: "payment_shares__payer__duplicated",
  payerNotHolder: "payment_shares__payer__not_holder",
  amountInvalid: "payment_shares__amount__invalid",
  sumMismatch: "payment_shares__amounts__sum_mismatch",
  shareInvalid: "payment_shares__share__invalid",
  nothingDue: "payment_shares__balance__nothing_due",
} as const;

export const paymentSharesBodySchema = z
  .object({
    mode: z.enum(SPLIT_MODES, { error: "payment_shares__mode__invalid" }),
    payers: z
      .array(
        z.object({
          client_id: z.number({ error: "payment_shares__payer__invalid" }).int({ error: "payment_shares__payer__invalid" }).positive({ error: "payment_shares__payer__invalid" }),
          amount_cents: z.number({ error: SPLIT_ERRORS.amountInvalid }).int({ error: SPLIT_ERRORS.amountInvalid }).min(0, { error: SPLIT_ERRORS.amountInvalid }).max(100_000_000, { error: SPLIT_ERRORS.amountInvalid }).optional(),
          share: z.number({ error: SPLIT_ERRORS.shareInvalid }).int({ error: SPLIT_ERRORS.shareInvalid }).min(1, { error: SPLIT_ERRORS.shareInvalid }).max(MAX_WEIGHT, { error: SPLIT_ERRORS.shareInvalid }).optional(),
        }),
        { error: "payment_shares__payers__invalid" },
      )
      .max(MAX_PAYERS, { error: SPLIT_ERRORS.payersTooMany }),
  })
  .meta({ id: "PaymentSharesUpdate", description: "An empty list removes the split." });
export type PaymentSharesBody = z.infer<typeof paymentSharesBodySchema>;

export interface SplitPart {
  clientId: number;
  amountCents: number;
  share: number | null;
}

/**
 * Weights to cents by largest remainder: each payer gets the floor of their exact part,
 * then the cents left over (fewer than the number of payers) go one each to the largest
 * fractional parts, ties to the payer listed first. The parts add up to the balance.
 */
export function splitByShares(balanceCents: number, weights: number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (weights.length === 0 || total <= 0) return weights.map(() => 0);
  const base = weights.map((w) => Math.floor((balanceCents * w) / total));
  // Remainders in integers (balance × weight mod total) avoid any floating-point tie.
  const rest = weights.map((w, index) => ({ index, remainder: (balanceCents * w) % total }));
  let left = balanceCents - base.reduce((sum, cents) => sum + cents, 0);
  rest.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of rest) {
    if (left <= 0) break;
    base[index]! += 1;
    left -= 1;
  }
  return base;
}

/** The parts of a split, or the error codes that refuse it. `holders`: the deal's family members. */
export function planSplit(balanceCents: number, body: PaymentSharesBody, holders: ReadonlySet<number>): { ok: true; parts: SplitPart[] } | { ok: false; codes: string[] } {
  const codes = new Set<string>();
  if (body.payers.length === 0) return { ok: true, parts: [] };
  if (balanceCents <= 0) return { ok: false, codes: [SPLIT_ERRORS.nothingDue] };
  const seen = new Set<number>();
  for (const payer of body.payers) {
    if (seen.has(payer.client_id)) codes.add(SPLIT_ERRORS.payerDuplicated);
    seen.add(payer.client_id);
    if (!holders.has(payer.client_id)) codes.add(SPLIT_ERRORS.payerNotHolder);
    if (body.mode === "amounts" && payer.amount_cents === undefined) codes.add(SPLIT_ERRORS.amountInvalid);
    if (body.mode === "shares" && payer.share === undefined) codes.add(SPLIT_ERRORS.shareInvalid);
  }
  if (codes.size > 0) return { ok: false, codes: [...codes] };
  if (body.mode === "amounts") {
    const sum = body.payers.reduce((total, p) => total + p.amount_cents!, 0);
    if (sum !== balanceCents) return { ok: false, codes: [SPLIT_ERRORS.sumMismatch] };
    return { ok: true, parts: body.payers.map((p) => ({ clientId: p.client_id, amountCents: p.amount_cents!, share: null })) };
  }
  const amounts = splitByShares(balanceCents, body.payers.map((p) => p.share!));
  return { ok: true, parts: body.payers.map((p, index) => ({ clientId: p.client_id, amountCents: amounts[index]!, share: p.share! })) };
}

/** What is left of a part once the payer's own payments since the split are counted. */
export function partRemaining(amountCents: number, paidCents: number, pendingCents: number): number {
  return Math.max(0, amountCents - paidCents - pendingCents);
}

/** The code a checkout gets when it asks more than the payer's part of the split allows. */
export const ABOVE_PART_ERROR = "payment__amount__above_part";

export interface PayableContext {
  /** What the deal still asks: its total minus what was paid and what is pending. */
  balanceCents: number;
  /** What is left of each part of the split (an empty list: no split). */
  parts: ReadonlyArray<{ clientId: number; remainingCents: number }>;
  payerClientId: number;
  /** The deal's owner chose to pay for everyone (ignored for anyone else). */
  forEveryone: boolean;
  isOwner: boolean;
}

export type PayableScope = "balance" | "part" | "unreserved";

/**
 * How much one payer may pay now, the one rule the checkout enforces and /paiement offers:
 * - no split, or the owner paying for everyone: what the deal still asks;
 * - a payer with a part: what is left of it, never above what the deal still asks;
 * - anyone else: what the deal asks beyond the other payers' remaining parts, so that
 *   every payer can always pay what is left of their own part.
 */
export function payableCents(context: PayableContext): { cents: number; scope: PayableScope } {
  const balance = Math.max(0, context.balanceCents);
  if (context.parts.length === 0) return { cents: balance, scope: "balance" };
  if (context.forEveryone && context.isOwner) return { cents: balance, scope: "balance" };
  const mine = context.parts.find((p) => p.clientId === context.payerClientId);
  if (mine) return { cents: Math.min(Math.max(0, mine.remainingCents), balance), scope: "part" };
  const reserved = context.parts.reduce((sum, p) => sum + Math.max(0, p.remainingCents), 0);
  return { cents: Math.max(0, balance - reserved), scope: "unreserved" };
}
