import { eq } from "drizzle-orm";
import type { CompanyFormalityListItem } from "@/domain/schemas/company";
import type { Db } from "@/server/db/client";
import { companies, companiesFormalities, companyCategories } from "@/server/db/schema/procedures";
import { companyContact, companyFormality, companySummary } from "@/server/services/companies/company-view";

/**
 * One formality with the company offering it and how to reach it, or null. For the other
 * parts of the client space: adding an ongoing formality (its fields and documents), the
 * letter (the company's name and postal address), sending it (requires_letter).
 */
export async function getCompanyFormality(db: Db, formalityId: number): Promise<CompanyFormalityListItem | null> {
  const [row] = await db
    .select({
      id: companiesFormalities.id,
      name: companiesFormalities.name,
      kind: companiesFormalities.kind,
      requiresLetter: companiesFormalities.requiresLetter,
      fields: companiesFormalities.fields,
      documentTypes: companiesFormalities.documentTypes,
      companyId: companies.id,
      companyName: companies.name,
      slug: companies.slug,
      website: companies.website,
      demo: companies.demo,
      categoryCode: companyCategories.code,
      categoryName: companyCategories.name,
      address: companies.address,
      email: companies.email,
      phone: companies.phone,
      formUrl: companies.formUrl,
    })
    .from(companiesFormalities)
    .innerJoin(companies, eq(companies.id, companiesFormalities.companyId))
    .leftJoin(companyCategories, eq(companyCategories.id, companies.categoryId))
    .where(eq(companiesFormalities.id, formalityId))
    .limit(1);
  if (!row) return null;
  return {
    ...companyFormality(row),
    company: {
      ...companySummary({ ...row, id: row.companyId, name: row.companyName }),
      contact: companyContact(row),
    },
  };
}
