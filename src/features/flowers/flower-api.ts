import { api, type ApiClient } from "@/api-client/client";
import type {
  FlowerCeremony,
  FlowerFiltersResponse,
  FlowerOrderCreateInput,
  FlowerOrderView,
  FlowerProductsResponse,
} from "@/domain/schemas/flower-funnel";

/** Browser calls of the flowers funnel (SPEC §7 "Funnels", issue 13). */

export const FLOWER_API = "/api/v1/flower_funnel";
/** A deal's key without a session (the funeral deal's for its ceremonies, the order's for its view). */
export const RESUME_TOKEN_HEADER = "x-resume-token";

export interface CatalogueQuery {
  type: string[];
  colour: string[];
  flower: string[];
  place: string[];
  budget: string[];
  q: string;
  page: number;
}

export const EMPTY_QUERY: CatalogueQuery = { type: [], colour: [], flower: [], place: [], budget: [], q: "", page: 1 };
export const CATALOGUE_PER_PAGE = 12;

/** The API's query string: comma-separated lists, empty filters left out. */
export function catalogueParams(query: CatalogueQuery, withPaging = true): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ["type", "colour", "flower", "place", "budget"] as const) if (query[key].length > 0) params[key] = query[key].join(",");
  if (query.q.trim() !== "") params.q = query.q.trim();
  if (withPaging) {
    params.page = String(query.page);
    params.per_page = String(CATALOGUE_PER_PAGE);
  }
  return params;
}

const headers = (token: string | null | undefined): Record<string, string> => (token ? { [RESUME_TOKEN_HEADER]: token } : {});

export function flowerApi(client: ApiClient = api) {
  return {
    products: (query: CatalogueQuery, signal?: AbortSignal) =>
      client.get<FlowerProductsResponse>(`${FLOWER_API}/products`, { query: catalogueParams(query), signal, notifySessionExpired: false }),
    filters: (query: CatalogueQuery, signal?: AbortSignal) =>
      client.get<FlowerFiltersResponse>(`${FLOWER_API}/filters`, { query: catalogueParams(query, false), signal, notifySessionExpired: false }),
    ceremonies: (deal: string | null, token: string | null) =>
      client.get<{ ceremonies: FlowerCeremony[] }>(`${FLOWER_API}/ceremonies`, { query: deal ? { deal } : {}, headers: headers(token), notifySessionExpired: false }),
    order: (body: FlowerOrderCreateInput, token: string | null) =>
      client.post<FlowerOrderView & { resume_token: string }>(`${FLOWER_API}/deals`, body, { headers: headers(token), notifySessionExpired: false }),
    get: (uuid: string, token: string | null) =>
      client.get<FlowerOrderView>(`${FLOWER_API}/deals/${encodeURIComponent(uuid)}`, { headers: headers(token), notifySessionExpired: false }),
  };
}
export type FlowerApi = ReturnType<typeof flowerApi>;
