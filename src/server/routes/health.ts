import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "@/server/http/env";
import { jsonResponse } from "@/server/routes/responses";
import { publicAccess } from "@/domain/access";
import { guard } from "@/server/http/auth";

const healthRoute = createRoute({
  method: "get",
  path: "/api/v1/health",
  middleware: [guard(publicAccess("liveness only: no data"))] as const,
  tags: ["Health"],
  summary: "Liveness of the API process",
  responses: { 200: jsonResponse(z.object({ status: z.literal("ok") }).meta({ id: "Health" }), "The process answers") },
});

export function registerHealthRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/health – liveness, without touching the database (the benchmark's baseline)
  app.openapi(healthRoute, (c) => c.json({ status: "ok" as const }, 200));
}
