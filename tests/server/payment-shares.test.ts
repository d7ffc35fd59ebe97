import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealSettings, deals } from "@/server/db/schema/deals";
import { FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { EMPTY_FUNNEL_SETTING } from "@/server/services/funeral-quote/funnel-setting";
import { payments, paymentShares } from "@/server/db/schema/payments";
import { setMailer } from "@/server/integrations/mail/mailer";
import type { SmsMessage } from "@/server/integrations/sms/sms-message";
import { setSmsSender } from "@/server/integrations/sms/sms-outbox";
import { clients } from "@/server/db/schema/users";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { PAYMENT_SHARE_EMAIL_JOB } from "@/server/services/payments/payment-shares";
import { paymentPageData } from "@/server/services/payments/payment-page";
import { createTestApp, getJson, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";
import { createFamily, type FamilyFixture, type FamilyMemberName } from "./helpers/family-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";

interface Share {
  client_id: number;
  firstname: string | null;
  amount_cents: number;
  share: number | null;
  paid_cents: number;
  pending_cents: number;
  remaining_cents: number;
}

const TOTAL = 100_001;
let ctx: TestContext;
let family: FamilyFixture;
const recorder = recordingMailer();

async function put(member: FamilyMemberName, body: unknown, dealId = family.dealId) {
  const headers = await signInHeaders(ctx.db, "client", family.emails[member]);
  const response = await ctx.app.request(`/api/v1/payments/deals/${dealId}/shares`, { method: "PUT", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { data: Share[]; errors?: string[] } };
}

async function sharesSeenBy(member: FamilyMemberName) {
  const { status, body } = await getJson<{ data: { shares: Share[]; remaining_cents: number } }>(ctx.app, `/api/v1/payments/deals/${family.dealId}`, await signInHeaders(ctx.db, "client", family.emails[member]));
  expect(status).toBe(200);
  return body.data;
}

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recorder.mailer);
  family = await createFamily(ctx.db, "shares");
  await ctx.db.update(deals).set({ totalCents: TOTAL }).where(eq(deals.id, family.dealId));
});
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

