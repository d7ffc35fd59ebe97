import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { publicAccess, signedIn } from "@/domain/access";
import { rolesFor } from "@/domain/business-deal-access";
import { ROLES } from "@/domain/roles";
import { bookingTransactionViewSchema } from "@/domain/schemas/booking-transaction";
import { idSchema } from "@/domain/schemas/common";
import {
  dealReviewsSchema,
  dealReviewViewSchema,
  familyReviewCreateSchema,
  familyReviewStateSchema,
  priceRequestAnswerSchema,
  priceRequestCreateSchema,
  priceRequestTokenSchema,
  priceRequestViewSchema,
  publicPriceRequestSchema,
  reviewPublishSchema,
  reviewRequestCreateSchema,
  reviewRequestViewSchema,
  serviceSuggestionCreateSchema,
  serviceSuggestionListQuerySchema,
  serviceSuggestionUpdateSchema,
  serviceSuggestionViewSchema,
} from "@/domain/schemas/deal-extras";
import { guard, sessionOf } from "@/server/http/auth";
import { clientIp } from "@/server/http/client-ip";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import {
  acceptPriceRequest,
  answerPriceRequest,
  createPriceRequests,
  limitPriceRequestLookup,
  listDealPriceRequests,
  listSupplierBookings,
  listSupplierPriceRequests,
  requireSupplierDesk,
  PRICE_REQUEST_ROLES,
  readPriceRequestByToken,
} from "@/server/services/deal-extras/price-requests";
import { familyReviewState, leaveFamilyReview, listDealReviews, publishDealReview, requestDealReview } from "@/server/services/deal-extras/reviews";
import {
  createServiceSuggestion,
  decideServiceSuggestion,
  deleteServiceSuggestion,
  familyServiceSuggestions,
  listServiceSuggestions,
  updateServiceSuggestion,
} from "@/server/services/deal-extras/service-suggestions";

/**
 * A deal's extras (issue 14): the review asked of the family after the funeral, the extra
 * services suggested to them, and the prices asked of suppliers. The back-office side
 * follows business-deal-access.ts ("read" to list, "manage" to act; publishing a review and
 * forcing a second request are the directors'); the family's side follows the family roles
 * (every member reads, owner and editors decide); the supplier's side is public, its link's
 * token the only credential.
 */
const READERS = signedIn({ business: rolesFor("read") });
const MANAGERS = signedIn({ business: rolesFor("manage") });
const DIRECTORS = signedIn({ business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR] });
const FAMILY = signedIn({ clients: true });
// A pro (4) reads its own supplier's side only (business_users.organisation_*); the handler checks which.
const SUPPLIER_DESK = signedIn({ business: [...PRICE_REQUEST_ROLES, ROLES.PRO] });
const SUPPLIER_LINK = publicAccess("the e-mailed price request link's token is the credential");
const NO_STORE = { "cache-control": "private, no-store" } as const;
const LINK_HEADERS = { ...NO_STORE, "referrer-policy": "no-referrer", "x-robots-tag": "noindex, nofollow" } as const;
const json = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const tooMany = { description: "Too many attempts from this caller; Retry-After says when to try again" };
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };
const dealParam = { params: z.object({ id: idSchema }) };
const data = <T extends z.ZodType>(schema: T, description: string) => jsonResponse(z.object({ data: schema }), description);

