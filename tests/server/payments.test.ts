import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deals } from "@/server/db/schema/deals";
import { paymentEvents, payments } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { setMailer } from "@/server/integrations/mail/mailer";
import { setPaymentProviders } from "@/server/integrations/payments/providers";
import { sandboxWebhook, setSandboxNotifier, submitSandboxPage, renderSandboxPage } from "@/server/integrations/payments/sandbox/sandbox-pages";
import { sandboxCardProvider, sandboxInstalmentProvider } from "@/server/integrations/payments/sandbox/sandbox-providers";
import { signWebhook } from "@/server/integrations/payments/sandbox/sandbox-signature";
import { paymentSandboxCheckouts } from "@/server/db/schema/payment-sandbox";
import { createTestApp, getJson, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";
import { LYON_CREMATION } from "./helpers/funnel-fixtures";
import { JOB_HANDLERS, PERIODIC_JOBS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { PAYMENT_PAID_EMAIL_JOB } from "@/server/services/payments/payment-paid-email";
import { recordingMailer } from "./helpers/recording-mailer";
import { paymentProviders } from "@/server/integrations/payments/providers";
import { RECONCILE_PAYMENTS_JOB, reconcilePayments } from "@/server/services/payments/reconcile-payments";
import { parseDealRef, paymentForHolder, paymentPageData } from "@/server/services/payments/payment-page";

interface Checkout {
  data: { id: number; status: string; amount_cents: number; provider: string; method: string };
  redirect_url: string;
  external_id: string;
  sandbox: boolean;
}
interface DealPayments {
  data: { due_cents: number; paid_cents: number; captured_cents: number; refunded_cents: number; pending_cents: number; remaining_cents: number; payers: Array<{ client_id: number; paid_cents: number }>; payments: Array<{ id: number; status: string }> };
}

let ctx: TestContext;
const quiet: Mailer = { send: async () => ({ id: "0", transport: "outbox" }) };
let dealId = 0;
let otherDealId = 0;
let totalCents = 0;
let payerId = 0;
let owner: Record<string, string> = {};
const notified: string[] = [];

async function newDeal(email: string): Promise<number> {
  const response = await ctx.app.request("/api/v1/funeral_funnel/deals", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ answers: LYON_CREMATION, client: { firstname: "Lucie", lastname: "Bernard", email, phone: "0611223344", contact_channel: "email", consent: true }, submit: true }),
  });
  expect(response.status).toBe(201);
  const { uuid } = (await response.json()) as { uuid: string };
  const [deal] = await ctx.db.select({ id: deals.id, total: deals.totalCents }).from(deals).where(eq(deals.uuid, uuid));
  return deal!.id;
}

async function post<T = Record<string, unknown>>(path: string, body: unknown, headers: Record<string, string> = owner) {
  const response = await ctx.app.request(path, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function setCountry(code: string | null) {
  await ctx.db.update(clients).set({ countryCode: code }).where(eq(clients.id, payerId));
}

/** The payer on the sandbox's hosted page: its answer is the redirect back, signed. */
async function payOnSandbox(provider: string, externalId: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const response = await submitSandboxPage(ctx.db, provider, externalId, form);
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("location")!);
  return `${location.pathname}${location.search}`;
}

async function balance(id = dealId) {
  return (await getJson<DealPayments>(ctx.app, `/api/v1/payments/deals/${id}`, owner)).body.data;
}

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(quiet);
  dealId = await newDeal("payer.famille@example.org");
  otherDealId = await newDeal("autre.famille@example.org");
  const [deal] = await ctx.db.select({ total: deals.totalCents }).from(deals).where(eq(deals.id, dealId));
  totalCents = deal!.total!;
  const [client] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, "payer.famille@example.org"));
  payerId = client!.id;
  await setCountry("fr");
  owner = await signInHeaders(ctx.db, "client", "payer.famille@example.org");
  // The sandbox's webhooks reach the app under test, as they would reach the server.
  setSandboxNotifier(async (url, init) => {
    const { pathname, search } = new URL(url);
    notified.push(`${init.method} ${pathname}`);
    return ctx.app.request(`${pathname}${search}`, init);
  });
});
afterEach(() => setPaymentProviders(null));
afterAll(async () => {
  setSandboxNotifier(null);
  setMailer(null);
  await ctx?.close();
});

