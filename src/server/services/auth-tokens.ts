import { and, eq, gt, or } from "drizzle-orm";
import { isRole, type Role, type UserType } from "@/domain/roles";
import type { Db } from "@/server/db/client";
import { authTokens, businessUsers, clients } from "@/server/db/schema/users";
import { ROTATION_BATCH_WINDOW_MS } from "@/server/services/auth/constants";
import { sha256 } from "@/server/services/auth/secrets";

/**
 * Who the devise-style headers (access-token, client, uid) prove the caller is, for the
 * guards of src/server/http/auth.ts. Read-only: issuing and rotating tokens belongs to
 * the sign-in services (services/auth/sessions.ts), which share the auth_tokens table
 * and its SHA-256 hashes.
 */
export interface AuthSession {
  realm: UserType;
  userId: number;
  email: string;
  /** Business users only. */
  role: Role | null;
  clientId: string;
  tokenId: number;
  expiresAt: Date;
}

const MAX_HEADER_LENGTH = 512;

/** The session, or null for an unknown, expired or replaced token; never says which. */
export async function findAuthSession(db: Db, headers: { accessToken: string; clientId: string; uid: string }, now = new Date()): Promise<AuthSession | null> {
  const { accessToken, clientId } = headers;
  if (!accessToken || !clientId || !headers.uid) return null;
  if (accessToken.length > MAX_HEADER_LENGTH || clientId.length > MAX_HEADER_LENGTH || headers.uid.length > MAX_HEADER_LENGTH) return null;
  const hash = sha256(accessToken);
  const windowStart = new Date(now.getTime() - ROTATION_BATCH_WINDOW_MS);
  const [token] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.clientId, clientId),
        gt(authTokens.expiresAt, now),
        // The replaced token of a device still counts for a few seconds, for parallel requests.
        or(eq(authTokens.tokenHash, hash), and(eq(authTokens.previousTokenHash, hash), gt(authTokens.rotatedAt, windowStart))),
      ),
    )
    .limit(1);
  if (!token) return null;
  const uid = headers.uid.trim().toLowerCase();
  if (token.realm === "business_user") {
    const [user] = await db
      .select({ id: businessUsers.id, email: businessUsers.email, role: businessUsers.role, disabled: businessUsers.disabled })
      .from(businessUsers)
      .where(eq(businessUsers.id, token.userId))
      .limit(1);
    if (!user || user.disabled || user.email.toLowerCase() !== uid || !isRole(user.role)) return null;
    return { realm: "business_user", userId: user.id, email: user.email, role: user.role, clientId: token.clientId, tokenId: token.id, expiresAt: token.expiresAt };
  }
  const [client] = await db.select({ id: clients.id, email: clients.email }).from(clients).where(eq(clients.id, token.userId)).limit(1);
  if (!client?.email || client.email.toLowerCase() !== uid) return null;
  return { realm: "client", userId: client.id, email: client.email, role: null, clientId: token.clientId, tokenId: token.id, expiresAt: token.expiresAt };
}
