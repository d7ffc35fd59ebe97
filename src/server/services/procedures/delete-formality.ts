import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { ongoingFormalities, supportingDocumentOwners } from "@/server/db/schema/procedures";
import type { ProcedureHold } from "@/server/services/procedures/procedure-access";
import { assertProcedureOpen } from "@/server/services/procedures/update-procedure";

/**
 * DELETE /api/v1/ongoing_formalities/{id}. The documents attached to it move to the
 * procedure rather than being lost (a document keeps at least one owner, SPEC §5).
 */
export async function deleteFormality(db: Db, hold: ProcedureHold, formalityId: number): Promise<void> {
  await assertProcedureOpen(db, hold.procedureId);
  await db.transaction(async (tx) => {
    const owned = await tx
      .select({ documentId: supportingDocumentOwners.supportingDocumentId })
      .from(supportingDocumentOwners)
      .where(and(eq(supportingDocumentOwners.ownerType, "OngoingFormality"), eq(supportingDocumentOwners.ownerId, formalityId)));
    if (owned.length > 0) {
      await tx
        .insert(supportingDocumentOwners)
        .values(owned.map((o) => ({ supportingDocumentId: o.documentId, ownerType: "AdministrativeProcedure" as const, ownerId: hold.procedureId })))
        .onConflictDoNothing();
      await tx.delete(supportingDocumentOwners).where(and(eq(supportingDocumentOwners.ownerType, "OngoingFormality"), eq(supportingDocumentOwners.ownerId, formalityId)));
    }
    await tx.delete(ongoingFormalities).where(eq(ongoingFormalities.id, formalityId));
  });
}