describe("card payment (Worldline, embedded sandbox)", () => {
  it("refuses a payer whose country is not in the card list, and one without a country code", async () => {
    await setCountry("gb");
    expect(await post("/api/v1/payments/worldline", { deal_id: dealId, amount: 1000 })).toEqual({ status: 422, body: { error: "Unprocessable Entity", errors: ["payment__card__country_not_allowed"] } });
    await setCountry(null);
    expect((await post("/api/v1/payments/worldline", { deal_id: dealId, amount: 1000 })).body).toEqual({ error: "Unprocessable Entity", errors: ["payer__country_code__blank"] });
    expect((await post("/api/v1/payments/fintecture", { deal_id: dealId, amount: 1000 })).body).toEqual({ error: "Unprocessable Entity", errors: ["payer__country_code__blank"] });
    await setCountry("FRA");
    expect((await post("/api/v1/payments/worldline", { deal_id: dealId, amount: 1000 })).body).toEqual({ error: "Unprocessable Entity", errors: ["payer__country_code__invalid"] });
    await setCountry("fr");
    expect(await ctx.db.select().from(payments)).toHaveLength(0);
  });

  it("refuses bad amounts, someone else's deal and an amount above what remains", async () => {
    expect((await post("/api/v1/payments/worldline", { deal_id: dealId, amount: 0 })).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__amount__invalid"] });
    expect((await post("/api/v1/payments/worldline", { deal_id: dealId, amount: 10.5 })).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__amount__invalid"] });
    expect((await post("/api/v1/payments/worldline", { deal_id: "x" })).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__deal_id__invalid"] });
    expect((await post("/api/v1/payments/worldline", { deal_id: otherDealId, amount: 1000 })).status).toBe(404);
    expect((await post("/api/v1/payments/worldline", { deal_id: dealId, amount: totalCents + 1 })).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__amount__above_remaining"] });
  });

  it("pays by card on the hosted page; the signed return captures once, a replay changes nothing", async () => {
    const { status, body } = await post<Checkout>("/api/v1/payments/worldline", { deal_id: dealId, amount: 30_000 });
    expect(status).toBe(201);
    expect(body).toMatchObject({ sandbox: true, data: { status: "created", amount_cents: 30_000, provider: "worldline", method: "card" } });
    expect(body.redirect_url).toBe(`http://localhost:3000/sandbox-psp/worldline/${body.external_id}?lang=fr`);

    const back = await payOnSandbox("worldline", body.external_id, { action: "pay", card_number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" });
    expect(back).toMatch(/^\/api\/v1\/payments\/worldline\/callback\?hosted_checkout_id=hc_[\w-]+&signature=[0-9a-f]{64}$/);
    // The sandbox notified the product server to server before sending the payer back.
    expect(notified.at(-1)).toBe("POST /api/v1/payments/worldline/callback");
    const first = await getJson<{ data: { status: string; captured_cents: number } }>(ctx.app, back);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: "captured", captured_cents: 30_000 });
    const again = await getJson(ctx.app, back);
    expect(again.body).toEqual(first.body);
    // The webhook of the same news, signed: still one capture.
    const hook = sandboxWebhook({ provider: "worldline", id: body.external_id, status: "captured", bank: null });
    const webhook = await ctx.app.request("/api/v1/payments/worldline/callback", { method: "POST", headers: hook.headers, body: hook.body });
    expect(webhook.status).toBe(200);
    const events = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, body.data.id));
    expect(events.map((e) => [e.kind, e.outcome])).toEqual([["captured", "applied"]]);
    const html = await ctx.app.request(back, { headers: { accept: "text/html" } });
    expect(html.status).toBe(303);
    expect(html.headers.get("location")).toBe(`/paiement/confirmation/${body.data.id}`);

    const totals = await balance();
    expect(totals).toMatchObject({ due_cents: totalCents, captured_cents: 30_000, paid_cents: 30_000, remaining_cents: totalCents - 30_000 });
    expect(totals.payers).toEqual([expect.objectContaining({ client_id: payerId, paid_cents: 30_000 })]);
  });

  it("refuses forged callbacks and never takes the status from the request", async () => {
    const { body } = await post<Checkout>("/api/v1/payments/worldline", { deal_id: dealId, amount: 1_000 });
    const id = body.external_id;
    expect((await getJson(ctx.app, `/api/v1/payments/worldline/callback?hosted_checkout_id=${id}`)).body).toEqual({ error: "Forbidden", message: "payment__callback__forged" });
    expect((await getJson(ctx.app, `/api/v1/payments/worldline/callback?hosted_checkout_id=${id}&signature=${"0".repeat(64)}`)).status).toBe(403);
    const forged = JSON.stringify({ hosted_checkout_id: id, status: "captured" });
    const unsigned = await ctx.app.request("/api/v1/payments/worldline/callback", { method: "POST", headers: { "content-type": "application/json", "x-sandbox-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"a".repeat(64)}` }, body: forged });
    expect(unsigned.status).toBe(403);
    const stale = await ctx.app.request("/api/v1/payments/worldline/callback", { method: "POST", headers: { "content-type": "application/json", "x-sandbox-signature": signWebhook(forged, new Date(Date.now() - 3600_000)) }, body: forged });
    expect(stale.status).toBe(403);
    // Signed but claiming a capture the provider never made: the fetched status wins.
    const signed = await ctx.app.request("/api/v1/payments/worldline/callback", { method: "POST", headers: { "content-type": "application/json", "x-sandbox-signature": signWebhook(forged, new Date()) }, body: forged });
    expect(signed.status).toBe(200);
    expect(((await signed.json()) as { data: { status: string } }).data.status).toBe("created");
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, body.data.id));
    expect(row).toMatchObject({ status: "created", capturedCents: 0 });
    // A declined test card fails the payment; the unknown id is refused before any lookup.
    const back = await payOnSandbox("worldline", id, { action: "pay", card_number: "4000000000000002", expiry: "12/30", cvc: "123" });
    expect((await getJson<{ data: { status: string } }>(ctx.app, back)).body.data.status).toBe("failed");
    expect((await getJson(ctx.app, `/api/v1/payments/worldline/callback?hosted_checkout_id=hc_unknown`)).status).toBe(403);
  });

  it("refuses a capture the provider reports for another amount", async () => {
    const { body } = await post<Checkout>("/api/v1/payments/worldline", { deal_id: dealId, amount: 2_000 });
    setPaymentProviders((db) => {
      const real = sandboxCardProvider(db);
      return { worldline: { ...real, fetchStatus: async () => ({ outcome: "captured", amountCents: 1, details: {} }) } };
    });
    const back = await payOnSandbox("worldline", body.external_id, { action: "pay", card_number: "4242424242424242", expiry: "01/31", cvc: "999" });
    expect((await getJson<{ data: { status: string } }>(ctx.app, back)).body.data.status).toBe("created");
    const [event] = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, body.data.id));
    expect(event).toMatchObject({ outcome: "refused", reason: "payment__amount__mismatch" });
  });

  it("answers 503 and records nothing captured when the provider is down", async () => {
    setPaymentProviders((db) => ({ worldline: { ...sandboxCardProvider(db), createCheckout: async () => Promise.reject(new Error("down")) } }));
    expect((await post("/api/v1/payments/worldline", { deal_id: dealId, amount: 1_000 })).body).toEqual({ error: "Service Unavailable", message: "payment__provider__unavailable" });
  });
});

describe("sandbox hosted pages", () => {
  it("serves the card form under a strict policy and refuses any card but the test ones", async () => {
    const { body } = await post<Checkout>("/api/v1/payments/worldline", { deal_id: dealId, amount: 1_500 });
    const page = await renderSandboxPage(ctx.db, "worldline", body.external_id);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self' http:\/\/localhost:3000; frame-ancestors 'none'/);
    expect(await page.text()).toContain('<label for="card">');
    const form = new FormData();
    for (const [k, v] of Object.entries({ action: "pay", card_number: "4970 1000 0000 0000", expiry: "12/30", cvc: "123" })) form.set(k, v);
    const refused = await submitSandboxPage(ctx.db, "worldline", body.external_id, form);
    expect(refused.status).toBe(422);
    expect(await refused.text()).not.toContain("4970");
    const [checkout] = await ctx.db.select().from(paymentSandboxCheckouts).where(eq(paymentSandboxCheckouts.id, body.external_id));
    expect(checkout!.status).toBe("created");
    expect((await renderSandboxPage(ctx.db, "worldline", "hc_nope")).status).toBe(404);
  });

  it("speak the language of the page that sent the payer, right to left in Arabic, and send them back to that language's host", async () => {
    const { status, body } = await post<Checkout>("/api/v1/payments/worldline", { deal_id: dealId, amount: 123_456 }, { ...owner, host: "ar--localhost:3000" });
    expect(status).toBe(201);
    expect(body.redirect_url).toBe(`http://localhost:3000/sandbox-psp/worldline/${body.external_id}?lang=ar`);
    const html = await (await renderSandboxPage(ctx.db, "worldline", body.external_id, "ar")).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    const arabicPage = await renderSandboxPage(ctx.db, "worldline", body.external_id, "ar");
    // The form's answer sends the payer back to the Arabic host: the policy lets that redirect through.
    expect(arabicPage.headers.get("content-security-policy")).toContain("form-action 'self' http://ar--localhost:3000;");
    expect(html).toContain("رقم البطاقة");
    expect(html).toContain("بطاقات الاختبار");
    // Latin digits, the amount isolated from the right-to-left text around it.
    expect(html).toContain("\u2068\u200f1,234.56\u00a0€\u2069");
    expect(html).not.toMatch(/Numéro de carte|[\u0660-\u0669]/);
    const form = new FormData();
    for (const [k, v] of Object.entries({ action: "pay", card_number: "1234", expiry: "12/30", cvc: "123" })) form.set(k, v);
    const refused = await submitSandboxPage(ctx.db, "worldline", body.external_id, form, "ar");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("لا تقبل البيئة التجريبية إلا بطاقات الاختبار");
    form.set("card_number", "4242424242424242");
    const back = new URL((await submitSandboxPage(ctx.db, "worldline", body.external_id, form, "ar")).headers.get("location")!);
    expect(back.host).toBe("ar--localhost:3000");
    // A host that is not the site's is never where a payer is sent back to.
    const { body: elsewhere } = await post<Checkout>("/api/v1/payments/worldline", { deal_id: dealId, amount: 1_000 }, { ...owner, host: "ar.evil.example" });
    const [stored] = await ctx.db.select().from(paymentSandboxCheckouts).where(eq(paymentSandboxCheckouts.id, elsewhere.external_id));
    expect(new URL(stored!.returnUrl).host).toBe("ar.localhost:3000");
    // German, and French for a language the product does not have.
    const { body: other } = await post<Checkout>("/api/v1/payments/fintecture", { deal_id: dealId, amount: 1_000 });
    const de = await (await renderSandboxPage(ctx.db, "fintecture", other.external_id, "de")).text();
    expect(de).toContain('<html lang="de" dir="ltr">');
    expect(de).toContain("Testbank (Echtzeitüberweisung)");
    expect(await (await renderSandboxPage(ctx.db, "fintecture", other.external_id, "xx")).text()).toContain("Votre banque");
    expect(await (await renderSandboxPage(ctx.db, "alma", "payment_nope", "en")).text()).toContain("Payment not found");
  });
});

describe("instalments (Alma, embedded sandbox)", () => {
  it("lists the plans of an amount with each instalment", async () => {
    const { status, body } = await getJson<{ data: Array<{ plan: string; eligible: boolean; schedule: Array<{ amount_cents: number }> }> }>(ctx.app, "/api/v1/payments/alma/eligible_plans?amount=100000", owner);
    expect(status).toBe(200);
    expect(body.data.map((p) => [p.plan, p.eligible])).toEqual([["p2x", true], ["p3x", true], ["p4x", true], ["d30", true]]);
    expect(body.data[1]!.schedule.map((i) => i.amount_cents)).toEqual([33_334, 33_333, 33_333]);
    expect((await getJson<{ data: Array<{ eligible: boolean }> }>(ctx.app, "/api/v1/payments/alma/eligible_plans?amount=1000", owner)).body.data.every((p) => !p.eligible)).toBe(true);
    expect((await getJson(ctx.app, "/api/v1/payments/alma/eligible_plans?amount=abc", owner)).body).toEqual({ error: "Unprocessable Entity", errors: ["amount__invalid"] });
  });

  it("pays in 3 instalments; Alma's IPN and the return both land once", async () => {
    expect((await post("/api/v1/payments/alma", { deal_id: dealId, amount: 60_000, plan: "p12x" })).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__plan__invalid"] });
    expect((await post("/api/v1/payments/alma", { deal_id: dealId, amount: 1_000, plan: "p3x" })).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__plan__not_eligible"] });
    const { status, body } = await post<Checkout>("/api/v1/payments/alma", { deal_id: dealId, amount: 60_000, plan: "p3x" });
    expect(status).toBe(201);
    expect(body.external_id).toMatch(/^payment_/);
    const back = await payOnSandbox("alma", body.external_id, { action: "accept" });
    expect(back).toMatch(/^\/api\/v1\/payments\/alma\/callback\?pid=/);
    expect((await getJson<{ data: { status: string; plan: string } }>(ctx.app, back)).body.data).toMatchObject({ status: "captured", plan: "p3x" });
    expect((await getJson<{ data: { status: string } }>(ctx.app, back)).body.data.status).toBe("captured");
    expect((await getJson(ctx.app, `/api/v1/payments/alma/callback?pid=${body.external_id}`)).status).toBe(403);
  });
});

describe("bank transfer (Fintecture, embedded sandbox)", () => {
  it("stays pending while the transfer settles, then is captured by the signed notification", async () => {
    const { body } = await post<Checkout>("/api/v1/payments/fintecture", { deal_id: dealId, amount: 5_000 });
    expect(body.external_id).toMatch(/^ses_/);
    const back = await payOnSandbox("fintecture", body.external_id, { action: "pay", bank: "sandbox-standard" });
    expect(back).toMatch(new RegExp(`^/paiement/confirmation/${body.data.id}\\?session_id=`));
    const notify = async () => {
      const [row] = await ctx.db.select().from(paymentSandboxCheckouts).where(eq(paymentSandboxCheckouts.id, body.external_id));
      const hook = sandboxWebhook(row!);
      return ctx.app.request("/api/v1/fintecture/payment", { method: "POST", headers: hook.headers, body: hook.body });
    };
    expect(((await (await notify()).json()) as { data: { status: string } }).data.status).toBe("pending");
    expect((await balance()).pending_cents).toBe(5_000);
    await payOnSandbox("fintecture", body.external_id, { action: "settle" });
    expect(((await (await notify()).json()) as { data: { status: string } }).data.status).toBe("captured");
    expect((await notify()).status).toBe(200);
    expect((await balance()).pending_cents).toBe(0);
    const form = await ctx.app.request("/api/v1/fintecture/payment", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `session_id=${body.external_id}&provider=x&status=payment_created` });
    expect(form.status).toBe(403);
  });
});

describe("refunds", () => {
  it("lets a funeral director refund part, then the rest, never more than captured", async () => {
    const { body } = await post<Checkout>("/api/v1/payments/worldline", { deal_id: dealId, amount: 10_000 });
    const director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
    expect((await post(`/api/v1/payments/${body.data.id}/refund`, { amount: 100 }, director)).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__refund__not_captured"] });
    await getJson(ctx.app, await payOnSandbox("worldline", body.external_id, { action: "pay", card_number: "5555555555554444", expiry: "12/30", cvc: "123" }));
    const before = await balance();
    expect((await post(`/api/v1/payments/${body.data.id}/refund`, { amount: 10_001 }, director)).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__refund__above_captured"] });
    expect((await post(`/api/v1/payments/${body.data.id}/refund`, { amount: -1 }, director)).body).toEqual({ error: "Unprocessable Entity", errors: ["refund__amount__invalid"] });
    const partial = await post<{ data: { status: string; refunded_cents: number } }>(`/api/v1/payments/${body.data.id}/refund`, { amount: 4_000 }, director);
    expect(partial).toMatchObject({ status: 200, body: { data: { status: "partially_refunded", refunded_cents: 4_000 } } });
    expect((await post(`/api/v1/payments/${body.data.id}/refund`, { amount: 6_001 }, director)).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__refund__above_captured"] });
    const rest = await post<{ data: { status: string } }>(`/api/v1/payments/${body.data.id}/refund`, { amount: 6_000 }, director);
    expect(rest.body.data.status).toBe("refunded");
    const after = await balance();
    expect(after.refunded_cents - before.refunded_cents).toBe(10_000);
    expect(after.paid_cents).toBe(after.captured_cents - after.refunded_cents);
    expect(after.paid_cents).toBe(before.paid_cents - 10_000);
    const [checkout] = await ctx.db.select().from(paymentSandboxCheckouts).where(eq(paymentSandboxCheckouts.id, body.external_id));
    expect(checkout!.refundedCents).toBe(10_000);
    expect((await post(`/api/v1/payments/999999/refund`, { amount: 1 }, director)).status).toBe(404);
  });
});

describe("receipt", () => {
  it("gives the holders and advisors a PDF receipt of a paid payment, nobody else, and none before it is paid", async () => {
    const { body } = await post<Checkout>("/api/v1/payments/worldline", { deal_id: dealId, amount: 1_800 });
    expect((await ctx.app.request(`/api/v1/payments/${body.data.id}/receipt`, { headers: owner })).status).toBe(404);
    await getJson(ctx.app, await payOnSandbox("worldline", body.external_id, { action: "pay", card_number: "4242424242424242", expiry: "12/30", cvc: "123" }));
    const receipt = await ctx.app.request(`/api/v1/payments/${body.data.id}/receipt`, { headers: owner });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await receipt.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    const advisor = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
    expect((await ctx.app.request(`/api/v1/payments/${body.data.id}/receipt`, { headers: advisor })).status).toBe(200);
    const stranger = await signInHeaders(ctx.db, "client", "autre.famille@example.org");
    expect((await ctx.app.request(`/api/v1/payments/${body.data.id}/receipt`, { headers: stranger })).status).toBe(404);
    expect((await ctx.app.request(`/api/v1/payments/${body.data.id}/receipt`)).status).toBe(401);
  });

  it("e-mails the payer once that the payment was received, with the link to the receipt", async () => {
    const { mailer, sent } = recordingMailer();
    setMailer(mailer);
    try {
      await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [PAYMENT_PAID_EMAIL_JOB], now: () => new Date(Date.now() + 60_000) });
      await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [PAYMENT_PAID_EMAIL_JOB], now: () => new Date(Date.now() + 120_000) });
    } finally {
      setMailer(quiet);
    }
    const captured = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.dealId, dealId));
    const paid = sent.filter((m) => m.tag === "payment_paid");
    expect(paid.length).toBeGreaterThan(0);
    expect(new Set(paid.map((m) => m.subject)).size).toBeLessThanOrEqual(captured.length);
    expect(paid.every((m) => m.to === "payer.famille@example.org")).toBe(true);
    expect(paid[0]!.text).toMatch(/\/paiement\/confirmation\/\d+/);
    const links = paid.map((m) => /confirmation\/(\d+)/.exec(m.text)![1]);
    expect(new Set(links).size).toBe(links.length);
  });
});

