import { and, asc, eq, inArray } from "drizzle-orm";
import type { DocumentRequestItem, DocumentRequestSummary } from "@/domain/schemas/document-request";
import type { DocumentRequestAction } from "@/domain/document-requests";
import type { Db } from "@/server/db/client";
import { documentRequestItems, documentRequests } from "@/server/db/schema/document-requests";
import { supportingDocumentOwners, supportingDocuments } from "@/server/db/schema/procedures";

export type DocumentRequestRow = typeof documentRequests.$inferSelect;

/** The listed documents of some requests, with whether the procedure already holds one of each type. */
export async function itemsOf(db: Db, requests: Pick<DocumentRequestRow, "id" | "administrativeProcedureId">[]): Promise<Map<number, DocumentRequestItem[]>> {
  const out = new Map<number, DocumentRequestItem[]>(requests.map((r) => [r.id, []]));
  if (requests.length === 0) return out;
  const rows = await db
    .select()
    .from(documentRequestItems)
    .where(inArray(documentRequestItems.documentRequestId, requests.map((r) => r.id)))
    .orderBy(asc(documentRequestItems.position), asc(documentRequestItems.id));
  const procedureIds = [...new Set(requests.map((r) => r.administrativeProcedureId))];
  const onFile = await db
    .select({ ownerId: supportingDocumentOwners.ownerId, documentType: supportingDocuments.documentType })
    .from(supportingDocumentOwners)
    .innerJoin(supportingDocuments, eq(supportingDocuments.id, supportingDocumentOwners.supportingDocumentId))
    .where(and(eq(supportingDocumentOwners.ownerType, "AdministrativeProcedure"), inArray(supportingDocumentOwners.ownerId, procedureIds)));
  const held = new Set(onFile.map((r) => `${r.ownerId}:${r.documentType}`));
  const procedureOf = new Map(requests.map((r) => [r.id, r.administrativeProcedureId]));
  for (const row of rows) {
    out.get(row.documentRequestId)!.push({
      id: row.id,
      document_type: row.documentType,
      action: row.action as DocumentRequestAction,
      status: row.supportingDocumentId !== null || row.receivedAt !== null ? "received" : "pending",
      received_at: row.receivedAt?.toISOString() ?? null,
      already_on_file: held.has(`${procedureOf.get(row.documentRequestId)}:${row.documentType}`),
    });
  }
  return out;
}

export function summaryOf(row: DocumentRequestRow, items: DocumentRequestItem[]): DocumentRequestSummary {
  return {
    id: row.id,
    administrative_procedure_id: row.administrativeProcedureId,
    recipient_firstname: row.recipientFirstname,
    phone: row.phone,
    message: row.message,
    locale: row.locale,
    expires_at: row.expiresAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    locked: row.lockedAt !== null,
    items,
    created_at: row.createdAt.toISOString(),
  };
}

export async function requestById(db: Db, id: number): Promise<DocumentRequestRow | null> {
  const [row] = await db.select().from(documentRequests).where(eq(documentRequests.id, id)).limit(1);
  return row ?? null;
}
