import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { STATISTICS_ROLES, statisticsQuerySchema, statisticsSchema } from "@/domain/schemas/statistics";
import { guard } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { dealStatistics } from "@/server/services/statistics/statistics";

/**
 * The business's figures (issue 14) for STATISTICS_ROLES (0, 1, 3; why in its comment):
 * funeral advisors and partner professionals get 403, clients and visitors 401.
 */
const STATISTICS_READERS = signedIn({ business: STATISTICS_ROLES });

const statisticsRoute = createRoute({
  method: "get",
  path: "/api/v1/statistics",
  tags: ["Statistics"],
  summary: "Aggregated figures on the deals created in a period (default: the last 12 ISO weeks): per state, kind and week, quote conversion, average basket",
  description: "Counts and amounts only, never a name, e-mail, phone, address nor a deal's id. 422 statistics__period__reversed when from is after to, statistics__period__too_long beyond 731 days.",
  middleware: [guard(STATISTICS_READERS)] as const,
  request: { query: statisticsQuerySchema },
  responses: {
    200: jsonResponse(z.object({ data: statisticsSchema }), "The figures"),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export function registerStatisticsRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/statistics – aggregated deal figures for a period
  app.openapi(statisticsRoute, async (c) => c.json({ data: await dealStatistics(c.get("db"), c.req.valid("query")) }, 200, { "cache-control": "private, no-store" }));
}
