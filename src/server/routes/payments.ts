import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { publicAccess, signedIn } from "@/domain/access";
import type { PaymentProviderName } from "@/domain/payments/payment-methods";
import { idSchema, localeSchema } from "@/domain/schemas/common";
import {
  almaCheckoutBodySchema,
  checkoutBodySchema,
  checkoutViewSchema,
  dealPaymentsViewSchema,
  eligiblePlansQuerySchema,
  instalmentPlanViewSchema,
  paymentShareViewSchema,
  paymentViewSchema,
  refundBodySchema,
} from "@/domain/schemas/payment";
import { paymentSharesBodySchema } from "@/domain/payments/payment-split";
import { planKey } from "@/domain/payments/payment-methods";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { requestLocale } from "@/server/http/locale";
import { paymentProviders } from "@/server/integrations/payments/providers";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { authNow } from "@/server/services/auth/clock";
import { dealPayments } from "@/server/services/payments/deal-payments";
import { PAYMENT_READER_ROLES, REFUND_ROLES } from "@/server/services/payments/payment-access";
import { paymentViews, type PaymentRow } from "@/server/services/payments/payment-view";
import { recordNotification, type NotificationSource } from "@/server/services/payments/record-notification";
import { paymentReceipt } from "@/server/services/payments/payment-receipt";
import { refundPayment } from "@/server/services/payments/refund-payment";
import { setPaymentShares } from "@/server/services/payments/payment-shares";
import { startCheckout } from "@/server/services/payments/start-checkout";

/**
 * Payments (issue 12). A family holder pays a deal through a provider's hosted page; the
 * providers come back through the callbacks, which are public (the provider and the
 * payer's browser call them) but verified: a signature when the provider signs, and in
 * every case the status fetched from the provider server to server.
 */
const PAYER = signedIn({ clients: true });
const PLANS_READER = signedIn({ clients: true, business: "any" });
const DEAL_PAYMENTS_READER = signedIn({ clients: true, business: PAYMENT_READER_ROLES });
// The owner is checked in the use case (other holders 403, anyone else 404).
const SHARE_SETTER = signedIn({ clients: true });
const REFUNDER = signedIn({ business: REFUND_ROLES });
const PROVIDER_CALLBACK = publicAccess("called by the provider or the payer's browser back from it; verified by signature, and the status is always fetched from the provider");

const NO_STORE = { "cache-control": "private, no-store" } as const;
const json = <T>(schema: T) => ({ content: { "application/json": { schema } }, required: true });
const callbackAnswer = jsonResponse(z.object({ data: paymentViewSchema }), "The payment as it stands after the provider's status was fetched (a browser asking for HTML is sent to the confirmation page instead)");
const checkoutResponses = {
  201: jsonResponse(checkoutViewSchema, "The payment, and the provider's hosted page to send the payer to"),
  401: errorResponses[401],
  404: errorResponses[404],
  422: errorResponses[422],
  503: jsonResponse(z.object({ error: z.string(), message: z.literal("payment__provider__unavailable") }), "The provider did not answer"),
};
const callbackErrors = { 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };

const worldlineRoute = createRoute({
  method: "post",
  path: "/api/v1/payments/worldline",
  tags: ["Payments"],
  summary: "Pay a deal by card (Worldline hosted checkout); only for payers whose country is in the card list (SPEC §9), 422 without a country code",
  middleware: [guard(PAYER)] as const,
  request: { body: json(checkoutBodySchema) },
  responses: checkoutResponses,
});
const almaRoute = createRoute({
  method: "post",
  path: "/api/v1/payments/alma",
  tags: ["Payments"],
  summary: "Pay a deal in instalments (Alma): 2x, 3x, 4x or in 30 days, when the amount is eligible",
  middleware: [guard(PAYER)] as const,
  request: { body: json(almaCheckoutBodySchema) },
  responses: checkoutResponses,
});
const fintectureRoute = createRoute({
  method: "post",
  path: "/api/v1/payments/fintecture",
  tags: ["Payments"],
  summary: "Pay a deal by bank transfer (Fintecture open banking)",
  middleware: [guard(PAYER)] as const,
  request: { body: json(checkoutBodySchema) },
  responses: checkoutResponses,
});

