import { toApiError } from "@/api-client/api-error";
import { saveStoredUser, type AuthUser } from "@/api-client/auth-storage";
import { api, type ApiClient } from "@/api-client/client";
import type { DealAbilityRole } from "@/domain/roles";
import type { FamilyLink } from "@/domain/schemas/administrative-procedure";
import type { FamilyMembers, FamilyTargetType, InvitationAccepted, InvitationView, PendingInvitation } from "@/domain/schemas/family";

/** Browser calls of the family roles (src/server/routes/family.ts). */

const BASES: Record<FamilyTargetType, string> = {
  deal: "/api/v1/deals",
  administrative_procedure: "/api/v1/administrative_procedures",
};

export interface FamilyTargetRef {
  targetType: FamilyTargetType;
  targetId: number;
}

const base = (target: FamilyTargetRef) => `${BASES[target.targetType]}/${encodeURIComponent(String(target.targetId))}`;

export function familyCalls(client: ApiClient = api) {
  return {
    members: (target: FamilyTargetRef) => client.get<FamilyMembers>(`${base(target)}/abilities`),
    invite: (target: FamilyTargetRef, body: { email: string; role: string; link: FamilyLink | null }) =>
      client.post<{ data: PendingInvitation }>(`${base(target)}/abilities`, body),
    update: (target: FamilyTargetRef, abilityId: number, body: { role?: DealAbilityRole; link?: FamilyLink | null }) =>
      client.put<{ data: unknown }>(`${base(target)}/abilities/${abilityId}`, body),
    remove: (target: FamilyTargetRef, abilityId: number) => client.delete<void>(`${base(target)}/abilities/${abilityId}`),
    withdraw: (target: FamilyTargetRef, invitationId: number) => client.delete<void>(`${base(target)}/invitations/${invitationId}`),
    readInvitation: (token: string) => client.get<{ data: InvitationView }>(`/api/v1/invitations/${encodeURIComponent(token)}`, { notifySessionExpired: false }),
    acceptInvitation: (token: string, body: Record<string, string> = {}) =>
      client.post<InvitationAccepted & { user: AuthUser | null }>(`/api/v1/invitations/${encodeURIComponent(token)}/accept`, body, { notifySessionExpired: false }),
    /** The httpOnly cookie server-rendered pages of the family space read. */
    openCookieSession: () => client.post<unknown>("/api/v1/auth/cookie", undefined, { notifySessionExpired: false }),
  };
}

/** A created account arrives signed in: its tokens were captured by the client; keep the user too. */
export function rememberUser(user: AuthUser | null): void {
  if (user) saveStoredUser({ user, userType: "client" });
}

/** Error codes of a failed call (SPEC §8), never throwing. */
export function codesOf(error: unknown): string[] {
  const failure = toApiError(error);
  return failure.status === 429 ? ["rate_limited"] : failure.codes;
}

/**
 * The invitation link is `…/invitation#invitation=<token>`: in the fragment, so it never
 * reaches a server nor a Referer. Read once on arrival, then removed from the address.
 */
export function readInvitationFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("invitation") ?? "";
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

export function forgetInvitationFragment(): void {
  if (typeof window === "undefined" || !window.location.hash) return;
  window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
}
