import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "@/server/db/schema/content";
import { bookingTransactions, deals, supplierPriceRequests } from "@/server/db/schema/deals";
import { suppliers } from "@/server/db/schema/suppliers";
import { clients } from "@/server/db/schema/users";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { PRICE_REQUEST_EMAIL_JOB, PRICE_REQUEST_LOOKUPS_PER_IP } from "@/server/services/deal-extras/price-requests";
import { REVIEW_POSTS_PER_CLIENT_PER_HOUR, REVIEW_REQUEST_EMAIL_JOB } from "@/server/services/deal-extras/reviews";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { businessUserId, call, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";
import { addMember } from "./helpers/family-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";

let ctx: TestContext;
const recorder = recordingMailer();
let director: Record<string, string>;
let advisor: Record<string, string>;
const later = () => new Date(Date.now() + 60_000);
const unprocessable = (...errors: string[]) => ({ error: "Unprocessable Entity", errors });

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recorder.mailer);
  director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
  advisor = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
}, 60_000);
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

async function finishedDeal(email: string, state = "ceremony_done"): Promise<BackOfficeDeal & { family: Record<string, string> }> {
  const deal = await submittedDeal(ctx, email, { firstname: "Lucie", lastname: "Bernard" });
  await ctx.db.update(deals).set({ state }).where(eq(deals.id, deal.id));
  return { ...deal, family: await signInHeaders(ctx.db, "client", email) };
}

interface Review {
  id: number;
  author_name: string;
  rating: number;
  body: string;
  published: boolean;
}

