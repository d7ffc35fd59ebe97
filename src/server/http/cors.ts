import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { LOCALES } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { errorResponse } from "@/server/http/errors";

/** The product's own hosts (every locale of SITE_URL) plus the configured extra front-end origins. */
export function allowedOrigins(siteUrl: string, extra: readonly string[]): Set<string> {
  const origins = new Set<string>();
  for (const locale of LOCALES) origins.add(originForLocale(siteUrl, locale));
  for (const origin of extra) {
    try {
      origins.add(new URL(origin).origin);
    } catch {
      // A malformed entry is ignored rather than allowing anything.
    }
  }
  return origins;
}

/** Headers of the fetch client (SPEC §7) a browser may send and read. */
const ALLOWED_HEADERS = ["Content-Type", "Accept", "access-token", "client", "expiry", "uid", "token-type", "company-id", "session-id", "x-request-id", "x-resume-token"];
const EXPOSED_HEADERS = ["access-token", "client", "expiry", "uid", "token-type", "x-request-id", "content-disposition"];

/**
 * CORS for the allowed origins only, with credentials (cookies). A preflight from any
 * other origin is refused with 403; a simple request from one gets no CORS headers, so
 * the browser keeps the answer from the page.
 */
export function corsMiddleware(origins: Set<string>): MiddlewareHandler {
  const handler = cors({
    origin: (origin) => (origins.has(origin) ? origin : null),
    credentials: true,
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    allowHeaders: ALLOWED_HEADERS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
  return refusingForeignPreflights(origins, handler);
}

/** The assistant's chat service (SPEC §7 "Chat service"), served under its own base. */
export function isChatPath(path: string): boolean {
  return path === "/api/chat" || path.startsWith("/api/chat/");
}

/**
 * CORS of the chat service: the same origins, but never with credentials (the service reads
 * no cookie and no token, so a browser must not send them), and only the headers it reads.
 */
export function chatCorsMiddleware(origins: Set<string>): MiddlewareHandler {
  const handler = cors({
    origin: (origin) => (origins.has(origin) ? origin : null),
    credentials: false,
    allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
    allowHeaders: ["Content-Type", "Accept"],
    exposeHeaders: ["Retry-After", "x-request-id"],
    maxAge: 600,
  });
  return refusingForeignPreflights(origins, handler);
}

/** A preflight from an origin not in the list is refused with 403 before the CORS handler. */
function refusingForeignPreflights(origins: Set<string>, handler: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (c.req.method === "OPTIONS" && origin && !origins.has(origin) && c.req.header("access-control-request-method")) {
      return errorResponse(c, 403, "origin_not_allowed");
    }
    return handler(c, next);
  };
}
