import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, isLocale } from "@/domain/locales";
import { communeSlug, departmentSlug } from "@/domain/slug";
import { breadcrumbsJsonLd } from "@/features/page-state/breadcrumbs";
import { getPageState, isPreviewRequest } from "@/features/page-state/get-page-state";
import { PreviewBanner } from "@/features/page-state/preview-banner";
import { JsonLdScript } from "@/features/seo/json-ld-script";
import { originForLocale } from "@/i18n/locale-host";
import { getDb } from "@/server/db/client";
import { listDepartmentLinks, listMostPopulatedCommunes } from "@/server/services/places-page";
import { CommunePage, communeCrumbs } from "./commune-page";
import { communeJsonLd } from "./commune-view";
import { DepartmentPage, departmentCrumbs } from "./department-page";
import { loadPlace } from "./load-place";
import { communeDescription, communeMetadata, departmentMetadata } from "./places-metadata";

/** How many commune pages are built ahead of the first visit on the French host, the most populated first. */
export const PRERENDERED_COMMUNES = 1000;
/**
 * On the other locale hosts only the largest towns are built ahead. It cannot be none:
 * Next.js builds nothing for a route as soon as one locale generates no value.
 */
export const PRERENDERED_COMMUNES_OTHER_LOCALES = 20;

/**
 * The pages built at build time: on the French host, the 1,000 most populated communes
 * and every département; on the others, the largest towns. Everything else is rendered
 * on its first visit and then kept (incremental static regeneration).
 */
export async function placeStaticParams(locale: string): Promise<Array<{ place: string }>> {
  const db = await getDb();
  if (locale !== DEFAULT_LOCALE) {
    const communes = await listMostPopulatedCommunes(db, PRERENDERED_COMMUNES_OTHER_LOCALES);
    return communes.map((c) => ({ place: communeSlug(c.name, c.inseeCode) }));
  }
  const communes = await listMostPopulatedCommunes(db, PRERENDERED_COMMUNES);
  const departments = await listDepartmentLinks(db);
  return [
    ...communes.map((c) => ({ place: communeSlug(c.name, c.inseeCode) })),
    ...departments.map((d) => ({ place: departmentSlug(d.name, d.code) })),
  ];
}

export async function placeMetadata(locale: string, place: string): Promise<Metadata> {
  const loaded = await loadPlace(place, await isPreviewRequest());
  if (loaded.kind === "commune") return communeMetadata(locale, loaded.view);
  if (loaded.kind === "department") return departmentMetadata(locale, loaded.view);
  const t = await getTranslations({ locale: isLocale(locale) ? locale : DEFAULT_LOCALE, namespace: "Places.index" });
  return { title: t("title"), robots: { index: false, follow: true } };
}

export async function PlaceRoute({ locale, place }: { locale: string; place: string }) {
  const loaded = await loadPlace(place, await isPreviewRequest());
  if (loaded.kind === "missing") notFound();
  if (loaded.kind === "moved") permanentRedirect(paths.funeralPlace(loaded.slug));
  const origin = originForLocale(serverEnv().SITE_URL, isLocale(locale) ? locale : DEFAULT_LOCALE);

  if (loaded.kind === "department") {
    const view = loaded.view;
    const state = await getPageState({ locale, path: view.path, vars: [{ name: "department", value: view.department.name }] });
    return (
      <>
        <PreviewBanner state={state} path={view.path} />
        <DepartmentPage view={view} />
        <JsonLdScript data={breadcrumbsJsonLd(origin, await departmentCrumbs(view))} />
      </>
    );
  }

  const view = loaded.view;
  const state = await getPageState({ locale, path: view.path, vars: view.vars });
  const url = `${origin}${view.path}`;
  const business = communeJsonLd(view, {
    siteUrl: serverEnv().SITE_URL,
    url,
    description: await communeDescription(locale, view),
    reviews: state.reviews,
  });
  return (
    <>
      <PreviewBanner state={state} path={view.path} />
      <CommunePage view={view} state={state} />
      <JsonLdScript data={[business, breadcrumbsJsonLd(origin, await communeCrumbs(view))]} />
    </>
  );
}
