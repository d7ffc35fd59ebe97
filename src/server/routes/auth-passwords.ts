import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { authPaths } from "@/config/auth-paths";
import { publicEnv, serverEnv } from "@/config/env";
import { publicAccess } from "@/domain/access";
import { passwordEditQuerySchema, passwordResetRequestSchema, passwordUpdateSchema } from "@/domain/schemas/auth";
import { localeFromHost, originForLocale } from "@/i18n/locale-host";
import { assertRealm, guard, sessionDetails, setTokenHeaders } from "@/server/http/auth";
import { clientIp } from "@/server/http/client-ip";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { AUTH_BASES, TOKEN_RESPONSE_HEADERS, successSchema, userEnvelopeSchema, type AuthBase } from "@/server/routes/auth-schemas";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { authNow } from "@/server/services/auth/clock";
import { changePassword } from "@/server/services/auth/password-change";
import { findValidResetToken, requestPasswordReset, resetPassword } from "@/server/services/auth/password-reset";
import { isAllowedRedirect } from "@/server/services/auth/redirect-allowlist";
import { markSignInSucceeded, reserveSignInAttempt } from "@/server/services/auth/sign-in-limiter";
import { RESET_EMAIL_WINDOW_MS, RESET_EMAILS_PER_ADDRESS, RESET_EMAILS_PER_IP } from "@/server/services/auth/constants";
import { findAccountById, serializeAccount } from "@/server/services/auth/users";
import { consumeRateLimit, perEmailAndIp } from "@/server/services/rate-limit";

const tooManyResetEmails = jsonResponse(
  z.object({ error: z.literal("Too Many Requests"), message: z.literal("rate_limited") }),
  "Too many reset e-mails for this address or from this caller: wait Retry-After seconds",
);


// The route proves, changes or ends the session itself, answering the protocol's own 401 codes (session_expired…).
const OWN_SESSION = publicAccess("checks its own session and answers the session protocol's 401 codes");

function redirectPolicy() {
  const env = serverEnv();
  return { siteUrl: env.SITE_URL, allowlist: env.REDIRECT_ALLOWLIST };
}

/** The reset page of the site the request came from (any locale host), when none is given. */
function defaultRedirect(c: Context, base: AuthBase): string {
  const env = serverEnv();
  const locale = localeFromHost(c.req.header("x-forwarded-host") ?? c.req.header("host"));
  const path = base.realm === "client" ? authPaths.resetPassword() : authPaths.proResetPassword();
  return `${originForLocale(env.SITE_URL, locale)}${path}`;
}

