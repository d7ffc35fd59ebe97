import type { Memorial, MemorialCondolence, MemorialPhoto, MemorialPhotoVariant, MemorialPublicPhoto } from "@/domain/schemas/memorial";
import type { MemorialPage } from "@/domain/schemas/memorial-page";

/** The product's Serbian is written in Latin letters; Intl's plain "sr" names months in Cyrillic. */
const intlLocale = (locale: string) => (locale === "sr" ? "sr-Latn" : locale);

/** A civil date (YYYY-MM-DD) in the reader's language, Latin digits as the rest of the product. */
export function memorialDay(iso: string, locale: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  if (!y || !m || !d) return iso;
  return new Intl.DateTimeFormat(intlLocale(locale), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC", numberingSystem: "latn" }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A ceremony's wall-clock time (HH:MM, Paris) as the reader writes times. */
export function memorialTime(hhmm: string, locale: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return hhmm;
  return new Intl.DateTimeFormat(intlLocale(locale), { hour: "numeric", minute: "2-digit", timeZone: "UTC", numberingSystem: "latn" }).format(new Date(Date.UTC(2000, 0, 1, h, m)));
}

/** When a condolence was left (Unix seconds), as a date. */
export function memorialStamp(seconds: number, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Paris", numberingSystem: "latn" }).format(new Date(seconds * 1000));
}

/** "12 mars 1940 – 2 novembre 2026", or the one date known, or nothing. */
export function lifeDates(birth: string | null, death: string | null, locale: string): string {
  const parts = [birth, death].map((date) => (date ? memorialDay(date, locale) : null));
  if (parts[0] && parts[1]) return `${parts[0]} – ${parts[1]}`;
  return parts[0] ?? parts[1] ?? "";
}

export interface PhotoSources {
  /** WebP srcset, then the JPEG fallback's srcset. */
  webp: string;
  jpg: string;
  /** The smallest JPEG: the img's own src for browsers without srcset. */
  src: string;
}

const srcset = (variants: readonly MemorialPhotoVariant[]) =>
  [...variants]
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");

/** The srcsets of a photo's re-encoded variants (the API lists each width in WebP and JPEG). */
export function photoSources(photo: Pick<MemorialPublicPhoto, "variants">): PhotoSources | null {
  const webp = photo.variants.filter((v) => v.format === "webp");
  const jpg = photo.variants.filter((v) => v.format === "jpg");
  const fallback = [...(jpg.length > 0 ? jpg : webp)].sort((a, b) => a.width - b.width)[0];
  if (!fallback) return null;
  return { webp: srcset(webp), jpg: srcset(jpg), src: fallback.url };
}

/**
 * What a visitor would see, built from the family side's data: published photos and
 * condolences only, the main photo if it is published. The family previews a private
 * page too (its visibility is shown as "link" there: never indexable).
 */
export function visitorPreview(memorial: Memorial, condolences: readonly MemorialCondolence[]): MemorialPage {
  const photos = memorial.photos.filter((photo) => photo.status === "published").map(publicPhoto);
  const published = condolences.filter((c) => c.status === "published");
  return {
    slug: memorial.slug,
    display_name: memorial.display_name,
    birth_date: memorial.birth_date,
    death_date: memorial.death_date,
    text: memorial.text,
    visibility: memorial.visibility === "public" ? "public" : "link",
    indexable: memorial.visibility === "public",
    cover_photo: photos.find((photo) => photo.id === memorial.cover_photo_id) ?? null,
    photos,
    ceremonies: memorial.ceremonies,
    condolences: published
      .map((c) => ({ id: c.id, author_name: c.author_name, message: c.message, photo: c.photo, published_at: c.published_at ?? c.created_at }))
      .sort((a, b) => b.published_at - a.published_at),
    condolence_count: published.length,
    moderation: memorial.moderation,
    visitors_may_add_photos: memorial.visitors_may_add_photos,
    ics_url: null,
    updated_at: memorial.updated_at,
  };
}

function publicPhoto(photo: MemorialPhoto): MemorialPublicPhoto {
  return { id: photo.id, caption: photo.caption, width: photo.width, height: photo.height, variants: photo.variants, author_name: photo.author_name };
}
