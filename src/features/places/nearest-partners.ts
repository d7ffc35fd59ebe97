import type { PartnerKind, PartnerRecord } from "@/server/services/places-page";

/** Ordering the partner places of a commune page, nearest first. */

export interface Coordinates {
  latitude: number | null;
  longitude: number | null;
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km; null when either place has no coordinates. */
export function distanceKm(a: Coordinates, b: Coordinates): number | null {
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return null;
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type PartnerScope = "commune" | "department" | "region";

export interface RankedPartner extends PartnerRecord {
  scope: PartnerScope;
  /** Real distance from the commune, rounded to 0.1 km; null without coordinates. */
  distanceKm: number | null;
}

/**
 * Without coordinates a place is ranked as if it stood at the typical distance of its
 * scope, so one key orders everybody: a place 3 km away with coordinates comes before
 * an unlocated one elsewhere in the département, after one in the commune itself.
 */
const SCOPE_DISTANCE_KM: Record<PartnerScope, number> = { commune: 0, department: 30, region: 120 };
const SCOPE_RANK: Record<PartnerScope, number> = { commune: 0, department: 1, region: 2 };

export function scopeOf(partner: Pick<PartnerRecord, "inCommune" | "inDepartment">): PartnerScope {
  if (partner.inCommune) return "commune";
  return partner.inDepartment ? "department" : "region";
}

export const PARTNER_KINDS: readonly PartnerKind[] = ["funeralParlor", "crematorium", "graveyard", "hospital"];

/** Partners of each kind, nearest first, at most `perKind` of each. */
export function rankPartners(
  partners: readonly PartnerRecord[],
  origin: Coordinates,
  perKind = 6,
): Record<PartnerKind, RankedPartner[]> {
  const ranked = partners.map((partner) => {
    const scope = scopeOf(partner);
    const exact = distanceKm(origin, partner);
    return { ...partner, scope, distanceKm: exact === null ? null : Math.round(exact * 10) / 10 };
  });
  const key = (p: RankedPartner) => p.distanceKm ?? SCOPE_DISTANCE_KM[p.scope];
  ranked.sort((a, b) => key(a) - key(b) || SCOPE_RANK[a.scope] - SCOPE_RANK[b.scope] || a.name.localeCompare(b.name, "fr") || a.id - b.id);
  const result = { funeralParlor: [], crematorium: [], graveyard: [], hospital: [] } as Record<PartnerKind, RankedPartner[]>;
  for (const partner of ranked) {
    const list = result[partner.kind];
    if (list.length < perKind) list.push(partner);
  }
  return result;
}
