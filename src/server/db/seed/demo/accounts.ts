import { ROLES } from "@/domain/roles";
import type { Db } from "@/server/db/client";
import { eq } from "drizzle-orm";
import { crematoriums } from "@/server/db/schema/partners";
import { businessUsers, clients } from "@/server/db/schema/users";
import { hashPassword } from "@/server/services/auth/passwords";

/** Demonstration accounts, created in development and tests only (never in production). */
export const DEMO_PASSWORD = "Demo-password-2026";

export const DEMO_CLIENT = { email: "client@demo.test", firstname: "Marie", lastname: "Dupont", civility: "Mme" } as const;

export const DEMO_BUSINESS_USERS = [
  { email: "admin@demo.test", firstname: "Camille", lastname: "Laurent", role: ROLES.ADMIN },
  { email: "directeur@demo.test", firstname: "Philippe", lastname: "Moreau", role: ROLES.FUNERAL_DIRECTOR },
  { email: "conseiller@demo.test", firstname: "Nadia", lastname: "Benali", role: ROLES.FUNERAL_ADVISOR },
  { email: "analyste@demo.test", firstname: "Julien", lastname: "Petit", role: ROLES.ANALYTICS_GUEST },
  { email: "pro@demo.test", firstname: "Sophie", lastname: "Garnier", role: ROLES.PRO },
] as const;

export const DEMO_PRO_ORGANISATION_NAME = "Crématorium de Lyon (démo)";

export async function seedDemoAccounts(db: Db): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(clients).values({ ...DEMO_CLIENT, passwordHash, phone: "0600000000", city: "Lyon", postalCode: "69003", countryCode: "fr", demo: true });
  // The demo pro works for the Lyon crematorium: the one directory entry it reads and changes.
  const [organisation] = await db.select({ id: crematoriums.id }).from(crematoriums).where(eq(crematoriums.name, DEMO_PRO_ORGANISATION_NAME)).limit(1);
  await db.insert(businessUsers).values(
    DEMO_BUSINESS_USERS.map((u) => ({
      ...u,
      passwordHash,
      demo: true,
      ...(u.role === ROLES.PRO && organisation ? { organisationType: "crematoriums", organisationId: organisation.id } : {}),
    })),
  );
  return 1 + DEMO_BUSINESS_USERS.length;
}
