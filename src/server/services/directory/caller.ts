import { eq } from "drizzle-orm";
import type { DirectoryDescriptor } from "@/domain/directory/descriptor";
import { ROLES, isRole, type Role } from "@/domain/roles";
import type { Db } from "@/server/db/client";
import { businessUsers } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";

/**
 * Who works on the directory (DESIGN "Roles"): roles 0-2 read and change every entry;
 * a pro (4) reads and changes only its own organisation's entry — business_users'
 * organisation_type and organisation_id — and reads the reference lists (worship and
 * concession types) without changing them; analytics guests (3) are refused by the route guards.
 */
export interface DirectoryCaller {
  userId: number;
  role: Role;
  /** Kept in the change history, so it still says who after the account is gone. */
  name: string;
  organisation: { type: string; id: number } | null;
}

export async function directoryCaller(db: Db, auth: AuthSession): Promise<DirectoryCaller> {
  const [user] = await db
    .select({ firstname: businessUsers.firstname, lastname: businessUsers.lastname, organisationType: businessUsers.organisationType, organisationId: businessUsers.organisationId })
    .from(businessUsers)
    .where(eq(businessUsers.id, auth.userId))
    .limit(1);
  if (!user || auth.realm !== "business_user" || !isRole(auth.role)) throw new ApiError(401, "unauthorized");
  return {
    userId: auth.userId,
    role: auth.role,
    name: `${user.firstname} ${user.lastname}`.trim(),
    organisation: user.organisationType && user.organisationId ? { type: user.organisationType, id: user.organisationId } : null,
  };
}

const STAFF: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR];

export function isDirectoryStaff(caller: DirectoryCaller): boolean {
  return STAFF.includes(caller.role);
}

/**
 * The entries of a type the caller reaches: "all", or the one id of its own organisation,
 * or the entries its organisation owns (`{ owner: field, id }`: a supplier's warehouses,
 * descriptor.owner), or none ("none": lists are empty and an entry is 404, no existence leak).
 */
export type DirectoryReach = "all" | "none" | number | OwnedReach;
export interface OwnedReach {
  /** API key of the field naming the owner (`supplier_id`). */
  owner: string;
  id: number;
}

/** A pro's reach on a type that is not a reference list. */
function organisationReach(caller: DirectoryCaller, descriptor: DirectoryDescriptor): DirectoryReach {
  const organisation = caller.organisation;
  if (!organisation) return "none";
  if (organisation.type === descriptor.type) return organisation.id;
  if (descriptor.owner?.type === organisation.type) return { owner: descriptor.owner.field, id: organisation.id };
  return "none";
}

export function readReach(caller: DirectoryCaller, descriptor: DirectoryDescriptor): DirectoryReach {
  if (isDirectoryStaff(caller)) return "all";
  if (caller.role !== ROLES.PRO) return "none";
  if (descriptor.group === "reference") return "all";
  return organisationReach(caller, descriptor);
}

/** Changing an entry: staff everywhere; a pro only its own entry (404 elsewhere), never a reference list (403). */
export function writeReach(caller: DirectoryCaller, descriptor: DirectoryDescriptor): DirectoryReach {
  if (isDirectoryStaff(caller)) return "all";
  if (caller.role !== ROLES.PRO || descriptor.group === "reference") throw new ApiError(403, "forbidden");
  return organisationReach(caller, descriptor);
}

/** Whether `reach` covers the entry `id` (whose values are `values` when the reach depends on its owner). */
export function reaches(reach: DirectoryReach, id: number, values: Record<string, unknown> = {}): boolean {
  if (reach === "all") return true;
  if (reach === "none") return false;
  if (typeof reach === "number") return reach === id;
  return values[reach.owner] === reach.id;
}
