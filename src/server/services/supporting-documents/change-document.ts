import { and, eq } from "drizzle-orm";
import type { SupportingDocumentUpdate, SupportingDocumentView } from "@/domain/schemas/supporting-document";
import type { Db } from "@/server/db/client";
import { supportingDocumentOwners, supportingDocumentVersions, supportingDocuments } from "@/server/db/schema/procedures";
import { ApiError } from "@/server/http/errors";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import type { AuthSession } from "@/server/services/auth-tokens";
import { ownerVerdict, type DocumentOwner } from "@/server/services/supporting-documents/document-access";
import { getDocumentView } from "@/server/services/supporting-documents/read-documents";

/**
 * PUT …/supporting_documents/{document_id}: the details, and the owners when `owners` is
 * sent (the whole list). A document keeps at least one owner (SPEC §5, "document must have
 * an owner"): an empty list is 422 supporting_document__owners__missing. Every new owner
 * must be one the caller may write to; one they cannot reach is 422 …__owner__invalid
 * (the same answer whether it exists or not).
 */
export async function updateDocument(db: Db, auth: AuthSession, documentId: number, input: SupportingDocumentUpdate): Promise<SupportingDocumentView> {
  if (input.owners) {
    if (input.owners.length === 0) throw new ApiError(422, "supporting_document__owners__missing");
    const current = await db
      .select({ type: supportingDocumentOwners.ownerType, id: supportingDocumentOwners.ownerId })
      .from(supportingDocumentOwners)
      .where(eq(supportingDocumentOwners.supportingDocumentId, documentId));
    const isCurrent = (o: DocumentOwner) => current.some((c) => c.type === o.type && c.id === o.id);
    const wanted = input.owners.map((o) => ({ type: o.owner_type, id: o.owner_id }));
    // Removing an owner needs the right to write through it too, or a notary's co-owner could be dropped by anyone.
    for (const owner of [...wanted.filter((o) => !isCurrent(o)), ...current.filter((c) => !wanted.some((w) => w.type === c.type && w.id === c.id))]) {
      if ((await ownerVerdict(db, auth, owner, "write")) !== "allowed") throw new ApiError(422, "supporting_document__owner__invalid");
    }
    await db.transaction(async (tx) => {
      await tx.delete(supportingDocumentOwners).where(eq(supportingDocumentOwners.supportingDocumentId, documentId));
      const unique = wanted.filter((o, i) => wanted.findIndex((w) => w.type === o.type && w.id === o.id) === i);
      await tx.insert(supportingDocumentOwners).values(unique.map((o) => ({ supportingDocumentId: documentId, ownerType: o.type, ownerId: o.id })));
      await tx.update(supportingDocuments).set({ updatedAt: new Date() }).where(eq(supportingDocuments.id, documentId));
    });
  }
  const changes = {
    ...(input.document_type ? { documentType: input.document_type } : {}),
    ...(input.expiry_date !== undefined ? { expiryDate: input.expiry_date } : {}),
    ...(input.issue_date !== undefined ? { issueDate: input.issue_date } : {}),
    ...(input.reference !== undefined ? { reference: input.reference } : {}),
  };
  if (Object.keys(changes).length > 0) await db.update(supportingDocuments).set(changes).where(eq(supportingDocuments.id, documentId));
  return (await getDocumentView(db, documentId))!;
}

/**
 * DELETE …/{owner}/{id}/supporting_documents/{document_id}: the document leaves that
 * owner. When it was its last owner the document, every version and their stored files
 * go (a document never lives without an owner). Returns whether it was deleted entirely.
 */
export async function removeDocumentFromOwner(db: Db, storage: FileStorage, owner: DocumentOwner, documentId: number): Promise<{ deleted: boolean }> {
  const keys = await db.transaction(async (tx) => {
    await tx.select({ id: supportingDocuments.id }).from(supportingDocuments).where(eq(supportingDocuments.id, documentId)).for("update");
    await tx
      .delete(supportingDocumentOwners)
      .where(and(eq(supportingDocumentOwners.supportingDocumentId, documentId), eq(supportingDocumentOwners.ownerType, owner.type), eq(supportingDocumentOwners.ownerId, owner.id)));
    const [left] = await tx.select({ id: supportingDocumentOwners.supportingDocumentId }).from(supportingDocumentOwners).where(eq(supportingDocumentOwners.supportingDocumentId, documentId)).limit(1);
    if (left) return null;
    const versions = await tx.select({ key: supportingDocumentVersions.fileKey }).from(supportingDocumentVersions).where(eq(supportingDocumentVersions.supportingDocumentId, documentId));
    const [document] = await tx.delete(supportingDocuments).where(eq(supportingDocuments.id, documentId)).returning({ key: supportingDocuments.fileKey });
    return [...new Set([...versions.map((v) => v.key), ...(document ? [document.key] : [])])];
  });
  if (!keys) return { deleted: false };
  // After the commit: a failed removal leaves an unreachable object (no row names it), never a row without its file.
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
  return { deleted: true };
}

/** The stored file of a document's version (the current one by default), or 404. */
export async function documentFile(db: Db, documentId: number, versionId?: number) {
  const [row] = versionId
    ? await db
        .select({ key: supportingDocumentVersions.fileKey, fileName: supportingDocumentVersions.fileName, contentType: supportingDocumentVersions.contentType, byteSize: supportingDocumentVersions.byteSize, sha256: supportingDocumentVersions.sha256 })
        .from(supportingDocumentVersions)
        .where(and(eq(supportingDocumentVersions.id, versionId), eq(supportingDocumentVersions.supportingDocumentId, documentId)))
        .limit(1)
    : await db
        .select({ key: supportingDocuments.fileKey, fileName: supportingDocuments.fileName, contentType: supportingDocuments.contentType, byteSize: supportingDocuments.byteSize, sha256: supportingDocuments.sha256 })
        .from(supportingDocuments)
        .where(eq(supportingDocuments.id, documentId))
        .limit(1);
  if (!row) throw new ApiError(404, "not_found");
  return row;
}
