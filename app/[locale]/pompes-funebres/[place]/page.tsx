import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, isLocale } from "@/domain/locales";
import { Breadcrumbs } from "@/features/page-state/breadcrumbs";
import { getPageState, isPreviewRequest } from "@/features/page-state/get-page-state";
import { PreviewBanner } from "@/features/page-state/preview-banner";
import { CommunePage, communeCrumbs } from "@/features/places/commune-page";
import { communeOfferRange } from "@/features/places/commune-view";
import { DepartmentPage, departmentCrumbs } from "@/features/places/department-page";
import { loadPlace } from "@/features/places/load-place";
import { communeSeo, departmentSeo } from "@/features/places/places-metadata";
import { placeStaticParams } from "@/features/places/static-params";
import { aggregateOfferJsonLd, breadcrumbListJsonLd, funeralBusinessJsonLd } from "@/features/seo/json-ld";
import { JsonLdScript } from "@/features/seo/json-ld-script";
import { buildMetadata } from "@/features/seo/metadata";
import { originForLocale } from "@/i18n/locale-host";

type Props = { params: Promise<{ locale: string; place: string }> };

// Pages not built ahead are rendered on their first visit, then served from the cache and refreshed hourly.
export const dynamicParams = true;
export const revalidate = 3600;

export async function generateStaticParams({ params }: { params: { locale: string } }) {
  return placeStaticParams(params.locale);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, place } = await params;
  const loaded = await loadPlace(place, await isPreviewRequest());
  if (loaded.kind === "commune") return buildMetadata(await communeSeo(locale, loaded.view));
  if (loaded.kind === "department") return buildMetadata(await departmentSeo(locale, loaded.view));
  return { robots: { index: false, follow: true } };
}

export default async function Page({ params }: Props) {
  const { locale, place } = await params;
  setRequestLocale(locale);
  const loaded = await loadPlace(place, await isPreviewRequest());
  if (loaded.kind === "missing") notFound();
  if (loaded.kind === "moved") permanentRedirect(paths.funeralPlace(loaded.slug));
  const t = await getTranslations("Places");
  const siteUrl = serverEnv().SITE_URL;
  const origin = originForLocale(siteUrl, isLocale(locale) ? locale : DEFAULT_LOCALE);

  if (loaded.kind === "department") {
    const view = loaded.view;
    const state = await getPageState({ locale, path: view.path, vars: [{ name: "department", value: view.department.name }] });
    const crumbs = await departmentCrumbs(view);
    return (
      <>
        <PreviewBanner state={state} path={view.path} />
        <Breadcrumbs label={t("breadcrumbLabel")} items={crumbs} />
        <DepartmentPage view={view} />
        <JsonLdScript data={breadcrumbListJsonLd(crumbs.map((c) => ({ name: c.name, url: `${origin}${c.href}` })))} />
      </>
    );
  }

  const view = loaded.view;
  const state = await getPageState({ locale, path: view.path, vars: view.vars });
  const seo = await communeSeo(locale, view);
  const crumbs = await communeCrumbs(view);
  const range = communeOfferRange(view);
  const url = `${origin}${view.path}`;
  const business = funeralBusinessJsonLd({
    siteUrl,
    url,
    description: seo.description,
    areaServed: [view.commune.name],
    reviews: state.reviews,
    ...(range ? { offers: aggregateOfferJsonLd({ lowPriceCents: range.lowCents, highPriceCents: range.highCents, offerCount: range.count, url }) } : {}),
  });
  return (
    <>
      <PreviewBanner state={state} path={view.path} />
      <Breadcrumbs label={t("breadcrumbLabel")} items={crumbs} />
      <CommunePage view={view} rating={{ rating: state.reviews.internal.rating, total: state.reviews.internal.total_reviews }} />
      <JsonLdScript data={[business, breadcrumbListJsonLd(crumbs.map((c) => ({ name: c.name, url: `${origin}${c.href}` })))]} />
    </>
  );
}
