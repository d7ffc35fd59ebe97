import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { getPageState, sharedFigures } from "@/shared/page-state/get-page-state";
import { PreviewBanner } from "@/shared/page-state/preview-banner";
import { CountriesIndexPage } from "@/features/repatriation/countries-index-page";
import { localeOrDefault } from "@/domain/locales";
import { countryLinks, repatriationIndexTexts } from "@/features/repatriation/load-country";
import { breadcrumbListJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { buildMetadata } from "@/shared/seo/metadata";
import { originForLocale } from "@/i18n/locale-host";

type Props = { params: Promise<{ locale: string }> };

export const revalidate = 3600;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = localeOrDefault((await params).locale);
  const texts = await repatriationIndexTexts(locale, (await sharedFigures(false)).countries);
  return buildMetadata({ locale, path: paths.repatriation(), ...texts });
}

export default async function Page({ params }: Props) {
  const { locale: localeParam } = await params;
  setRequestLocale(localeParam);
  const locale = localeOrDefault(localeParam);
  const state = await getPageState({ locale, path: paths.repatriation() });
  const countries = await countryLinks(locale, state.isPreview);
  const t = await getTranslations("Repatriation.breadcrumbs");
  const origin = originForLocale(serverEnv().SITE_URL, locale);
  return (
    <>
      <PreviewBanner state={state} path={paths.repatriation()} />
      <CountriesIndexPage countries={countries} locale={locale} />
      <JsonLdScript
        data={breadcrumbListJsonLd([
          { name: t("home"), url: `${origin}${paths.home()}` },
          { name: t("index"), url: `${origin}${paths.repatriation()}` },
        ])}
      />
    </>
  );
}
