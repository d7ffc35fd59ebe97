import type { Role, UserType } from "@/domain/roles";

/**
 * Who the devise-style headers (access-token, client, uid) prove the caller is, for the
 * guards of src/server/http/auth.ts. Looking tokens up, issuing and rotating them all
 * belong to the sign-in services (services/auth/sessions.ts).
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