describe("reviews: asked after the funeral, left once by the family, published by a director", () => {
  it("refuses before the ceremony, asks once (a director may force), e-mails the family's form link in their language", async () => {
    const early = await submittedDeal(ctx, "avis.tot@example.org");
    expect((await call(ctx, "POST", `/api/v1/deals/${early.id}/reviews`, advisor, {})).body).toEqual(unprocessable("review_request__deal__not_finished"));

    const deal = await finishedDeal("avis.famille@example.org");
    const asked = await call<{ data: { id: number; locale: string; forced: boolean } }>(ctx, "POST", `/api/v1/deals/${deal.id}/reviews`, advisor);
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({ locale: "fr", forced: false });
    expect((await call(ctx, "POST", `/api/v1/deals/${deal.id}/reviews`, advisor, {})).body).toEqual(unprocessable("review_request__already_sent"));
    expect((await call(ctx, "POST", `/api/v1/deals/${deal.id}/reviews`, advisor, { force: true })).status).toBe(403);
    expect((await call(ctx, "POST", `/api/v1/deals/${deal.id}/reviews`, director, { force: true })).status).toBe(201);

    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [REVIEW_REQUEST_EMAIL_JOB], now: later });
    const mails = recorder.sent.filter((m) => m.tag === "review_request" && m.to === deal.ownerEmail);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe("Votre avis sur l'accompagnement de Paisible");
    expect(mails[0]!.text).toContain("Bonjour Lucie,");
    expect(mails[0]!.text).toContain(`/app/avis/${deal.id}`);
    const log = await call<{ data: Array<{ kind: string }> }>(ctx, "GET", `/api/v1/deals/${deal.id}/communications`, advisor);
    expect(log.body.data.filter((c) => c.kind === "review_request")).toHaveLength(2);

    const listed = await call<{ data: { requests: unknown[]; review: null } }>(ctx, "GET", `/api/v1/deals/${deal.id}/reviews`, advisor);
    expect(listed.body.data.requests).toHaveLength(2);
    expect(listed.body.data.review).toBeNull();
  });

  it("asks a monument's family once installed, not a lost request; needs an address", async () => {
    const lost = await finishedDeal("avis.perdu@example.org", "lost");
    expect((await call(ctx, "POST", `/api/v1/deals/${lost.id}/reviews`, advisor, {})).body).toEqual(unprocessable("review_request__deal__not_finished"));
    const silent = await finishedDeal("avis.sansadresse@example.org", "closed");
    await ctx.db.update(clients).set({ email: null }).where(eq(clients.email, silent.ownerEmail));
    expect((await call(ctx, "POST", `/api/v1/deals/${silent.id}/reviews`, advisor, {})).body).toEqual(unprocessable("deal__owner__no_email"));
  });

  it("takes the family's review once, plain text and unpublished, then a director publishes it on the public page", async () => {
    const deal = await finishedDeal("avis.laisse@example.org");
    const before = await call(ctx, "POST", `/api/v1/deals/${deal.id}/family_review`, deal.family, { author_name: "Lucie B.", rating: 5, body: "Merci" });
    expect(before.body).toEqual(unprocessable("review__not_requested"));
    await call(ctx, "POST", `/api/v1/deals/${deal.id}/reviews`, advisor);
    expect((await call<{ data: { requested: boolean } }>(ctx, "GET", `/api/v1/deals/${deal.id}/family_review`, deal.family)).body.data).toEqual({ requested: true, review: null });

    const bad = await call(ctx, "POST", `/api/v1/deals/${deal.id}/family_review`, deal.family, { author_name: " ", rating: 6, body: "x".repeat(2001), title: "t".repeat(121) });
    expect((bad.body as { errors: string[] }).errors.sort()).toEqual(["review__author_name__blank", "review__body__too_long", "review__rating__invalid", "review__title__too_long"]);
    expect((await call(ctx, "POST", `/api/v1/deals/${deal.id}/family_review`, deal.family, { author_name: "L.", rating: 4, body: "  " })).body).toEqual(unprocessable("review__body__blank"));

    const reader = await addMember(ctx.db, { type: "deal", id: deal.id }, "avis.lecteur@example.org", "reader");
    const readerHeaders = await signInHeaders(ctx.db, "client", "avis.lecteur@example.org");
    expect(reader.clientId).toBeGreaterThan(0);
    expect((await call(ctx, "POST", `/api/v1/deals/${deal.id}/family_review`, readerHeaders, { author_name: "L.", rating: 4, body: "Bien" })).status).toBe(403);

    const html = "<script>alert(1)</script> Merci à toute l'équipe";
    const left = await call<{ data: Review }>(ctx, "POST", `/api/v1/deals/${deal.id}/family_review`, deal.family, { author_name: "Lucie B.", rating: 5, body: html, title: null });
    expect(left.status).toBe(201);
    expect(left.body.data).toMatchObject({ author_name: "Lucie B.", rating: 5, body: html, published: false });
    expect((await call(ctx, "POST", `/api/v1/deals/${deal.id}/family_review`, deal.family, { author_name: "Lucie", rating: 1, body: "Encore" })).body).toEqual(unprocessable("review__already_left"));
    expect((await call(ctx, "POST", `/api/v1/deals/${deal.id}/reviews`, director, { force: true })).body).toEqual(unprocessable("review_request__already_reviewed"));

    type PublicReviews = { data: Array<{ id: number; demo: boolean }>; internal: { total_reviews: number } };
    const publicBefore = await call<PublicReviews>(ctx, "GET", "/api/v1/website/reviews", {});
    expect(publicBefore.body.data.map((r) => r.id)).not.toContain(left.body.data.id);
    expect((await call(ctx, "PUT", `/api/v1/deals/${deal.id}/reviews/${left.body.data.id}`, advisor, { published: true })).status).toBe(403);
    const published = await call<{ data: Review }>(ctx, "PUT", `/api/v1/deals/${deal.id}/reviews/${left.body.data.id}`, director, { published: true });
    expect(published.body.data.published).toBe(true);
    // Newest first: published now, it heads the public list and counts in the aggregate.
    const publicAfter = await call<PublicReviews>(ctx, "GET", "/api/v1/website/reviews", {});
    expect(publicAfter.body.data[0]).toMatchObject({ id: left.body.data.id, demo: false });
    expect(publicAfter.body.internal.total_reviews).toBe(publicBefore.body.internal.total_reviews + 1);
    expect((await call(ctx, "PUT", `/api/v1/deals/${deal.id}/reviews/${left.body.data.id}`, director, { published: "oui" })).body).toEqual(unprocessable("review__published__invalid"));
  });

  it("limits how often a family member may send (429 with Retry-After)", async () => {
    const deal = await finishedDeal("avis.rafale@example.org");
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i <= REVIEW_POSTS_PER_CLIENT_PER_HOUR; i++) {
      const response = await ctx.app.request(`/api/v1/deals/${deal.id}/family_review`, { method: "POST", headers: { ...deal.family, "content-type": "application/json" }, body: JSON.stringify({ author_name: "L.", rating: 5, body: "Merci" }) });
      statuses.push(response.status);
      retryAfter = response.headers.get("retry-after");
    }
    expect(statuses.slice(0, -1).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

interface Suggestion {
  id: number;
  name: string;
  price_cents: number | null;
  status: string;
}

describe("service suggestions: the advisor suggests, the family decides, the advisor hears of it", () => {
  it("checks what the advisor types, lists for the family, takes one decision and tells the advisor in charge", async () => {
    const deal = await finishedDeal("prestations@example.org", "organising");
    const advisorId = await businessUserId(ctx, "conseiller@demo.test");
    await call(ctx, "PUT", `/api/v1/deals/${deal.id}/user`, director, { user_id: advisorId });

    const bad = await call(ctx, "POST", "/api/v1/service_suggestions", advisor, { deal_id: deal.id, name: "", price_cents: -5, description: "d".repeat(1001) });
    expect((bad.body as { errors: string[] }).errors.sort()).toEqual(["service_suggestion__description__too_long", "service_suggestion__name__blank", "service_suggestion__price_cents__invalid"]);
    expect((await call(ctx, "POST", "/api/v1/service_suggestions", advisor, { deal_id: 999999, name: "Musicien" })).status).toBe(404);

    const made = await call<{ data: Suggestion }>(ctx, "POST", "/api/v1/service_suggestions", advisor, { deal_id: deal.id, name: "Violoncelliste à la cérémonie", description: "Trois morceaux au choix", price_cents: 35_000 });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ status: "pending", price_cents: 35_000 });
    const other = await call<{ data: Suggestion }>(ctx, "POST", "/api/v1/service_suggestions", advisor, { deal_id: deal.id, name: "Livre d'or" });
    expect((await call<{ data: Suggestion }>(ctx, "PUT", `/api/v1/service_suggestions/${other.body.data.id}`, advisor, { price_cents: 4_500 })).body.data.price_cents).toBe(4_500);

    const familyList = await call<{ data: Suggestion[] }>(ctx, "GET", `/api/v1/deals/${deal.id}/service_suggestions`, deal.family);
    expect(familyList.body.data.map((s) => s.name)).toEqual(["Violoncelliste à la cérémonie", "Livre d'or"]);

    const accepted = await call<{ data: Suggestion }>(ctx, "PUT", `/api/v1/service_suggestions/${made.body.data.id}/accept`, deal.family);
    expect(accepted.body.data.status).toBe("accepted");
    expect((await call(ctx, "PUT", `/api/v1/service_suggestions/${made.body.data.id}/decline`, deal.family)).body).toEqual(unprocessable("service_suggestion__already_decided"));
    expect((await call(ctx, "PUT", `/api/v1/service_suggestions/${made.body.data.id}`, advisor, { name: "Autre" })).body).toEqual(unprocessable("service_suggestion__already_decided"));
    expect((await call(ctx, "DELETE", `/api/v1/service_suggestions/${made.body.data.id}`, advisor)).body).toEqual(unprocessable("service_suggestion__already_decided"));
    expect((await call<{ data: Suggestion }>(ctx, "PUT", `/api/v1/service_suggestions/${other.body.data.id}/decline`, deal.family)).body.data.status).toBe("declined");

    const told = await ctx.db.select().from(notifications).where(eq(notifications.dealId, deal.id));
    expect(told.filter((n) => n.businessUserId === advisorId && n.kind.startsWith("service_suggestion")).map((n) => n.kind).sort()).toEqual(["service_suggestion_accepted", "service_suggestion_declined"]);

    const third = await call<{ data: Suggestion }>(ctx, "POST", "/api/v1/service_suggestions", advisor, { deal_id: deal.id, name: "Plaque" });
    expect((await call(ctx, "DELETE", `/api/v1/service_suggestions/${third.body.data.id}`, advisor)).status).toBe(204);
    expect((await call<{ data: Suggestion[] }>(ctx, "GET", `/api/v1/service_suggestions?deal_id=${deal.id}`, advisor)).body.data).toHaveLength(2);
  });
});

