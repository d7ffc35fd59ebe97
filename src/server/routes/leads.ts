import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { leadCreatedSchema, leadInputSchema } from "@/domain/schemas/lead";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { createLead } from "@/server/services/leads";
import { publicAccess } from "@/domain/access";
import { guard } from "@/server/http/auth";

const createLeadRoute = createRoute({
  method: "post",
  path: "/api/v1/leads",
  middleware: [guard(publicAccess("a visitor leaves their own contact details"))] as const,
  tags: ["Leads"],
  summary: "A family asks to be contacted, on the channel it chose",
  request: { body: { content: { "application/json": { schema: leadInputSchema } }, required: true } },
  responses: {
    201: jsonResponse(leadCreatedSchema, "Request recorded"),
    400: errorResponses[400],
    413: errorResponses[413],
    422: errorResponses[422],
  },
});

export function registerLeadRoutes(app: OpenAPIHono<AppEnv>) {
  // POST /api/v1/leads – record a call-back request
  app.openapi(createLeadRoute, async (c) => c.json(await createLead(c.get("db"), c.req.valid("json")), 201));
}
