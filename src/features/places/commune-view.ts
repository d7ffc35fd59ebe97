import { paths } from "@/config/paths";
import {
  DEATH_DECLARATION_HOURS,
  FUNERAL_EARLIEST_HOURS,
  FUNERAL_LATEST_CALENDAR_DAYS,
  FUNERAL_LATEST_WITH_PREFECT_EXTENSION_DAYS,
  HOSPITAL_FREE_STORAGE_DAYS,
  TRANSPORT_WITHOUT_COFFIN_HOURS,
} from "@/domain/quote/deadlines";
import { communeSlug, departmentSlug } from "@/domain/slug";
import type { PageVar } from "@/domain/page-state";
import type { CommunePageData, CommuneRecord, DepartmentPageData, PartnerKind } from "@/server/services/places-page";
import { computeLocalEstimate, type LocalEstimate } from "./local-estimate";
import { PARTNER_KINDS, rankPartners, type RankedPartner } from "./nearest-partners";

/** What a commune page shows, computed from the database's answer; pure, so it is unit-tested. */

export const PARTNERS_SHOWN_PER_KIND = 6;

/** The legal deadlines every commune page repeats (DOMAIN "Time limits"). */
export const DEADLINES = {
  declarationHours: DEATH_DECLARATION_HOURS,
  earliestHours: FUNERAL_EARLIEST_HOURS,
  latestDays: FUNERAL_LATEST_CALENDAR_DAYS,
  extensionDays: FUNERAL_LATEST_WITH_PREFECT_EXTENSION_DAYS,
  hospitalFreeDays: HOSPITAL_FREE_STORAGE_DAYS,
  transportWithoutCoffinHours: TRANSPORT_WITHOUT_COFFIN_HOURS,
} as const;

export interface PlaceLink {
  name: string;
  href: string;
}

export interface CommuneView {
  commune: CommuneRecord;
  slug: string;
  path: string;
  /** Postal code shown beside the name: the only one, or the first of several. */
  postalCode: string | null;
  department: PlaceLink & { code: string };
  regionName: string | null;
  partners: Record<PartnerKind, RankedPartner[]>;
  estimate: LocalEstimate;
  neighbours: PlaceLink[];
  /** Some partner shown is demonstration data. */
  hasDemo: boolean;
  /** Some partner shown is unpublished (preview only). */
  hasUnpublished: boolean;
  vars: PageVar[];
}

export function communePath(name: string, inseeCode: string): string {
  return paths.funeralPlace(communeSlug(name, inseeCode));
}

export function departmentPath(name: string, code: string): string {
  return paths.funeralPlace(departmentSlug(name, code));
}

export function buildCommuneView(data: CommunePageData): CommuneView {
  const { commune } = data;
  const slug = communeSlug(commune.name, commune.inseeCode);
  const partners = rankPartners(data.partners, commune, PARTNERS_SHOWN_PER_KIND);
  const estimate = computeLocalEstimate(commune, partners, data.prices);
  const shown = PARTNER_KINDS.flatMap((kind) => partners[kind]);
  return {
    commune,
    slug,
    path: paths.funeralPlace(slug),
    postalCode: commune.postalCodes[0] ?? commune.postalCode,
    department: { name: commune.departmentName, code: commune.departmentCode, href: departmentPath(commune.departmentName, commune.departmentCode) },
    regionName: commune.regionName,
    partners,
    estimate,
    neighbours: data.neighbours.map((n) => ({ name: n.name, href: communePath(n.name, n.inseeCode) })),
    hasDemo: shown.some((p) => p.demo) || estimate.isDemo,
    hasUnpublished: shown.some((p) => p.disabled),
    vars: [
      { name: "commune", value: commune.name },
      { name: "price_local_cremation_cents", value: String(estimate.cremation.minimumCents) },
      { name: "price_local_burial_cents", value: String(estimate.burial.minimumCents) },
    ],
  };
}

/**
 * The price range the commune's structured data offers, in cents. Only complete estimates
 * count: a price missing the crematorium fee is not a price. Null when none is complete.
 */
export function communeOfferRange(view: CommuneView): { lowCents: number; highCents: number; count: number } | null {
  const complete = [view.estimate.cremation, view.estimate.burial].filter((s) => s.complete).map((s) => s.minimumCents);
  if (complete.length === 0) return null;
  return { lowCents: Math.min(...complete), highCents: Math.max(...complete), count: complete.length };
}

export interface DepartmentView {
  department: DepartmentPageData["department"];
  path: string;
  communes: Array<PlaceLink & { population: number | null }>;
  partners: Record<PartnerKind, RankedPartner[]>;
  hasDemo: boolean;
  hasUnpublished: boolean;
}

export function buildDepartmentView(data: DepartmentPageData): DepartmentView {
  const partners = rankPartners(data.partners, { latitude: null, longitude: null }, 60);
  const shown = PARTNER_KINDS.flatMap((kind) => partners[kind]);
  return {
    department: data.department,
    path: departmentPath(data.department.name, data.department.code),
    communes: data.communes.map((c) => ({ name: c.name, href: communePath(c.name, c.inseeCode), population: c.population })),
    partners,
    hasDemo: shown.some((p) => p.demo),
    hasUnpublished: shown.some((p) => p.disabled),
  };
}
