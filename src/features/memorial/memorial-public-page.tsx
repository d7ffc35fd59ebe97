import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import type { MemorialCeremony } from "@/domain/schemas/memorial";
import type { MemorialPage } from "@/domain/schemas/memorial-page";
import { memorialSlugSchema } from "@/domain/schemas/memorial-page";
import { ClientMessages } from "@/i18n/client-messages";
import { originForLocale } from "@/i18n/locale-host";
import { getDb } from "@/server/db/client";
import { findMemorialPage } from "@/server/services/memorial/memorial-page";
import { parseFrenchAddress, postalAddressJsonLd, type JsonLdNode } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { buildMetadata } from "@/shared/seo/metadata";
import { lifeDates } from "./memorial-format";
import { MemorialView } from "./memorial-view";

/** The visitors' islands' messages (the rest of the page is rendered here). */
const VISITOR_MESSAGES = ["Memorial.condolenceForm", "Memorial.visitorPhoto", "Memorial.report", "Memorial.photoInput"] as const;

/** The page by its slug, or null for an unknown slug, a private memorial or a malformed key (all the same to a visitor). */
async function pageOf(slug: string): Promise<MemorialPage | null> {
  if (!memorialSlugSchema.safeParse(slug).success) return null;
  return findMemorialPage(await getDb(), slug);
}

const excerpt = (text: string, max = 160) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/**
 * Search engines see a public page (indexable, with its structured data); a page shared
 * by link stays out of results (noindex) and its address never leaves as a referrer; a
 * private or unknown one is the not-found page.
 */
export async function memorialPageMetadata(localeParam: string, slug: string): Promise<Metadata> {
  const locale = localeOrDefault(localeParam);
  const page = await pageOf(slug);
  if (!page) notFound();
  const t = await getTranslations({ locale, namespace: "Memorial.meta" });
  const dates = lifeDates(page.birth_date, page.death_date, locale);
  const cover = page.cover_photo?.variants.filter((v) => v.format === "jpg").sort((a, b) => b.width - a.width)[0];
  const metadata = buildMetadata({
    locale,
    path: paths.memorialPage(page.slug),
    title: t("title", { name: page.display_name }),
    description: excerpt([dates, page.text].filter(Boolean).join(" · ") || t("description", { name: page.display_name })),
    noindex: !page.indexable,
    image: cover ? { url: cover.url, width: cover.width, height: cover.height, alt: t("title", { name: page.display_name }) } : undefined,
  });
  return page.indexable ? metadata : { ...metadata, referrer: "no-referrer" };
}

function structuredData(page: MemorialPage, url: string, origin: string, stepName: (step: MemorialCeremony["step_type"]) => string): JsonLdNode[] {
  const cover = page.cover_photo?.variants.filter((v) => v.format === "jpg").sort((a, b) => b.width - a.width)[0];
  const person: JsonLdNode = {
    "@type": "Person",
    "@id": `${url}#person`,
    name: page.display_name,
    ...(page.birth_date ? { birthDate: page.birth_date } : {}),
    ...(page.death_date ? { deathDate: page.death_date } : {}),
    ...(cover ? { image: new URL(cover.url, `${origin}/`).toString() } : {}),
    ...(page.text ? { description: excerpt(page.text, 300) } : {}),
    url,
  };
  const events = page.ceremonies
    .filter((ceremony) => ceremony.starts_at !== null && (ceremony.place_name || ceremony.address))
    .map<JsonLdNode>((ceremony) => ({
      "@type": "Event",
      name: `${stepName(ceremony.step_type)} — ${page.display_name}`,
      startDate: new Date(ceremony.starts_at! * 1000).toISOString(),
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      eventStatus: "https://schema.org/EventScheduled",
      location: { "@type": "Place", name: ceremony.place_name ?? ceremony.address, ...(ceremony.address ? { address: postalAddressJsonLd(parseFrenchAddress(ceremony.address)) } : {}) },
      about: { "@id": `${url}#person` },
    }));
  return [person, ...events];
}

/** /hommage/{slug}: the visitors' page, rendered per request (the family may change who sees it at any time). */
export async function MemorialPublicPage({ locale, slug }: { locale: string; slug: string }) {
  setRequestLocale(locale);
  const page = await pageOf(slug);
  if (!page) notFound();
  const origin = originForLocale(serverEnv().SITE_URL, localeOrDefault(locale));
  const url = `${origin}${paths.memorialPage(page.slug)}`;
  const t = await getTranslations("Memorial.view.steps");
  return (
    <>
      {page.indexable ? <JsonLdScript data={structuredData(page, url, origin, (step) => t(step))} /> : null}
      <ClientMessages namespaces={VISITOR_MESSAGES}>
        <MemorialView page={page} icsUrl={page.ics_url} />
      </ClientMessages>
    </>
  );
}
