import type { DealAbilityRole } from "@/domain/roles";

/**
 * What each family role may do on a deal or an administrative procedure (SPEC §3, §4, §6).
 * The owner runs the file; editors change it; readers follow it; the notary handling the
 * estate sees the supporting documents and the list of formalities, never edits them.
 * One table, read by every use case that opens a procedure, a formality or a document, so
 * a role means the same thing on every route.
 */
export const FAMILY_ACTIONS = [
  /** The procedure itself: the deceased's details, the family link, the checklist. */
  "procedure:read",
  "procedure:write",
  "procedure:archive",
  /** Ongoing formalities: the list, their fields, letters. */
  "formalities:read",
  "formalities:write",
  /** Supporting documents: list, download, upload, replace, delete. */
  "documents:read",
  "documents:write",
  /** Invite relatives or the notary, change or remove their role. */
  "members:manage",
] as const;
export type FamilyAction = (typeof FAMILY_ACTIONS)[number];

const CAPABILITIES: Record<DealAbilityRole, readonly FamilyAction[]> = {
  owner: FAMILY_ACTIONS,
  editor: ["procedure:read", "procedure:write", "formalities:read", "formalities:write", "documents:read", "documents:write"],
  reader: ["procedure:read", "formalities:read", "documents:read"],
  notary: ["formalities:read", "documents:read"],
};

export function roleAllows(role: DealAbilityRole, action: FamilyAction): boolean {
  return CAPABILITIES[role].includes(action);
}

/** Every action a role allows, in the order of FAMILY_ACTIONS (the client shows or hides controls from it). */
export function actionsOf(role: DealAbilityRole): FamilyAction[] {
  return FAMILY_ACTIONS.filter((action) => roleAllows(role, action));
}

/** Roles an owner may give when inviting someone: there is one owner per file. */
export const INVITABLE_ROLES = ["editor", "reader", "notary"] as const satisfies readonly DealAbilityRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** An invitation link stays valid this long (days); the owner can send a new one. */
export const INVITATION_VALIDITY_DAYS = 14;
