import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { publicAccess } from "@/domain/access";
import { guard } from "@/server/http/auth";
import { canReadDevOutbox } from "@/server/http/dev-access";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { listSmsOutbox, smsOutboxDir } from "@/server/integrations/sms/sms-outbox";

// Answers 404 unless the outbox is readable here (development and tests, see canReadDevOutbox).
const DEV_ONLY = publicAccess("development SMS outbox, 404 wherever it is not readable");

const storedSmsSchema = z
  .object({ id: z.string(), to: z.string(), text: z.string(), locale: z.string().optional(), tag: z.string().optional(), created_at: z.string() })
  .meta({ id: "OutboxSms" });

const listRoute = createRoute({
  method: "get",
  path: "/api/dev/sms-outbox",
  middleware: [guard(DEV_ONLY)] as const,
  tags: ["Development"],
  summary: "Text messages written to the SMS outbox, newest first (development only)",
  request: { query: z.object({ to: z.string().max(40).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }) },
  responses: {
    200: { description: "Messages", content: { "application/json": { schema: z.object({ data: z.array(storedSmsSchema) }) } } },
    404: { description: "Not available here" },
  },
});

/** The development SMS reader, under the same rule as the mail outbox: this machine only, never in production. */
export function registerDevSmsOutboxRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/dev/sms-outbox – list the SMS outbox
  app.openapi(listRoute, async (c) => {
    if (!canReadDevOutbox(c)) throw new ApiError(404, "not_found");
    const { to, limit } = c.req.valid("query");
    const messages = await listSmsOutbox(smsOutboxDir(), { to, limit });
    return c.json({ data: messages.map((m) => ({ id: m.id, to: m.to, text: m.text, locale: m.locale, tag: m.tag, created_at: m.created_at })) }, 200, { "cache-control": "no-store" });
  });
}
