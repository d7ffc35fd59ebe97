import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "@/server/http/env";
import { registerAuthOutboxRoutes } from "@/server/routes/auth-outbox";
import { registerAuthPasswordRoutes } from "@/server/routes/auth-passwords";
import { registerAuthSessionRoutes } from "@/server/routes/auth-sessions";

/**
 * Authentication of SPEC §7: client (/api/v1/auth, /api/next/auth) and professional
 * (/api/v1/pro/auth, /api/next/pro/auth) sessions and passwords, plus the development
 * outbox reader where reset e-mails land by default.
 */
export function registerAuthRoutes(app: OpenAPIHono<AppEnv>) {
  registerAuthSessionRoutes(app);
  registerAuthPasswordRoutes(app);
  registerAuthOutboxRoutes(app);
}
