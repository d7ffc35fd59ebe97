import type { MemorialCeremony, MemorialPhoto, MemorialPhotoFormat, MemorialPublicPhoto } from "@/domain/schemas/memorial";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import type { memorialPhotos } from "@/server/db/schema/memorials";
import { dealCeremonies, type ResolvedCeremony } from "@/server/services/flower-funnel/ceremonies";

/** How memorial rows are answered: photo URLs through the API's checked routes, ceremonies from the deal's steps. */

export type MemorialPhotoRow = typeof memorialPhotos.$inferSelect;

/** Where a photo's variants are served: the family's route (any state) or the visitors' one (published only). */
export type PhotoUrlBase = { kind: "family"; dealId: number } | { kind: "visitor"; slug: string };

export function photoFileUrl(base: PhotoUrlBase, photoId: number, width: number, format: MemorialPhotoFormat): string {
  const file = `${width}.${format}`;
  return base.kind === "family" ? `/api/v1/deals/${base.dealId}/memorial/photos/${photoId}/${file}` : `/api/v1/memorial_pages/${encodeURIComponent(base.slug)}/photos/${photoId}/${file}`;
}

export function publicPhotoView(row: MemorialPhotoRow, base: PhotoUrlBase): MemorialPublicPhoto {
  return {
    id: row.id,
    caption: row.caption,
    width: row.width,
    height: row.height,
    variants: row.variants.map((variant) => ({ width: variant.width, height: variant.height, format: variant.format, url: photoFileUrl(base, row.id, variant.width, variant.format) })),
    author_name: row.source === "family" ? null : row.authorName,
  };
}

export function familyPhotoView(row: MemorialPhotoRow, dealId: number): MemorialPhoto {
  return {
    ...publicPhotoView(row, { kind: "family", dealId }),
    source: row.source,
    status: row.status,
    position: row.position,
    condolence_id: row.condolenceId,
    created_at: epochSeconds(row.createdAt),
  };
}

/** "{width}.{webp|jpg}" of a variant route; null when it names none. */
export function parseVariantFile(file: string): { width: number; format: MemorialPhotoFormat } | null {
  const match = /^(\d{1,5})\.(webp|jpg)$/.exec(file);
  return match ? { width: Number(match[1]), format: match[2] as MemorialPhotoFormat } : null;
}

/**
 * The ceremonies as the memorial shows them. The visitors' side gets a partner place's
 * address (a church, a crematorium: public places) but not the free address of a step
 * without a partner, which may be a family's home: there only the place kind is said.
 */
export function ceremonyView(ceremony: ResolvedCeremony, audience: "family" | "visitor"): MemorialCeremony {
  const cityLine = [ceremony.postalCode, ceremony.city].filter(Boolean).join(" ");
  const fullAddress = [ceremony.addressLine, cityLine].filter(Boolean).join(", ") || null;
  const hidden = audience === "visitor" && ceremony.place === "home";
  const address = hidden ? null : fullAddress;
  return {
    step_type: ceremony.stepType,
    date: ceremony.clock?.date ?? null,
    time: ceremony.clock?.time ?? null,
    starts_at: ceremony.at ? epochSeconds(ceremony.at) : null,
    place_name: ceremony.placeName,
    address,
    street: hidden ? null : ceremony.addressLine,
    postal_code: hidden ? null : ceremony.postalCode,
    city: hidden ? null : ceremony.city,
    place: ceremony.place,
    directions_url: address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : null,
  };
}

export async function memorialCeremonies(db: Db, dealId: number, audience: "family" | "visitor"): Promise<{ resolved: ResolvedCeremony[]; views: MemorialCeremony[] }> {
  const resolved = await dealCeremonies(db, dealId);
  return { resolved, views: resolved.map((ceremony) => ceremonyView(ceremony, audience)) };
}
