import { sql, type SQL } from "drizzle-orm";
import { pagingMeta, type PagingMeta } from "@/domain/schemas/common";
import type { CompanyFormalitiesQuery, CompanyFormalityListItem } from "@/domain/schemas/company";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { companyContact, companyFormality, companySummary } from "@/server/services/companies/company-view";
import { searchTerm } from "@/server/services/search-text";

interface Row {
  id: number;
  name: string;
  kind: string;
  requires_letter: boolean;
  fields: Array<Record<string, unknown>>;
  document_types: string[];
  company_id: number;
  company_name: string;
  company_slug: string;
  website: string | null;
  demo: boolean;
  category_code: string | null;
  category_name: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  form_url: string | null;
}

/**
 * The formalities a family can add to its procedure, with the company offering each,
 * by category then company name. `q` matches any part of the company's name, accents
 * and case ignored (the companies' search_name column).
 */
export async function listCompanyFormalities(db: Db, query: CompanyFormalitiesQuery): Promise<{ data: CompanyFormalityListItem[]; meta: PagingMeta }> {
  const conditions: SQL[] = [sql`TRUE`];
  if (query.category) conditions.push(sql`cc.code = ${query.category}`);
  if (query.kind) conditions.push(sql`f.kind = ${query.kind}`);
  if (query.company_id) conditions.push(sql`c.id = ${query.company_id}`);
  const term = searchTerm(query.q);
  // normalizeSearchText() leaves no LIKE wildcard in the text (search-text.ts).
  if (term.text) conditions.push(sql`c.search_name LIKE ${`%${term.text}%`}`);
  const where = sql.join(conditions, sql` AND `);
  const from = sql`companies_formalities f JOIN companies c ON c.id = f.company_id LEFT JOIN company_categories cc ON cc.id = c.category_id`;
  const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`);
  const rows = await queryRows<Row>(
    db,
    sql`
      SELECT f.id, f.name, f.kind, f.requires_letter, f.fields, f.document_types,
        c.id AS company_id, c.name AS company_name, c.slug AS company_slug, c.website, c.demo,
        cc.code AS category_code, cc.name AS category_name, c.address, c.email, c.phone, c.form_url
      FROM ${from}
      WHERE ${where}
      ORDER BY cc.position NULLS LAST, c.name, c.id,
        CASE f.kind WHEN 'notify' THEN 0 WHEN 'claim' THEN 1 WHEN 'transfer' THEN 2 ELSE 3 END, f.id
      LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`,
  );
  return {
    data: rows.map((r) => ({
      ...companyFormality({ id: r.id, name: r.name, kind: r.kind, requiresLetter: r.requires_letter, fields: r.fields, documentTypes: r.document_types }),
      company: {
        ...companySummary({ id: r.company_id, name: r.company_name, slug: r.company_slug, website: r.website, demo: r.demo, categoryCode: r.category_code, categoryName: r.category_name }),
        contact: companyContact({ address: r.address, email: r.email, phone: r.phone, formUrl: r.form_url }),
      },
    })),
    meta: pagingMeta(query.page, query.per_page, Number(count?.total ?? 0)),
  };
}
