import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { signInSchema } from "@/domain/schemas/auth";
import { assertRealm, guard, SESSION_COOKIES, sessionDetails, setTokenHeaders } from "@/server/http/auth";
import { clearSessionCookie, setSessionCookie } from "@/server/http/auth-cookies";
import { clientIp } from "@/server/http/client-ip";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { AUTH_BASES, TOKEN_RESPONSE_HEADERS, successSchema, userEnvelopeSchema, validateTokenSchema, type AuthBase } from "@/server/routes/auth-schemas";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { authNow } from "@/server/services/auth/clock";
import { serverEnv } from "@/config/env";
import { OIDC_PROVIDER, oidcConfigFrom } from "@/server/services/auth/oidc";
import { adoptCookieSession, authenticateCookie, createCookieSession, revokeSession } from "@/server/services/auth/sessions";
import { signIn } from "@/server/services/auth/sign-in";
import { serializeAccount } from "@/server/services/auth/users";
import { publicAccess } from "@/domain/access";
import { epochSeconds } from "@/domain/time";

// The route proves, changes or ends the session itself, answering the protocol's own 401 codes (session_expired…).
const OWN_SESSION = publicAccess("checks its own session and answers the session protocol's 401 codes");

const tooMany = jsonResponse(z.object({ error: z.literal("Too Many Requests"), message: z.literal("rate_limited") }), "Too many failed sign-ins: wait Retry-After seconds");

const providersRoute = createRoute({
  method: "get",
  path: "/api/v1/auth/providers",
  middleware: [guard(publicAccess("names of configured providers"))] as const,
  tags: ["Auth (client)"],
  summary: "Social sign-in providers configured on this server (/omniauth/{provider})",
  responses: { 200: jsonResponse(z.object({ providers: z.array(z.string()) }), "Providers") },
});

function routesFor(base: AuthBase) {
  return {
    signIn: createRoute({
      method: "post",
      path: `${base.prefix}/sign_in`,
      middleware: [guard(publicAccess("signing in is how a visitor gets a session"))] as const,
      tags: [base.tag],
      summary: "Sign in with e-mail and password; the answer carries the device's tokens",
      request: { body: { content: { "application/json": { schema: signInSchema } }, required: true } },
      responses: {
        200: { ...jsonResponse(userEnvelopeSchema, "Signed in"), headers: TOKEN_RESPONSE_HEADERS },
        400: errorResponses[400],
        401: jsonResponse(errorResponses[401].content["application/json"].schema, "Wrong e-mail or password (invalid_credentials)"),
        422: errorResponses[422],
        429: tooMany,
      },
    }),
    signOut: createRoute({
      method: "delete",
      path: `${base.prefix}/sign_out`,
      middleware: [guard(OWN_SESSION)] as const,
      tags: [base.tag],
      summary: "Sign this device out: its token and its cookie stop working",
      responses: { 200: jsonResponse(successSchema, "Signed out"), 401: errorResponses[401] },
    }),
    validateToken: createRoute({
      method: "get",
      path: `${base.prefix}/validate_token`,
      middleware: [guard(OWN_SESSION)] as const,
      tags: [base.tag],
      summary: "The signed-in user (`data`); with only the session cookie, the device gets header tokens",
      responses: { 200: { ...jsonResponse(validateTokenSchema, "Valid session"), headers: TOKEN_RESPONSE_HEADERS }, 401: errorResponses[401] },
    }),
    cookie: createRoute({
      method: "post",
      path: `${base.prefix}/cookie`,
      middleware: [guard(OWN_SESSION)] as const,
      tags: [base.tag],
      summary: "Give this device an httpOnly session cookie for server-rendered pages and downloads",
      responses: { 200: jsonResponse(successSchema.extend({ expiry: z.number().int() }), "Cookie set"), 401: errorResponses[401] },
    }),
  };
}

