import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { reviewRequests, reviews, serviceSuggestions } from "@/server/db/schema/content";
import { deals, supplierPriceRequests } from "@/server/db/schema/deals";
import { ROLES } from "@/domain/roles";
import { suppliers } from "@/server/db/schema/suppliers";
import { businessUsers } from "@/server/db/schema/users";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { setMailer } from "@/server/integrations/mail/mailer";
import { sha256 } from "@/server/services/auth/secrets";
import { createTestApp, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";
import { assignDeal, businessUserId, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";
import { addMember } from "./helpers/family-fixtures";

/**
 * The deal extras' routes against every caller. Back-office side: visitors and clients 401
 * (the deal's own family too), analytics guests 403, a partner pro 403 (even on the deal
 * assigned to them: suppliers' prices, reviews and suggestions are the agency's business),
 * advisors all but publishing a review, directors and admins everything. Family side: the
 * deal's members read, owner and editors decide, a stranger client 404, business users 401.
 * Supplier side: the staff, and a pro of that very supplier (404 for any other supplier).
 * Supplier links: public, the token the credential (404 for a wrong one).
 */
let ctx: TestContext;
let mine: BackOfficeDeal;
let other: BackOfficeDeal;
let suggestion = 0;
let review = 0;
let supplier = 0;
let otherSupplier = 0;
let priceRequest = 0;
const TOKEN = "A".repeat(43);
const quiet: Mailer = { send: async () => ({ id: "0", transport: "outbox" }) };

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(quiet);
  mine = await submittedDeal(ctx, "extras.pro@example.org");
  other = await submittedDeal(ctx, "extras.famille@example.org");
  await assignDeal(ctx, mine.id, await businessUserId(ctx, "pro@demo.test"));
  await ctx.db.update(deals).set({ state: "ceremony_done" }).where(eq(deals.id, other.id));
  await addMember(ctx.db, { type: "deal", id: other.id }, "extras.lecteur@example.org", "reader");
  await addMember(ctx.db, { type: "deal", id: other.id }, "extras.editeur@example.org", "editor");
  const [row] = await ctx.db.insert(serviceSuggestions).values({ dealId: other.id, name: "Livre d'or" }).returning({ id: serviceSuggestions.id });
  suggestion = row!.id;
  await ctx.db.insert(reviewRequests).values({ dealId: other.id, locale: "fr" });
  const [left] = await ctx.db.insert(reviews).values({ dealId: other.id, authorName: "Lucie", rating: 5, body: "Merci", publishedAt: new Date(), published: false }).returning({ id: reviews.id });
  review = left!.id;
  const [found] = await ctx.db.select({ id: suppliers.id }).from(suppliers).limit(1);
  supplier = found!.id;
  otherSupplier = (await ctx.db.select({ id: suppliers.id }).from(suppliers).where(ne(suppliers.id, supplier)).limit(1))[0]!.id;
  // a pro working for that supplier (the directory's organisation link) reads its side, and only its own
  await ctx.db.insert(businessUsers).values({ email: "atelier.extras@demo.test", firstname: "Inès", lastname: "Atelier", role: ROLES.PRO, organisationType: "suppliers", organisationId: supplier });
  const [request] = await ctx.db
    .insert(supplierPriceRequests)
    .values({ dealId: other.id, supplierId: supplier, job: "Gravure", tokenHash: sha256(TOKEN), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: supplierPriceRequests.id });
  priceRequest = request!.id;
}, 60_000);
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

const NONE = { visitor: 401, client: 401, family: 401, forged: 401, borrowed: 401 } as const;
const STAFF_READ = { ...NONE, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403 } as const;
const BUSINESS_OUT = { visitor: 401, admin: 401, advisor: 401, pro: 401, guest: 401 } as const;

