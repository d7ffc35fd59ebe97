import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import { payableCents, type PayableScope } from "@/domain/payments/payment-split";
import { methodsFor, type InstalmentPlan, type PaymentMethod } from "@/domain/payments/payment-methods";
import type { PaymentView } from "@/domain/schemas/payment";
import type { CountryNames } from "@/domain/schemas/country";
import type { Db } from "@/server/db/client";
import { countries } from "@/server/db/schema/geo";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { payments } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";
import { paymentProviders } from "@/server/integrations/payments/providers";
import { dealBalance } from "@/server/services/payments/deal-payments";
import type { PaymentShareView } from "@/server/services/payments/share-views";
import { paymentViews } from "@/server/services/payments/payment-view";
import { applyProviderStatus } from "@/server/services/payments/record-notification";
import { personName } from "@/domain/person-name";

/** What /paiement shows a signed-in family member: the deal's balance, who paid, the ways open to them. */
export interface PaymentPageData {
  dealId: number;
  balance: Awaited<ReturnType<typeof dealBalance>>["data"];
  methods: PaymentMethod[];
  hasCountry: boolean;
  plans: InstalmentPlan[];
  sandbox: boolean;
  /** What this payer may pay now (payableCents in src/domain/payments/payment-split). */
  payableCents: number;
  /** Why that amount: the whole balance, the payer's part, or what no part reserves. */
  payableScope: PayableScope;
  /** The owner chose to pay what remains for the whole family. */
  forEveryone: boolean;
  /** This payer's part of the split, when the owner gave them one. */
  myPart: PaymentShareView | null;
  /** The deal's owner sets the split, between these holders. */
  isOwner: boolean;
  members: Array<{ client_id: number; name: string }>;
  /** The payer, who sets their country here when their account has none (a family fresh from a funnel). */
  payerId: number;
  /** Every country with its names, only while the payer has none to choose from. */
  countries: Array<{ code: string; names: CountryNames }>;
}

/** The deal in /paiement?deal=…: its id (client space) or its uuid (quote links); null when absent or malformed. */
export function parseDealRef(value: string | undefined): number | string | null {
  if (!value) return null;
  if (/^[1-9][0-9]{0,14}$/.test(value)) return Number(value);
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value.toLowerCase() : null;
}

/** The deal asked for (or the client's latest deal with a quote), when they hold it; null otherwise. */
export async function paymentPageData(db: Db, clientId: number, dealRef: number | string | null, today: string, forEveryoneAsked = false): Promise<PaymentPageData | null> {
  const [held] = await db
    .select({ id: deals.id, role: dealAbilities.role })
    .from(dealAbilities)
    .innerJoin(deals, eq(deals.id, dealAbilities.dealId))
    .where(and(eq(dealAbilities.clientId, clientId), isNotNull(deals.totalCents), dealRef === null ? undefined : typeof dealRef === "number" ? eq(deals.id, dealRef) : eq(deals.uuid, dealRef)))
    .orderBy(desc(deals.createdAt))
    .limit(1);
  if (!held) return null;
  const balance = (await dealBalance(db, held.id)).data;
  const [client] = await db.select({ countryCode: clients.countryCode }).from(clients).where(eq(clients.id, clientId));
  const methods = methodsFor(client?.countryCode);
  const providers = paymentProviders(db);
  const myPart = balance.shares.find((s) => s.client_id === clientId) ?? null;
  const isOwner = held.role === "owner";
  const forEveryone = forEveryoneAsked && isOwner && balance.shares.length > 0;
  const parts = balance.shares.map((s) => ({ clientId: s.client_id, remainingCents: s.remaining_cents }));
  const payable = payableCents({ balanceCents: balance.remaining_cents, parts, payerClientId: clientId, forEveryone, isOwner });
  let plans: InstalmentPlan[] = [];
  if (methods.includes("instalments") && payable.cents > 0) {
    plans = await providers.alma.eligiblePlans(payable.cents, today).catch(() => []);
  }
  const members = isOwner
    ? (
        await db
          .select({ client_id: clients.id, firstname: clients.firstname, lastname: clients.lastname, email: clients.email })
          .from(dealAbilities)
          .innerJoin(clients, eq(clients.id, dealAbilities.clientId))
          .where(eq(dealAbilities.dealId, held.id))
          .orderBy(asc(dealAbilities.id))
      ).map((m) => ({ client_id: m.client_id, name: personName(m) || m.email || String(m.client_id) }))
    : [];
  const sandbox = providers.worldline.mode === "sandbox" || providers.alma.mode === "sandbox" || providers.fintecture.mode === "sandbox";
  const countryList = methods.length > 0 ? [] : await db.select({ code: countries.code, names: countries.names }).from(countries);
  return { payerId: clientId, countries: countryList, dealId: held.id, balance, methods, hasCountry: methods.length > 0, plans: plans.filter((p) => p.eligible), sandbox, payableCents: payable.cents, payableScope: payable.scope, forEveryone, myPart, isOwner, members };
}

/**
 * A payment for its confirmation page: only a holder of its deal sees it. One still open
 * is first asked about at the provider (as a late callback would be), so the page tells
 * the outcome even when the provider's notification has not arrived yet.
 */
export async function paymentForHolder(db: Db, clientId: number, paymentId: number, now = new Date()): Promise<PaymentView | null> {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(dealAbilities, and(eq(dealAbilities.dealId, payments.dealId), eq(dealAbilities.clientId, clientId)))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row) return null;
  let payment = row.payment;
  if ((payment.status === "created" || payment.status === "pending") && payment.externalId) {
    try {
      const status = await paymentProviders(db)[payment.provider].fetchStatus(payment.externalId);
      payment = await applyProviderStatus(db, payment.id, payment.provider, payment.externalId, status, "reconcile", now);
    } catch {
      // The provider is unreachable: the page shows what we know; reconciliation asks again.
    }
  }
  return (await paymentViews(db, [payment]))[0] ?? null;
}
