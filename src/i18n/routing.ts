import { defineRouting } from "next-intl/routing";
import { DEFAULT_LOCALE, LOCALES } from "@/domain/locales";

/**
 * The locale is chosen by the host (see proxy.ts), never by a path prefix: every
 * locale uses the French paths, so `localePrefix` is "never" and detection is off.
 */
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: "never",
  localeDetection: false,
  localeCookie: false,
});
