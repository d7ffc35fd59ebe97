import { z } from "zod";
import { PAYMENT_STATES } from "@/domain/payments/payment-machine";
import { PAYMENT_METHODS, PAYMENT_PROVIDER_NAMES } from "@/domain/payments/payment-methods";

/** Payments API (issue 12): request bodies and answers, shared by the routes, the pages and /api/docs. */

const amountCents = (code: string) =>
  z
    .number({ error: code })
    .int({ error: code })
    .positive({ error: code })
    .max(100_000_000, { error: code })
    .meta({ description: "Amount in euro cents", example: 129000 });

const dealId = z.number({ error: "payment__deal_id__invalid" }).int({ error: "payment__deal_id__invalid" }).positive({ error: "payment__deal_id__invalid" });

export const checkoutBodySchema = z.strictObject({
  deal_id: dealId.meta({ description: "The deal to pay" }),
  amount: amountCents("payment__amount__invalid").optional().meta({ description: "Cents to pay now; by default what this payer may pay (their part of the family split, or what remains due)" }),
  for_everyone: z.boolean({ error: "payment__for_everyone__invalid" }).optional().meta({ description: "The deal's owner pays what remains for the whole family, beyond their own part of the split (ignored for other payers)" }),
});

export const almaCheckoutBodySchema = checkoutBodySchema.extend({
  plan: z.enum(["p2x", "p3x", "p4x", "d30"], { error: "payment__plan__invalid" }).meta({ description: "2, 3 or 4 monthly instalments, or one payment in 30 days" }),
});

export const refundBodySchema = z.strictObject({ amount: amountCents("refund__amount__invalid") });

export const eligiblePlansQuerySchema = z.object({
  amount: z.coerce.number({ error: "amount__invalid" }).int({ error: "amount__invalid" }).positive({ error: "amount__invalid" }).max(100_000_000, { error: "amount__invalid" }),
});

export const paymentViewSchema = z
  .object({
    id: z.number().int(),
    deal_id: z.number().int(),
    provider: z.enum(PAYMENT_PROVIDER_NAMES),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATES),
    amount_cents: z.number().int(),
    captured_cents: z.number().int(),
    refunded_cents: z.number().int(),
    currency: z.literal("EUR"),
    plan: z.string().nullable(),
    payer: z.object({ id: z.number().int(), firstname: z.string().nullable(), lastname: z.string().nullable() }).nullable(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
  })
  .meta({ id: "Payment" });
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const checkoutViewSchema = z.object({
  data: paymentViewSchema,
  redirect_url: z.string().meta({ description: "The provider's hosted page to send the payer to" }),
  external_id: z.string().meta({ description: "hosted_checkout_id, pid or session_id at the provider" }),
  sandbox: z.boolean().meta({ description: "Whether the embedded sandbox stands in for the provider" }),
});

export const paymentShareViewSchema = z.object({
  client_id: z.number().int(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  amount_cents: z.number().int().meta({ description: "This relative's part of the balance at the time of the split" }),
  share: z.number().int().nullable().meta({ description: "The weight when split by shares; null when split by amounts" }),
  paid_cents: z.number().int().meta({ description: "Paid by this relative since the split (captured minus refunded)" }),
  pending_cents: z.number().int(),
  remaining_cents: z.number().int(),
});

export const dealPaymentsViewSchema = z.object({
  data: z.object({
    deal_id: z.number().int(),
    due_cents: z.number().int(),
    captured_cents: z.number().int(),
    refunded_cents: z.number().int(),
    paid_cents: z.number().int().meta({ description: "Captured minus refunded" }),
    pending_cents: z.number().int(),
    remaining_cents: z.number().int(),
    payers: z.array(
      z.object({ client_id: z.number().int().nullable(), firstname: z.string().nullable(), lastname: z.string().nullable(), paid_cents: z.number().int(), pending_cents: z.number().int() }),
    ),
    payments: z.array(paymentViewSchema),
    shares: z.array(paymentShareViewSchema).meta({ description: "The family split set by the deal's owner (empty when none), with who has paid their part" }),
  }),
});

export const instalmentPlanViewSchema = z.object({
  plan: z.string(),
  installments: z.number().int(),
  deferred_days: z.number().int(),
  eligible: z.boolean(),
  total_fee_cents: z.number().int(),
  schedule: z.array(z.object({ due_date: z.string(), amount_cents: z.number().int(), fee_cents: z.number().int() })),
});
