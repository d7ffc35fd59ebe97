import { api, type ApiClient } from "@/api-client/client";
import type { QuoteCatalog, QuotePartners } from "@/domain/quote/catalog";
import type { OperatorIdentity } from "@/domain/quote/legal-model";
import type { FunnelCreateInput, FunnelDealView, FunnelUpdateInput } from "@/domain/schemas/funeral-funnel";
import { pricingKey, type PricingQuery } from "@/domain/schemas/quote-pricing";
import type { SaverApi } from "./funnel-saver";

/** Browser calls of the funeral funnel (SPEC §7 "Funnels" and the autocompletes it uses). */

export const FUNNEL_DEALS_PATH = "/api/v1/funeral_funnel/deals";

export function dealPdfPath(uuid: string): string {
  return `${FUNNEL_DEALS_PATH}/${encodeURIComponent(uuid)}/quote.pdf`;
}

export function funnelApi(client: ApiClient = api): SaverApi & { get(uuid: string): Promise<FunnelDealView> } {
  return {
    create: (body: FunnelCreateInput) => client.post<FunnelDealView>(FUNNEL_DEALS_PATH, body, { notifySessionExpired: false }),
    update: (uuid: string, body: FunnelUpdateInput) => client.put<FunnelDealView>(`${FUNNEL_DEALS_PATH}/${encodeURIComponent(uuid)}`, body, { notifySessionExpired: false }),
    get: (uuid: string) => client.get<FunnelDealView>(`${FUNNEL_DEALS_PATH}/${encodeURIComponent(uuid)}`, { notifySessionExpired: false }),
  };
}

export interface PricingData {
  catalog: QuoteCatalog;
  partners: QuotePartners;
  operator: OperatorIdentity;
  commune: { insee_code: string; name: string; postal_code: string | null } | null;
}

export { pricingKey, type PricingQuery };

export function fetchPricing(query: PricingQuery, client: ApiClient = api): Promise<PricingData> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (value) params[name] = value;
  return client.get<PricingData>("/api/v1/funeral_funnel/pricing", { query: params, notifySessionExpired: false });
}

export interface CommuneSuggestion {
  id: number;
  name: string;
  insee_code: string;
  postal_codes: string[];
  department: { code: string; name: string };
}

export interface CountrySuggestion {
  id: string;
  code: string;
  name: string;
}

export function searchCommunes(q: string, signal?: AbortSignal, client: ApiClient = api): Promise<CommuneSuggestion[]> {
  return client.get<CommuneSuggestion[]>("/api/v1/autocompletes/cityhalls", { query: { q, limit: 8 }, signal, notifySessionExpired: false });
}

export function searchCountries(q: string, locale: string, signal?: AbortSignal, client: ApiClient = api): Promise<CountrySuggestion[]> {
  return client.get<CountrySuggestion[]>("/api/v1/autocompletes/countries", { query: { q, limit: 8, locale }, signal, notifySessionExpired: false });
}
