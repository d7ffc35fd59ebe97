import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "@/server/db/schema/columns";
import { deals } from "@/server/db/schema/deals";
import { userRealm } from "@/server/db/schema/users";

/**
 * Authentication records beside the users (DESIGN "Auth"): single-use reset tokens,
 * pending social sign-ins and the social identities linked to an account. Like session
 * tokens, secrets are kept only as SHA-256 hashes.
 */

/** One row per reset e-mail; valid 2 hours, consumed on use, all rows of a user dropped on a password change. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    realm: userRealm().notNull(),
    userId: integer().notNull(),
    tokenHash: text().notNull(),
    /** Where the reset page is (checked against the allowlist when the e-mail was asked for). */
    redirectUrl: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("password_reset_tokens_token_hash_idx").on(t.tokenHash), index("password_reset_tokens_user_idx").on(t.realm, t.userId)],
);

/**
 * A social sign-in between the redirect to the identity provider and its callback: the
 * PKCE verifier and nonce stay on the server, the browser only holds the state in a cookie.
 */
export const oidcLoginRequests = pgTable(
  "oidc_login_requests",
  {
    id: id(),
    provider: text().notNull(),
    stateHash: text().notNull(),
    codeVerifier: text().notNull(),
    nonce: text().notNull(),
    redirectUri: text().notNull(),
    /** Site path to open after sign-in. */
    returnTo: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("oidc_login_requests_state_hash_idx").on(t.stateHash)],
);

/** An account of an identity provider linked to a user (found by verified e-mail the first time). */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: id(),
    realm: userRealm().notNull(),
    userId: integer().notNull(),
    provider: text().notNull(),
    /** The provider's `sub` claim, stable for one person. */
    subject: text().notNull(),
    email: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex("user_identities_subject_idx").on(t.provider, t.subject), index("user_identities_user_idx").on(t.realm, t.userId)],
);

/**
 * The key of a funnel deal for a family without a session (the resume link of the quote
 * e-mail, the device that started the funnel): a random token of 256 bits, only its hash
 * kept, separate from the deal's uuid (which alone opens nothing). It expires, and each
 * use pushes the expiry back.
 */
export const dealResumeTokens = pgTable(
  "deal_resume_tokens",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("deal_resume_tokens_token_hash_idx").on(t.tokenHash), index("deal_resume_tokens_deal_idx").on(t.dealId)],
);

/**
 * Hits of the abuse limits (account creation and quote e-mails from the anonymous funnel,
 * reset e-mails), one row per counted action and key ("email:…", "ip:…"); rows older than
 * the longest window are dropped as new ones arrive.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: id(),
    bucket: text().notNull(),
    key: text().notNull(),
    ...timestamps,
  },
  (t) => [index("rate_limit_hits_key_idx").on(t.bucket, t.key, t.createdAt)],
);
