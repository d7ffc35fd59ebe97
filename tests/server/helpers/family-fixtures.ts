import { eq } from "drizzle-orm";
import type { DealAbilityRole } from "@/domain/roles";
import type { Db } from "@/server/db/client";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { procedureAbilities } from "@/server/db/schema/family";
import { administrativeProcedures, defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { hashPassword } from "@/server/services/auth/passwords";

/**
 * A family around one deal and one administrative procedure: an owner, an editor, a
 * reader, the notary, and a stranger who holds nothing. Each test file gets its own
 * addresses (the `tag`), so fixtures never collide in a shared database.
 */

export const FAMILY_PASSWORD = "Famille-solide-2026";
export const FAMILY_ROLES = ["owner", "editor", "reader", "notary"] as const satisfies readonly DealAbilityRole[];
export type FamilyMemberName = (typeof FAMILY_ROLES)[number] | "stranger";

export interface FamilyFixture {
  emails: Record<FamilyMemberName, string>;
  clientIds: Record<FamilyMemberName, number>;
  dealId: number;
  procedureId: number;
  /** Ability ids on the deal and on the procedure, by role. */
  dealAbilityIds: Record<(typeof FAMILY_ROLES)[number], number>;
  procedureAbilityIds: Record<(typeof FAMILY_ROLES)[number], number>;
}

let passwordHash: Promise<string> | undefined;

export async function createClient(db: Db, email: string, firstname: string, lastname = "Martin"): Promise<number> {
  passwordHash ??= hashPassword(FAMILY_PASSWORD);
  const [row] = await db.insert(clients).values({ email, firstname, lastname, passwordHash: await passwordHash }).returning({ id: clients.id });
  return row!.id;
}

export async function createFamily(db: Db, tag: string): Promise<FamilyFixture> {
  const names: FamilyMemberName[] = ["owner", "editor", "reader", "notary", "stranger"];
  const firstnames: Record<FamilyMemberName, string> = { owner: "Claire", editor: "Paul", reader: "Inès", notary: "Maître Roux", stranger: "Yann" };
  const emails = Object.fromEntries(names.map((n) => [n, `${n}.${tag}@example.org`])) as Record<FamilyMemberName, string>;
  const clientIds = {} as Record<FamilyMemberName, number>;
  for (const name of names) clientIds[name] = await createClient(db, emails[name], firstnames[name]);

  const [defunct] = await db
    .insert(defuncts)
    .values({ firstname: "Jean", lastname: "Martin", deathDate: "2026-03-02", birthLocation: "Lyon", birthPostalCode: "69001", birthCountryCode: "fr", clientId: clientIds.owner })
    .returning({ id: defuncts.id });
  const [deal] = await db.insert(deals).values({ kind: "funeral", state: "quote_sent", defunctId: defunct!.id }).returning({ id: deals.id });
  const [procedure] = await db
    .insert(administrativeProcedures)
    .values({ clientId: clientIds.owner, defunctId: defunct!.id, defunctFamilyLink: "child" })
    .returning({ id: administrativeProcedures.id });

  const dealAbilityIds = {} as FamilyFixture["dealAbilityIds"];
  const procedureAbilityIds = {} as FamilyFixture["procedureAbilityIds"];
  for (const role of FAMILY_ROLES) {
    const link = role === "notary" ? "notary" : role === "owner" ? "child" : "sibling";
    const [a] = await db.insert(dealAbilities).values({ dealId: deal!.id, clientId: clientIds[role], role, link }).returning({ id: dealAbilities.id });
    dealAbilityIds[role] = a!.id;
    const [b] = await db
      .insert(procedureAbilities)
      .values({ administrativeProcedureId: procedure!.id, clientId: clientIds[role], role, link })
      .returning({ id: procedureAbilities.id });
    procedureAbilityIds[role] = b!.id;
  }
  return { emails, clientIds, dealId: deal!.id, procedureId: procedure!.id, dealAbilityIds, procedureAbilityIds };
}

/** A member added for a test that removes or changes them. */
export async function addMember(db: Db, target: { type: "deal" | "administrative_procedure"; id: number }, email: string, role: DealAbilityRole): Promise<{ clientId: number; abilityId: number }> {
  const clientId = await createClient(db, email, "Léa");
  if (target.type === "deal") {
    const [row] = await db.insert(dealAbilities).values({ dealId: target.id, clientId, role, link: "grandchild" }).returning({ id: dealAbilities.id });
    return { clientId, abilityId: row!.id };
  }
  const [row] = await db.insert(procedureAbilities).values({ administrativeProcedureId: target.id, clientId, role, link: "grandchild" }).returning({ id: procedureAbilities.id });
  return { clientId, abilityId: row!.id };
}

export async function clientIdOf(db: Db, email: string): Promise<number | null> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.email, email)).limit(1);
  return row?.id ?? null;
}

/** The fixture's members as extra callers of an authorisation matrix (describeAuthorizationMatrix's `callers`). */
export function familyCallers(family: FamilyFixture): Record<FamilyMemberName, { realm: "client"; email: string }> {
  const names: FamilyMemberName[] = [...FAMILY_ROLES, "stranger"];
  return Object.fromEntries(names.map((name) => [name, { realm: "client" as const, email: family.emails[name] }])) as Record<FamilyMemberName, { realm: "client"; email: string }>;
}
