import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { fundingAgenciesQuerySchema, fundingAgenciesResponseSchema } from "@/domain/schemas/funding-agency";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { listFundingAgencies } from "@/server/services/funding-agencies";
import { publicAccess } from "@/domain/access";
import { guard } from "@/server/http/auth";

const fundingAgenciesRoute = createRoute({
  method: "get",
  path: "/api/v1/funding_agencies",
  middleware: [guard(publicAccess("published reference list"))] as const,
  tags: ["Funding agencies"],
  summary: "Bodies that may pay towards funeral costs (page 1, 50 per page by default)",
  request: { query: fundingAgenciesQuerySchema },
  responses: { 200: jsonResponse(fundingAgenciesResponseSchema, "A page of funding agencies"), 422: errorResponses[422] },
});

export function registerFundingAgencyRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/funding_agencies – funding agencies list
  app.openapi(fundingAgenciesRoute, async (c) => c.json(await listFundingAgencies(c.get("db"), c.req.valid("query")), 200));
}
