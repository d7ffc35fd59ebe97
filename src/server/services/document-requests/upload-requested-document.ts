import { and, eq } from "drizzle-orm";
import { DOCUMENT_REQUEST_ERRORS } from "@/domain/document-requests";
import { isDocumentTypeCode } from "@/domain/document-types";
import type { DocumentRequestItem } from "@/domain/schemas/document-request";
import type { Db } from "@/server/db/client";
import { documentRequestItems } from "@/server/db/schema/document-requests";
import { ApiError, notFoundError, RateLimitedError } from "@/server/http/errors";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import { consumeRateLimit } from "@/server/services/rate-limit";
import type { ReceivedUpload } from "@/server/services/supporting-documents/receive-multipart";
import { addDocumentVersion, createDocument } from "@/server/services/supporting-documents/store-document";
import { isProven, requestByToken, type ProofInput } from "@/server/services/document-requests/public-access";
import { itemsOf, type DocumentRequestRow } from "@/server/services/document-requests/request-views";

/** Files one address may send through SMS links in an hour. */
export const UPLOADS_PER_HOUR = 40;

export type UploadTarget = { request: DocumentRequestRow; itemId: number; documentType: string; supportingDocumentId: number | null; uploaderClientId: number | null };

/**
 * Everything that decides whether a file may be sent, before a byte of it is read: the
 * link (404 / 410 / 429), the proof for this very request (403 otherwise), the item
 * belonging to it (404), and the per-address limit.
 */
export async function uploadTarget(db: Db, token: string, itemId: number, input: ProofInput & { ip: string | null; now: Date }): Promise<UploadTarget> {
  const request = await requestByToken(db, token, input);
  if (request.lockedAt) throw new ApiError(403, DOCUMENT_REQUEST_ERRORS.locked);
  if (!(await isProven(db, request, input, "documents:write", input.now))) throw new ApiError(403, DOCUMENT_REQUEST_ERRORS.proofRequired);
  const [item] = await db
    .select()
    .from(documentRequestItems)
    .where(and(eq(documentRequestItems.id, itemId), eq(documentRequestItems.documentRequestId, request.id)))
    .limit(1);
  if (!item) throw notFoundError();
  if (input.ip) {
    const decision = await consumeRateLimit(db, { bucket: "document_request_upload", rules: [{ key: `ip:${input.ip.slice(0, 100)}`, limit: UPLOADS_PER_HOUR, windowMs: 3600_000 }], now: input.now });
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
  }
  const uploaderClientId = input.auth?.realm === "client" ? input.auth.userId : null;
  return { request, itemId: item.id, documentType: item.documentType, supportingDocumentId: item.supportingDocumentId, uploaderClientId };
}

/**
 * Stores the file as a supporting document of the procedure (the files part's service
 * judges it by content, strips metadata, and stores nothing it refuses); sending again for
 * the same item adds a version. Answers the item, never the document or the procedure.
 */
export async function storeRequestedDocument(db: Db, storage: FileStorage, target: UploadTarget, upload: ReceivedUpload, now: Date): Promise<DocumentRequestItem> {
  if (!upload.file) throw new ApiError(422, "supporting_document__file__missing");
  if (!isDocumentTypeCode(target.documentType)) throw new ApiError(422, "supporting_document__document_type__invalid");
  const view = target.supportingDocumentId
    ? await addDocumentVersion(db, storage, target.supportingDocumentId, { details: {}, spool: upload.file, uploadedByClientId: target.uploaderClientId })
    : await createDocument(db, storage, {
        owner: { type: "AdministrativeProcedure", id: target.request.administrativeProcedureId },
        details: { documentType: target.documentType },
        spool: upload.file,
        uploadedByClientId: target.uploaderClientId,
      });
  await db.update(documentRequestItems).set({ supportingDocumentId: view.id, receivedAt: now }).where(eq(documentRequestItems.id, target.itemId));
  const items = (await itemsOf(db, [target.request])).get(target.request.id) ?? [];
  return items.find((i) => i.id === target.itemId)!;
}
