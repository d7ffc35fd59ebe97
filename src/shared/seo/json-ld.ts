import { ADVISOR_PHONE_E164, BRAND, OPERATOR } from "@/config/brand";
import { CURRENCY } from "@/domain/constants";

/**
 * Pure builders of schema.org nodes. Nodes carry no "@context": JsonLdScript adds it
 * once, so nodes can be nested (a rating inside a business) or grouped in an @graph.
 */
export type JsonLdNode = { "@type": string | string[]; "@id"?: string } & { [key: string]: unknown };

export const SCHEMA_CONTEXT = "https://schema.org";

/**
 * schema.org has no funeral-home type, so the business is a plain LocalBusiness made
 * precise with the Product Types Ontology class built from Wikipedia's "Funeral home".
 */
export const FUNERAL_HOME_TYPE = "http://www.productontology.org/id/Funeral_home";

/** Reviews of a page (SPEC §3 "Reviews"). */
export interface PageReviews {
  internal: { rating: number; total_reviews: number };
}

export interface PostalAddressInput {
  streetAddress: string;
  postalCode?: string;
  addressLocality?: string;
  /** ISO 3166-1 alpha-2; France when omitted. */
  addressCountry?: string;
}

/** The organisation's @id, so every page points at one node instead of repeating it. */
export function organizationId(siteUrl: string): string {
  return `${siteUrl}/#organization`;
}

/** "12 rue de la Paix, 75002 Paris" → street, postal code and town; kept whole when it does not read like that. */
export function parseFrenchAddress(address: string): PostalAddressInput {
  const match = /^(.+?),\s*(\d{5})\s+(.+)$/.exec(address.trim());
  if (!match) return { streetAddress: address.trim(), addressCountry: "FR" };
  return { streetAddress: match[1]!.trim(), postalCode: match[2]!, addressLocality: match[3]!.trim(), addressCountry: "FR" };
}

export function postalAddressJsonLd(address: PostalAddressInput): JsonLdNode {
  return {
    "@type": "PostalAddress",
    streetAddress: address.streetAddress,
    ...(address.postalCode ? { postalCode: address.postalCode } : {}),
    ...(address.addressLocality ? { addressLocality: address.addressLocality } : {}),
    addressCountry: (address.addressCountry ?? "FR").toUpperCase(),
  };
}

/** The operator of the product, as one Organization node. */
export function organizationJsonLd(options: { siteUrl: string; logoUrl?: string; sameAs?: readonly string[] }): JsonLdNode {
  const { siteUrl } = options;
  return {
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: BRAND,
    legalName: OPERATOR.legalName,
    url: `${siteUrl}/`,
    // Until a square logo is published, the brand share image stands for it.
    logo: options.logoUrl ?? `${siteUrl}/opengraph-image`,
    telephone: ADVISOR_PHONE_E164,
    address: postalAddressJsonLd(parseFrenchAddress(OPERATOR.address)),
    identifier: { "@type": "PropertyValue", propertyID: "SIREN", value: OPERATOR.siren.replace(/\s+/g, "") },
    ...(options.sameAs?.length ? { sameAs: [...options.sameAs] } : {}),
  };
}

/**
 * AggregateRating from a page's reviews, on a 1–5 scale; undefined when there is
 * nothing honest to show (no review, or a rating outside the scale).
 */
export function aggregateRatingJsonLd(reviews: PageReviews | null | undefined): JsonLdNode | undefined {
  const internal = reviews?.internal;
  if (!internal) return undefined;
  const { rating, total_reviews: total } = internal;
  if (!Number.isInteger(total) || total <= 0) return undefined;
  if (typeof rating !== "number" || !Number.isFinite(rating) || rating < 1 || rating > 5) return undefined;
  return {
    "@type": "AggregateRating",
    ratingValue: Math.round(rating * 100) / 100,
    reviewCount: total,
    bestRating: 5,
    worstRating: 1,
  };
}

/** Integer euro cents → the decimal string schema.org expects ("1234.50"); rejects anything else. */
export function centsToPrice(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`price must be a non-negative integer number of cents (received ${String(cents)})`);
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export type Availability = "InStock" | "OnlineOnly" | "PreOrder" | "OutOfStock";

