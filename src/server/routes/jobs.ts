import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { ROLES } from "@/domain/roles";
import { epochSeconds } from "@/domain/time";
import { idSchema } from "@/domain/schemas/common";
import { optOutSchema } from "@/domain/schemas/opt-out";
import { clients } from "@/server/db/schema/users";
import { ADMIN_ONLY, guard } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { discardDeadJob, listDeadJobs, retryDeadJob, type JobRow } from "@/server/jobs/queue";
import { errorResponses, jsonResponse } from "@/server/routes/responses";

/**
 * The job queue's dead letters for admins (role 0): list, retry, discard. And the client's
 * opt-out of reminders and marketing messages (SPEC §7), which the reminder jobs obey.
 */

const deadJobSchema = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    attempts: z.number().int(),
    max_attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "DeadJob" });

const NO_STORE = { "cache-control": "private, no-store" };

const ADMINS = signedIn({ business: ADMIN_ONLY });
/** The client themself, or an advisor who takes the family's call and records the choice for them. */
const CLIENT_OR_ADVISORS = signedIn({ clients: true, business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] });

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/pro/jobs/dead",
  middleware: [guard(ADMINS)] as const,
  tags: ["Jobs"],
  summary: "Jobs that failed all their attempts, newest first (admins)",
  responses: { 200: jsonResponse(z.object({ data: z.array(deadJobSchema) }), "Dead jobs"), 401: errorResponses[401], 403: errorResponses[403] },
});

function actionRoute(action: "retry" | "discard") {
  return createRoute({
    method: "post",
    path: `/api/v1/pro/jobs/{id}/${action}`,
    middleware: [guard(ADMINS)] as const,
    tags: ["Jobs"],
    summary: action === "retry" ? "Queue a dead job again with fresh attempts (admins)" : "Give up a dead job for good (admins)",
    request: { params: z.object({ id: idSchema }) },
    responses: {
      200: jsonResponse(z.object({ success: z.literal(true) }), action === "retry" ? "Queued again" : "Discarded"),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  });
}

const optOutRoute = createRoute({
  method: "put",
  path: "/api/v1/clients/{id}/opt_out",
  middleware: [guard(CLIENT_OR_ADVISORS)] as const,
  tags: ["Clients"],
  summary: "Stop (true) or allow (false) reminders and marketing messages: the client themself, or an advisor on their behalf",
  request: { params: z.object({ id: idSchema }), body: { content: { "application/json": { schema: optOutSchema } }, required: true } },
  responses: {
    200: jsonResponse(z.object({ data: z.object({ id: z.number().int(), opt_out: z.boolean() }) }), "The client's choice"),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

function deadJobView(job: JobRow) {
  return {
    id: job.id,
    kind: job.kind,
    attempts: job.attempts,
    max_attempts: job.max_attempts,
    last_error: job.last_error,
    created_at: epochSeconds(job.created_at),
  };
}

export function registerJobRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/pro/jobs/dead – dead letters for admins
  app.openapi(listRoute, async (c) => {
    const jobs = await listDeadJobs(c.get("db"));
    return c.json({ data: jobs.map(deadJobView) }, 200, NO_STORE);
  });

  // POST /api/v1/pro/jobs/{id}/retry – run a dead job again
  app.openapi(actionRoute("retry"), async (c) => {
    if (!(await retryDeadJob(c.get("db"), c.req.valid("param").id))) throw new ApiError(404, "not_found");
    return c.json({ success: true as const }, 200, NO_STORE);
  });

  // POST /api/v1/pro/jobs/{id}/discard – give a dead job up
  app.openapi(actionRoute("discard"), async (c) => {
    if (!(await discardDeadJob(c.get("db"), c.req.valid("param").id))) throw new ApiError(404, "not_found");
    return c.json({ success: true as const }, 200, NO_STORE);
  });

  // PUT /api/v1/clients/{id}/opt_out – the client's opt-out of reminders and marketing
  app.openapi(optOutRoute, async (c) => {
    const auth = c.get("auth");
    const id = c.req.valid("param").id;
    if (auth?.realm === "client" && auth.userId !== id) throw new ApiError(403, "forbidden");
    const value = c.req.valid("json").value;
    const [row] = await c.get("db").update(clients).set({ optOut: value }).where(eq(clients.id, id)).returning({ id: clients.id, optOut: clients.optOut });
    if (!row) throw new ApiError(404, "not_found");
    return c.json({ data: { id: row.id, opt_out: row.optOut } }, 200, NO_STORE);
  });
}