const routes = {
  reviews: createRoute({
    method: "get",
    path: "/api/v1/deals/{id}/reviews",
    tags: ["Deals"],
    summary: "The review requests sent to the deal's family, and their review",
    middleware: [guard(READERS)] as const,
    request: dealParam,
    responses: { 200: data(dealReviewsSchema, "Requests and review"), ...refusals },
  }),
  requestReview: createRoute({
    method: "post",
    path: "/api/v1/deals/{id}/reviews",
    tags: ["Deals"],
    summary: "Ask the family for a review after the funeral (an e-mail in their language)",
    description:
      "422 review_request__deal__not_finished before the ceremony (or delivery, installation), review_request__already_sent (force: true, roles 0-1, asks again), review_request__already_reviewed, deal__owner__no_email.",
    middleware: [guard(MANAGERS)] as const,
    request: { ...dealParam, body: { content: { "application/json": { schema: reviewRequestCreateSchema } }, required: false } },
    responses: { 201: data(reviewRequestViewSchema, "The request"), 400: errorResponses[400], ...refusals },
  }),
  publishReview: createRoute({
    method: "put",
    path: "/api/v1/deals/{id}/reviews/{review_id}",
    tags: ["Deals"],
    summary: "Publish the family's review on the reviews page, or hide it again (roles 0-1)",
    middleware: [guard(DIRECTORS)] as const,
    request: { params: z.object({ id: idSchema, review_id: idSchema }), ...json(reviewPublishSchema) },
    responses: { 200: data(dealReviewViewSchema, "The review"), 400: errorResponses[400], ...refusals },
  }),
  familyReview: createRoute({
    method: "get",
    path: "/api/v1/deals/{id}/family_review",
    tags: ["Client space"],
    summary: "Whether the funeral home asked this family for a review, and the review left",
    middleware: [guard(FAMILY)] as const,
    request: dealParam,
    responses: { 200: data(familyReviewStateSchema, "The state"), ...refusals },
  }),
  leaveReview: createRoute({
    method: "post",
    path: "/api/v1/deals/{id}/family_review",
    tags: ["Client space"],
    summary: "The family's review (owner or editor), once asked; published by the funeral home",
    description: "422 review__not_requested, review__already_left and the fields' codes; 429 when sent too often.",
    middleware: [guard(FAMILY)] as const,
    request: { ...dealParam, ...json(familyReviewCreateSchema) },
    responses: { 201: data(dealReviewViewSchema, "The review, unpublished"), 400: errorResponses[400], ...refusals, 429: tooMany },
  }),
  suggestions: createRoute({
    method: "get",
    path: "/api/v1/service_suggestions",
    tags: ["Service suggestions"],
    summary: "The extra services suggested for a deal (?deal_id=)",
    middleware: [guard(MANAGERS)] as const,
    request: { query: serviceSuggestionListQuerySchema },
    responses: { 200: data(z.array(serviceSuggestionViewSchema), "The suggestions"), ...refusals },
  }),
  suggest: createRoute({
    method: "post",
    path: "/api/v1/service_suggestions",
    tags: ["Service suggestions"],
    summary: "Suggest an extra service to a deal's family (name, description, price in cents)",
    middleware: [guard(MANAGERS)] as const,
    request: json(serviceSuggestionCreateSchema),
    responses: { 201: data(serviceSuggestionViewSchema, "The suggestion"), 400: errorResponses[400], ...refusals },
  }),
  updateSuggestion: createRoute({
    method: "put",
    path: "/api/v1/service_suggestions/{id}",
    tags: ["Service suggestions"],
    summary: "Change a suggestion the family has not decided on (422 service_suggestion__already_decided)",
    middleware: [guard(MANAGERS)] as const,
    request: { ...dealParam, ...json(serviceSuggestionUpdateSchema) },
    responses: { 200: data(serviceSuggestionViewSchema, "The suggestion"), 400: errorResponses[400], ...refusals },
  }),
  deleteSuggestion: createRoute({
    method: "delete",
    path: "/api/v1/service_suggestions/{id}",
    tags: ["Service suggestions"],
    summary: "Withdraw a suggestion the family has not decided on",
    middleware: [guard(MANAGERS)] as const,
    request: dealParam,
    responses: { 204: { description: "Withdrawn" }, ...refusals },
  }),
  familySuggestions: createRoute({
    method: "get",
    path: "/api/v1/deals/{id}/service_suggestions",
    tags: ["Client space"],
    summary: "The extra services the funeral home suggests for the family's deal",
    middleware: [guard(FAMILY)] as const,
    request: dealParam,
    responses: { 200: data(z.array(serviceSuggestionViewSchema), "The suggestions"), ...refusals },
  }),
  accept: createRoute({
    method: "put",
    path: "/api/v1/service_suggestions/{id}/accept",
    tags: ["Client space"],
    summary: "The family accepts a suggested service (owner or editor); the advisor is told",
    middleware: [guard(FAMILY)] as const,
    request: dealParam,
    responses: { 200: data(serviceSuggestionViewSchema, "The suggestion"), ...refusals },
  }),
  decline: createRoute({
    method: "put",
    path: "/api/v1/service_suggestions/{id}/decline",
    tags: ["Client space"],
    summary: "The family declines a suggested service (owner or editor); the advisor is told",
    middleware: [guard(FAMILY)] as const,
    request: dealParam,
    responses: { 200: data(serviceSuggestionViewSchema, "The suggestion"), ...refusals },
  }),
  priceRequests: createRoute({
    method: "get",
    path: "/api/v1/deals/{id}/suppliers/price_requests",
    tags: ["Deals"],
    summary: "The prices asked of suppliers for this deal, and their answers",
    middleware: [guard(MANAGERS)] as const,
    request: dealParam,
    responses: { 200: data(z.array(priceRequestViewSchema), "The requests"), ...refusals },
  }),
  askPrices: createRoute({
    method: "post",
    path: "/api/v1/deals/{id}/suppliers/price_requests",
    tags: ["Deals"],
    summary: "Ask one or several suppliers for a price (what, when, where — no family names); each gets an e-mailed answer link",
    description: "422 price_request__supplier_ids__unknown, price_request__supplier__no_email and the fields' codes.",
    middleware: [guard(MANAGERS)] as const,
    request: { ...dealParam, ...json(priceRequestCreateSchema) },
    responses: { 201: data(z.array(priceRequestViewSchema), "One request per supplier"), 400: errorResponses[400], ...refusals },
  }),
  acceptPrice: createRoute({
    method: "put",
    path: "/api/v1/deals/{id}/suppliers/price_requests/{request_id}/accept",
    tags: ["Deals"],
    summary: "Take a supplier's answered price: books it (a booking transaction) and closes the deal's other open requests",
    description: "422 price_request__not_answered.",
    middleware: [guard(MANAGERS)] as const,
    request: { params: z.object({ id: idSchema, request_id: idSchema }) },
    responses: { 200: data(z.object({ price_request: priceRequestViewSchema, booking_transaction: bookingTransactionViewSchema }), "Accepted and booked"), ...refusals },
  }),
  supplierRequests: createRoute({
    method: "get",
    path: "/api/v1/suppliers/{id}/price_requests",
    tags: ["Suppliers"],
    summary: "Every price asked of this supplier, with its answers (roles 0-2; a pro for its own supplier)",
    middleware: [guard(SUPPLIER_DESK)] as const,
    request: dealParam,
    responses: { 200: data(z.array(priceRequestViewSchema), "The requests"), ...refusals },
  }),
  supplierBookings: createRoute({
    method: "get",
    path: "/api/v1/suppliers/{id}/booking_transactions",
    tags: ["Suppliers"],
    summary: "Bookings at this supplier's warehouses or made from its accepted prices (roles 0-2; a pro for its own supplier)",
    middleware: [guard(SUPPLIER_DESK)] as const,
    request: dealParam,
    responses: { 200: data(z.array(bookingTransactionViewSchema), "The bookings"), ...refusals },
  }),
  readLink: createRoute({
    method: "get",
    path: "/api/v1/price_requests/{token}",
    tags: ["Suppliers"],
    summary: "The supplier's view of a price request: the job, when and where (404 for an unknown or expired link)",
    middleware: [guard(SUPPLIER_LINK)] as const,
    request: { params: z.object({ token: priceRequestTokenSchema }) },
    responses: { 200: data(publicPriceRequestSchema, "The request"), 404: errorResponses[404], 429: tooMany },
  }),
  answerLink: createRoute({
    method: "put",
    path: "/api/v1/price_requests/{token}",
    tags: ["Suppliers"],
    summary: "The supplier answers: decision quote (price_cents, delay_days, comment) or decline",
    description: "422 price_request__closed once the advisor decided, and the fields' codes.",
    middleware: [guard(SUPPLIER_LINK)] as const,
    request: { params: z.object({ token: priceRequestTokenSchema }), ...json(priceRequestAnswerSchema) },
    responses: { 200: data(publicPriceRequestSchema, "The request as answered"), 400: errorResponses[400], 404: errorResponses[404], 422: errorResponses[422], 429: tooMany },
  }),
};

