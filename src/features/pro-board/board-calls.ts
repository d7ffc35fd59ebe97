import { api } from "@/api-client/client";
import type { z } from "zod";
import type { DealState } from "@/domain/deal-states";
import type { dealSummarySchema } from "@/domain/schemas/deal-view";

export type BoardDeal = z.infer<typeof dealSummarySchema>;
export interface BoardPage {
  data: BoardDeal[];
  meta: { page: number; per_page: number; total_count: number; total_pages: number };
}

export function fetchDeals(query: Record<string, string | number>, signal?: AbortSignal): Promise<BoardPage> {
  return api.get<BoardPage>("/api/v1/deals", { query, signal });
}

/** PUT /api/v1/deals/{id}/state: the server checks the move again (someone else may have moved it). */
export async function moveDeal(id: number, state: DealState): Promise<{ state: string }> {
  const body = await api.put<{ data: { state: string } }>(`/api/v1/deals/${id}/state`, { state });
  return body.data;
}
