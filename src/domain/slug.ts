import { toSlug } from "@/domain/schemas/common";

/**
 * URL segments of the place and country pages. A commune's segment carries its INSEE
 * code ("lyon-69123"): the code never changes and tells apart the many communes that
 * share a name, while the name keeps the URL readable. A département's segment ends
 * with its 2- or 3-character code ("rhone-69"), so both live under /pompes-funebres/
 * without clashing: an INSEE code always has 5 characters.
 */

/** Lower-case ASCII words joined by "-": "Saint-Étienne" → "saint-etienne". */
export function slugify(text: string): string {
  return toSlug(text);
}

/** INSEE commune code: 5 digits, or 2A/2B and 3 digits for Corsica. */
const INSEE_CODE = /^(?:\d{5}|2[ab]\d{3})$/i;
/** Département code: 01–95, 2A/2B, or 971–989 overseas. */
const DEPARTMENT_CODE = /^(?:\d{2}|2[ab]|9[78]\d)$/i;

export function isInseeCode(value: string): boolean {
  return INSEE_CODE.test(value);
}

export function isDepartmentCode(value: string): boolean {
  return DEPARTMENT_CODE.test(value);
}

/** "Lyon", "69123" → "lyon-69123"; a name with no letter or digit gives "commune-69123". */
export function communeSlug(name: string, inseeCode: string): string {
  if (!isInseeCode(inseeCode)) throw new RangeError(`not an INSEE commune code: ${JSON.stringify(inseeCode)}`);
  return `${slugify(name) || "commune"}-${inseeCode.toLowerCase()}`;
}

/** "Rhône", "69" → "rhone-69". */
export function departmentSlug(name: string, code: string): string {
  if (!isDepartmentCode(code)) throw new RangeError(`not a département code: ${JSON.stringify(code)}`);
  return `${slugify(name) || "departement"}-${code.toLowerCase()}`;
}

/** A country's segment: its French name ("Maroc" → "maroc", "Algérie" → "algerie"). */
export function countrySlug(frenchName: string): string {
  return slugify(frenchName);
}

/**
 * Collectivities where French funeral law (CGCT) does not apply as such (Wallis-et-Futuna,
 * French Polynesia, New Caledonia) or where nobody lives (TAAF, Clipperton): the deadlines
 * and rules of the place pages would be wrong there, so their communes get no page.
 */
export const DEPARTMENTS_WITHOUT_PLACE_PAGES: readonly string[] = ["984", "986", "987", "988", "989"];

export function hasPlacePage(departmentCode: string): boolean {
  return !DEPARTMENTS_WITHOUT_PLACE_PAGES.includes(departmentCode.toUpperCase());
}

export type PlaceSlug =
  | { kind: "commune"; inseeCode: string; nameSlug: string }
  | { kind: "department"; code: string; nameSlug: string };

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads a /pompes-funebres/{place} segment. The code decides what the page is; the name
 * part is only checked for shape, so a renamed commune keeps its address and the page
 * can redirect an outdated name to the current one. Upper case is accepted (codes are
 * returned upper case, as INSEE writes them) so a hand-typed URL still resolves.
 */
export function parsePlaceSlug(raw: string): PlaceSlug | null {
  if (typeof raw !== "string" || raw.length > 200) return null;
  let slug = raw;
  try {
    slug = decodeURIComponent(raw);
  } catch {
    return null;
  }
  slug = slug.trim().toLowerCase();
  if (!SLUG_SHAPE.test(slug)) return null;
  const cut = slug.lastIndexOf("-");
  if (cut <= 0) return null;
  const nameSlug = slug.slice(0, cut);
  const code = slug.slice(cut + 1);
  // Corsican INSEE codes ("2a004") lose nothing to lower case; upper case is the official form.
  if (code.length === 5 && isInseeCode(code)) return { kind: "commune", inseeCode: code.toUpperCase(), nameSlug };
  if (isDepartmentCode(code)) return { kind: "department", code: code.toUpperCase(), nameSlug };
  return null;
}