const worldlineReturnRoute = createRoute({
  method: "get",
  path: "/api/v1/payments/worldline/callback",
  tags: ["Payments"],
  summary: "The payer back from Worldline's hosted checkout",
  middleware: [guard(PROVIDER_CALLBACK)] as const,
  request: { query: z.object({ hosted_checkout_id: z.string().min(1).max(200), signature: z.string().max(200).optional(), RETURNMAC: z.string().max(200).optional() }) },
  responses: { 200: callbackAnswer, 303: { description: "To /paiement/confirmation/{id}" }, ...callbackErrors },
});
const worldlineWebhookRoute = createRoute({
  method: "post",
  path: "/api/v1/payments/worldline/callback",
  tags: ["Payments"],
  summary: "Worldline's webhook (hosted_checkout_id), signed",
  middleware: [guard(PROVIDER_CALLBACK)] as const,
  responses: { 200: callbackAnswer, ...callbackErrors },
});
const almaReturnRoute = createRoute({
  method: "get",
  path: "/api/v1/payments/alma/callback",
  tags: ["Payments"],
  summary: "The payer back from Alma, or Alma's IPN (pid)",
  middleware: [guard(PROVIDER_CALLBACK)] as const,
  request: { query: z.object({ pid: z.string().min(1).max(200), signature: z.string().max(200).optional() }) },
  responses: { 200: callbackAnswer, 303: { description: "To /paiement/confirmation/{id}" }, ...callbackErrors },
});
const fintectureWebhookRoute = createRoute({
  method: "post",
  path: "/api/v1/fintecture/payment",
  tags: ["Payments"],
  summary: "Fintecture's notification of a payment session (session_id, provider), JSON or form-encoded",
  middleware: [guard(PROVIDER_CALLBACK)] as const,
  responses: { 200: callbackAnswer, ...callbackErrors },
});
const eligiblePlansRoute = createRoute({
  method: "get",
  path: "/api/v1/payments/alma/eligible_plans",
  tags: ["Payments"],
  summary: "Which instalment plans apply to an amount (cents), with each instalment's date, amount and fee",
  middleware: [guard(PLANS_READER)] as const,
  request: { query: eligiblePlansQuerySchema },
  responses: { 200: jsonResponse(z.object({ data: z.array(instalmentPlanViewSchema) }), "Every plan, eligible or not"), 401: errorResponses[401], 422: errorResponses[422] },
});
const dealPaymentsRoute = createRoute({
  method: "get",
  path: "/api/v1/payments/deals/{id}",
  tags: ["Payments"],
  summary: "What a deal asks, what was paid, is pending, was refunded and remains, per payer",
  middleware: [guard(DEAL_PAYMENTS_READER)] as const,
  request: { params: z.object({ id: idSchema }) },
  responses: { 200: jsonResponse(dealPaymentsViewSchema, "The deal's payments"), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
});
const sharesRoute = createRoute({
  method: "put",
  path: "/api/v1/payments/deals/{id}/shares",
  tags: ["Payments"],
  summary: "Split what remains to pay between the deal's holders, by amounts or shares (the deal's owner); each payer is e-mailed their link",
  middleware: [guard(SHARE_SETTER)] as const,
  request: { params: z.object({ id: idSchema }), body: json(paymentSharesBodySchema) },
  responses: {
    200: jsonResponse(z.object({ data: z.array(paymentShareViewSchema) }), "The split as saved"),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});
const refundRoute = createRoute({
  method: "post",
  path: "/api/v1/payments/{id}/refund",
  tags: ["Payments"],
  summary: "Refund part or all of a captured payment (admin, funeral director); never more than was captured",
  middleware: [guard(REFUNDER)] as const,
  request: { params: z.object({ id: idSchema }), body: json(refundBodySchema) },
  responses: {
    200: jsonResponse(z.object({ data: paymentViewSchema }), "The payment after the refund"),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
    503: jsonResponse(z.object({ error: z.string(), message: z.literal("payment__provider__unavailable") }), "The provider did not answer"),
  },
});

const receiptRoute = createRoute({
  method: "get",
  path: "/api/v1/payments/{id}/receipt",
  tags: ["Payments"],
  summary: "The receipt (PDF) of a paid payment: amount, method, date, deal, legal mentions; for the deal's holders and advisors. In the language asked (else the page's host), French and English where the PDF fonts cannot draw it",
  middleware: [guard(DEAL_PAYMENTS_READER)] as const,
  request: { params: z.object({ id: idSchema }), query: z.object({ locale: localeSchema.optional() }) },
  responses: {
    200: { description: "The PDF", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

function headersOf(c: Context<AppEnv>): Record<string, string> {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, key) => {
    headers[key] = value;
  });
  return headers;
}

async function answerPayment(c: Context<AppEnv>, row: PaymentRow) {
  const [view] = await paymentViews(c.get("db"), [row]);
  // The payer's browser goes on to the confirmation page; an API client reads the payment.
  if ((c.req.header("accept") ?? "").includes("text/html")) return c.redirect(`/paiement/confirmation/${row.id}`, 303);
  return c.json({ data: view! }, 200, NO_STORE);
}

async function notification(c: Context<AppEnv>, provider: PaymentProviderName, externalId: string, rawBody: string, source: NotificationSource) {
  const db = c.get("db");
  const query = Object.fromEntries(new URL(c.req.url).searchParams);
  const row = await recordNotification(db, paymentProviders(db), provider, { externalId, query, rawBody, headers: headersOf(c) }, source, authNow());
  return answerPayment(c, row);
}

/** A webhook's body, JSON or form-encoded, as text (for the signature) and as fields. */
async function webhookBody(c: Context<AppEnv>): Promise<{ raw: string; fields: Record<string, unknown> }> {
  const raw = await c.req.text();
  if (raw.length > 64 * 1024) throw new ApiError(413, "payload_too_large");
  try {
    if ((c.req.header("content-type") ?? "").includes("application/x-www-form-urlencoded")) return { raw, fields: Object.fromEntries(new URLSearchParams(raw)) };
    const parsed: unknown = JSON.parse(raw);
    return { raw, fields: parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {} };
  } catch {
    throw new ApiError(400, "invalid_json");
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function registerPaymentRoutes(app: OpenAPIHono<AppEnv>) {
  const checkout = (method: "card" | "instalments" | "bank_transfer") => async (c: Context<AppEnv>, body: { deal_id: number; amount?: number | undefined; for_everyone?: boolean | undefined; plan?: string }) => {
    const db = c.get("db");
    const now = authNow();
    const result = await startCheckout(db, paymentProviders(db), sessionOf(c), {
      dealId: body.deal_id,
      method,
      amountCents: body.amount,
      forEveryone: body.for_everyone,
      plan: body.plan,
      locale: requestLocale(c, undefined),
      payerHost: c.req.header("x-forwarded-host") ?? c.req.header("host"),
      today: now.toISOString().slice(0, 10),
    });
    return c.json(result, 201, NO_STORE);
  };

  // POST /api/v1/payments/worldline – start a card payment
  app.openapi(worldlineRoute, (c) => checkout("card")(c, c.req.valid("json")) as never);

  // POST /api/v1/payments/alma – start an instalment payment
  app.openapi(almaRoute, (c) => checkout("instalments")(c, c.req.valid("json")) as never);

  // POST /api/v1/payments/fintecture – start a bank transfer
  app.openapi(fintectureRoute, (c) => checkout("bank_transfer")(c, c.req.valid("json")) as never);

  // GET /api/v1/payments/worldline/callback – the payer back from the hosted checkout
  app.openapi(worldlineReturnRoute, (c) => notification(c, "worldline", c.req.valid("query").hosted_checkout_id, "", "callback") as never);

  // POST /api/v1/payments/worldline/callback – Worldline's webhook
  app.openapi(worldlineWebhookRoute, async (c) => {
    const { raw, fields } = await webhookBody(c);
    const payment = fields.payment as { hostedCheckoutSpecificOutput?: { hostedCheckoutId?: unknown } } | undefined;
    const id = text(fields.hosted_checkout_id) || text(payment?.hostedCheckoutSpecificOutput?.hostedCheckoutId);
    return (await notification(c, "worldline", id, raw, "webhook")) as never;
  });

  // GET /api/v1/payments/alma/callback – the payer back from Alma, or its IPN
  app.openapi(almaReturnRoute, (c) => notification(c, "alma", c.req.valid("query").pid, "", "callback") as never);

  // POST /api/v1/fintecture/payment – Fintecture's payment notification
  app.openapi(fintectureWebhookRoute, async (c) => {
    const { raw, fields } = await webhookBody(c);
    return (await notification(c, "fintecture", text(fields.session_id), raw, "webhook")) as never;
  });

  // GET /api/v1/payments/alma/eligible_plans – instalment plans of an amount
  app.openapi(eligiblePlansRoute, async (c) => {
    const { amount } = c.req.valid("query");
    const today = authNow().toISOString().slice(0, 10);
    const plans = await paymentProviders(c.get("db")).alma.eligiblePlans(amount, today);
    const data = plans.map((p) => ({
      plan: planKey(p),
      installments: p.installments,
      deferred_days: p.deferredDays,
      eligible: p.eligible,
      total_fee_cents: p.totalFeeCents,
      schedule: p.schedule.map((i) => ({ due_date: i.dueDate, amount_cents: i.amountCents, fee_cents: i.feeCents })),
    }));
    return c.json({ data }, 200, NO_STORE);
  });

  // GET /api/v1/payments/deals/{id} – a deal's payments and balance
  app.openapi(dealPaymentsRoute, async (c) => c.json(await dealPayments(c.get("db"), sessionOf(c), c.req.valid("param").id), 200, NO_STORE));

  // PUT /api/v1/payments/deals/{id}/shares – the owner splits the balance between relatives
  app.openapi(sharesRoute, async (c) => {
    const data = await setPaymentShares(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json"), authNow());
    return c.json({ data }, 200, NO_STORE);
  });

  // GET /api/v1/payments/{id}/receipt – the receipt of a paid payment
  app.openapi(receiptRoute, async (c) => {
    const { pdf, filename } = await paymentReceipt(c.get("db"), sessionOf(c), c.req.valid("param").id, requestLocale(c, c.req.valid("query").locale));
    return c.body(new Uint8Array(pdf), 200, { "content-type": "application/pdf", "content-disposition": `inline; filename="${filename}"`, "cache-control": "private, no-store" });
  });

  // POST /api/v1/payments/{id}/refund – refund a captured payment
  app.openapi(refundRoute, async (c) => {
    const db = c.get("db");
    const row = await refundPayment(db, (handle) => paymentProviders(handle), sessionOf(c), c.req.valid("param").id, c.req.valid("json").amount);
    const [view] = await paymentViews(db, [row]);
    return c.json({ data: view! }, 200, NO_STORE);
  });
}
