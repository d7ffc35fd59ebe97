import { eq } from "drizzle-orm";
import type { ClientInput, ClientView } from "@/domain/schemas/client";
import { ROLES, type Role } from "@/domain/roles";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { clientsCompanies, companies } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";

/** Business users who run families' files read and change every client; analytics guests and partners none. */
export const CLIENT_ADMIN_ROLES: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR];

/**
 * The client a caller may open: a client only themself (another id is 404, so ids reveal
 * nothing), an advisor anyone. The guard has already refused other business roles.
 */
export async function requireClientRecord(db: Db, auth: AuthSession, clientId: number): Promise<typeof clients.$inferSelect> {
  if (auth.realm === "client" && auth.userId !== clientId) throw new ApiError(404, "not_found");
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!row) throw new ApiError(404, "not_found");
  return row;
}

export async function clientView(db: Db, row: typeof clients.$inferSelect): Promise<ClientView> {
  const acting = await db
    .select({ id: companies.id, name: companies.name })
    .from(clientsCompanies)
    .innerJoin(companies, eq(companies.id, clientsCompanies.companyId))
    .where(eq(clientsCompanies.clientId, row.id))
    .orderBy(companies.name);
  return {
    id: row.id,
    civility: row.civility,
    firstname: row.firstname,
    lastname: row.lastname,
    birth_name: row.birthName,
    birth_date: row.birthDate,
    birth_location: row.birthLocation,
    birth_postal_code: row.birthPostalCode,
    birth_insee_code: row.birthInseeCode,
    work: row.work,
    phone: row.phone,
    phone_2: row.phone2,
    phone_3: row.phone3,
    email: row.email,
    address: row.address,
    address_l2: row.addressL2,
    postal_code: row.postalCode,
    insee_code: row.inseeCode,
    city: row.city,
    nationality: row.nationality,
    country_code: row.countryCode,
    birth_country_code: row.birthCountryCode,
    opt_out: row.optOut,
    companies: acting,
    created_at: epochSeconds(row.createdAt),
  };
}

/** The client columns an input sets (absent keys left alone, empty text cleared). */
export function clientValues(input: ClientInput): Partial<typeof clients.$inferInsert> {
  const map: Record<keyof ClientInput, keyof typeof clients.$inferInsert> = {
    civility: "civility",
    firstname: "firstname",
    lastname: "lastname",
    birth_name: "birthName",
    birth_date: "birthDate",
    birth_location: "birthLocation",
    birth_postal_code: "birthPostalCode",
    birth_insee_code: "birthInseeCode",
    work: "work",
    phone: "phone",
    phone_2: "phone2",
    phone_3: "phone3",
    email: "email",
    address: "address",
    address_l2: "addressL2",
    postal_code: "postalCode",
    insee_code: "inseeCode",
    city: "city",
    nationality: "nationality",
    country_code: "countryCode",
    birth_country_code: "birthCountryCode",
  };
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(map) as Array<[keyof ClientInput, string]>) {
    const value = input[key];
    if (value === undefined) continue;
    values[column] = typeof value === "string" && value.trim() === "" ? null : value;
  }
  return values as Partial<typeof clients.$inferInsert>;
}

export const EMAIL_TAKEN = "client__email__taken";

/** 422 client__email__taken when another client has the address (the unique index decides a race the same way). */
export async function assertEmailFree(db: Db, email: string | null | undefined, exceptId: number | null): Promise<void> {
  if (!email) return;
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.email, email)).limit(1);
  if (row && row.id !== exceptId) throw new ApiError(422, EMAIL_TAKEN);
}
