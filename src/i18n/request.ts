import { getRequestConfig } from "next-intl/server";
import { hasLocale } from "next-intl";
import { loadMessages } from "./load-messages";
import { routing } from "./routing";

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const messages = await loadMessages(locale);
  return { locale, messages, timeZone: "Europe/Paris" };
});
