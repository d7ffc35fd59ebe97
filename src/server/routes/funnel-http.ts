import type { Context } from "hono";
import { z } from "zod";
import { publicEnv, serverEnv } from "@/config/env";
import { clientIp } from "@/server/http/client-ip";
import type { AppEnv } from "@/server/http/env";
import { requestLocale } from "@/server/http/locale";
import { getMailer } from "@/server/integrations/mail/mailer";
import { jsonResponse } from "@/server/routes/responses";
import { authNow } from "@/server/services/auth/clock";
import type { FunnelContext } from "@/server/services/funeral-quote/funnel-context";

/** What the funnels' routes (funeral, monument) share: the resume token, the use cases' context, the 429. */

/** The resume token, in the header of every funnel call on a deal. */
export const RESUME_TOKEN_HEADER = "x-resume-token";

export const resumeHeaders = z.object({
  [RESUME_TOKEN_HEADER]: z.string().max(200).optional().meta({ description: "The deal's resume token (POST's resume_token, or the e-mail link's); not needed by its signed-in owner" }),
});

/** The PDF's query: a PDF opens without headers, so the e-mail's link carries the token. */
export const pdfTokenQuery = z.object({ token: z.string().max(200).optional().meta({ description: "The resume token, for the e-mail's link (a PDF opens without headers)" }) });

export function tooManyResponse(description: string) {
  return jsonResponse(z.object({ error: z.literal("Too Many Requests"), message: z.literal("rate_limited") }), description);
}

export function funnelContext(c: Context<AppEnv>, resumeToken: string | null = c.req.header(RESUME_TOKEN_HEADER) ?? null): FunnelContext {
  return {
    auth: c.get("auth"),
    siteUrl: serverEnv().SITE_URL,
    apiUrl: publicEnv.NEXT_PUBLIC_API_URL,
    mailer: getMailer(),
    hostLocale: requestLocale(c, undefined),
    resumeToken,
    ip: clientIp(c),
    now: authNow(),
  };
}


export const NO_STORE = { "cache-control": "no-store" };

/** A quote PDF's answer headers. */
export function pdfHeaders(filename: string) {
  return { "content-type": "application/pdf", "content-disposition": `inline; filename="${filename}"`, "cache-control": "private, no-store" };
}
