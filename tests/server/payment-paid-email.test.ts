import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverEnv } from "@/config/env";
import { originForLocale } from "@/i18n/locale-host";
import { deals } from "@/server/db/schema/deals";
import { clients } from "@/server/db/schema/users";
import { setMailer } from "@/server/integrations/mail/mailer";
import { setSandboxNotifier, submitSandboxPage } from "@/server/integrations/payments/sandbox/sandbox-pages";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { PAYMENT_PAID_EMAIL_JOB } from "@/server/services/payments/payment-paid-email";
import { createTestApp, getJson, signInHeaders, type TestContext } from "./helpers/app";
import { LYON_CREMATION } from "./helpers/funnel-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";
import { pdfText } from "./integrations/pdf/pdf-text";

let ctx: TestContext;
const recorder = recordingMailer();

/** A family asks its quote in `locale`, then pays 18 € of it by card on the sandbox's hosted page. */
async function paidByCard(email: string, locale: "fr" | "en"): Promise<{ dealId: number; paymentId: number }> {
  const created = await ctx.app.request("/api/v1/funeral_funnel/deals", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ answers: LYON_CREMATION, client: { firstname: "Lucie", lastname: "Bernard", email, phone: "0611223344", contact_channel: "email", consent: true }, submit: true, locale }),
  });
  expect(created.status).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };
  const [deal] = await ctx.db.select({ id: deals.id }).from(deals).where(eq(deals.uuid, uuid));
  await ctx.db.update(clients).set({ countryCode: "fr" }).where(eq(clients.email, email));
  const headers = await signInHeaders(ctx.db, "client", email);
  const checkout = await ctx.app.request("/api/v1/payments/worldline", { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ deal_id: deal!.id, amount: 1_800 }) });
  expect(checkout.status).toBe(201);
  const body = (await checkout.json()) as { data: { id: number }; external_id: string };
  const form = new FormData();
  for (const [k, v] of Object.entries({ action: "pay", card_number: "4242424242424242", expiry: "12/30", cvc: "123" })) form.set(k, v);
  const back = await submitSandboxPage(ctx.db, "worldline", body.external_id, form);
  expect(back.status).toBe(303);
  const location = new URL(back.headers.get("location")!);
  await getJson(ctx.app, `${location.pathname}${location.search}`);
  return { dealId: deal!.id, paymentId: body.data.id };
}

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recorder.mailer);
  setSandboxNotifier(async (url, init) => {
    const { pathname, search } = new URL(url);
    return ctx.app.request(`${pathname}${search}`, init);
  });
});
afterAll(async () => {
  setSandboxNotifier(null);
  setMailer(null);
  await ctx?.close();
});

describe("payment received e-mail", () => {
  it("is written in the language the family asked the quote in, with links on that language's host", async () => {
    const english = await paidByCard("english.family@example.org", "en");
    const french = await paidByCard("famille.francaise@example.org", "fr");
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [PAYMENT_PAID_EMAIL_JOB], now: () => new Date(Date.now() + 60_000) });
    const paid = recorder.sent.filter((m) => m.tag === "payment_paid");
    expect(paid).toHaveLength(2);

    const en = paid.find((m) => m.to === "english.family@example.org")!;
    expect(en).toMatchObject({ locale: "en", subject: `Payment received – file no. ${english.dealId} – Paisible` });
    expect(en.text).toContain("Hello Lucie,");
    expect(en.text).toContain(`We have received your card payment of €18.00 for file no. ${english.dealId}.`);
    const enLink = `${originForLocale(serverEnv().SITE_URL, "en")}/paiement/confirmation/${english.paymentId}`;
    expect(new URL(enLink).host).not.toBe(new URL(serverEnv().SITE_URL).host);
    expect(en.text).toContain(enLink);
    expect(en.html).toContain('lang="en"');
    expect(en.html).toContain(`href="${enLink}"`);
    expect(en.text).not.toMatch(/Bonjour|paiement de/);
    // The receipt travels with the e-mail, in the payer's language.
    expect(en.attachments?.map((a) => [a.filename, a.contentType])).toEqual([[`recu-paiement-${english.paymentId}.pdf`, "application/pdf"]]);
    const enReceipt = pdfText(Buffer.from(en.attachments![0]!.contentBase64, "base64")).replace(/\s+/g, " ");
    expect(enReceipt).toContain(`Receipt no. ${english.paymentId}`);
    expect(enReceipt).toContain("Amount received: €18.00 (incl. VAT)");

    const fr = paid.find((m) => m.to === "famille.francaise@example.org")!;
    expect(fr).toMatchObject({ locale: "fr", subject: `Paiement reçu – dossier n° ${french.dealId} – Paisible` });
    expect(fr.text).toContain("Bonjour Lucie,");
    expect(fr.text).toMatch(new RegExp(`Nous avons bien reçu votre paiement de 18,00\\s€ par carte bancaire pour le dossier n° ${french.dealId}\\.`));
    expect(fr.text).toContain(`${originForLocale(serverEnv().SITE_URL, "fr")}/paiement/confirmation/${french.paymentId}`);
    expect(fr.html).toContain('lang="fr"');
  });
});
