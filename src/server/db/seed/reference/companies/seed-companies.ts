import { COMPANY_CATEGORIES, companyFields, type CompanyCategory } from "@/domain/companies";
import { toSlug } from "@/domain/schemas/common";
import type { Db } from "@/server/db/client";
import { companies, companiesFormalities, companyCategories } from "@/server/db/schema/procedures";
import { BANKS } from "@/server/db/seed/reference/companies/banks";
import { INSURERS, MUTUALS } from "@/server/db/seed/reference/companies/insurers";
import { ONLINE_ACCOUNTS, OTHERS, SUBSCRIPTIONS } from "@/server/db/seed/reference/companies/online-and-other";
import { HEALTH_INSURERS, PENSION_FUNDS, SOCIAL_BODIES } from "@/server/db/seed/reference/companies/public-bodies";
import type { CompanySeed } from "@/server/db/seed/reference/companies/types";
import { ENERGY, HOUSING, TELECOMS, WATER } from "@/server/db/seed/reference/companies/utilities";

/**
 * Real French organisations a family writes to after a death (docs/companies.md says how
 * the entries were written and how to update them). Reference data: seeded on every new
 * database, demo or not.
 */

/** French names of the categories as stored (the client space translates the code). */
export const COMPANY_CATEGORY_NAMES: Record<CompanyCategory, string> = {
  bank: "Banques et organismes de crédit",
  insurance: "Assurances",
  mutual: "Mutuelles et complémentaires santé",
  pension: "Caisses de retraite",
  health_insurance: "Assurance maladie",
  family_allowance: "Allocations familiales",
  employment: "Emploi",
  tax: "Impôts",
  energy: "Énergie",
  water: "Eau",
  telecom: "Téléphonie et internet",
  housing: "Logement",
  vehicle: "Véhicules",
  online_account: "Réseaux sociaux et comptes en ligne",
  subscription: "Abonnements",
  postal: "Courrier",
  legal: "Succession et recherches",
};

export const REFERENCE_COMPANIES: readonly CompanySeed[] = [
  ...BANKS,
  ...INSURERS,
  ...MUTUALS,
  ...PENSION_FUNDS,
  ...HEALTH_INSURERS,
  ...SOCIAL_BODIES,
  ...ENERGY,
  ...WATER,
  ...TELECOMS,
  ...HOUSING,
  ...ONLINE_ACCOUNTS,
  ...SUBSCRIPTIONS,
  ...OTHERS,
];

export async function seedCompanies(db: Db): Promise<Record<string, number>> {
  const categories = await db
    .insert(companyCategories)
    .values(COMPANY_CATEGORIES.map((code, position) => ({ code, name: COMPANY_CATEGORY_NAMES[code], position })))
    .returning({ id: companyCategories.id, code: companyCategories.code });
  const categoryId = new Map(categories.map((c) => [c.code, c.id]));
  const inserted = await db
    .insert(companies)
    .values(
      REFERENCE_COMPANIES.map((c) => ({
        name: c.name,
        slug: toSlug(c.name),
        categoryId: categoryId.get(c.category)!,
        website: c.website,
        address: c.address ?? null,
        phone: c.phone ?? null,
        formUrl: c.formUrl ?? null,
        source: c.source,
        sourceCheckedOn: c.checkedOn,
        demo: false,
      })),
    )
    .returning({ id: companies.id, slug: companies.slug });
  const idOf = new Map(inserted.map((c) => [c.slug, c.id]));
  const formalities = REFERENCE_COMPANIES.flatMap((c) =>
    c.formalities.map((f) => ({
      companyId: idOf.get(toSlug(c.name))!,
      name: f.name,
      kind: f.kind,
      requiresLetter: f.requiresLetter,
      fields: companyFields(f.fields),
      documentTypes: [...f.documents],
    })),
  );
  await db.insert(companiesFormalities).values(formalities);
  return { categories: categories.length, companies: inserted.length, formalities: formalities.length };
}