export interface OfferInput {
  priceCents: number;
  name?: string;
  url?: string;
  availability?: Availability;
  /** ISO 8601 date. */
  validFrom?: string;
}

export function offerJsonLd(offer: OfferInput): JsonLdNode {
  return {
    "@type": "Offer",
    ...(offer.name ? { name: offer.name } : {}),
    price: centsToPrice(offer.priceCents),
    priceCurrency: CURRENCY,
    ...(offer.url ? { url: offer.url } : {}),
    ...(offer.availability ? { availability: `https://schema.org/${offer.availability}` } : {}),
    ...(offer.validFrom ? { validFrom: offer.validFrom } : {}),
  };
}

/** A price range ("from … to …") over several offers, e.g. funeral packages. */
export function aggregateOfferJsonLd(input: { lowPriceCents: number; highPriceCents?: number; offerCount?: number; url?: string }): JsonLdNode {
  const high = input.highPriceCents ?? input.lowPriceCents;
  if (high < input.lowPriceCents) {
    throw new RangeError("highPriceCents must not be lower than lowPriceCents");
  }
  return {
    "@type": "AggregateOffer",
    priceCurrency: CURRENCY,
    lowPrice: centsToPrice(input.lowPriceCents),
    highPrice: centsToPrice(high),
    ...(input.offerCount !== undefined && Number.isInteger(input.offerCount) && input.offerCount > 0 ? { offerCount: input.offerCount } : {}),
    ...(input.url ? { url: input.url } : {}),
  };
}

export interface FuneralBusinessInput {
  siteUrl: string;
  /** The page the business is described on (absolute URL). */
  url: string;
  name?: string;
  description?: string;
  address?: PostalAddressInput;
  telephone?: string;
  /** Town, département or country names served. */
  areaServed?: readonly string[];
  reviews?: PageReviews | null;
  offers?: JsonLdNode | readonly JsonLdNode[];
  image?: string;
  /** e.g. "1 790 € – 4 990 €", from the real price list; omitted when not given. */
  priceRange?: string;
}

/** The funeral service on a page (home, place pages…), with its rating and prices when known. */
export function funeralBusinessJsonLd(input: FuneralBusinessInput): JsonLdNode {
  const rating = aggregateRatingJsonLd(input.reviews);
  const offers = input.offers === undefined ? undefined : Array.isArray(input.offers) ? [...input.offers] : input.offers;
  return {
    "@type": "LocalBusiness",
    "@id": `${input.url}#business`,
    additionalType: FUNERAL_HOME_TYPE,
    name: input.name ?? BRAND,
    url: input.url,
    ...(input.description ? { description: input.description } : {}),
    telephone: input.telephone ?? ADVISOR_PHONE_E164,
    address: postalAddressJsonLd(input.address ?? parseFrenchAddress(OPERATOR.address)),
    ...(input.image ? { image: input.image } : {}),
    ...(input.priceRange ? { priceRange: input.priceRange } : {}),
    currenciesAccepted: CURRENCY,
    ...(input.areaServed?.length ? { areaServed: input.areaServed.map((name) => ({ "@type": "AdministrativeArea", name })) } : {}),
    parentOrganization: { "@id": organizationId(input.siteUrl) },
    ...(rating ? { aggregateRating: rating } : {}),
    ...(offers ? { offers } : {}),
  };
}