describe("reconciliation", () => {
  it("fetches the status of a payment whose callback never came (server down after the capture), once", async () => {
    const { body } = await post<Checkout>("/api/v1/payments/worldline", { deal_id: dealId, amount: 2_500 });
    // The server is down: the webhook is lost and the payer never comes back.
    setSandboxNotifier(async () => Promise.reject(new Error("connection refused")));
    await payOnSandbox("worldline", body.external_id, { action: "pay", card_number: "4242424242424242", expiry: "12/30", cvc: "123" });
    setSandboxNotifier(async (url, init) => ctx.app.request(`${new URL(url).pathname}${new URL(url).search}`, init));
    const [lost] = await ctx.db.select().from(payments).where(eq(payments.id, body.data.id));
    expect(lost!.status).toBe("created");
    const later = new Date(Date.now() + 3 * 60 * 1000);
    expect(await reconcilePayments(ctx.db, (db) => paymentProviders(db), later)).toBeGreaterThanOrEqual(1);
    const [found] = await ctx.db.select().from(payments).where(eq(payments.id, body.data.id));
    expect(found).toMatchObject({ status: "captured", capturedCents: 2_500 });
    await reconcilePayments(ctx.db, (db) => paymentProviders(db), new Date(later.getTime() + 10 * 60 * 1000));
    const events = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, body.data.id));
    expect(events.map((e) => [e.kind, e.source])).toEqual([["captured", "reconcile"]]);
    expect(PERIODIC_JOBS.map((j) => j.kind)).toContain(RECONCILE_PAYMENTS_JOB);
    expect(JOB_HANDLERS[RECONCILE_PAYMENTS_JOB]).toBeTypeOf("function");
  });
});

