import { ApiError, toApiError } from "@/api-client/api-error";
import { hasStoredTokens, saveStoredUser, type AuthUser } from "@/api-client/auth-storage";
import { api, type ApiClient } from "@/api-client/client";
import type { UserType } from "@/domain/roles";
import { REALMS } from "./auth-realm";

/** Browser calls of the sign-in journeys beyond sign-in itself (which the api-client has). */

interface UserAnswer {
  data?: AuthUser;
}

function userOf(answer: unknown): AuthUser {
  const user = (answer as UserAnswer | null)?.data;
  if (!user || (typeof user.id !== "number" && typeof user.id !== "string")) {
    throw new ApiError(200, answer ?? null, "OK", ["unhandled"], { message: "Answer without a user" });
  }
  return user;
}

/** Gives this device the httpOnly cookie that server-rendered pages read. */
export async function openCookieSession(userType: UserType, client: ApiClient = api): Promise<void> {
  await client.post(`${REALMS[userType].api}/cookie`, undefined, { notifySessionExpired: false });
}

/** Asks for a reset e-mail; the reset page is on the host the visitor is on (same language). */
export async function requestPasswordReset(userType: UserType, email: string, origin: string, client: ApiClient = api): Promise<void> {
  await client.post(`${REALMS[userType].api}/password`, { email, redirect_url: `${origin}${REALMS[userType].resetPassword}` });
}

/** Completes a reset; the answer signs this browser in (tokens are captured by the client). */
export async function resetPassword(
  userType: UserType,
  input: { token: string; password: string; confirmation: string },
  client: ApiClient = api,
): Promise<AuthUser> {
  const answer = await client.put<unknown>(
    `${REALMS[userType].api}/password`,
    { reset_password_token: input.token, password: input.password, password_confirmation: input.confirmation },
    { notifySessionExpired: false },
  );
  const user = userOf(answer);
  saveStoredUser({ user, userType });
  return user;
}

export async function changePassword(
  userType: UserType,
  input: { current: string; password: string; confirmation: string },
  client: ApiClient = api,
): Promise<AuthUser> {
  const answer = await client.put<unknown>(`${REALMS[userType].api}/password`, {
    current_password: input.current,
    password: input.password,
    password_confirmation: input.confirmation,
  });
  return userOf(answer);
}

/**
 * Turns the httpOnly cookie session (after a social sign-in, or when local storage was
 * cleared) into header tokens for this browser. Null when there is no valid cookie.
 */
export async function adoptCookieSession(userType: UserType, client: ApiClient = api): Promise<AuthUser | null> {
  try {
    const user = userOf(await client.get<unknown>(`${REALMS[userType].api}/validate_token`, { notifySessionExpired: false }));
    // The server hands tokens only to a device that has none yet (never replacing an open tab's).
    if (!hasStoredTokens()) return null;
    saveStoredUser({ user, userType });
    return user;
  } catch (error) {
    if (toApiError(error).status === 401) return null;
    throw error;
  }
}

/**
 * Codes to show for a failed call. A 429 says "too many attempts" even though SPEC §8
 * does not list its body shape among the recognised ones.
 */
export function errorCodesOf(error: unknown): string[] {
  const apiError = toApiError(error);
  if (apiError.status === 429) return ["rate_limited"];
  return apiError.codes;
}