describe("the family split of a deal", () => {
  it("lets the owner split by shares: whole cents adding up to the balance, the spare cent to the first listed", async () => {
    const { status, body } = await put("owner", { mode: "shares", payers: [{ client_id: family.clientIds.owner, share: 1 }, { client_id: family.clientIds.editor, share: 1 }] });
    expect(status).toBe(200);
    expect(body.data.map((s) => [s.client_id, s.amount_cents, s.share, s.remaining_cents])).toEqual([
      [family.clientIds.owner, 50_001, 1, 50_001],
      [family.clientIds.editor, 50_000, 1, 50_000],
    ]);
    // Every holder (and the director, through the same read) sees the split.
    expect((await sharesSeenBy("reader")).shares).toEqual(body.data);
    // /paiement asks each payer for their part only; the owner alone gets the split form, listing the members.
    const editorPage = await paymentPageData(ctx.db, family.clientIds.editor, family.dealId, "2026-01-10");
    expect(editorPage).toMatchObject({ payableCents: 50_000, myPart: { amount_cents: 50_000 }, isOwner: false, members: [] });
    const readerPage = await paymentPageData(ctx.db, family.clientIds.reader, family.dealId, "2026-01-10");
    // The parts cover the whole balance: a relative without a part is asked nothing.
    expect(readerPage).toMatchObject({ payableCents: 0, payableScope: "unreserved", myPart: null, isOwner: false });
    const ownerPage = await paymentPageData(ctx.db, family.clientIds.owner, family.dealId, "2026-01-10");
    expect(ownerPage).toMatchObject({ payableCents: 50_001, isOwner: true });
    expect(ownerPage!.members.map((m) => m.client_id)).toEqual([family.clientIds.owner, family.clientIds.editor, family.clientIds.reader, family.clientIds.notary]);
  });

  it("e-mails each payer once, through the job queue, with the link to pay their part", async () => {
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [PAYMENT_SHARE_EMAIL_JOB], now: () => new Date(Date.now() + 60_000) });
    const mails = recorder.sent.filter((m) => m.tag === "payment_share");
    expect(mails.map((m) => m.to).sort()).toEqual([family.emails.editor, family.emails.owner].sort());
    const editorMail = mails.find((m) => m.to === family.emails.editor)!;
    expect(editorMail.text).toContain(`/paiement?deal=${family.dealId}`);
    expect(editorMail.text).toContain("500,00");
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [PAYMENT_SHARE_EMAIL_JOB], now: () => new Date(Date.now() + 120_000) });
    expect(recorder.sent.filter((m) => m.tag === "payment_share")).toHaveLength(2);
    expect(editorMail).toMatchObject({ locale: "fr", subject: `Votre part des obsèques – dossier n° ${family.dealId} – Paisible` });
    expect(editorMail.text).toContain("Claire Martin a réparti");
  });

  it("writes to the payer in the language the family asked the quote in", async () => {
    await ctx.db.insert(dealSettings).values({ dealId: family.dealId, key: FUNNEL_SETTING_KEY, value: { ...EMPTY_FUNNEL_SETTING, locale: "en" } });
    await put("owner", { mode: "shares", payers: [{ client_id: family.clientIds.reader, share: 1 }] });
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [PAYMENT_SHARE_EMAIL_JOB], now: () => new Date(Date.now() + 60_000) });
    const mail = recorder.sent.filter((m) => m.tag === "payment_share").at(-1)!;
    expect(mail).toMatchObject({ to: family.emails.reader, locale: "en", subject: `Your share of the funeral – file no. ${family.dealId} – Paisible` });
    expect(mail.text).toContain("Your share is €1,000.01.");
    expect(mail.text).toContain(`/paiement?deal=${family.dealId}`);
    expect(mail.html).toContain('lang="en"');
    await ctx.db.delete(dealSettings).where(eq(dealSettings.dealId, family.dealId));
  });

  it("sends the link by SMS to a relative known only by their phone", async () => {
    const texts: SmsMessage[] = [];
    setSmsSender({ send: async (message) => (texts.push(message), { id: String(texts.length), transport: "outbox" }) });
    await ctx.db.update(clients).set({ email: null, phone: "06 12 34 56 78" }).where(eq(clients.id, family.clientIds.notary));
    try {
      await put("owner", { mode: "amounts", payers: [{ client_id: family.clientIds.notary, amount_cents: TOTAL }] });
      await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [PAYMENT_SHARE_EMAIL_JOB], now: () => new Date(Date.now() + 60_000) });
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatchObject({ to: "06 12 34 56 78", locale: "fr", tag: "payment_share" });
      expect(texts[0]!.text).toMatch(new RegExp(`^Paisible : votre part des obsèques \\(dossier n° ${family.dealId}\\) est de 1\\s000,01\\s€\\. Pour la régler en ligne : http://\\S+/paiement\\?deal=${family.dealId}$`));
    } finally {
      setSmsSender(null);
      await ctx.db.update(clients).set({ email: family.emails.notary }).where(eq(clients.id, family.clientIds.notary));
    }
  });

  it("takes amounts that add up to the balance, and refuses those that do not", async () => {
    const ok = await put("owner", { mode: "amounts", payers: [{ client_id: family.clientIds.reader, amount_cents: 1 }, { client_id: family.clientIds.notary, amount_cents: TOTAL - 1 }] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((s) => [s.client_id, s.amount_cents, s.share])).toEqual([
      [family.clientIds.reader, 1, null],
      [family.clientIds.notary, TOTAL - 1, null],
    ]);
    const refused = await put("owner", { mode: "amounts", payers: [{ client_id: family.clientIds.reader, amount_cents: 1 }, { client_id: family.clientIds.notary, amount_cents: TOTAL }] });
    expect(refused).toEqual({ status: 422, body: { error: "Unprocessable Entity", errors: ["payment_shares__amounts__sum_mismatch"] } });
    // The refused split left the saved one alone.
    expect((await sharesSeenBy("owner")).shares.map((s) => s.amount_cents)).toEqual([1, TOTAL - 1]);
  });

  it("answers each error code", async () => {
    const codes = async (body: unknown) => (await put("owner", body)).body.errors;
    expect(await codes({ mode: "thirds", payers: [] })).toEqual(["payment_shares__mode__invalid"]);
    expect(await codes({ mode: "shares", payers: [{ client_id: family.clientIds.stranger, share: 1 }] })).toEqual(["payment_shares__payer__not_holder"]);
    expect(await codes({ mode: "shares", payers: [{ client_id: family.clientIds.owner, share: 1 }, { client_id: family.clientIds.owner, share: 2 }] })).toEqual(["payment_shares__payer__duplicated"]);
    expect(await codes({ mode: "shares", payers: [{ client_id: family.clientIds.owner, share: 0 }] })).toEqual(["payment_shares__share__invalid"]);
    expect(await codes({ mode: "amounts", payers: [{ client_id: family.clientIds.owner, amount_cents: -5 }] })).toEqual(["payment_shares__amount__invalid"]);
    expect(await codes({ mode: "amounts", payers: [{ client_id: family.clientIds.owner }] })).toEqual(["payment_shares__amount__invalid"]);
    expect(await codes({ mode: "shares", payers: Array.from({ length: 21 }, (_, i) => ({ client_id: i + 1, share: 1 })) })).toEqual(["payment_shares__payers__too_many"]);
    expect(await codes({ mode: "shares", payers: "all" })).toEqual(["payment_shares__payers__invalid"]);
    expect(await codes({ mode: "shares", payers: [{ client_id: "x", share: 1 }] })).toEqual(["payment_shares__payer__invalid"]);
  });

  it("counts what each payer paid since the split, and refuses a split once nothing remains", async () => {
    await put("owner", { mode: "shares", payers: [{ client_id: family.clientIds.owner, share: 3 }, { client_id: family.clientIds.editor, share: 1 }] });
    const later = new Date(Date.now() + 1_000);
    await ctx.db.insert(payments).values({ dealId: family.dealId, payerClientId: family.clientIds.editor, provider: "worldline", status: "captured", amountCents: 20_000, capturedCents: 20_000, paidAt: later, createdAt: later });
    const seen = await sharesSeenBy("notary");
    expect(seen.shares.map((s) => [s.client_id, s.amount_cents, s.paid_cents, s.remaining_cents])).toEqual([
      [family.clientIds.owner, 75_001, 0, 75_001],
      [family.clientIds.editor, 25_000, 20_000, 5_000],
    ]);
    expect((await paymentPageData(ctx.db, family.clientIds.editor, family.dealId, "2026-01-10"))!.payableCents).toBe(5_000);
    await ctx.db.insert(payments).values({ dealId: family.dealId, payerClientId: family.clientIds.owner, provider: "worldline", status: "captured", amountCents: TOTAL - 20_000, capturedCents: TOTAL - 20_000, paidAt: later, createdAt: later });
    expect((await put("owner", { mode: "shares", payers: [{ client_id: family.clientIds.owner, share: 1 }] })).body.errors).toEqual(["payment_shares__balance__nothing_due"]);
    // An empty list removes the split.
    expect(await put("owner", { mode: "shares", payers: [] })).toEqual({ status: 200, body: { data: [] } });
    expect(await ctx.db.select().from(paymentShares).where(eq(paymentShares.dealId, family.dealId))).toEqual([]);
  });
});

describeAuthorizationMatrix<FamilyMemberName>(
  "payment shares",
  () => ctx,
  [
    { request: "PUT /api/v1/payments/deals/:deal/shares", body: { mode: "shares", payers: [] }, expect: { owner: 200, editor: 403, reader: 403, notary: 403, stranger: 404, client: 404, visitor: 401, admin: 401, director: 401, advisor: 401, guest: 401, pro: 401, forged: 401 } },
    { request: "PUT /api/v1/payments/deals/999999/shares", body: { mode: "shares", payers: [] }, expect: { owner: 404, client: 404 } },
    { request: "/api/v1/payments/deals/:deal", expect: { owner: 200, editor: 200, reader: 200, notary: 200, stranger: 404, director: 200, advisor: 200, guest: 403, visitor: 401 } },
  ],
  {
    callers: () => Object.fromEntries((["owner", "editor", "reader", "notary", "stranger"] as const).map((n) => [n, { realm: "client" as const, email: family.emails[n] }])) as Record<FamilyMemberName, { realm: "client"; email: string }>,
    params: () => ({ deal: family.dealId }),
  },
);
