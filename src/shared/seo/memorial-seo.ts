import { paths } from "@/config/paths";
import type { MemorialPage } from "@/domain/schemas/memorial-page";
import { getDb } from "@/server/db/client";
import { listPublicMemorials } from "@/server/services/memorial/memorial-page";
import { parseFrenchAddress, postalAddressJsonLd, type JsonLdNode } from "./json-ld";
import type { SitemapSource } from "./sitemap-registry";

/**
 * What search engines are told of memorial pages: only public ones. A link memorial is
 * never listed and carries no structured data (its page is noindex); a private one has no
 * visitors' page at all.
 */

/** Sitemap source of the public memorial pages (register it in app/sitemaps/sources.ts). */
export const memorialsSitemapSource: SitemapSource = {
  name: "hommages",
  entries: async () =>
    (await listPublicMemorials(await getDb())).map((memorial) => ({
      path: paths.memorialPage(memorial.slug),
      lastModified: memorial.updatedAt,
      changeFrequency: "weekly" as const,
      priority: 0.3,
    })),
};

/**
 * schema.org nodes of a public memorial page: the Person (name, birth and death dates,
 * cover picture) and one Event per dated ceremony with its place. `pageUrl` is the page's
 * absolute address, `apiOrigin` the origin the photo paths of the API are served from.
 * Empty for a page that is not indexable.
 */
export function memorialJsonLd(page: MemorialPage, pageUrl: string, apiOrigin: string, eventName: (ceremony: MemorialPage["ceremonies"][number]) => string = () => page.display_name): JsonLdNode[] {
  if (!page.indexable) return [];
  const cover = page.cover_photo?.variants.find((variant) => variant.format === "jpg" && variant.width >= 960) ?? page.cover_photo?.variants.find((variant) => variant.format === "jpg");
  const personId = `${pageUrl}#person`;
  const person: JsonLdNode = {
    "@type": "Person",
    "@id": personId,
    name: page.display_name,
    url: pageUrl,
    ...(page.birth_date ? { birthDate: page.birth_date } : {}),
    ...(page.death_date ? { deathDate: page.death_date } : {}),
    ...(cover ? { image: `${apiOrigin}${cover.url}` } : {}),
  };
  const events = page.ceremonies
    .filter((ceremony) => ceremony.starts_at !== null)
    .map(
      (ceremony): JsonLdNode => ({
        "@type": "Event",
        name: eventName(ceremony),
        startDate: new Date(ceremony.starts_at! * 1000).toISOString(),
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        eventStatus: "https://schema.org/EventScheduled",
        about: { "@id": personId },
        url: pageUrl,
        ...(ceremony.place_name || ceremony.address
          ? { location: { "@type": "Place", ...(ceremony.place_name ? { name: ceremony.place_name } : {}), ...(ceremony.address ? { address: postalAddressJsonLd(parseFrenchAddress(ceremony.address)) } : {}) } }
          : {}),
      }),
    );
  return [person, ...events];
}
