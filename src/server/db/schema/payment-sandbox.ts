import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "@/server/db/schema/columns";

/**
 * The embedded payment sandbox's own records: what a provider would hold on its side
 * (a hosted checkout, an Alma payment, a Fintecture session). Kept apart from the
 * product's payments on purpose: the product reads them only through the sandbox's
 * provider interface, as it would read a real provider's API.
 */
export const paymentSandboxCheckouts = pgTable(
  "payment_sandbox_checkouts",
  {
    /** The provider-side id (hc_…, pay_…, ses_…): random, unguessable. */
    id: text().primaryKey(),
    provider: text().notNull(),
    merchantReference: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    /** created, pending, captured, failed, cancelled */
    status: text().notNull().default("created"),
    refundedCents: integer().notNull().default(0),
    plan: text(),
    /** For Fintecture: the bank the payer chose. */
    bank: text(),
    returnUrl: text().notNull(),
    notifyUrl: text().notNull(),
    ...timestamps,
  },
  (t) => [index("payment_sandbox_checkouts_reference_idx").on(t.provider, t.merchantReference)],
);
