import { NextResponse, type NextRequest } from "next/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { publicEnv } from "@/config/public-env";
import { isLocale } from "@/domain/locales";
import { localeFromHost } from "@/i18n/locale-host";
import { originOf, PAGE_CSP_HEADER, pagePolicy } from "@/server/http/security-headers.mjs";

// Origins the browser calls besides its own: API hosts, error reporting, and (public pages only) the chat service.
const origins = (...urls: (string | undefined)[]) => urls.map(originOf).filter((origin): origin is string => origin !== null);
const https = serverEnv().SITE_URL.startsWith("https://");
const PUBLIC_POLICY = pagePolicy({
  https,
  connectOrigins: origins(publicEnv.NEXT_PUBLIC_API_URL, publicEnv.NEXT_PUBLIC_API_NEXT_URL, publicEnv.NEXT_PUBLIC_SENTRY_DSN, publicEnv.NEXT_PUBLIC_CHAT_URL),
});
// Sign-in, invitation, back-office, payment and the SMS documents link: no chat service, no data: images.
const STRICT_POLICY = pagePolicy({
  https,
  strict: true,
  connectOrigins: origins(publicEnv.NEXT_PUBLIC_API_URL, publicEnv.NEXT_PUBLIC_API_NEXT_URL, publicEnv.NEXT_PUBLIC_SENTRY_DSN),
});
// The family's space: as strict, but the assistant's panel opens there too and calls the chat service.
const CLIENT_SPACE_POLICY = pagePolicy({
  https,
  strict: true,
  connectOrigins: origins(publicEnv.NEXT_PUBLIC_API_URL, publicEnv.NEXT_PUBLIC_API_NEXT_URL, publicEnv.NEXT_PUBLIC_SENTRY_DSN, publicEnv.NEXT_PUBLIC_CHAT_URL),
});
const STRICT_PREFIXES = [paths.login(), paths.clientSpace(), paths.invitation(), paths.proHome(), paths.payment(), "/documents/sms"];
const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
const isStrict = (pathname: string) => STRICT_PREFIXES.some((prefix) => under(pathname, prefix));

/** The Content-Security-Policy a page at this public path gets (before its inline scripts are hashed). */
export function pagePolicyFor(pathname: string): string {
  if (under(pathname, paths.clientSpace())) return CLIENT_SPACE_POLICY;
  return isStrict(pathname) ? STRICT_POLICY : PUBLIC_POLICY;
}

/**
 * Picks the locale from the host ({locale}.{host} or {locale}--{host}; bare host is
 * French) and rewrites to the internal /{locale}/… tree, so every locale serves the
 * French paths and pages stay static per locale.
 */
export function proxy(request: NextRequest) {
  const locale = localeFromHost(request.headers.get("x-forwarded-host") ?? request.headers.get("host"));
  const { pathname } = request.nextUrl;
  const first = pathname.split("/")[1];
  // Next.js links its generated share image as /{locale}/opengraph-image: let it through.
  if (isLocale(first) && pathname.startsWith(`/${first}/opengraph-image`)) return NextResponse.next();
  const url = request.nextUrl.clone();
  // An internal locale prefix typed in the address bar is not a public URL: route it to the not-found page.
  url.pathname = isLocale(first) ? `/${locale}/404` : `/${locale}${pathname === "/" ? "" : pathname}`;
  const response = NextResponse.rewrite(url);
  // server.mjs completes it with the page's inline-script hashes (src/server/http/security-headers.mjs).
  response.headers.set(PAGE_CSP_HEADER, pagePolicyFor(pathname));
  return response;
}

export const config = {
  // API, Next internals, legal documents, the payment sandbox's own pages (they send their own policy) and files with an extension are served as they are.
  matcher: ["/((?!api|_next|_vercel|documents/legal|omniauth|sandbox-psp|.*\\..*).*)"],
};
