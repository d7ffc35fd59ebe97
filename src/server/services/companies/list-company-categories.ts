import { sql } from "drizzle-orm";
import type { CompanyCategory } from "@/domain/companies";
import type { CompanyCategoryView } from "@/domain/schemas/company";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";

/** Every category with how many companies and formalities it holds, in list order. */
export async function listCompanyCategories(db: Db): Promise<CompanyCategoryView[]> {
  const rows = await queryRows<{ code: string; name: string; position: number; companies_count: number; formalities_count: number }>(
    db,
    sql`
      SELECT cc.code, cc.name, cc.position,
        (SELECT count(*)::int FROM companies c WHERE c.category_id = cc.id) AS companies_count,
        (SELECT count(*)::int FROM companies_formalities f JOIN companies c ON c.id = f.company_id WHERE c.category_id = cc.id) AS formalities_count
      FROM company_categories cc
      ORDER BY cc.position, cc.code`,
  );
  return rows.map((r) => ({
    code: r.code as CompanyCategory,
    name: r.name,
    position: Number(r.position),
    companies_count: Number(r.companies_count),
    formalities_count: Number(r.formalities_count),
  }));
}
