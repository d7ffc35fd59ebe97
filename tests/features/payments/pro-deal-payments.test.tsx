// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createTranslator } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesAr from "@messages/ar.json";
import messagesFr from "@messages/fr.json";
import { ROLES, type Role } from "@/domain/roles";
import type { PaymentPageData } from "@/server/services/payments/payment-page";

/**
 * The funeral home's page of a deal's payments, role by role (the API's matrix: roles 0-2
 * read, 0-1 refund, 3-4 get 403), and the family's /paiement in Arabic: Latin digits.
 */

const messages = { fr: messagesFr, ar: messagesAr } as const;
/**
 * Recent ICU data (CLDR 42+) writes plain "ar" with Latin digits by default, older data and
 * some browsers with Arabic-Indic ones; "ar-EG" still defaults to Arabic-Indic digits
 * everywhere, so the Arabic cases render with it to prove the pages ask for Latin digits.
 */
const ARABIC = "ar-EG";
let locale = "fr";
vi.mock("next-intl/server", () => ({
  getTranslations: async (options: string | { namespace: string }) =>
    createTranslator({ locale, messages: messages[locale.startsWith("ar") ? "ar" : "fr"], namespace: (typeof options === "string" ? options : options.namespace) as never }),
}));
const dealBalance = vi.fn();
vi.mock("@/server/services/payments/deal-payments", () => ({ dealBalance: (...args: unknown[]) => dealBalance(...args) }));
vi.mock("@/server/db/client", () => ({ getDb: async () => ({}) }));

const { ProDealPayments } = await import("@/features/payments/pro-deal-payments");
const { PaymentOverview } = await import("@/features/payments/payment-overview");

const payment = (id: number, status: string, captured: number, refunded = 0) => ({
  id,
  deal_id: 7,
  provider: "worldline",
  method: "card",
  status,
  amount_cents: 123_456,
  captured_cents: captured,
  refunded_cents: refunded,
  currency: "EUR",
  plan: null,
  payer: { id: 3, firstname: "Lucie", lastname: "Bernard" },
  created_at: "2026-03-12T09:00:00.000Z",
  paid_at: captured > 0 ? "2026-03-12T09:05:00.000Z" : null,
});
const BALANCE = {
  deal_id: 7,
  due_cents: 500_000,
  captured_cents: 246_912,
  refunded_cents: 10_000,
  paid_cents: 236_912,
  pending_cents: 0,
  remaining_cents: 263_088,
  payers: [{ client_id: 3, firstname: "Lucie", lastname: "Bernard", paid_cents: 236_912, pending_cents: 0 }],
  payments: [payment(41, "captured", 123_456), payment(42, "partially_refunded", 123_456, 10_000), payment(43, "failed", 0)],
  shares: [{ client_id: 3, firstname: "Lucie", lastname: "Bernard", amount_cents: 263_088, share: 1, paid_cents: 0, pending_cents: 0, remaining_cents: 263_088 }],
};

async function renderPro(role: Role, dealId = "7") {
  render(await ProDealPayments({ dealId, role, locale }));
}

beforeEach(() => {
  locale = "fr";
  dealBalance.mockReset();
  dealBalance.mockResolvedValue({ data: BALANCE });
});
afterEach(cleanup);

describe("/pro/paiements/{deal} by role", () => {
  const P = messagesFr.ProPayments;
  for (const [name, role] of [["admin", ROLES.ADMIN], ["funeral director", ROLES.FUNERAL_DIRECTOR]] as const) {
    it(`shows the ${name} the balance and a refund form under each payment that still holds money`, async () => {
      await renderPro(role);
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("7");
      expect(screen.getByTestId("pro-total-remaining")).toHaveTextContent("2 630,88 €");
      expect(within(screen.getByTestId("pro-payment-41")).getByRole("button", { name: P.refund.review })).toBeInTheDocument();
      expect(within(screen.getByTestId("pro-payment-42")).getByRole("button", { name: P.refund.review })).toBeInTheDocument();
      // A failed payment holds nothing to refund.
      expect(within(screen.getByTestId("pro-payment-43")).queryByRole("button")).toBeNull();
      expect(screen.queryByText(P.forbidden)).toBeNull();
    });
  }

  it("lets an advisor read the deal's payments, without any refund form", async () => {
    await renderPro(ROLES.FUNERAL_ADVISOR);
    expect(screen.getByTestId("pro-total-paid")).toHaveTextContent("2 369,12 €");
    expect(screen.getByTestId("pro-payment-41")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: P.refund.review })).toBeNull();
    expect(screen.queryByLabelText(P.refund.amount)).toBeNull();
  });

  for (const [name, role] of [["analytics guest", ROLES.ANALYTICS_GUEST], ["pro", ROLES.PRO]] as const) {
    it(`refuses the ${name} as the API does (403), without reading the deal at all`, async () => {
      await renderPro(role);
      expect(screen.getByText(P.forbidden)).toBeInTheDocument();
      expect(dealBalance).not.toHaveBeenCalled();
      expect(screen.queryByTestId("pro-payment-totals")).toBeNull();
      expect(screen.queryByText(/€/)).toBeNull();
    });
  }

  it("says so when the deal does not exist, and never asks for a malformed number", async () => {
    await renderPro(ROLES.FUNERAL_DIRECTOR, "12abc");
    expect(screen.getByText(P.notFound)).toBeInTheDocument();
    expect(dealBalance).not.toHaveBeenCalled();
  });

  it("keeps Latin digits in Arabic", async () => {
    locale = ARABIC;
    await renderPro(ROLES.FUNERAL_DIRECTOR);
    expect(screen.getByTestId("pro-total-remaining")).toHaveTextContent("2,630.88");
    expect(document.body.textContent).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });
});

describe("/paiement in Arabic", () => {
  const data: PaymentPageData = {
    dealId: 7,
    balance: BALANCE as unknown as PaymentPageData["balance"],
    methods: ["card", "instalments", "bank_transfer"],
    hasCountry: true,
    payerId: 3,
    countries: [],
    plans: [{ installments: 3, deferredDays: 0, eligible: true, totalFeeCents: 0, schedule: [{ dueDate: "2026-03-12", amountCents: 87_696, feeCents: 0 }, { dueDate: "2026-04-12", amountCents: 87_696, feeCents: 0 }, { dueDate: "2026-05-12", amountCents: 87_696, feeCents: 0 }] }],
    sandbox: true,
    payableCents: 263_088,
    payableScope: "part",
    forEveryone: false,
    myPart: BALANCE.shares[0]!,
    isOwner: true,
    members: [{ client_id: 3, name: "Lucie Bernard" }, { client_id: 4, name: "Paul Bernard" }],
  };

  it("writes every amount, date and number with Latin digits, isolated from the right-to-left text", async () => {
    locale = ARABIC;
    expect(new Intl.NumberFormat(ARABIC).format(12)).toBe("١٢");
    render(await PaymentOverview({ data, locale: ARABIC }));
    const text = document.body.textContent ?? "";
    expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    expect(text).toContain("\u2068\u200f5,000.00\u00a0€\u2069");
    expect(screen.getByTestId("my-part")).toHaveTextContent("2,630.88");
    // The instalment schedule's dates and the deal's number.
    expect(text).toMatch(/12 مارس 2026/);
    expect(screen.getByRole("heading", { level: 2, name: /7/ })).toBeInTheDocument();
    // The owner may pay for the whole family instead of their part.
    expect(screen.getByRole("link", { name: new RegExp(messagesAr.Payments.split.payForEveryone.split(" (")[0]!) })).toHaveAttribute("href", "/paiement?deal=7&everyone=1");
  });
});