/** Breadcrumb trail; items are absolute URLs, the last one being the page itself. */
export function breadcrumbListJsonLd(items: readonly { name: string; url: string }[]): JsonLdNode {
  return {
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/** The BreadcrumbList of the crumbs a page shows (French paths), made absolute on the locale's origin. */
export function crumbsJsonLd(crumbs: readonly { name: string; href?: string }[], origin: string): JsonLdNode {
  return breadcrumbListJsonLd(crumbs.map((c) => ({ name: c.name, url: `${origin}${c.href ?? ""}` })));
}

export interface ArticleInput {
  siteUrl: string;
  url: string;
  headline: string;
  description?: string;
  /** BCP 47 language of the text. */
  inLanguage: string;
  datePublished: string;
  dateModified?: string;
  image?: string | readonly string[];
  authorName?: string;
  section?: string;
}

/** A guide article, published by the organisation. */
export function articleJsonLd(input: ArticleInput): JsonLdNode {
  return {
    "@type": "Article",
    "@id": `${input.url}#article`,
    mainEntityOfPage: input.url,
    url: input.url,
    // Google truncates longer headlines; cutting here keeps the whole node valid.
    headline: input.headline.length > 110 ? `${input.headline.slice(0, 109)}…` : input.headline,
    ...(input.description ? { description: input.description } : {}),
    inLanguage: input.inLanguage,
    datePublished: input.datePublished,
    dateModified: input.dateModified ?? input.datePublished,
    ...(input.image ? { image: typeof input.image === "string" ? input.image : [...input.image] } : {}),
    ...(input.section ? { articleSection: input.section } : {}),
    author: input.authorName
      ? { "@type": "Person", name: input.authorName }
      : { "@type": "Organization", "@id": organizationId(input.siteUrl), name: BRAND },
    publisher: { "@type": "Organization", "@id": organizationId(input.siteUrl), name: BRAND },
  };
}

export interface DefinedTermInput {
  name: string;
  description: string;
  /** Absolute URL of the term's anchor, e.g. …/lexique-obseques#thanatopraxie. */
  url?: string;
  termCode?: string;
}

export function definedTermJsonLd(term: DefinedTermInput, inDefinedTermSet?: string): JsonLdNode {
  return {
    "@type": "DefinedTerm",
    ...(term.url ? { "@id": term.url, url: term.url } : {}),
    name: term.name,
    description: term.description,
    ...(term.termCode ? { termCode: term.termCode } : {}),
    ...(inDefinedTermSet ? { inDefinedTermSet } : {}),
  };
}

/** The glossary as one DefinedTermSet holding its terms. */
export function definedTermSetJsonLd(input: { url: string; name: string; description?: string; inLanguage?: string; terms: readonly DefinedTermInput[] }): JsonLdNode {
  const id = `${input.url}#glossary`;
  return {
    "@type": "DefinedTermSet",
    "@id": id,
    url: input.url,
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    ...(input.inLanguage ? { inLanguage: input.inLanguage } : {}),
    hasDefinedTerm: input.terms.map((term) => definedTermJsonLd(term, id)),
  };
}

export interface ReviewInput {
  authorName: string;
  /** 1 to 5. */
  rating: number;
  body?: string;
  /** ISO 8601 date. */
  datePublished?: string;
  /** The reviewed thing, e.g. { "@id": organizationId(siteUrl) }. */
  itemReviewed?: JsonLdNode | { "@id": string };
  inLanguage?: string;
}

/** One customer review; rejects a rating outside 1–5 rather than publishing a false one. */
export function reviewJsonLd(review: ReviewInput): JsonLdNode {
  if (!Number.isFinite(review.rating) || review.rating < 1 || review.rating > 5) {
    throw new RangeError(`review rating must be between 1 and 5 (received ${String(review.rating)})`);
  }
  return {
    "@type": "Review",
    author: { "@type": "Person", name: review.authorName },
    reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    ...(review.body ? { reviewBody: review.body } : {}),
    ...(review.datePublished ? { datePublished: review.datePublished } : {}),
    ...(review.inLanguage ? { inLanguage: review.inLanguage } : {}),
    ...(review.itemReviewed ? { itemReviewed: review.itemReviewed } : {}),
  };
}

/** One node or several (as an @graph) with the schema.org context, ready to serialise. */
export function withContext(data: JsonLdNode | readonly JsonLdNode[]): Record<string, unknown> {
  if (Array.isArray(data)) return { "@context": SCHEMA_CONTEXT, "@graph": [...data] };
  return { "@context": SCHEMA_CONTEXT, ...(data as JsonLdNode) };
}

/**
 * JSON for an inline <script>: "<" is escaped so no "</script>" or "<!--" in a text
 * can end the script early; U+2028/2029 are escaped for old JavaScript parsers.
 */
export function serializeJsonLd(data: JsonLdNode | readonly JsonLdNode[]): string {
  return JSON.stringify(withContext(data))
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
