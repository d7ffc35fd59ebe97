import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { leadCreatedSchema, leadInputSchema } from "@/domain/schemas/lead";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { createLead } from "@/server/services/leads";
import { consumeRateLimit } from "@/server/services/rate-limit";
import { publicAccess } from "@/domain/access";
import { guard } from "@/server/http/auth";
import { clientIp } from "@/server/http/client-ip";
import { ApiError } from "@/server/http/errors";

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
  tags: ["Leads"],
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
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      throw new ApiError(429, "rate_limited");
    }
    return c.json(await createLead(c.get("db"), input), 201);
  });
}
