import { and, desc, eq, isNotNull } from "drizzle-orm";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { DealDocumentUploadFields, DealDocumentView } from "@/domain/schemas/deal-document";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { documentBatchDocuments, documentBatches, documents } from "@/server/db/schema/deals";
import { businessUsers } from "@/server/db/schema/users";
import { ApiError, notFoundError } from "@/server/http/errors";
import { newStorageKey, StorageNotFoundError, type FileStorage } from "@/server/integrations/storage/file-storage";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { recordDealEvent } from "@/server/services/deals/deal-events";
import type { SpooledFile } from "@/server/services/supporting-documents/receive-multipart";
import { storeSpooled, uploadSpoolDir, withCompensation, type StoredObject } from "@/server/services/supporting-documents/store-document";

/**
 * The files of a deal in the back-office (issue 14). Who may: the "work" action of
 * src/domain/business-deal-access.ts (roles 0-2 on every deal, a partner professional on
 * the deals assigned to them, 404 elsewhere). Files go through the supporting documents'
 * judge and storage (store-document.ts): the same types, limits and refusals.
 */

type DocumentRow = typeof documents.$inferSelect;

/** `uploadedBy`: the business user who added the document, as "First Last"; null for a signed copy or a departed user. */
export function dealDocumentView(row: DocumentRow, uploadedBy: string | null = null): DealDocumentView {
  return {
    id: row.id,
    deal_id: row.dealId,
    name: row.name,
    document_type: row.documentType,
    content_type: row.contentType,
    byte_size: row.byteSize,
    sha256: row.sha256,
    sent_at: row.sentAt ? epochSeconds(row.sentAt) : null,
    created_at: epochSeconds(row.createdAt),
    uploaded_by: uploadedBy,
    download_url: `/api/v1/deals/${row.dealId}/documents/${row.id}/file`,
  };
}

export async function listDealDocuments(db: Db, auth: AuthSession, dealId: number): Promise<DealDocumentView[]> {
  const { deal } = await requireBusinessDeal(db, auth, dealId, "work");
  const rows = await db
    .select({ document: documents, firstname: businessUsers.firstname, lastname: businessUsers.lastname })
    .from(documents)
    .leftJoin(businessUsers, eq(businessUsers.id, documents.uploadedByBusinessUserId))
    .where(eq(documents.dealId, deal.id))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map((r) => dealDocumentView(r.document, uploaderName(r)));
}

function uploaderName(user: { firstname: string | null; lastname: string | null } | undefined): string | null {
  return user?.firstname || user?.lastname ? `${user.firstname ?? ""} ${user.lastname ?? ""}`.trim() : null;
}

/** The view of a document just added by `userId`, with their name. */
export async function addedDocumentView(db: Db, row: DocumentRow): Promise<DealDocumentView> {
  const [user] = row.uploadedByBusinessUserId
    ? await db.select({ firstname: businessUsers.firstname, lastname: businessUsers.lastname }).from(businessUsers).where(eq(businessUsers.id, row.uploadedByBusinessUserId)).limit(1)
    : [];
  return dealDocumentView(row, uploaderName(user));
}

/** A document of the deal, or 404 (another deal's document is as unknown as a missing one). */
export async function documentOfDeal(db: Db, dealId: number, documentId: number): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(and(eq(documents.id, documentId), eq(documents.dealId, dealId))).limit(1);
  if (!row) throw notFoundError();
  return row;
}

/** Stores a judged upload as a document of the deal; the caller has checked access before reading the body. */
export async function createDealDocument(
  db: Db,
  storage: FileStorage,
  input: { dealId: number; userId: number; fields: DealDocumentUploadFields; spool: SpooledFile; now: Date; editableDocumentId?: number | null },
): Promise<DealDocumentView> {
  const stored = await storeSpooled(storage, input.spool, uploadSpoolDir());
  const row = await withCompensation(storage, stored, () =>
    db.transaction((tx) =>
      insertDealDocument(tx, { dealId: input.dealId, userId: input.userId, name: input.fields.name || stored.fileName, documentType: input.fields.document_type ?? null, editableDocumentId: input.editableDocumentId, stored, now: input.now }),
    ),
  );
  return addedDocumentView(db, row);
}

/**
 * Stores a file the product made itself (a generated edition, a signed copy) as a document
 * of the deal (pass a transaction as `db` to tie the row to other work). Our own PDFs
 * skip the upload judge; they never come from outside.
 */
export async function storeGeneratedDocument(
  db: Db,
  storage: FileStorage,
  input: { dealId: number; userId: number | null; name: string; bytes: Buffer; documentType: string | null; editableDocumentId?: number | null; now: Date },
): Promise<DocumentRow> {
  const stored = { key: newStorageKey(), fileName: input.name, contentType: "application/pdf", byteSize: input.bytes.length, sha256: createHash("sha256").update(input.bytes).digest("hex") };
  await storage.put(stored.key, Readable.from([input.bytes]), { contentType: stored.contentType, byteSize: stored.byteSize });
  return withCompensation(storage, stored, () => insertDealDocument(db, { ...input, stored }));
}

/** The row of a stored file, and the deal's history line saying it was added. */
export async function insertDealDocument(
  db: Db,
  input: { dealId: number; userId: number | null; name: string; documentType: string | null; editableDocumentId?: number | null; stored: Omit<StoredObject, "fileName">; now: Date },
): Promise<DocumentRow> {
  const [row] = await db
    .insert(documents)
    .values({
      dealId: input.dealId,
      name: input.name,
      documentType: input.documentType,
      fileKey: input.stored.key,
      contentType: input.stored.contentType,
      byteSize: input.stored.byteSize,
      sha256: input.stored.sha256,
      editableDocumentId: input.editableDocumentId ?? null,
      uploadedByBusinessUserId: input.userId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  await recordDealEvent(db, { dealId: input.dealId, kind: "document_added", from: null, to: row!.id, businessUserId: input.userId, at: input.now });
  return row!;
}

/** The stored bytes of a deal's document, for a download or an e-mail attachment. */
export async function openDealDocument(storage: FileStorage, row: DocumentRow): Promise<Readable> {
  try {
    return await storage.get(row.fileKey);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFoundError();
    throw error;
  }
}

/** A document's whole file in memory (an e-mail attachment, a PDF to sign: at most 20 MiB). */
export async function readDealDocument(storage: FileStorage, row: DocumentRow): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openDealDocument(storage, row)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * Deletes a document and its file. A document that went out in a sent batch is part of
 * what was sent (sent batches never change): 422 document__id__sent.
 */
export async function deleteDealDocument(db: Db, storage: FileStorage, auth: AuthSession, dealId: number, documentId: number, now: Date): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const { deal, userId } = await requireBusinessDeal(tx, auth, dealId, "work", { lock: true });
    const row = await documentOfDeal(tx, deal.id, documentId);
    const [sent] = await tx
      .select({ id: documentBatches.id })
      .from(documentBatchDocuments)
      .innerJoin(documentBatches, eq(documentBatches.id, documentBatchDocuments.batchId))
      .where(and(eq(documentBatchDocuments.documentId, row.id), isNotNull(documentBatches.sentAt)))
      .limit(1);
    if (sent) throw new ApiError(422, "document__id__sent");
    await tx.delete(documents).where(eq(documents.id, row.id));
    await recordDealEvent(tx, { dealId: deal.id, kind: "document_deleted", from: row.id, to: null, businessUserId: userId, at: now });
    return row.fileKey;
  });
  // After the commit: a failed removal leaves an unreachable object, never a row without its file.
  await storage.delete(key).catch(() => {});
}