describe("payment pages' reads", () => {
  it("shows the payer their balance and only the methods open to their country; a payment only to its deal's holders", async () => {
    const page = await paymentPageData(ctx.db, payerId, null, "2026-01-10");
    expect(page).toMatchObject({ dealId, methods: ["card", "instalments", "bank_transfer"], hasCountry: true, sandbox: true });
    expect(page!.balance.paid_cents).toBe(page!.balance.captured_cents - page!.balance.refunded_cents);
    await setCountry("ch");
    expect((await paymentPageData(ctx.db, payerId, dealId, "2026-01-10"))!.methods).toEqual(["instalments", "bank_transfer"]);
    expect((await paymentPageData(ctx.db, payerId, dealId, "2026-01-10"))!.countries).toEqual([]);
    await setCountry(null);
    // Without a country the page lists every country for the payer to choose theirs.
    const withoutCountry = (await paymentPageData(ctx.db, payerId, dealId, "2026-01-10"))!;
    expect(withoutCountry).toMatchObject({ hasCountry: false, payerId });
    expect(withoutCountry.countries.find((c) => c.code === "ma")?.names.fr).toBe("Maroc");
    await setCountry("fr");
    expect(await paymentPageData(ctx.db, payerId, otherDealId, "2026-01-10")).toBeNull();
    // The quote's links name the deal by uuid: it opens only for a holder too.
    const [uuids] = await ctx.db.select({ mine: deals.uuid }).from(deals).where(eq(deals.id, dealId));
    const [others] = await ctx.db.select({ theirs: deals.uuid }).from(deals).where(eq(deals.id, otherDealId));
    expect(await paymentPageData(ctx.db, payerId, parseDealRef(uuids!.mine.toUpperCase()), "2026-01-10")).toMatchObject({ dealId });
    expect(await paymentPageData(ctx.db, payerId, parseDealRef(others!.theirs), "2026-01-10")).toBeNull();
    expect([parseDealRef(String(dealId)), parseDealRef("0"), parseDealRef("1e3"), parseDealRef("x'; --"), parseDealRef(undefined)]).toEqual([dealId, null, null, null, null]);
    const [first] = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.dealId, dealId)).limit(1);
    expect(await paymentForHolder(ctx.db, payerId, first!.id)).toMatchObject({ id: first!.id, deal_id: dealId });
    const [stranger] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, "autre.famille@example.org"));
    expect(await paymentForHolder(ctx.db, stranger!.id, first!.id)).toBeNull();
  });

  it("asks the provider about an open payment when its confirmation page is shown (the notification has not come)", async () => {
    const { body } = await post<Checkout>("/api/v1/payments/fintecture", { deal_id: dealId, amount: 1_200 });
    setSandboxNotifier(async () => Promise.reject(new Error("lost")));
    await payOnSandbox("fintecture", body.external_id, { action: "pay", bank: "sandbox-instant" });
    setSandboxNotifier(async (url, init) => ctx.app.request(`${new URL(url).pathname}${new URL(url).search}`, init));
    expect(await paymentForHolder(ctx.db, payerId, body.data.id)).toMatchObject({ status: "captured", captured_cents: 1_200, method: "bank_transfer" });
  });

  it("answers 503 to a callback while the provider cannot be asked, and applies nothing", async () => {
    const { body } = await post<Checkout>("/api/v1/payments/alma", { deal_id: dealId, amount: 6_000, plan: "p2x" });
    const back = await payOnSandbox("alma", body.external_id, { action: "refuse" });
    const [before] = await ctx.db.select().from(payments).where(eq(payments.id, body.data.id));
    await ctx.db.update(payments).set({ status: "created", failureCode: null }).where(eq(payments.id, body.data.id));
    setPaymentProviders((db) => {
      const alma = sandboxInstalmentProvider(db);
      return { alma: { ...alma, fetchStatus: async () => Promise.reject(new TypeError("fetch failed")) } };
    });
    expect((await getJson(ctx.app, back)).body).toEqual({ error: "Service Unavailable", message: "payment__provider__unavailable" });
    setPaymentProviders(null);
    expect(before!.status).toBe("failed");
    expect((await getJson<{ data: { status: string } }>(ctx.app, back)).body.data.status).toBe("created");
  });
});

