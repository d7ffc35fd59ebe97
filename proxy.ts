import { NextResponse, type NextRequest } from "next/server";
import { isLocale } from "@/domain/locales";
import { localeFromHost } from "@/i18n/locale-host";

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
  return NextResponse.rewrite(url);
}

export const config = {
  // API, Next internals, legal documents and files with an extension are served as they are.
  matcher: ["/((?!api|_next|_vercel|documents/legal|omniauth|.*\\..*).*)"],
};