/** 401 with a code saying whether credentials were missing or no longer valid. */
function notSignedIn(c: Context<AppEnv>): ApiError {
  const sent = Boolean(c.req.header("access-token")) || Object.values(SESSION_COOKIES).some((name) => getCookie(c, name));
  return new ApiError(401, sent ? "session_expired" : "unauthorized");
}

export function registerAuthSessionRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/auth/providers – which social sign-in the sign-in page may offer
  app.openapi(providersRoute, (c) => c.json({ providers: oidcConfigFrom(serverEnv()) ? [OIDC_PROVIDER] : [] }, 200));

  for (const base of AUTH_BASES) {
    const routes = routesFor(base);

    // POST {base}/sign_in – e-mail and password; 429 after too many failures
    app.openapi(routes.signIn, async (c) => {
      const { email, password } = c.req.valid("json");
      const result = await signIn(c.get("db"), {
        realm: base.realm,
        email,
        password,
        ip: clientIp(c),
        userAgent: c.req.header("user-agent") ?? null,
        now: authNow(),
      });
      if (!result.ok) {
        if (result.code === "rate_limited") {
          c.header("Retry-After", String(result.retryAfterSeconds));
          throw new ApiError(429, "rate_limited");
        }
        throw new ApiError(401, "invalid_credentials");
      }
      setTokenHeaders(c, { ...result.session, uid: result.account.email });
      return c.json({ data: serializeAccount(result.account) }, 200);
    });

    // DELETE {base}/sign_out – revoke this device (header session and its cookie)
    app.openapi(routes.signOut, async (c) => {
      const db = c.get("db");
      const auth = c.get("auth");
      let revoked = false;
      if (auth && auth.realm === base.realm && sessionDetails(auth)?.via === "header") {
        await revokeSession(db, auth.realm, auth.userId, auth.clientId);
        revoked = true;
      }
      // Writes never authenticate by cookie, but ending the cookie's own session is harmless.
      const cookie = getCookie(c, SESSION_COOKIES[base.realm]);
      if (cookie) {
        const session = await authenticateCookie(db, { realm: base.realm, token: cookie, now: authNow() });
        if (session) {
          await revokeSession(db, base.realm, session.userId, session.clientId);
          revoked = true;
        }
        clearSessionCookie(c, base.realm);
      }
      if (!revoked) throw notSignedIn(c);
      c.header("Cache-Control", "no-store");
      return c.json({ success: true as const }, 200);
    });

    // GET {base}/validate_token – the user of the session; a cookie-only browser is given header tokens
    app.openapi(routes.validateToken, async (c) => {
      const auth = c.get("auth");
      const details = sessionDetails(auth);
      if (!auth || auth.realm !== base.realm || !details) throw notSignedIn(c);
      if (details.via === "cookie" && details.cookie) {
        const issued = await adoptCookieSession(c.get("db"), { realm: base.realm, session: details.cookie, now: authNow() });
        // The device already holds a token (an open tab): a cookie-only GET never replaces it,
        // the answer then only confirms the cookie (no token headers).
        if (issued) setTokenHeaders(c, { ...issued, uid: details.account.email });
      }
      c.header("Cache-Control", "no-store");
      return c.json({ success: true as const, data: serializeAccount(details.account) }, 200);
    });

    if (!base.full) continue;

    // POST {base}/cookie – httpOnly session cookie for the signed-in device
    app.openapi(routes.cookie, async (c) => {
      const auth = c.get("auth");
      if (sessionDetails(auth)?.via !== "header") throw notSignedIn(c);
      const session = assertRealm(auth, base.realm);
      const issued = await createCookieSession(c.get("db"), {
        realm: session.realm,
        userId: session.userId,
        clientId: session.clientId,
        now: authNow(),
      });
      setSessionCookie(c, base.realm, issued.token);
      c.header("Cache-Control", "no-store");
      return c.json({ success: true as const, expiry: epochSeconds(issued.expiresAt) }, 200);
    });
  }
}
