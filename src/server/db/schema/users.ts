import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { USER_TYPES } from "@/domain/roles";
import { id, searchIndexes, searchName, timestamps } from "@/server/db/schema/columns";

/** People who sign in: clients (families) and business users (back-office), kept apart (DESIGN "Auth"). */

export const clients = pgTable(
  "clients",
  {
    id: id(),
    civility: text(),
    firstname: text(),
    lastname: text(),
    birthName: text(),
    birthDate: date({ mode: "string" }),
    birthLocation: text(),
    birthPostalCode: text(),
    birthInseeCode: text(),
    work: text(),
    phone: text(),
    phone2: text("phone_2"),
    phone3: text("phone_3"),
    /** Stored lower-cased; unique among clients that have one (an advisor may create a client without). */
    email: text(),
    /** argon2id hash; null for a client created by an advisor who has not chosen a password yet. */
    passwordHash: text(),
    address: text(),
    addressL2: text("address_l2"),
    postalCode: text(),
    inseeCode: text(),
    city: text(),
    nationality: text(),
    countryCode: text(),
    birthCountryCode: text(),
    optOut: boolean().notNull().default(false),
    demo: boolean().notNull().default(false),
    searchName: searchName("firstname", "lastname", "email"),
    ...timestamps,
  },
  (t) => [uniqueIndex("clients_email_idx").on(t.email).where(sql`${t.email} IS NOT NULL`), ...searchIndexes("clients", t.searchName, false)],
);

export const businessUsers = pgTable(
  "business_users",
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    phone: text(),
    /** SPEC §6: 0 admin, 1 funeral director, 2 funeral advisor, 3 analytics guest, 4 pro. */
    role: smallint().notNull(),
    /**
     * A pro (role 4) works for one partner organisation: a directory type and the entry's id
     * (src/domain/directory/registry.ts). It reads and changes that entry only.
     */
    organisationType: text(),
    organisationId: integer(),
    disabled: boolean().notNull().default(false),
    demo: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("business_users_email_idx").on(t.email),
    check("business_users_role_check", sql`${t.role} BETWEEN 0 AND 4`),
    check("business_users_organisation_check", sql`(${t.organisationType} IS NULL) = (${t.organisationId} IS NULL)`),
  ],
);

export const userRealm = pgEnum("user_realm", USER_TYPES);

/**
 * One row per signed-in device. Only SHA-256 hashes of the 128-bit tokens are kept;
 * the previous hash stays valid for a short batch window after a rotation so parallel
 * requests are not logged out (DESIGN "Auth").
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    realm: userRealm().notNull(),
    userId: integer().notNull(),
    /** The devise "client" header: one id per device. */
    clientId: text().notNull(),
    tokenHash: text().notNull(),
    previousTokenHash: text(),
    rotatedAt: timestamp({ withTimezone: true, mode: "date" }),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true, mode: "date" }),
    userAgent: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("auth_tokens_device_idx").on(t.realm, t.userId, t.clientId),
    uniqueIndex("auth_tokens_token_hash_idx").on(t.tokenHash),
    index("auth_tokens_previous_token_hash_idx").on(t.previousTokenHash),
    index("auth_tokens_expires_at_idx").on(t.expiresAt),
  ],
);

/** Failed sign-in attempts, for rate limiting without account enumeration. */
export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: id(),
    realm: userRealm().notNull(),
    email: text().notNull(),
    ip: text(),
    succeeded: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index("sign_in_attempts_email_idx").on(t.realm, t.email, t.createdAt)],
);