interface PriceRequest {
  id: number;
  status: string;
  price_cents: number | null;
  delay_days: number | null;
  booking_transaction_id: number | null;
  supplier: { id: number; name: string };
}

function tokenOf(text: string): string {
  const match = /#cle=([A-Za-z0-9_-]{43})/.exec(text);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe("supplier price requests: asked by e-mail, answered on a link, accepted into a booking", () => {
  it("asks two suppliers without the family's names, takes their answers, books one and closes the other", async () => {
    const deal = await finishedDeal("prix.famille@example.org", "organising");
    const found = await ctx.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).limit(3);
    const [mason, florist, silent] = found;
    await ctx.db.update(suppliers).set({ email: null }).where(eq(suppliers.id, silent!.id));
    const body = { supplier_ids: [mason!.id, florist!.id], job: "Gravure de 40 lettres sur une stèle en granit", needed_on: "2026-12-15", place: "Cimetière de Loyasse, Lyon" };
    expect((await call(ctx, "POST", `/api/v1/deals/${deal.id}/suppliers/price_requests`, advisor, { ...body, supplier_ids: [silent!.id] })).body).toEqual(unprocessable("price_request__supplier__no_email"));
    expect((await call(ctx, "POST", `/api/v1/deals/${deal.id}/suppliers/price_requests`, advisor, { ...body, supplier_ids: [999999] })).body).toEqual(unprocessable("price_request__supplier_ids__unknown"));
    const bad = await call(ctx, "POST", `/api/v1/deals/${deal.id}/suppliers/price_requests`, advisor, { supplier_ids: [], job: "", needed_on: "demain", place: "p".repeat(201) });
    expect((bad.body as { errors: string[] }).errors.sort()).toEqual(["price_request__job__blank", "price_request__needed_on__invalid", "price_request__place__too_long", "price_request__supplier_ids__blank"]);

    await ctx.db.update(suppliers).set({ email: "atelier@marbrerie.example.org" }).where(eq(suppliers.id, mason!.id));
    await ctx.db.update(suppliers).set({ email: "boutique@fleurs.example.org" }).where(eq(suppliers.id, florist!.id));
    const asked = await call<{ data: PriceRequest[] }>(ctx, "POST", `/api/v1/deals/${deal.id}/suppliers/price_requests`, advisor, body);
    expect(asked.status).toBe(201);
    expect(asked.body.data.map((r) => r.status)).toEqual(["sent", "sent"]);

    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [PRICE_REQUEST_EMAIL_JOB], now: later });
    const toMason = recorder.sent.find((m) => m.tag === "price_request" && m.to === "atelier@marbrerie.example.org")!;
    const toFlorist = recorder.sent.find((m) => m.tag === "price_request" && m.to === "boutique@fleurs.example.org")!;
    expect(toMason.subject).toBe("Demande de prix – Paisible");
    expect(toMason.text).toContain("Gravure de 40 lettres");
    expect(toMason.text).toContain("Cimetière de Loyasse, Lyon");
    // No more personal data than the job needs: neither the family nor the deceased.
    for (const name of ["Lucie", "Bernard", "Henri", "prix.famille"]) expect(toMason.text + toMason.html).not.toContain(name);
    const masonToken = tokenOf(toMason.text);
    const floristToken = tokenOf(toFlorist.text);

    const seen = await ctx.app.request(`/api/v1/price_requests/${masonToken}`);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(seen.headers.get("referrer-policy")).toBe("no-referrer");
    const seenBody = (await seen.json()) as { data: Record<string, unknown> };
    expect(seenBody.data).toMatchObject({ job: body.job, needed_on: "2026-12-15", status: "sent" });
    expect(Object.keys(seenBody.data)).not.toContain("deal_id");

    const invalid = await call(ctx, "PUT", `/api/v1/price_requests/${masonToken}`, {}, { decision: "quote", price_cents: -1, delay_days: 400 });
    expect((invalid.body as { errors: string[] }).errors.sort()).toEqual(["price_request__delay_days__invalid", "price_request__price_cents__invalid"]);
    expect((await call(ctx, "PUT", `/api/v1/price_requests/${masonToken}`, {}, { decision: "peut-être" })).body).toEqual(unprocessable("price_request__decision__invalid"));
    const quoted = await call<{ data: { status: string; price_cents: number } }>(ctx, "PUT", `/api/v1/price_requests/${masonToken}`, {}, { decision: "quote", price_cents: 68_000, delay_days: 21, comment: "Dorure à la feuille comprise" });
    expect(quoted.body.data).toMatchObject({ status: "answered", price_cents: 68_000 });
    const told = await ctx.db.select().from(notifications).where(eq(notifications.dealId, deal.id));
    expect(told.some((n) => n.kind === "price_request_answered")).toBe(true);

    const floristRequest = asked.body.data.find((r) => r.supplier.id === florist!.id)!;
    const masonRequest = asked.body.data.find((r) => r.supplier.id === mason!.id)!;
    expect((await call(ctx, "PUT", `/api/v1/deals/${deal.id}/suppliers/price_requests/${floristRequest.id}/accept`, advisor)).body).toEqual(unprocessable("price_request__not_answered"));
    const accepted = await call<{ data: { price_request: PriceRequest; booking_transaction: { id: number; deal_id: number; status: null } } }>(ctx, "PUT", `/api/v1/deals/${deal.id}/suppliers/price_requests/${masonRequest.id}/accept`, advisor);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.price_request).toMatchObject({ status: "accepted", price_cents: 68_000, delay_days: 21 });
    expect(accepted.body.data.booking_transaction).toMatchObject({ deal_id: deal.id, status: null });
    expect(accepted.body.data.price_request.booking_transaction_id).toBe(accepted.body.data.booking_transaction.id);

    const list = await call<{ data: PriceRequest[] }>(ctx, "GET", `/api/v1/deals/${deal.id}/suppliers/price_requests`, advisor);
    expect(Object.fromEntries(list.body.data.map((r) => [r.supplier.id, r.status]))).toEqual({ [mason!.id]: "accepted", [florist!.id]: "closed" });
    expect((await call(ctx, "PUT", `/api/v1/price_requests/${floristToken}`, {}, { decision: "decline" })).body).toEqual(unprocessable("price_request__closed"));
    expect((await call(ctx, "PUT", `/api/v1/price_requests/${masonToken}`, {}, { decision: "quote", price_cents: 1, delay_days: 1 })).body).toEqual(unprocessable("price_request__closed"));

    const bySupplier = await call<{ data: PriceRequest[] }>(ctx, "GET", `/api/v1/suppliers/${mason!.id}/price_requests`, advisor);
    expect(bySupplier.body.data.map((r) => r.id)).toContain(masonRequest.id);
    const bookings = await call<{ data: Array<{ id: number }> }>(ctx, "GET", `/api/v1/suppliers/${mason!.id}/booking_transactions`, advisor);
    expect(bookings.body.data.map((b) => b.id)).toContain(accepted.body.data.booking_transaction.id);
    const floristBookings = await call<{ data: Array<{ id: number }> }>(ctx, "GET", `/api/v1/suppliers/${florist!.id}/booking_transactions`, advisor);
    expect(floristBookings.body.data.map((b) => b.id)).not.toContain(accepted.body.data.booking_transaction.id);
    const [booking] = await ctx.db.select().from(bookingTransactions).where(eq(bookingTransactions.id, accepted.body.data.booking_transaction.id));
    expect(booking!.dealId).toBe(deal.id);
  });

  it("answers 404 to an expired or unknown link, and limits the tries of one address (429)", async () => {
    const deal = await finishedDeal("prix.expire@example.org", "organising");
    const [supplier] = await ctx.db.select({ id: suppliers.id }).from(suppliers).limit(1);
    await ctx.db.update(suppliers).set({ email: "expire@fournisseur.example.org" }).where(eq(suppliers.id, supplier!.id));
    await call(ctx, "POST", `/api/v1/deals/${deal.id}/suppliers/price_requests`, advisor, { supplier_ids: [supplier!.id], job: "Transport de corps" });
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [PRICE_REQUEST_EMAIL_JOB], now: later });
    const mail = recorder.sent.filter((m) => m.to === "expire@fournisseur.example.org").at(-1)!;
    const token = tokenOf(mail.text);
    await ctx.db.update(supplierPriceRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(supplierPriceRequests.dealId, deal.id));
    expect((await call(ctx, "GET", `/api/v1/price_requests/${token}`, {})).status).toBe(404);
    expect((await call(ctx, "PUT", `/api/v1/price_requests/${token}`, {}, { decision: "decline" })).status).toBe(404);

    const headers = { "x-forwarded-for": "203.0.113.77" };
    let last: Response | null = null;
    for (let i = 0; i <= PRICE_REQUEST_LOOKUPS_PER_IP; i++) last = await ctx.app.request(`/api/v1/price_requests/${"Z".repeat(43)}`, { headers });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