describeAuthorizationMatrix<"family" | "editor" | "reader" | "supplierPro">(
  "deal extras",
  () => ctx,
  [
    // Reviews: the advisors ask (422 before the ceremony on :mine), directors publish.
    { request: "GET /api/v1/deals/:other/reviews", expect: STAFF_READ },
    { request: "GET /api/v1/deals/:mine/reviews", expect: { ...STAFF_READ, pro: 403 } },
    { request: "POST /api/v1/deals/:mine/reviews", body: {}, expect: { ...NONE, admin: 422, director: 422, advisor: 422, guest: 403, pro: 403 } },
    { request: "POST /api/v1/deals/999999/reviews", body: {}, expect: { admin: 404, advisor: 404, guest: 403, pro: 403, visitor: 401 } },
    { request: "PUT /api/v1/deals/:other/reviews/:review", body: { published: false }, expect: { ...NONE, admin: 200, director: 200, advisor: 403, guest: 403, pro: 403 } },
    { request: "PUT /api/v1/deals/:mine/reviews/:review", body: { published: false }, expect: { admin: 404, director: 404 } },
    // The family's review: every member reads; owner and editors write (422: already left).
    { request: "GET /api/v1/deals/:other/family_review", expect: { ...BUSINESS_OUT, family: 200, reader: 200, editor: 200, client: 404 } },
    { request: "POST /api/v1/deals/:other/family_review", body: { author_name: "L.", rating: 5, body: "Merci" }, expect: { ...BUSINESS_OUT, family: 422, editor: 422, reader: 403, client: 404 } },
    // Service suggestions: roles 0-2 manage; the family reads and decides.
    { request: "GET /api/v1/service_suggestions?deal_id=:other", expect: STAFF_READ },
    { request: "GET /api/v1/service_suggestions?deal_id=:mine", expect: { ...STAFF_READ, pro: 403 } },
    { request: "POST /api/v1/service_suggestions", body: () => ({ deal_id: other.id, name: "Musicien", price_cents: 25_000 }), expect: { ...NONE, admin: 201, director: 201, advisor: 201, guest: 403, pro: 403 } },
    { request: "PUT /api/v1/service_suggestions/:suggestion", body: { name: "Livre d'or relié" }, expect: { ...NONE, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403 } },
    { request: "DELETE /api/v1/service_suggestions/999999", expect: { ...NONE, admin: 404, advisor: 404, guest: 403, pro: 403 } },
    { request: "GET /api/v1/deals/:other/service_suggestions", expect: { ...BUSINESS_OUT, family: 200, reader: 200, editor: 200, client: 404 } },
    { request: "PUT /api/v1/service_suggestions/:suggestion/decline", expect: { ...BUSINESS_OUT, client: 404, reader: 403 } },
    { request: "PUT /api/v1/service_suggestions/999999/accept", expect: { ...BUSINESS_OUT, family: 404, client: 404 } },
    // Supplier price requests: roles 0-2 on the deal; the supplier side for the staff.
    { request: "GET /api/v1/deals/:other/suppliers/price_requests", expect: STAFF_READ },
    { request: "GET /api/v1/deals/:mine/suppliers/price_requests", expect: { ...STAFF_READ, pro: 403 } },
    { request: "POST /api/v1/deals/:other/suppliers/price_requests", body: { supplier_ids: [999999], job: "Gravure" }, expect: { ...NONE, admin: 422, director: 422, advisor: 422, guest: 403, pro: 403 } },
    { request: "PUT /api/v1/deals/:other/suppliers/price_requests/:price_request/accept", expect: { ...NONE, admin: 422, director: 422, advisor: 422, guest: 403, pro: 403 } },
    { request: "GET /api/v1/suppliers/:supplier/price_requests", expect: { ...STAFF_READ, pro: 404, supplierPro: 200 } },
    { request: "GET /api/v1/suppliers/:supplier/booking_transactions", expect: { ...STAFF_READ, pro: 404, supplierPro: 200 } },
    { request: "GET /api/v1/suppliers/:otherSupplier/price_requests", expect: { admin: 200, supplierPro: 404, pro: 404 } },
    { request: "GET /api/v1/suppliers/:otherSupplier/booking_transactions", expect: { admin: 200, supplierPro: 404, pro: 404 } },
    { request: "GET /api/v1/suppliers/999999/price_requests", expect: { admin: 404, advisor: 404, guest: 403, visitor: 401 } },
    // The supplier's link: public, the token the only credential.
    { request: `GET /api/v1/price_requests/${TOKEN}`, expect: { visitor: 200, client: 200, admin: 200, guest: 200 } },
    { request: `GET /api/v1/price_requests/${"B".repeat(43)}`, expect: { visitor: 404, admin: 404 } },
    { request: "GET /api/v1/price_requests/short", expect: { visitor: 422 } },
    // Autocompletes (issue 14): deceased for the staff and, narrowed, the pro; a deal's documents with the deal's work rights.
    { request: "GET /api/v1/autocompletes/defuncts?q=henri", expect: { ...NONE, admin: 200, director: 200, advisor: 200, pro: 200, guest: 403 } },
    { request: "GET /api/v1/autocompletes/deals/:mine/documents?q=a", expect: { ...NONE, admin: 200, director: 200, advisor: 200, pro: 200, guest: 403 } },
    { request: "GET /api/v1/autocompletes/deals/:other/documents?q=a", expect: { ...NONE, admin: 200, advisor: 200, pro: 404, guest: 403 } },
    { request: "GET /api/v1/autocompletes/deals/999999/documents", expect: { admin: 404, pro: 404, guest: 403, visitor: 401 } },
  ],
  {
    callers: () => ({
      family: { realm: "client", email: other.ownerEmail },
      editor: { realm: "client", email: "extras.editeur@example.org" },
      reader: { realm: "client", email: "extras.lecteur@example.org" },
      supplierPro: { realm: "business_user", email: "atelier.extras@demo.test" },
    }),
    params: () => ({ mine: mine.id, other: other.id, suggestion, review, supplier, otherSupplier, price_request: priceRequest }),
  },
);
