import { getLocale, getTranslations } from "next-intl/server";
import { LauncherButton } from "./launcher-button";

/**
 * The assistant's entry on every page of the site and of the family's space, mounted by
 * the locale layout. Its words come from the server, so the page carries no message
 * runtime for it; the panel brings its own when opened.
 */
export async function AssistantLauncher() {
  const [t, locale] = await Promise.all([getTranslations("Assistant.launcher"), getLocale()]);
  return <LauncherButton locale={locale} strings={{ open: t("open"), failed: t("failed") }} />;
}
