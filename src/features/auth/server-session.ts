import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { signInPath } from "@/config/auth-paths";
import type { UserType } from "@/domain/roles";
import { getDb } from "@/server/db/client";
import { SESSION_COOKIES } from "@/server/http/auth";
import { authNow } from "@/server/services/auth/clock";
import { authenticateCookie } from "@/server/services/auth/sessions";
import { findAccountById, type AuthAccount } from "@/server/services/auth/users";

/**
 * Who is signed in, for server-rendered pages: the httpOnly session cookie set by
 * POST …/auth/cookie. Only for signed-in pages (it reads cookies, so the page is dynamic).
 */
export type ServerSession = { state: "signed_in"; account: AuthAccount } | { state: "signed_out" | "expired" };

export async function readServerSession(realm: UserType): Promise<ServerSession> {
  const value = (await cookies()).get(SESSION_COOKIES[realm])?.value;
  if (!value) return { state: "signed_out" };
  const db = await getDb();
  const session = await authenticateCookie(db, { realm, token: value, now: authNow() });
  if (!session) return { state: "expired" };
  const account = await findAccountById(db, realm, session.userId);
  return account && !account.disabled ? { state: "signed_in", account } : { state: "expired" };
}

/**
 * The signed-in account, or a redirect to the sign-in page of the realm that brings the
 * visitor back to `returnTo` (with the session-expired message when a cookie was there).
 */
export async function requireServerAccount(realm: UserType, returnTo: string): Promise<AuthAccount> {
  const session = await readServerSession(realm);
  if (session.state === "signed_in") return session.account;
  redirect(signInPath(realm, { returnTo, reason: session.state === "expired" ? "session_expired" : undefined }));
}
