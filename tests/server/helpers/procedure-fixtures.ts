import { eq } from "drizzle-orm";
import type { DealAbilityRole } from "@/domain/roles";
import type { FormalityField, FormalityKind } from "@/domain/schemas/administrative-procedure";
import type { Db } from "@/server/db/client";
import { procedureAbilities } from "@/server/db/schema/family";
import { companies, companiesFormalities, companyCategories } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { signInHeaders } from "./app";

/** Families, companies and roles for the procedures tests, written straight into the database. */

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

export interface TestClient {
  id: number;
  email: string;
  headers(): Promise<Record<string, string>>;
}

/** A client account with a name and an address (the letters need them), signed in on demand. */
export async function createFamilyClient(db: Db, values: Partial<typeof clients.$inferInsert> = {}): Promise<TestClient> {
  const email = values.email ?? `family-${unique()}@example.org`;
  const [row] = await db
    .insert(clients)
    .values({ civility: "Mme", firstname: "Claire", lastname: "Martin", address: "4 rue des Lilas", postalCode: "69003", city: "Lyon", phone: "0611223344", ...values, email })
    .returning({ id: clients.id });
  return { id: row!.id, email, headers: () => signInHeaders(db, "client", email) };
}

export async function grantProcedureRole(db: Db, procedureId: number, clientId: number, role: DealAbilityRole, link: string | null = null): Promise<void> {
  await db.insert(procedureAbilities).values({ administrativeProcedureId: procedureId, clientId, role, link });
}

export interface TestFormality {
  companyId: number;
  formalityId: number;
}

export const BANK_FIELDS: FormalityField[] = [
  { name: "account_number", label: "account_number", type: "text", required: true },
  { name: "iban", label: "iban", type: "iban", required: false },
  { name: "closing_date", label: "closing_date", type: "date", required: false },
];

/** A company of a category with one formality. */
export async function createCompanyFormality(
  db: Db,
  input: {
    name?: string;
    category?: string;
    email?: string | null;
    address?: string | null;
    kind?: FormalityKind;
    requiresLetter?: boolean;
    fields?: FormalityField[];
    documentTypes?: string[];
    formalityName?: string;
  } = {},
): Promise<TestFormality> {
  const code = input.category ?? "bank";
  let [category] = await db.select({ id: companyCategories.id }).from(companyCategories).where(eq(companyCategories.code, code)).limit(1);
  if (!category) [category] = await db.insert(companyCategories).values({ code, name: code }).returning({ id: companyCategories.id });
  const name = input.name ?? `Banque Exemple ${unique()}`;
  const [company] = await db
    .insert(companies)
    .values({
      name,
      slug: `test-${unique()}`,
      categoryId: category!.id,
      email: input.email === undefined ? "successions@banque-exemple.test" : input.email,
      address: input.address === undefined ? "Service Successions\n12 avenue de la République\n75011 Paris" : input.address,
      source: "test",
    })
    .returning({ id: companies.id });
  const [formality] = await db
    .insert(companiesFormalities)
    .values({
      companyId: company!.id,
      name: input.formalityName ?? "Clôture des comptes",
      kind: input.kind ?? "close",
      requiresLetter: input.requiresLetter ?? true,
      fields: (input.fields ?? BANK_FIELDS) as unknown as Array<Record<string, unknown>>,
      documentTypes: input.documentTypes ?? ["death_certificate", "identity_card"],
    })
    .returning({ id: companiesFormalities.id });
  return { companyId: company!.id, formalityId: formality!.id };
}

/** A complete procedure body (SPEC §5 birth fields present). */
export const PROCEDURE_BODY = {
  civility: "M.",
  firstname: "Henri",
  lastname: "Martin",
  birth_date: "1941-03-12",
  death_date: "2026-10-02",
  birth_location: "Villeurbanne",
  birth_postal_code: "69100",
  birth_country_code: "fr",
  defunct_family_link: "child",
  situation: { employment: "retired", owned_vehicle: true, had_bank_account: true, housing: "owner" },
} as const;
