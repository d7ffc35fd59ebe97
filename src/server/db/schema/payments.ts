import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PAYMENT_STATES } from "@/domain/payments/payment-machine";
import { PAYMENT_PROVIDER_NAMES } from "@/domain/payments/payment-methods";
import { id, timestamps } from "@/server/db/schema/columns";
import { deals } from "@/server/db/schema/deals";
import { businessUsers, clients } from "@/server/db/schema/users";

/**
 * Payments of deals (issue 12). A payment is one checkout at one provider; its state
 * follows src/domain/payments/payment-machine.ts, and every notification that moved it
 * (or was refused) is a row of payment_events, unique per provider event id, which is
 * what makes a replayed callback change nothing. No card data is ever stored: the
 * providers' hosted pages take it.
 */

export const paymentProvider = pgEnum("payment_provider", PAYMENT_PROVIDER_NAMES);
export const paymentStatus = pgEnum("payment_status", PAYMENT_STATES);

export const payments = pgTable(
  "payments",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "restrict" }),
    /** The family member paying (a holder of the deal). */
    payerClientId: integer().references(() => clients.id, { onDelete: "set null" }),
    provider: paymentProvider().notNull(),
    status: paymentStatus().notNull().default("created"),
    amountCents: integer().notNull(),
    capturedCents: integer().notNull().default(0),
    refundedCents: integer().notNull().default(0),
    currency: text().notNull().default("EUR"),
    /** Identifier at the provider (hosted checkout id, Alma payment id, Fintecture session id). */
    externalId: text(),
    /** Instalment plan key (p2x, p3x, p4x, d30) for Alma. */
    plan: text(),
    /** The payer's country at checkout (SPEC §5, §9). */
    countryCode: text(),
    /** The provider's page the payer was sent to. */
    redirectUrl: text(),
    failureCode: text(),
    paidAt: timestamp({ withTimezone: true, mode: "date" }),
    /** Last time the provider was asked for this payment's status (reconciliation). */
    checkedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    index("payments_deal_idx").on(t.dealId),
    index("payments_open_idx").on(t.status, t.createdAt),
    uniqueIndex("payments_external_idx").on(t.provider, t.externalId).where(sql`${t.externalId} IS NOT NULL`),
    check(
      "payments_amount_check",
      sql`${t.amountCents} > 0 AND (${t.capturedCents} = 0 OR ${t.capturedCents} = ${t.amountCents}) AND ${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.capturedCents}`,
    ),
  ],
);

/** Every notification (and refund) a payment received, applied or not. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: id(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    provider: paymentProvider().notNull(),
    /** The provider's id of the event (or ours for a refund), unique per provider. */
    providerEventId: text().notNull(),
    kind: text().notNull(),
    amountCents: integer(),
    /** applied, ignored (late), refused (amount mismatch...) */
    outcome: text().notNull(),
    reason: text(),
    /** callback, webhook, reconcile, refund */
    source: text().notNull(),
    /** For a refund: who asked for it. */
    requestedById: integer().references(() => businessUsers.id, { onDelete: "set null" }),
    /** The provider's status fields only, never card data. */
    details: jsonb().$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [uniqueIndex("payment_events_provider_event_idx").on(t.provider, t.providerEventId), index("payment_events_payment_idx").on(t.paymentId)],
);

/**
 * The family split of a deal: the part of the balance each relative (a holder of the
 * deal) pays, set by the deal's owner. Replaced as a whole on each change; `share` is the
 * weight when the owner split by shares, null when they typed amounts.
 */
export const paymentShares = pgTable(
  "payment_shares",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    payerClientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    share: integer(),
    createdById: integer().references(() => clients.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payment_shares_deal_payer_idx").on(t.dealId, t.payerClientId),
    check("payment_shares_amount_check", sql`${t.amountCents} >= 0 AND (${t.share} IS NULL OR ${t.share} > 0)`),
  ],
);
