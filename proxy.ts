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
// Sign-in, account, invitation, back-office and payment: no chat service, no data: images.
const STRICT_POLICY = pagePolicy({
  https,
  strict: true,
  connectOrigins: origins(publicEnv.NEXT_PUBLIC_API_URL, publicEnv.NEXT_PUBLIC_API_NEXT_URL, publicEnv.NEXT_PUBLIC_SENTRY_DSN),
});
const STRICT_PREFIXES = [paths.login(), "/app", paths.invitation(), paths.proHome(), paths.payment()];
const isStrict = (pathname: string) => STRICT_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

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
  response.headers.set(PAGE_CSP_HEADER, isStrict(pathname) ? STRICT_POLICY : PUBLIC_POLICY);
  return response;
}

export const config = {
  // API, Next internals, legal documents and files with an extension are served as they are.
  matcher: ["/((?!api|_next|_vercel|documents/legal|omniauth|.*\\..*).*)"],
};
