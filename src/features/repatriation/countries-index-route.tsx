import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { getPageState, sharedFigures } from "@/shared/page-state/get-page-state";
import { PreviewBanner } from "@/shared/page-state/preview-banner";
import { crumbsJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { buildMetadata } from "@/shared/seo/metadata";
import { CountriesIndexPage } from "./countries-index-page";
import { countryLinks, repatriationIndexTexts } from "./load-country";

export async function countriesIndexMetadata(localeParam: string): Promise<Metadata> {
  const locale = localeOrDefault(localeParam);
  const texts = await repatriationIndexTexts(locale, (await sharedFigures(false)).countries);
  return buildMetadata({ locale, path: paths.repatriation(), ...texts });
}

/** /rapatriement-corps-pays: every country with a page, and the BreadcrumbList. */
export async function CountriesIndexRoute({ locale: localeParam }: { locale: string }) {
  setRequestLocale(localeParam);
  const locale = localeOrDefault(localeParam);
  const state = await getPageState({ locale, path: paths.repatriation() });
  const countries = await countryLinks(locale, state.isPreview);
  const t = await getTranslations("Repatriation.breadcrumbs");
  const origin = originForLocale(serverEnv().SITE_URL, locale);
  const crumbs = [
    { name: t("home"), href: paths.home() },
    { name: t("index"), href: paths.repatriation() },
  ];
  return (
    <>
      <PreviewBanner state={state} path={paths.repatriation()} />
      <CountriesIndexPage countries={countries} locale={locale} />
      <JsonLdScript data={crumbsJsonLd(crumbs, origin)} />
    </>
  );
}
