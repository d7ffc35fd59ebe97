import { and, eq, inArray } from "drizzle-orm";
import { roleAllows, type FamilyAction } from "@/domain/family-roles";
import { ROLES, type Role } from "@/domain/roles";
import type { SupportingDocumentOwnerType } from "@/domain/schemas/supporting-document";
import type { Db } from "@/server/db/client";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { administrativeProcedures, ongoingFormalities, supportingDocumentOwners, supportingDocuments } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { holdAllows, procedureHold } from "@/server/services/procedures/procedure-access";

/**
 * Who may read or change a supporting document, decided from its owners:
 * - Client: that client only, and the staff who run cases (admin, funeral director, advisor);
 * - AdministrativeProcedure: requireProcedure's rule (documents:read / documents:write);
 * - OngoingFormality: the same rule on the formality's procedure;
 * - Defunct: the rule on any procedure about that deceased;
 * - Deal: the client's deal ability (same family roles), or the case staff.
 * A caller reaching no owner gets 404 (the document does not exist for them); one whose
 * role only lacks the right (a reader uploading) gets 403.
 */
export type DocumentAction = "read" | "write";
export interface DocumentOwner {
  type: SupportingDocumentOwnerType;
  id: number;
}
type Verdict = "allowed" | "forbidden" | "none";

const CASE_ROLES: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR];
const isCaseStaff = (auth: AuthSession) => auth.realm === "business_user" && auth.role !== null && CASE_ROLES.includes(auth.role);
const familyAction = (action: DocumentAction): FamilyAction => (action === "read" ? "documents:read" : "documents:write");

async function procedureVerdict(db: Db, auth: AuthSession, procedureId: number, action: DocumentAction): Promise<Verdict> {
  const hold = await procedureHold(db, auth, procedureId);
  if (!hold) return "none";
  return holdAllows(hold, familyAction(action)) ? "allowed" : "forbidden";
}

/** The procedure an ongoing formality belongs to, or null for an unknown formality. */
export async function procedureOfFormality(db: Db, formalityId: number): Promise<number | null> {
  const [row] = await db
    .select({ procedureId: ongoingFormalities.administrativeProcedureId })
    .from(ongoingFormalities)
    .where(eq(ongoingFormalities.id, formalityId))
    .limit(1);
  return row?.procedureId ?? null;
}

export async function ownerVerdict(db: Db, auth: AuthSession | null, owner: DocumentOwner, action: DocumentAction): Promise<Verdict> {
  if (!auth || !Number.isSafeInteger(owner.id) || owner.id <= 0) return "none";
  switch (owner.type) {
    case "Client": {
      if (auth.realm === "client") return auth.userId === owner.id ? "allowed" : "none";
      if (!isCaseStaff(auth)) return "none";
      const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, owner.id)).limit(1);
      return row ? "allowed" : "none";
    }
    case "AdministrativeProcedure":
      return procedureVerdict(db, auth, owner.id, action);
    case "OngoingFormality": {
      const procedureId = await procedureOfFormality(db, owner.id);
      return procedureId === null ? "none" : procedureVerdict(db, auth, procedureId, action);
    }
    case "Defunct": {
      const procedures = await db
        .select({ id: administrativeProcedures.id })
        .from(administrativeProcedures)
        .where(eq(administrativeProcedures.defunctId, owner.id));
      let verdict: Verdict = "none";
      for (const { id } of procedures) {
        const v = await procedureVerdict(db, auth, id, action);
        if (v === "allowed") return v;
        if (v === "forbidden") verdict = v;
      }
      return verdict;
    }
    case "Deal": {
      if (auth.realm === "business_user") {
        if (!isCaseStaff(auth)) return "none";
        const [row] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, owner.id)).limit(1);
        return row ? "allowed" : "none";
      }
      const [ability] = await db
        .select({ role: dealAbilities.role })
        .from(dealAbilities)
        .where(and(eq(dealAbilities.dealId, owner.id), eq(dealAbilities.clientId, auth.userId)))
        .limit(1);
      if (!ability) return "none";
      return roleAllows(ability.role, familyAction(action)) ? "allowed" : "forbidden";
    }
  }
}

/** 404 when the caller cannot reach the owner, 403 when their role does not allow the action. */
export async function requireOwner(db: Db, auth: AuthSession | null, owner: DocumentOwner, action: DocumentAction): Promise<void> {
  const verdict = await ownerVerdict(db, auth, owner, action);
  if (verdict === "none") throw notFoundError();
  if (verdict === "forbidden") throw new ApiError(403, "forbidden");
}

export async function ownersOf(db: Db, documentIds: number[]): Promise<Map<number, DocumentOwner[]>> {
  const map = new Map<number, DocumentOwner[]>();
  if (documentIds.length === 0) return map;
  const rows = await db
    .select({ documentId: supportingDocumentOwners.supportingDocumentId, type: supportingDocumentOwners.ownerType, id: supportingDocumentOwners.ownerId })
    .from(supportingDocumentOwners)
    .where(inArray(supportingDocumentOwners.supportingDocumentId, documentIds));
  for (const row of rows) {
    const list = map.get(row.documentId) ?? [];
    list.push({ type: row.type, id: row.id });
    map.set(row.documentId, list);
  }
  return map;
}

/** A document reached by its id alone: allowed when any of its owners allows the caller. */
export async function requireDocument(db: Db, auth: AuthSession | null, documentId: number, action: DocumentAction): Promise<void> {
  if (!Number.isSafeInteger(documentId) || documentId <= 0) throw notFoundError();
  const [exists] = await db.select({ id: supportingDocuments.id }).from(supportingDocuments).where(eq(supportingDocuments.id, documentId)).limit(1);
  if (!exists) throw notFoundError();
  const owners = (await ownersOf(db, [documentId])).get(documentId) ?? [];
  let forbidden = false;
  for (const owner of owners) {
    const verdict = await ownerVerdict(db, auth, owner, action);
    if (verdict === "allowed") return;
    if (verdict === "forbidden") forbidden = true;
  }
  if (forbidden) throw new ApiError(403, "forbidden");
  throw notFoundError();
}

/** A document reached under an owner's path: it must be one of that owner's documents. */
export async function requireDocumentOf(db: Db, auth: AuthSession | null, owner: DocumentOwner, documentId: number, action: DocumentAction): Promise<void> {
  await requireOwner(db, auth, owner, action);
  const [row] = await db
    .select({ id: supportingDocumentOwners.supportingDocumentId })
    .from(supportingDocumentOwners)
    .where(and(eq(supportingDocumentOwners.supportingDocumentId, documentId), eq(supportingDocumentOwners.ownerType, owner.type), eq(supportingDocumentOwners.ownerId, owner.id)))
    .limit(1);
  if (!row) throw notFoundError();
}
