import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { getPageState, isPreviewRequest } from "@/shared/page-state/get-page-state";
import { PreviewBanner } from "@/shared/page-state/preview-banner";
import { aggregateOfferJsonLd, crumbsJsonLd, funeralBusinessJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { buildMetadata, NOT_INDEXED } from "@/shared/seo/metadata";
import { Breadcrumbs } from "@/ui/breadcrumbs";
import { originForLocale } from "@/i18n/locale-host";
import { CommunePage, communeCrumbs } from "./commune-page";
import { communeOfferRange } from "./commune-view";
import { DepartmentPage, departmentCrumbs } from "./department-page";
import { loadPlace } from "./load-place";
import { communeSeo, departmentSeo } from "./places-metadata";

/** Metadata of /pompes-funebres/{place}: a commune or a department page, not indexed when missing or moved. */
export async function placeMetadata(locale: string, place: string): Promise<Metadata> {
  const loaded = await loadPlace(place, await isPreviewRequest());
  if (loaded.kind === "commune") return buildMetadata(await communeSeo(locale, loaded.view));
  if (loaded.kind === "department") return buildMetadata(await departmentSeo(locale, loaded.view));
  return NOT_INDEXED;
}

/** The whole /pompes-funebres/{place} page: preview banner, breadcrumbs, the page and its JSON-LD. */
export async function PlaceRoute({ locale, place }: { locale: string; place: string }) {
  setRequestLocale(locale);
  const loaded = await loadPlace(place, await isPreviewRequest());
  if (loaded.kind === "missing") notFound();
  if (loaded.kind === "moved") permanentRedirect(paths.funeralPlace(loaded.slug));
  const t = await getTranslations("Places");
  const siteUrl = serverEnv().SITE_URL;
  const origin = originForLocale(siteUrl, localeOrDefault(locale));

  if (loaded.kind === "department") {
    const view = loaded.view;
    const state = await getPageState({ locale, path: view.path, vars: [{ name: "department", value: view.department.name }] });
    const crumbs = await departmentCrumbs(view);
    return (
      <>
        <PreviewBanner state={state} path={view.path} />
        <Breadcrumbs label={t("breadcrumbLabel")} items={crumbs} />
        <DepartmentPage view={view} />
        <JsonLdScript data={crumbsJsonLd(crumbs, origin)} />
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
      <JsonLdScript data={[business, crumbsJsonLd(crumbs, origin)]} />
    </>
  );
}
