import { asc, eq } from "drizzle-orm";
import type { CompanyDetail } from "@/domain/schemas/company";
import type { Db } from "@/server/db/client";
import { companies, companiesFormalities, companyCategories } from "@/server/db/schema/procedures";
import { byFormalityOrder, companyContact, companyFormality, companySummary } from "@/server/services/companies/company-view";

/** One company with its contact, source and formalities; null when there is none with that id. */
export async function getCompany(db: Db, id: number): Promise<CompanyDetail | null> {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      slug: companies.slug,
      website: companies.website,
      demo: companies.demo,
      categoryCode: companyCategories.code,
      categoryName: companyCategories.name,
      address: companies.address,
      email: companies.email,
      phone: companies.phone,
      formUrl: companies.formUrl,
      source: companies.source,
      sourceCheckedOn: companies.sourceCheckedOn,
    })
    .from(companies)
    .leftJoin(companyCategories, eq(companyCategories.id, companies.categoryId))
    .where(eq(companies.id, id))
    .limit(1);
  if (!row) return null;
  const formalities = await db
    .select({
      id: companiesFormalities.id,
      name: companiesFormalities.name,
      kind: companiesFormalities.kind,
      requiresLetter: companiesFormalities.requiresLetter,
      fields: companiesFormalities.fields,
      documentTypes: companiesFormalities.documentTypes,
    })
    .from(companiesFormalities)
    .where(eq(companiesFormalities.companyId, id))
    .orderBy(asc(companiesFormalities.id));
  return {
    ...companySummary(row),
    contact: companyContact(row),
    source: row.source,
    source_checked_on: row.sourceCheckedOn,
    formalities: formalities.map(companyFormality).sort(byFormalityOrder),
  };
}