/** Where the e-mail link points: this API's …/password/edit, on the host of the family's language. */
/** The API's …/password/edit address the e-mail links to (the token is added when the mail is written). */
function editUrl(base: AuthBase, redirectUrl: string): string {
  const locale = localeFromHost(new URL(redirectUrl).host);
  const apiOrigin = publicEnv.NEXT_PUBLIC_API_URL ?? originForLocale(serverEnv().SITE_URL, locale);
  return `${apiOrigin}${base.prefix}/password/edit`;
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

function routesFor(base: AuthBase) {
  return {
    request: createRoute({
      method: "post",
      path: `${base.prefix}/password`,
      middleware: [guard(publicAccess("the answer is the same whether or not the address has an account"))] as const,
      tags: [base.tag],
      summary: "Send a reset e-mail; the answer is the same whether or not the address has an account",
      request: { body: { content: { "application/json": { schema: passwordResetRequestSchema } }, required: true } },
      responses: { 200: jsonResponse(successSchema, "Accepted"), 400: errorResponses[400], 422: errorResponses[422], 429: tooManyResetEmails },
    }),
    edit: createRoute({
      method: "get",
      path: `${base.prefix}/password/edit`,
      middleware: [guard(publicAccess("the e-mailed link carries a reset token, checked by the use case"))] as const,
      tags: [base.tag],
      summary: "The e-mail link: redirects to the reset page with the reset token (never a session token)",
      request: { query: passwordEditQuerySchema },
      responses: { 302: { description: "To redirect_url, with reset_password_token or erreur=reset_token_invalid" }, 422: errorResponses[422] },
    }),
    update: createRoute({
      method: "put",
      path: `${base.prefix}/password`,
      middleware: [guard(OWN_SESSION)] as const,
      tags: [base.tag],
      summary: "Set a new password: with reset_password_token (reset), or signed in with current_password (change)",
      request: { body: { content: { "application/json": { schema: passwordUpdateSchema } }, required: true } },
      responses: {
        200: { ...jsonResponse(userEnvelopeSchema.extend({ success: z.literal(true) }), "Password changed"), headers: TOKEN_RESPONSE_HEADERS },
        400: errorResponses[400],
        401: errorResponses[401],
        422: errorResponses[422],
        429: jsonResponse(z.object({ error: z.literal("Too Many Requests"), message: z.literal("rate_limited") }), "Too many wrong current passwords"),
      },
    }),
  };
}

export function registerAuthPasswordRoutes(app: OpenAPIHono<AppEnv>) {
  for (const base of AUTH_BASES) {
    if (!base.full) continue;
    const routes = routesFor(base);

    // POST {base}/password – reset e-mail (same answer for unknown addresses)
    app.openapi(routes.request, async (c) => {
      const body = c.req.valid("json");
      const redirectUrl = body.redirect_url || defaultRedirect(c, base);
      if (!isAllowedRedirect(redirectUrl, redirectPolicy())) throw new ApiError(422, "redirect_url_not_allowed");
      // Counted for unknown addresses too, so the limit reveals nothing about accounts.
      const limit = await consumeRateLimit(c.get("db"), {
        bucket: `reset_email:${base.realm}`,
        rules: perEmailAndIp(body.email, clientIp(c), {
          perEmail: RESET_EMAILS_PER_ADDRESS,
          emailWindowMs: RESET_EMAIL_WINDOW_MS,
          perIp: RESET_EMAILS_PER_IP,
          ipWindowMs: RESET_EMAIL_WINDOW_MS,
        }),
        now: authNow(),
      });
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        throw new ApiError(429, "rate_limited");
      }
      await requestPasswordReset(c.get("db"), {
        realm: base.realm,
        email: body.email,
        redirectUrl,
        editUrl: editUrl(base, redirectUrl),
        locale: localeFromHost(new URL(redirectUrl).host),
        now: authNow(),
      });
      return c.json({ success: true as const, message: "reset_email_sent_if_account_exists" }, 200);
    });

    // GET {base}/password/edit – e-mail link → reset page, carrying only the reset token
    app.openapi(routes.edit, async (c) => {
      const query = c.req.valid("query");
      if (query.redirect_url && !isAllowedRedirect(query.redirect_url, redirectPolicy())) {
        throw new ApiError(422, "redirect_url_not_allowed");
      }
      const valid = await findValidResetToken(c.get("db"), { realm: base.realm, token: query.reset_password_token, now: authNow() });
      const target = query.redirect_url ?? valid?.redirectUrl ?? defaultRedirect(c, base);
      c.header("Cache-Control", "no-store");
      c.header("Referrer-Policy", "no-referrer");
      const location = valid
        ? withQuery(target, { reset_password_token: query.reset_password_token })
        : withQuery(target, { erreur: "reset_token_invalid" });
      return c.redirect(location, 302);
    });

    // PUT {base}/password – reset with a token, or change when signed in (current password asked again)
    app.openapi(routes.update, async (c) => {
      const body = c.req.valid("json");
      const db = c.get("db");
      const now = authNow();
      if (body.reset_password_token) {
        const result = await resetPassword(db, {
          realm: base.realm,
          token: body.reset_password_token,
          password: body.password,
          now,
          userAgent: c.req.header("user-agent") ?? null,
        });
        if (!result.ok) throw new ApiError(422, result.code);
        setTokenHeaders(c, { ...result.session, uid: result.account.email });
        return c.json({ success: true as const, data: serializeAccount(result.account) }, 200);
      }

      const auth = c.get("auth");
      if (sessionDetails(auth)?.via !== "header") throw new ApiError(401, "unauthorized");
      const session = assertRealm(auth, base.realm);
      if (!body.current_password) throw new ApiError(422, "current_password_required");
      // Guessing the current password from a borrowed session is a sign-in attempt like any other.
      const ip = clientIp(c);
      const limit = await reserveSignInAttempt(db, { realm: base.realm, email: session.email, ip, now });
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        throw new ApiError(429, "rate_limited");
      }
      const result = await changePassword(db, {
        realm: base.realm,
        userId: session.userId,
        clientId: session.clientId,
        currentPassword: body.current_password,
        password: body.password,
      });
      // Only a wrong current password is a guess; the reserved attempt counts as one until then.
      if (result.ok || result.code !== "current_password_invalid") await markSignInSucceeded(db, limit.attemptId);
      if (!result.ok) {
        if (result.code === "current_password_invalid") throw new ApiError(422, "current_password_invalid");
        throw new ApiError(401, result.code);
      }
      const account = await findAccountById(db, base.realm, session.userId);
      if (!account) throw new ApiError(401, "unauthorized");
      return c.json({ success: true as const, data: serializeAccount(account) }, 200);
    });
  }
}
