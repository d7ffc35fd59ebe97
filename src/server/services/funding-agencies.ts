import { sql } from "drizzle-orm";
import { pagingMeta, type PagingMeta } from "@/domain/schemas/common";
import type { FundingAgency } from "@/domain/schemas/funding-agency";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";

export async function listFundingAgencies(db: Db, params: { page: number; per_page: number }): Promise<{ data: FundingAgency[]; meta: PagingMeta }> {
  const total = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM funding_agencies`);
  const result = await queryRows<FundingAgency>(db, sql`
    SELECT id, name, kind, description, conditions, claim_deadline, website, demo FROM funding_agencies
    ORDER BY position, id LIMIT ${params.per_page} OFFSET ${(params.page - 1) * params.per_page}`);
  return {
    data: result.map((r) => ({ ...r, id: Number(r.id) })),
    meta: pagingMeta(params.page, params.per_page, Number(total[0]?.total ?? 0)),
  };
}