describe("deal payments", () => {
  it("is read by the deal's holders and advisors, not by another family", async () => {
    const stranger = await signInHeaders(ctx.db, "client", "autre.famille@example.org");
    expect((await getJson(ctx.app, `/api/v1/payments/deals/${dealId}`, stranger)).status).toBe(404);
    expect((await getJson(ctx.app, `/api/v1/payments/deals/${otherDealId}`, stranger)).status).toBe(200);
    const advisor = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
    const { body } = await getJson<DealPayments>(ctx.app, `/api/v1/payments/deals/${dealId}`, advisor);
    expect(body.data.paid_cents).toBe(body.data.captured_cents - body.data.refunded_cents);
    expect((await getJson(ctx.app, `/api/v1/payments/deals/999999`, advisor)).status).toBe(404);
  });
});

// The provider callbacks are public (guarded by signature, see "refuses forged callbacks"): every caller alike gets 403 payment__callback__forged.
describeAuthorizationMatrix("payments", () => ctx, [
  { request: "POST /api/v1/payments/worldline", body: { deal_id: 999999 }, expect: { visitor: 401, client: 404, admin: 401, director: 401, advisor: 401, guest: 401, pro: 401, forged: 401, borrowed: 401 } },
  { request: "POST /api/v1/payments/alma", body: { deal_id: 999999, plan: "p3x" }, expect: { visitor: 401, client: 404, admin: 401, pro: 401, forged: 401 } },
  { request: "POST /api/v1/payments/fintecture", body: { deal_id: 999999 }, expect: { visitor: 401, client: 404, director: 401, forged: 401 } },
  { request: "/api/v1/payments/alma/eligible_plans?amount=10000", expect: { visitor: 401, client: 200, admin: 200, director: 200, advisor: 200, guest: 200, pro: 200, forged: 401, borrowed: 401 } },
  { request: "/api/v1/payments/deals/999999", expect: { visitor: 401, client: 404, admin: 404, director: 404, advisor: 404, guest: 403, pro: 403, forged: 401, borrowed: 401 } },
  { request: "/api/v1/payments/999999/receipt", expect: { visitor: 401, client: 404, admin: 404, director: 404, advisor: 404, guest: 403, pro: 403, forged: 401, borrowed: 401 } },
  { request: "POST /api/v1/payments/999999/refund", body: { amount: 100 }, expect: { visitor: 401, client: 401, admin: 404, director: 404, advisor: 403, guest: 403, pro: 403, forged: 401, borrowed: 401 } },
]);
