import type { Context } from "hono";
import type { Locale } from "@/domain/locales";
import { localeFromHost } from "@/i18n/locale-host";

/** Locale of names in an answer: the one asked for, else the locale host the page is on ({locale}.{host}), else French. */
export function requestLocale(c: Context, asked: Locale | undefined): Locale {
  if (asked) return asked;
  const host = c.req.header("x-forwarded-host") ?? c.req.header("host") ?? new URL(c.req.url).host;
  return localeFromHost(host);
}
