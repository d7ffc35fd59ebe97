import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { publicAccess, signedIn } from "@/domain/access";
import { ROLES } from "@/domain/roles";
import { idSchema, pagingMetaSchema } from "@/domain/schemas/common";
import { leadAssignSchema, leadCalledSchema, leadCreatedSchema, leadInputSchema, leadListQuerySchema, leadSchema } from "@/domain/schemas/lead";
import { guard, sessionOf } from "@/server/http/auth";
import { clientIp } from "@/server/http/client-ip";
import { RateLimitedError } from "@/server/http/errors";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { convertLead } from "@/server/services/leads/convert-lead";
import { createLead } from "@/server/services/leads/create-lead";
import { listLeads } from "@/server/services/leads/list-leads";
import { consumeRateLimit } from "@/server/services/rate-limit";
import { assignLead, markLeadCalled } from "@/server/services/leads/work-lead";

/** The funeral team (roles 0-2) works the call-back requests; analytics guests and partner pros (3-4) are refused. */
const TEAM = signedIn({ business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] });
const TAGS = ["Leads"];
const NO_STORE = { "cache-control": "private, no-store" };
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] };
const params = z.object({ id: idSchema });
const one = (description: string) => jsonResponse(z.object({ data: leadSchema }), description);
/**
 * Call-back requests per caller address and hour. The form is on every page (the
 * assistant's advisor hand-off), and each request lands in the advisors' queue: a family
 * asks once or twice, a script must not fill the queue.
 */
export const LEADS_PER_ADDRESS = 10;
const LEAD_WINDOW_MS = 60 * 60 * 1000;

const createLeadRoute = createRoute({
  method: "post",
  path: "/api/v1/leads",
  middleware: [guard(publicAccess("a visitor leaves their own contact details"))] as const,
  tags: TAGS,
  summary: "A family asks to be contacted, on the channel it chose",
  request: { body: { content: { "application/json": { schema: leadInputSchema } }, required: true } },
  responses: {
    201: jsonResponse(leadCreatedSchema, "Request recorded"),
    400: errorResponses[400],
    413: errorResponses[413],
    422: errorResponses[422],
    429: jsonResponse(z.object({ error: z.literal("Too Many Requests"), message: z.literal("rate_limited") }), "Too many requests from this address: wait Retry-After seconds"),
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/leads",
  middleware: [guard(TEAM)] as const,
  tags: TAGS,
  summary: "Call-back requests, newest first, filtered by state, kind, holder (id, me, none) and day received; paginated (roles 0-2)",
  request: { query: leadListQuerySchema },
  responses: { 200: jsonResponse(z.object({ data: z.array(leadSchema), meta: pagingMetaSchema }), "A page of leads"), ...refusals },
});

const assignRoute = createRoute({
  method: "put",
  path: "/api/v1/leads/{id}/assign",
  middleware: [guard(TEAM)] as const,
  tags: TAGS,
  summary: "Give the request to an active funeral director or advisor (roles 0-2)",
  request: { params, body: { content: { "application/json": { schema: leadAssignSchema } }, required: true } },
  responses: { 200: one("The lead"), 400: errorResponses[400], 404: errorResponses[404], ...refusals },
});

const calledRoute = createRoute({
  method: "post",
  path: "/api/v1/leads/{id}/called",
  middleware: [guard(TEAM)] as const,
  tags: TAGS,
  summary: "Record that the family was called, with a note; who and when are kept (roles 0-2)",
  request: { params, body: { content: { "application/json": { schema: leadCalledSchema } }, required: true } },
  responses: { 200: one("The lead"), 400: errorResponses[400], 404: errorResponses[404], ...refusals },
});

const convertRoute = createRoute({
  method: "post",
  path: "/api/v1/leads/{id}/convert",
  middleware: [guard(TEAM)] as const,
  tags: TAGS,
  summary: "Turn the request into a funeral deal owned by its contact (an account without password); once only (roles 0-2)",
  request: { params },
  responses: { 201: one("The lead, linked to its deal (deal_id)"), 404: errorResponses[404], ...refusals },
});

export function registerLeadRoutes(app: OpenAPIHono<AppEnv>) {
  // POST /api/v1/leads – record a call-back request
  app.openapi(createLeadRoute, async (c) => {
    const input = c.req.valid("json");
    const ip = clientIp(c);
    const limit = await consumeRateLimit(c.get("db"), {
      bucket: "leads",
      rules: [ip ? { key: `ip:${ip.slice(0, 100)}`, limit: LEADS_PER_ADDRESS, windowMs: LEAD_WINDOW_MS } : null],
      now: new Date(),
    });
    if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
    return c.json(await createLead(c.get("db"), input), 201);
  });
  // GET /api/v1/leads – the funeral team's list of requests
  app.openapi(listRoute, async (c) => c.json(await listLeads(c.get("db"), c.req.valid("query"), sessionOf(c).userId), 200, NO_STORE));
  // PUT /api/v1/leads/{id}/assign – give a request to an advisor
  app.openapi(assignRoute, async (c) =>
    c.json({ data: await assignLead(c.get("db"), c.req.valid("param").id, c.req.valid("json").business_user_id, new Date()) }, 200, NO_STORE),
  );
  // POST /api/v1/leads/{id}/called – record the call
  app.openapi(calledRoute, async (c) =>
    c.json({ data: await markLeadCalled(c.get("db"), c.req.valid("param").id, c.req.valid("json").note ?? null, sessionOf(c).userId, new Date()) }, 200, NO_STORE),
  );
  // POST /api/v1/leads/{id}/convert – the request becomes a funeral deal
  app.openapi(convertRoute, async (c) => {
    const auth = sessionOf(c);
    return c.json({ data: await convertLead(c.get("db"), c.req.valid("param").id, { id: auth.userId, role: auth.role! }, new Date()) }, 201, NO_STORE);
  });
}
