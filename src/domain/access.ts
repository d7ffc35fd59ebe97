import { hasRole, type Role } from "./roles";

/** The part of a session access depends on. */
export interface Caller {
  realm: "client" | "business_user";
  role: Role | null;
}

/**
 * Who may call an API route, declared beside it (`middleware: [guard(...)]` in createRoute,
 * src/server/http/auth.ts) and enforced before the input is read:
 * - public: anyone, signed in or not (the service narrows what each caller sees, if anything);
 * - signed-in: a client when `clients`, a business user when `business` is "any" or lists
 *   their role. No session, or a session of a realm not admitted, is 401; a business user
 *   whose role is not listed is 403.
 */
export type Access = { kind: "public"; reason: string } | { kind: "signed-in"; clients: boolean; business: "none" | "any" | readonly Role[] };

/** Anyone may call; `reason` says why that is safe (kept in the declaration, read in reviews). */
export const publicAccess = (reason: string): Access => ({ kind: "public", reason });

export function signedIn(input: { clients?: boolean; business?: "any" | readonly Role[] }): Access {
  return { kind: "signed-in", clients: input.clients ?? false, business: input.business ?? "none" };
}

/** The answer `access` gives `auth`: allowed, or the status of the refusal. */
export function decideAccess(access: Access, auth: Caller | null): "allowed" | 401 | 403 {
  if (access.kind === "public") return "allowed";
  if (!auth) return 401;
  if (auth.realm === "client") return access.clients ? "allowed" : 401;
  if (access.business === "none") return 401;
  if (access.business === "any") return "allowed";
  return hasRole(auth, access.business) ? "allowed" : 403;
}

