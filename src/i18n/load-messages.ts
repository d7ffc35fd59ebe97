import type { Locale } from "@/domain/locales";

/** All messages of a locale (messages/<locale>.json), for next-intl and for e-mails rendered on the server. */
export async function loadMessages(locale: Locale): Promise<Record<string, Record<string, unknown>>> {
  return (await import(`../../messages/${locale}.json`)).default;
}
