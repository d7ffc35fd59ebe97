import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { FUNERAL_TEAM_ROLES } from "@/domain/business-deal-access";
import { ROLES } from "@/domain/roles";
import { idSchema, pagingMetaSchema } from "@/domain/schemas/common";
import { notificationIdsSchema, notificationListQuerySchema, notificationSchema } from "@/domain/schemas/notification";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { countUnviewed, listNotifications, markAllViewed, markManyViewed, markViewed } from "@/server/services/notifications/notifications";
import { funeralTeam } from "@/server/services/users/funeral-team";

/**
 * A business user's notifications (SPEC §4, §7 "Other": list, count, viewed, viewed all) and
 * the funeral team for assignment. Every business role has its own notifications; another
 * user's are 404, never visible.
 */
const BUSINESS = signedIn({ business: "any" });
const ASSIGNERS = signedIn({ business: [ROLES.ADMIN, ...FUNERAL_TEAM_ROLES] });
const NO_STORE = { "cache-control": "private, no-store" };
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] };
const counted = z.object({ data: z.object({ updated: z.number().int() }) });

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/notifications",
  tags: ["Notifications"],
  summary: "The caller's notifications, newest first, paginated (viewed=true|false filters)",
  middleware: [guard(BUSINESS)] as const,
  request: { query: notificationListQuerySchema },
  responses: { 200: jsonResponse(z.object({ data: z.array(notificationSchema), meta: pagingMetaSchema }), "A page"), ...refusals },
});

const countRoute = createRoute({
  method: "get",
  path: "/api/v1/notifications/count",
  tags: ["Notifications"],
  summary: "How many of the caller's notifications are not viewed yet",
  middleware: [guard(BUSINESS)] as const,
  responses: { 200: jsonResponse(z.object({ data: z.object({ count: z.number().int() }) }), "Unviewed count"), ...refusals },
});

const viewedRoute = createRoute({
  method: "put",
  path: "/api/v1/notifications/{id}/viewed",
  tags: ["Notifications"],
  summary: "Mark one notification viewed (404 for another user's)",
  middleware: [guard(BUSINESS)] as const,
  request: { params: z.object({ id: idSchema }) },
  responses: { 200: jsonResponse(z.object({ data: notificationSchema }), "The notification"), 404: errorResponses[404], ...refusals },
});

const viewedManyRoute = createRoute({
  method: "put",
  path: "/api/v1/notifications/viewed",
  tags: ["Notifications"],
  summary: "Mark many notifications viewed (ids); 404 and nothing changed if one is not the caller's",
  middleware: [guard(BUSINESS)] as const,
  request: { body: { content: { "application/json": { schema: notificationIdsSchema } }, required: true } },
  responses: { 200: jsonResponse(counted, "How many changed"), 400: errorResponses[400], 404: errorResponses[404], ...refusals },
});

const viewedAllRoute = createRoute({
  method: "put",
  path: "/api/v1/notifications/viewed_all",
  tags: ["Notifications"],
  summary: "Mark all the caller's notifications viewed",
  middleware: [guard(BUSINESS)] as const,
  responses: { 200: jsonResponse(counted, "How many changed"), ...refusals },
});

const teamRoute = createRoute({
  method: "get",
  path: "/api/v1/users/funeral_team",
  tags: ["Users"],
  summary: "The active funeral directors and advisors (name, role, work e-mail, open deals in charge), and with partners=true the partner professionals, to assign deals (roles 0-2)",
  middleware: [guard(ASSIGNERS)] as const,
  request: {
    query: z.object({
      partners: z.enum(["true", "false"]).optional().meta({ description: "true: also the partner professionals (role 4) a deal may be assigned to" }),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ data: z.array(z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), email: z.string(), role: z.number().int(), open_deals: z.number().int().meta({ description: "Deals in charge that are not closed, lost nor cancelled" }) }).meta({ id: "TeamMember" })) }), "The team"),
    ...refusals,
  },
});

export function registerNotificationRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/notifications – the caller's notifications, newest first
  app.openapi(listRoute, async (c) => c.json(await listNotifications(c.get("db"), sessionOf(c).userId, c.req.valid("query")), 200, NO_STORE));

  // GET /api/v1/notifications/count – unviewed count
  app.openapi(countRoute, async (c) => c.json({ data: { count: await countUnviewed(c.get("db"), sessionOf(c).userId) } }, 200, NO_STORE));

  // PUT /api/v1/notifications/viewed – mark many viewed
  app.openapi(viewedManyRoute, async (c) => c.json({ data: await markManyViewed(c.get("db"), sessionOf(c).userId, c.req.valid("json").ids, new Date()) }, 200, NO_STORE));

  // PUT /api/v1/notifications/viewed_all – mark all viewed
  app.openapi(viewedAllRoute, async (c) => c.json({ data: await markAllViewed(c.get("db"), sessionOf(c).userId, new Date()) }, 200, NO_STORE));

  // PUT /api/v1/notifications/{id}/viewed – mark one viewed
  app.openapi(viewedRoute, async (c) => c.json({ data: await markViewed(c.get("db"), sessionOf(c).userId, c.req.valid("param").id, new Date()) }, 200, NO_STORE));

  // GET /api/v1/users/funeral_team – directors and advisors, for assignment
  app.openapi(teamRoute, async (c) => c.json({ data: await funeralTeam(c.get("db"), { partners: c.req.valid("query").partners === "true" }) }, 200, NO_STORE));
}
