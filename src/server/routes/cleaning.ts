import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { signedIn } from "@/domain/access";
import { ROLES } from "@/domain/roles";
import { cleaningReportSchema, cleaningResetSchema } from "@/domain/schemas/cleaning";
import { guard } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { cleaningReset } from "@/server/services/cleaning/cleaning-reset";

/** The cleaning reset (SPEC §7): admins (role 0) only; every other business role 403, clients and visitors 401. */
const ADMIN = signedIn({ business: [ROLES.ADMIN] });

const resetRoute = createRoute({
  method: "post",
  path: "/api/v1/cleaning/reset",
  middleware: [guard(ADMIN)] as const,
  tags: ["Cleaning"],
  summary: "Clear the demonstration data in one transaction; dry_run (default true) lists per table what would go; the real run needs confirm: true (role 0)",
  request: { body: { content: { "application/json": { schema: cleaningResetSchema } }, required: true } },
  responses: {
    200: jsonResponse(cleaningReportSchema, "What goes (or went), per table, and the demo rows kept because real rows use them"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export function registerCleaningRoutes(app: OpenAPIHono<AppEnv>) {
  // POST /api/v1/cleaning/reset – list or clear the demo data
  app.openapi(resetRoute, async (c) => c.json(await cleaningReset(c.get("db"), c.req.valid("json")), 200, { "cache-control": "private, no-store" }));
}
