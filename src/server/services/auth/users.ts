import { eq } from "drizzle-orm";
import type { UserType } from "@/domain/roles";
import type { Db } from "@/server/db/client";
import { businessUsers, clients } from "@/server/db/schema/users";

/** Clients and business users sign in through separate endpoints and tables (SPEC §6). */
export type Realm = UserType;

export type ClientRow = typeof clients.$inferSelect;
export type BusinessUserRow = typeof businessUsers.$inferSelect;

/** What authentication needs of either kind of user. */
export interface AuthAccount {
  realm: Realm;
  id: number;
  email: string;
  passwordHash: string | null;
  /** Business users can be disabled by an admin; clients cannot. */
  disabled: boolean;
  row: ClientRow | BusinessUserRow;
}

function fromClient(row: ClientRow): AuthAccount | null {
  if (!row.email) return null;
  return { realm: "client", id: row.id, email: row.email, passwordHash: row.passwordHash, disabled: false, row };
}

function fromBusinessUser(row: BusinessUserRow): AuthAccount {
  return { realm: "business_user", id: row.id, email: row.email, passwordHash: row.passwordHash, disabled: row.disabled, row };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Accounts store e-mails lower-cased (schema comment), so an exact match uses the unique index. */
export async function findAccountByEmail(db: Db, realm: Realm, email: string): Promise<AuthAccount | null> {
  const normalized = normalizeEmail(email);
  if (normalized === "") return null;
  if (realm === "client") {
    const [row] = await db.select().from(clients).where(eq(clients.email, normalized)).limit(1);
    return row ? fromClient(row) : null;
  }
  const [row] = await db.select().from(businessUsers).where(eq(businessUsers.email, normalized)).limit(1);
  return row ? fromBusinessUser(row) : null;
}

export async function findAccountById(db: Db, realm: Realm, id: number): Promise<AuthAccount | null> {
  if (realm === "client") {
    const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
    return row ? fromClient(row) : null;
  }
  const [row] = await db.select().from(businessUsers).where(eq(businessUsers.id, id)).limit(1);
  return row ? fromBusinessUser(row) : null;
}

export async function setPasswordHash(db: Db, realm: Realm, id: number, passwordHash: string): Promise<void> {
  if (realm === "client") {
    await db.update(clients).set({ passwordHash }).where(eq(clients.id, id));
  } else {
    await db.update(businessUsers).set({ passwordHash }).where(eq(businessUsers.id, id));
  }
}

/** The signed-in client as the API shows it (`data` of sign-in and validate_token); never the hash. */
export function serializeClient(row: ClientRow) {
  return {
    id: row.id,
    type: "client" as const,
    uid: row.email,
    provider: "email",
    email: row.email,
    civility: row.civility,
    firstname: row.firstname,
    lastname: row.lastname,
    birth_name: row.birthName,
    phone: row.phone,
    address: row.address,
    address_l2: row.addressL2,
    postal_code: row.postalCode,
    city: row.city,
    country_code: row.countryCode,
    demo: row.demo,
  };
}

/** The signed-in business user; `role` is the number of SPEC §6. */
export function serializeBusinessUser(row: BusinessUserRow) {
  return {
    id: row.id,
    type: "business_user" as const,
    uid: row.email,
    provider: "email",
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    role: row.role,
    demo: row.demo,
  };
}

export type SerializedUser = ReturnType<typeof serializeClient> | ReturnType<typeof serializeBusinessUser>;

export function serializeAccount(account: AuthAccount): SerializedUser {
  return account.realm === "client"
    ? serializeClient(account.row as ClientRow)
    : serializeBusinessUser(account.row as BusinessUserRow);
}
