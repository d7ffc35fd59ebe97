import { and, eq } from "drizzle-orm";
import type { DealDocumentView } from "@/domain/schemas/deal-document";
import type { UploadFileView } from "@/domain/schemas/upload-file";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { uploadFiles } from "@/server/db/schema/deals";
import { ApiError } from "@/server/http/errors";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { addedDocumentView, insertDealDocument } from "@/server/services/deal-documents/deal-documents";
import type { SpooledFile } from "@/server/services/supporting-documents/receive-multipart";
import { storeSpooled, uploadSpoolDir, withCompensation } from "@/server/services/supporting-documents/store-document";

/**
 * Upload files (SPEC "Other"): a business user's file, judged and stored like every upload,
 * kept under their id until they attach it to a deal's documents. Another user's upload
 * file is as unknown as a missing one.
 */

export async function createUploadFile(db: Db, storage: FileStorage, userId: number, spool: SpooledFile, now: Date): Promise<UploadFileView> {
  const stored = await storeSpooled(storage, spool, uploadSpoolDir());
  const row = await withCompensation(storage, stored, async () => {
    const [created] = await db
      .insert(uploadFiles)
      .values({ businessUserId: userId, fileKey: stored.key, fileName: stored.fileName, contentType: stored.contentType, byteSize: stored.byteSize, sha256: stored.sha256, createdAt: now, updatedAt: now })
      .returning();
    return created!;
  });
  return { id: row.id, file_name: row.fileName, content_type: row.contentType, byte_size: row.byteSize, sha256: row.sha256, created_at: epochSeconds(row.createdAt) };
}

/** POST /api/v1/deals/{id}/documents with {upload_file_id}: the upload becomes a document of the deal. */
export async function attachUploadFile(db: Db, auth: AuthSession, dealId: number, input: { upload_file_id: number; name?: string; document_type?: string }, now: Date): Promise<DealDocumentView> {
  return db.transaction(async (tx) => {
    const { deal, userId } = await requireBusinessDeal(tx, auth, dealId, "work");
    const [file] = await tx
      .delete(uploadFiles)
      .where(and(eq(uploadFiles.id, input.upload_file_id), eq(uploadFiles.businessUserId, userId)))
      .returning();
    if (!file) throw new ApiError(422, "upload_file__id__not_found");
    const row = await insertDealDocument(tx, {
      dealId: deal.id,
      userId,
      name: input.name || file.fileName,
      documentType: input.document_type ?? null,
      stored: { key: file.fileKey, contentType: file.contentType, byteSize: file.byteSize, sha256: file.sha256 },
      now,
    });
    return addedDocumentView(tx, row);
  });
}
