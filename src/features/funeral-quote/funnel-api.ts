import { api, type ApiClient } from "@/api-client/client";
import type { QuoteCatalog, QuotePartners } from "@/domain/quote/catalog";
import type { OperatorIdentity } from "@/domain/quote/legal-model";
import type { FunnelCreateInput, FunnelDealView, FunnelUpdateInput } from "@/domain/schemas/funeral-quote";
import { pricingKey, type PricingQuery } from "@/domain/schemas/quote-pricing";
import type { SaverApi } from "./funnel-saver";
import type { CityhallAutocompleteItem } from "@/domain/schemas/autocomplete";

/** Browser calls of the funeral funnel (SPEC §7 "Funnels" and the autocompletes it uses). */

export const FUNNEL_DEALS_PATH = "/api/v1/funeral_funnel/deals";
/** The deal's key for a family without a session; the uuid alone opens nothing. */
export const RESUME_TOKEN_HEADER = "x-resume-token";

/** The PDF opens in a new tab, without headers: its link carries the resume token. */
export function dealPdfPath(uuid: string, token: string | null): string {
  const query = token ? `?${new URLSearchParams({ token }).toString()}` : "";
  return `${FUNNEL_DEALS_PATH}/${encodeURIComponent(uuid)}/quote.pdf${query}`;
}

/**
 * Funnel calls; `token` gives the deal's current resume token (it may change when the
 * saver starts a new deal), sent in a header so it never appears in an address.
 */
export function funnelApi(client: ApiClient = api, token: () => string | null = () => null): SaverApi & { get(uuid: string): Promise<FunnelDealView> } {
  const headers = (): Record<string, string> => {
    const value = token();
    return value ? { [RESUME_TOKEN_HEADER]: value } : {};
  };
  return {
    create: (body: FunnelCreateInput) => client.post<FunnelDealView>(FUNNEL_DEALS_PATH, body, { notifySessionExpired: false }),
    update: (uuid: string, body: FunnelUpdateInput) =>
      client.put<FunnelDealView>(`${FUNNEL_DEALS_PATH}/${encodeURIComponent(uuid)}`, body, { notifySessionExpired: false, headers: headers() }),
    get: (uuid: string) => client.get<FunnelDealView>(`${FUNNEL_DEALS_PATH}/${encodeURIComponent(uuid)}`, { notifySessionExpired: false, headers: headers() }),
  };
}

export { forgetResumeFragment, readResumeFragment } from "@/api-client/resume-fragment";

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

/** What GET /api/v1/autocompletes/cityhalls answers for each commune. */
export type CommuneSuggestion = CityhallAutocompleteItem;

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
