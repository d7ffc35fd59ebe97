import { z } from "zod";

/**
 * How the deals board orders GET /api/v1/deals (`sort`, `direction`): one key per column
 * of the board's table. Without them the list is newest first.
 */
export const DEAL_SORTS = ["created_at", "number", "kind", "state", "defunct", "client", "commune", "advisor", "ceremony_at"] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const dealSortQuerySchema = z.object({
  sort: z
    .enum(DEAL_SORTS, { error: "sort__invalid" })
    .optional()
    .meta({ description: "Column to order by (default created_at). A partner professional's list ignores defunct, client and commune, which it does not show." }),
  direction: z.enum(SORT_DIRECTIONS, { error: "direction__invalid" }).optional().meta({ description: "asc or desc (default: desc for dates and numbers, asc for names); blanks last either way" }),
});
