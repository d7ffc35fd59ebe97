import { DEFAULT_LOCALE, isLocale, type Locale } from "@/domain/locales";

/**
 * Non-French locales live on `{locale}.{host}` or, for preview deployments whose
 * hosts cannot take another subdomain level, `{locale}--{host}`. The bare host is French.
 */
export interface ParsedHost {
  locale: Locale;
  /** The host without its locale part, port kept. */
  baseHost: string;
  form: "subdomain" | "dashes" | "bare";
}

export function parseHost(host: string | null | undefined): ParsedHost {
  const value = (host ?? "").trim().toLowerCase();
  const dashes = /^([a-z]{2})--(.+)$/.exec(value);
  if (dashes && isLocale(dashes[1]) && dashes[2]) {
    return { locale: dashes[1], baseHost: dashes[2], form: "dashes" };
  }
  const dot = /^([a-z]{2})\.(.+)$/.exec(value);
  if (dot && isLocale(dot[1]) && dot[2]) {
    return { locale: dot[1], baseHost: dot[2], form: "subdomain" };
  }
  return { locale: DEFAULT_LOCALE, baseHost: value, form: "bare" };
}

export function localeFromHost(host: string | null | undefined): Locale {
  return parseHost(host).locale;
}

/** The host serving `locale`, in the same form (dots or dashes) as the host it comes from. */
export function hostForLocale(host: string, locale: Locale): string {
  const parsed = parseHost(host);
  if (locale === DEFAULT_LOCALE) return parsed.baseHost;
  return parsed.form === "dashes" ? `${locale}--${parsed.baseHost}` : `${locale}.${parsed.baseHost}`;
}

/** Absolute origin of a locale from the French site origin (e.g. http://localhost:3000). */
export function originForLocale(siteUrl: string, locale: Locale): string {
  const url = new URL(siteUrl);
  url.host = hostForLocale(url.host, locale);
  return url.origin;
}