const ipOf = (c: Context<AppEnv>) => clientIp(c) ?? "unknown";

export function registerDealExtraRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/deals/{id}/reviews – review requests and the family's review
  app.openapi(routes.reviews, async (c) => c.json({ data: await listDealReviews(c.get("db"), sessionOf(c), c.req.valid("param").id) }, 200, NO_STORE));

  // POST /api/v1/deals/{id}/reviews – ask the family for a review
  app.openapi(routes.requestReview, async (c) => {
    const body = (c.req.valid("json") as { force?: boolean } | undefined) ?? {};
    return c.json({ data: await requestDealReview(c.get("db"), sessionOf(c), c.req.valid("param").id, body, new Date()) }, 201, NO_STORE);
  });

  // PUT /api/v1/deals/{id}/reviews/{review_id} – publish or hide the review
  app.openapi(routes.publishReview, async (c) => {
    const { id, review_id } = c.req.valid("param");
    return c.json({ data: await publishDealReview(c.get("db"), sessionOf(c), id, review_id, c.req.valid("json").published, new Date()) }, 200, NO_STORE);
  });

  // GET /api/v1/deals/{id}/family_review – the family's review state
  app.openapi(routes.familyReview, async (c) => c.json({ data: await familyReviewState(c.get("db"), sessionOf(c), c.req.valid("param").id) }, 200, NO_STORE));

  // POST /api/v1/deals/{id}/family_review – the family leaves its review
  app.openapi(routes.leaveReview, async (c) =>
    c.json({ data: await leaveFamilyReview(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json"), ipOf(c), new Date()) }, 201, NO_STORE),
  );

  // GET /api/v1/service_suggestions – a deal's suggestions
  app.openapi(routes.suggestions, async (c) => c.json({ data: await listServiceSuggestions(c.get("db"), sessionOf(c), c.req.valid("query").deal_id) }, 200, NO_STORE));

  // POST /api/v1/service_suggestions – suggest a service
  app.openapi(routes.suggest, async (c) => c.json({ data: await createServiceSuggestion(c.get("db"), sessionOf(c), c.req.valid("json"), new Date()) }, 201, NO_STORE));

  // PUT /api/v1/service_suggestions/{id} – change a pending suggestion
  app.openapi(routes.updateSuggestion, async (c) => c.json({ data: await updateServiceSuggestion(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json"), new Date()) }, 200, NO_STORE));

  // DELETE /api/v1/service_suggestions/{id} – withdraw a pending suggestion
  app.openapi(routes.deleteSuggestion, async (c) => {
    await deleteServiceSuggestion(c.get("db"), sessionOf(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  // GET /api/v1/deals/{id}/service_suggestions – the family's suggestions
  app.openapi(routes.familySuggestions, async (c) => c.json({ data: await familyServiceSuggestions(c.get("db"), sessionOf(c), c.req.valid("param").id) }, 200, NO_STORE));

  // PUT /api/v1/service_suggestions/{id}/accept – the family accepts
  app.openapi(routes.accept, async (c) => c.json({ data: await decideServiceSuggestion(c.get("db"), sessionOf(c), c.req.valid("param").id, "accept", new Date()) }, 200, NO_STORE));

  // PUT /api/v1/service_suggestions/{id}/decline – the family declines
  app.openapi(routes.decline, async (c) => c.json({ data: await decideServiceSuggestion(c.get("db"), sessionOf(c), c.req.valid("param").id, "decline", new Date()) }, 200, NO_STORE));

  // GET /api/v1/deals/{id}/suppliers/price_requests – prices asked for the deal
  app.openapi(routes.priceRequests, async (c) => c.json({ data: await listDealPriceRequests(c.get("db"), sessionOf(c), c.req.valid("param").id) }, 200, NO_STORE));

  // POST /api/v1/deals/{id}/suppliers/price_requests – ask suppliers for a price
  app.openapi(routes.askPrices, async (c) => c.json({ data: await createPriceRequests(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json"), new Date()) }, 201, NO_STORE));

  // PUT /api/v1/deals/{id}/suppliers/price_requests/{request_id}/accept – book an answered price
  app.openapi(routes.acceptPrice, async (c) => {
    const { id, request_id } = c.req.valid("param");
    return c.json({ data: await acceptPriceRequest(c.get("db"), sessionOf(c), id, request_id, new Date()) }, 200, NO_STORE);
  });

  // GET /api/v1/suppliers/{id}/price_requests – prices asked of a supplier
  app.openapi(routes.supplierRequests, async (c) => {
    const { id } = c.req.valid("param");
    await requireSupplierDesk(c.get("db"), sessionOf(c), id);
    return c.json({ data: await listSupplierPriceRequests(c.get("db"), id) }, 200, NO_STORE);
  });

  // GET /api/v1/suppliers/{id}/booking_transactions – a supplier's bookings
  app.openapi(routes.supplierBookings, async (c) => {
    const { id } = c.req.valid("param");
    await requireSupplierDesk(c.get("db"), sessionOf(c), id);
    return c.json({ data: await listSupplierBookings(c.get("db"), id) }, 200, NO_STORE);
  });

  // GET /api/v1/price_requests/{token} – the supplier reads the request
  app.openapi(routes.readLink, async (c) => {
    const now = new Date();
    await limitPriceRequestLookup(c.get("db"), ipOf(c), now);
    return c.json({ data: await readPriceRequestByToken(c.get("db"), c.req.valid("param").token, now) }, 200, LINK_HEADERS);
  });

  // PUT /api/v1/price_requests/{token} – the supplier answers
  app.openapi(routes.answerLink, async (c) => {
    const now = new Date();
    await limitPriceRequestLookup(c.get("db"), ipOf(c), now);
    return c.json({ data: await answerPriceRequest(c.get("db"), c.req.valid("param").token, c.req.valid("json"), now) }, 200, LINK_HEADERS);
  });
}
