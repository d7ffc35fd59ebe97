import type { UserType } from "@/domain/roles";
import { ApiError } from "@/api-client/api-error";
import { api, type ApiClient } from "@/api-client/client";
import { saveStoredUser, type AuthUser } from "@/api-client/auth-storage";

/** Client and professional authentication are separate (SPEC §6-§7). */
export const AUTH_PATHS: Record<UserType, { signIn: string; signOut: string; validateToken: string }> = {
  client: {
    signIn: "/api/v1/auth/sign_in",
    signOut: "/api/v1/auth/sign_out",
    validateToken: "/api/v1/auth/validate_token",
  },
  business_user: {
    signIn: "/api/v1/pro/auth/sign_in",
    signOut: "/api/v1/pro/auth/sign_out",
    validateToken: "/api/v1/pro/auth/validate_token",
  },
};

/** devise_token_auth wraps the user in `data`. */
interface UserEnvelope {
  data: AuthUser;
}

export interface Credentials {
  email: string;
  password: string;
}

/** The user inside `{ data: user }`; any other answer is a server fault, not a crash. */
function userFrom(response: unknown): AuthUser {
  const user = typeof response === "object" && response !== null ? (response as Partial<UserEnvelope>).data : undefined;
  const id = user && typeof user === "object" ? (user as { id?: unknown }).id : undefined;
  if (typeof id !== "number" && typeof id !== "string") {
    throw new ApiError(200, response ?? null, "OK", ["unhandled"], { message: "Authentication answer without a user" });
  }
  return user as AuthUser;
}

/** Checks the stored tokens and returns the user they belong to. */
export async function validateToken(userType: UserType, client: ApiClient = api): Promise<AuthUser> {
  return userFrom(await client.get<unknown>(AUTH_PATHS[userType].validateToken, { notifySessionExpired: false }));
}

/**
 * Signs in: the client stores the tokens the response carries and the user data is
 * kept in local storage, so the next page load can validate it.
 */
export async function signIn(userType: UserType, credentials: Credentials, client: ApiClient = api): Promise<AuthUser> {
  const user = userFrom(
    await client.post<unknown>(AUTH_PATHS[userType].signIn, credentials, { notifySessionExpired: false }),
  );
  saveStoredUser({ user, userType });
  return user;
}

export async function signOut(userType: UserType, client: ApiClient = api): Promise<void> {
  await client.delete<void>(AUTH_PATHS[userType].signOut, { notifySessionExpired: false });
}
