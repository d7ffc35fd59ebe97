import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { clientsCompanies, companies } from "@/server/db/schema/procedures";
import { ApiError } from "@/server/http/errors";

/**
 * The companies a client acts for (SPEC §3 "Company … its id is sent as a header on calls",
 * §7 PUT /clients/{id}/companies): a relative who works at the notary's office, a mandated
 * firm. Setting the list grants nothing by itself; the `company-id` header must then name one
 * of them, so a request never claims to act for a company the client does not act for.
 */
export async function setClientCompanies(db: Db, clientId: number, companyIds: readonly number[]): Promise<void> {
  const unique = [...new Set(companyIds)];
  if (unique.length > 0) {
    const found = await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, unique));
    if (found.length !== unique.length) throw new ApiError(422, "company_ids__invalid");
  }
  await db.transaction(async (tx) => {
    await tx.delete(clientsCompanies).where(eq(clientsCompanies.clientId, clientId));
    if (unique.length > 0) await tx.insert(clientsCompanies).values(unique.map((companyId) => ({ clientId, companyId })));
  });
}

/** Whether the client acts for the company. */
export async function actsFor(db: Db, clientId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: clientsCompanies.companyId })
    .from(clientsCompanies)
    .where(and(eq(clientsCompanies.clientId, clientId), eq(clientsCompanies.companyId, companyId)))
    .limit(1);
  return Boolean(row);
}
