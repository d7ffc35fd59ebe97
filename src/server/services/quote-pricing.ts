import { OPERATOR } from "@/config/brand";
import type { QuoteAnswers } from "@/domain/quote/answers";
import type { QuoteCatalog, QuotePartners } from "@/domain/quote/catalog";
import type { OperatorIdentity } from "@/domain/quote/legal-model";
import { computeQuote, type Quote } from "@/domain/quote/pricing";
import type { Db } from "@/server/db/client";
import { findCommune, loadQuoteCatalog, loadQuotePartners, type LoadedCatalog, type QuoteCommune } from "@/server/services/quote-catalog";
import { pricingQueryOf, type PricingQuery } from "@/domain/schemas/quote-pricing";
import { todayInFrance } from "@/domain/time";

/**
 * The server's quote: the same pure engine the funnel runs in the browser, fed with the
 * price data of the database. What this computes is stored with the deal, printed in
 * the PDF and sent by e-mail: it is the authoritative figure.
 */

/** Price data changes rarely (back-office edits); a short cache keeps the funnel's saves fast. */
export const PRICING_CACHE_TTL_MS = 30_000;

interface CacheEntry<T> {
  value: Promise<T>;
  at: number;
}

interface DbCache {
  catalog: CacheEntry<LoadedCatalog> | null;
  communes: Map<string, CacheEntry<QuoteCommune | null>>;
  partners: Map<string, CacheEntry<QuotePartners>>;
}

const caches = new WeakMap<Db, DbCache>();

function cacheOf(db: Db): DbCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { catalog: null, communes: new Map(), partners: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

function cached<T>(entry: CacheEntry<T> | null | undefined, now: number, load: () => Promise<T>, store: (entry: CacheEntry<T>) => void, drop: () => void): Promise<T> {
  if (entry && now - entry.at < PRICING_CACHE_TTL_MS) return entry.value;
  const value = load();
  store({ value, at: now });
  // A failed load is not remembered: the next request tries again.
  value.catch(drop);
  return value;
}

/** Forgets the cached price data (after a back-office change, and between tests). */
export function clearPricingCache(db: Db): void {
  caches.delete(db);
}

/** The operator issuing the quote, as the legal model asks: legal name, address, licence number. */
export function operatorIdentity(): OperatorIdentity {
  const address = /^(.*),\s*(\d{5})\s+(.+)$/.exec(OPERATOR.address);
  const licence = /n°\s*([\w-]+)/i.exec(OPERATOR.licence);
  return {
    legalName: OPERATOR.legalName,
    address: address ? { line1: address[1]!.trim(), postalCode: address[2]!, city: address[3]!.trim() } : { line1: OPERATOR.address, postalCode: "75000", city: "Paris" },
    habilitationNumber: licence?.[1] ?? OPERATOR.licence,
    isDemo: /démonstration|demo/i.test(OPERATOR.licence),
  };
}

export interface PricingData {
  catalog: QuoteCatalog;
  partners: QuotePartners;
  commune: QuoteCommune | null;
}


/** Catalogue and partners for a commune and the countries of a repatriation. */
export async function getPricingData(db: Db, query: PricingQuery, now = Date.now()): Promise<PricingData> {
  const cache = cacheOf(db);
  const loaded = await cached(cache.catalog, now, () => loadQuoteCatalog(db), (e) => (cache.catalog = e), () => (cache.catalog = null));
  const insee = query.commune?.toUpperCase();
  const commune = insee
    ? await cached(cache.communes.get(insee), now, () => findCommune(db, insee), (e) => cache.communes.set(insee, e), () => cache.communes.delete(insee))
    : null;
  const countries = [query.death_country, query.destination].filter((c): c is string => typeof c === "string" && c !== "").map((c) => c.toUpperCase());
  const key = `${commune?.inseeCode ?? "-"}|${[...new Set(countries)].sort().join(",")}`;
  const partners = await cached(
    cache.partners.get(key),
    now,
    () => loadQuotePartners(db, loaded, { commune, countries }),
    (e) => cache.partners.set(key, e),
    () => cache.partners.delete(key),
  );
  return { catalog: loaded.catalog, partners, commune };
}


export async function computeServerQuote(db: Db, answers: QuoteAnswers, now: Date = new Date()): Promise<{ quote: Quote; commune: QuoteCommune | null }> {
  const data = await getPricingData(
    db,
    pricingQueryOf(answers),
    now.getTime(),
  );
  const quote = computeQuote(answers, data.catalog, data.partners, { operator: operatorIdentity(), today: todayInFrance(now) });
  return { quote, commune: data.commune };
}
