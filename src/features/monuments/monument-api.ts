import { api, type ApiClient } from "@/api-client/client";
import type {
  MarbleDealCreateInput,
  MarbleDealUpdateInput,
  MarbleDealView,
  MarbleFilters,
  MarbleProduct,
  SupplierWarehouseProduct,
} from "@/domain/schemas/marble-funnel";
import type { AutocompleteItem } from "@/domain/schemas/autocomplete";

/** Browser calls of the tombstone funnel (SPEC §7 "Funnels": marble funnel). */

export const MARBLE_DEALS_PATH = "/api/v1/marble_funnel/deals";
/** The deal's key for a family without a session; the uuid alone opens nothing. */
export const RESUME_TOKEN_HEADER = "x-resume-token";

export type MarbleDealCreated = MarbleDealView & { resume_token: string };

/** The PDF opens in a new tab, without headers: its link carries the resume token. */
export function monumentPdfPath(uuid: string, token: string | null): string {
  const query = token ? `?${new URLSearchParams({ token }).toString()}` : "";
  return `${MARBLE_DEALS_PATH}/${encodeURIComponent(uuid)}/quote.pdf${query}`;
}

export interface ProductsQuery {
  q?: string;
  shape?: string;
  size?: string;
}

export function monumentApi(client: ApiClient = api) {
  const headers = (token: string | null): Record<string, string> => (token ? { [RESUME_TOKEN_HEADER]: token } : {});
  const quiet = { notifySessionExpired: false } as const;
  return {
    filters: (graveyardId?: number | null) =>
      client.get<MarbleFilters>("/api/v1/marble_funnel/filters", { ...quiet, query: graveyardId ? { graveyard_id: String(graveyardId) } : {} }),
    products: (query: ProductsQuery) => {
      const params: Record<string, string> = { per_page: "50" };
      for (const [name, value] of Object.entries(query)) if (value) params[name] = value;
      return client.get<{ products: MarbleProduct[] }>("/api/v1/marble_funnel/products", { ...quiet, query: params });
    },
    warehouses: (codes: readonly string[], departmentCode?: string | null) =>
      client.get<SupplierWarehouseProduct[]>("/api/v1/marble_funnel/supplier_warehouses_products", {
        ...quiet,
        query: { product_codes: codes.join(","), ...(departmentCode ? { department_code: departmentCode } : {}) },
      }),
    graveyards: (q: string, signal?: AbortSignal) =>
      client.get<AutocompleteItem[]>("/api/v1/autocompletes/graveyards", { ...quiet, query: { q, limit: "8" }, signal }),
    create: (body: MarbleDealCreateInput) => client.post<MarbleDealCreated>(MARBLE_DEALS_PATH, body, quiet),
    update: (uuid: string, token: string | null, body: MarbleDealUpdateInput) =>
      client.put<MarbleDealView>(`${MARBLE_DEALS_PATH}/${encodeURIComponent(uuid)}`, body, { ...quiet, headers: headers(token) }),
    get: (uuid: string, token: string | null) =>
      client.get<MarbleDealView>(`${MARBLE_DEALS_PATH}/${encodeURIComponent(uuid)}`, { ...quiet, headers: headers(token) }),
  };
}
export type MonumentApi = ReturnType<typeof monumentApi>;
