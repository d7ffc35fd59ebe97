import type { InstalmentPlan, InstalmentPlanQuery, PaymentProviderName } from "@/domain/payments/payment-methods";

/**
 * What the product asks of a payment provider. Each kind (card: Worldline hosted
 * checkout; instalments: Alma; bank transfer: Fintecture) has one interface and two
 * implementations: the provider's real API when its keys are configured, and the
 * embedded sandbox (./sandbox) otherwise. The product never sees card or bank data:
 * it sends the payer to the provider's hosted page and learns the outcome by asking
 * the provider server to server (fetchStatus), never from the browser's redirect.
 */

/** What the provider says of a payment. */
export type ProviderOutcome = "created" | "pending" | "captured" | "failed" | "cancelled";

export interface ProviderPaymentStatus {
  outcome: ProviderOutcome;
  /** Amount the provider captured, in cents (when captured). */
  amountCents: number | null;
  /** The provider's own status words, kept with the event (never card data). */
  details: Record<string, string | number | boolean | null>;
}

export interface CheckoutRequest {
  /** Our payment id, sent as the merchant reference. */
  paymentId: number;
  amountCents: number;
  currency: "EUR";
  /** Where the provider sends the payer back (our GET callback). */
  returnUrl: string;
  /** Where the provider notifies us server to server (our webhook). */
  notifyUrl: string;
  locale: string;
  payer: { email: string | null; firstname: string | null; lastname: string | null; countryCode: string };
}

export interface Checkout {
  externalId: string;
  /** The provider's hosted page. */
  redirectUrl: string;
}

/** What a callback or webhook brought: its query, raw body and headers, for the provider to verify. */
export interface CallbackEnvelope {
  externalId: string;
  query: Record<string, string>;
  rawBody: string;
  headers: Record<string, string>;
}

interface HostedPaymentProvider {
  readonly name: PaymentProviderName;
  /** "live": the provider's API; "sandbox": the embedded stand-in. */
  readonly mode: "live" | "sandbox";
  fetchStatus(externalId: string): Promise<ProviderPaymentStatus>;
  /**
   * Whether a callback comes from the provider: its signature when the provider signs
   * (sandbox, Alma's X-Alma-Signature, Worldline's webhook keys). Even a verified callback
   * only tells us to ask fetchStatus.
   */
  verifyCallback(envelope: CallbackEnvelope): Promise<boolean>;
  /** Gives back part or all of a captured payment; `refundKey` makes a retry idempotent. */
  refund(externalId: string, amountCents: number, refundKey: string): Promise<{ refundId: string }>;
}

export interface CardProvider extends HostedPaymentProvider {
  readonly name: "worldline";
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
}

export interface InstalmentProvider extends HostedPaymentProvider {
  readonly name: "alma";
  createCheckout(request: CheckoutRequest & { plan: InstalmentPlanQuery }): Promise<Checkout>;
  eligiblePlans(amountCents: number, today: string): Promise<InstalmentPlan[]>;
}

export interface BankTransferProvider extends HostedPaymentProvider {
  readonly name: "fintecture";
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
}

export interface PaymentProviders {
  worldline: CardProvider;
  alma: InstalmentProvider;
  fintecture: BankTransferProvider;
}

/** A provider's API answered something we cannot use; the caller answers 502-like failures. */
export class ProviderError extends Error {
  constructor(
    readonly provider: PaymentProviderName,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = "ProviderError";
  }
}
