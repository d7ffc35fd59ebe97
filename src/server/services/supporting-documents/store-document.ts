/**
 * Storing a supporting document: the service other parts call (the SMS documents page
 * uses it for uploads made from a text message's link).
 *
 *   storeDocumentFromStream(db, storage, input): Promise<SupportingDocumentView>
 *     input.stream        Readable with the file's bytes (a busboy file part, a request body...)
 *     input.fileName      the name the sender gave; only cleaned for display, never a path
 *     input.documentType  a DocumentTypeCode (src/domain/document-types.ts)
 *     input.owner         { type: "Client" | "AdministrativeProcedure" | "OngoingFormality" | "Defunct" | "Deal", id }
 *     input.expiryDate, input.issueDate ("YYYY-MM-DD" or null), input.reference (string or null)
 *     input.uploadedByClientId   the client who sent it, when known
 *     input.documentId    optional: add a new version to that document instead of creating one
 *   Rejects with ApiError 413 "supporting_document__file__too_large" past 20 MiB, or 422 with the
 *   refusal's code (supporting_document__file__type_invalid, …__polyglot, …__active_content,
 *   …__unreadable, …__too_many_pixels, …__heic_unsupported, …__empty). A refused file leaves
 *   nothing in storage nor in the database.
 *   It does NOT check who may store: the caller has (document-access.ts requireOwner, or the
 *   SMS link's code).
 *
 * The routes use createDocument / addDocumentVersion with a file already spooled by
 * receiveMultipart. Order of work: spool to disk (size counted) → judge and prepare
 * (inspect-file.ts) → stream into storage under a random key, hashing → one transaction
 * for the rows; if the transaction fails, the stored object is deleted again.
 */
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { serverEnv } from "@/config/env";
import type { DocumentTypeCode } from "@/domain/document-types";
import type { SupportingDocumentView } from "@/domain/schemas/supporting-document";
import { cleanFileName, MAX_DOCUMENT_BYTES } from "@/domain/supporting-documents";
import type { Db } from "@/server/db/client";
import { supportingDocumentOwners, supportingDocumentVersions, supportingDocuments } from "@/server/db/schema/procedures";
import { ApiError } from "@/server/http/errors";
import { newStorageKey, type FileStorage } from "@/server/integrations/storage/file-storage";
import type { DocumentOwner } from "@/server/services/supporting-documents/document-access";
import { prepareFile, putPrepared } from "@/server/services/supporting-documents/inspect-file";
import { getDocumentView } from "@/server/services/supporting-documents/read-documents";
import { spoolPath, type SpooledFile } from "@/server/services/supporting-documents/receive-multipart";

export interface DocumentDetails {
  documentType: DocumentTypeCode;
  expiryDate?: string | null;
  issueDate?: string | null;
  reference?: string | null;
}

export interface StoreDocumentInput extends Partial<DocumentDetails> {
  stream: Readable;
  fileName: string;
  owner: DocumentOwner;
  documentType: DocumentTypeCode;
  uploadedByClientId?: number | null;
  documentId?: number;
}

/** Where uploads wait while they are judged: DATA_DIR/tmp/uploads (the same disk as local storage). */
export function uploadSpoolDir(): string {
  return join(serverEnv().DATA_DIR, "tmp", "uploads");
}

export interface StoredObject {
  key: string;
  fileName: string;
  contentType: string;
  byteSize: number;
  sha256: string;
}

/** Judge, prepare and put the spooled file; the storage key is returned only for a file fully stored. Deal documents use it too. */
export async function storeSpooled(storage: FileStorage, spool: SpooledFile, workDir: string): Promise<StoredObject> {
  const prepared = await prepareFile(spool, workDir);
  try {
    const key = newStorageKey();
    try {
      const { sha256, byteSize } = await putPrepared(storage, key, prepared);
      return { key, fileName: cleanFileName(spool.declaredName, prepared.extension), contentType: prepared.contentType, byteSize, sha256 };
    } catch (error) {
      await storage.delete(key).catch(() => {});
      throw error;
    }
  } finally {
    await prepared.cleanup();
  }
}

/** Runs the database work; if it fails, the object just stored is removed so no file is orphaned. */
export async function withCompensation<T>(storage: FileStorage, stored: StoredObject, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await storage.delete(stored.key).catch(() => {});
    throw error;
  }
}

export async function createDocument(
  db: Db,
  storage: FileStorage,
  input: { owner: DocumentOwner; details: DocumentDetails; spool: SpooledFile; uploadedByClientId: number | null; workDir?: string },
): Promise<SupportingDocumentView> {
  const stored = await storeSpooled(storage, input.spool, input.workDir ?? uploadSpoolDir());
  const id = await withCompensation(storage, stored, () =>
    db.transaction(async (tx) => {
      const [document] = await tx
        .insert(supportingDocuments)
        .values({
          documentType: input.details.documentType,
          fileKey: stored.key,
          fileName: stored.fileName,
          contentType: stored.contentType,
          byteSize: stored.byteSize,
          sha256: stored.sha256,
          expiryDate: input.details.expiryDate ?? null,
          issueDate: input.details.issueDate ?? null,
          reference: input.details.reference ?? null,
          uploadedByClientId: input.uploadedByClientId,
        })
        .returning({ id: supportingDocuments.id });
      await tx.insert(supportingDocumentOwners).values({ supportingDocumentId: document!.id, ownerType: input.owner.type, ownerId: input.owner.id });
      await tx.insert(supportingDocumentVersions).values({
        supportingDocumentId: document!.id,
        fileKey: stored.key,
        fileName: stored.fileName,
        contentType: stored.contentType,
        byteSize: stored.byteSize,
        sha256: stored.sha256,
        uploadedByClientId: input.uploadedByClientId,
      });
      return document!.id;
    }),
  );
  return (await getDocumentView(db, id))!;
}

/** A new file for an existing document: a new version, the older ones kept and listed. */
export async function addDocumentVersion(
  db: Db,
  storage: FileStorage,
  documentId: number,
  input: { details: Partial<DocumentDetails>; spool: SpooledFile; uploadedByClientId: number | null; workDir?: string },
): Promise<SupportingDocumentView> {
  const stored = await storeSpooled(storage, input.spool, input.workDir ?? uploadSpoolDir());
  await withCompensation(storage, stored, () =>
    db.transaction(async (tx) => {
      // Lock the document so two uploads of new versions at once are both kept, one after the other.
      const [current] = await tx.select({ id: supportingDocuments.id }).from(supportingDocuments).where(eq(supportingDocuments.id, documentId)).for("update");
      if (!current) throw new ApiError(404, "not_found");
      await tx.insert(supportingDocumentVersions).values({
        supportingDocumentId: documentId,
        fileKey: stored.key,
        fileName: stored.fileName,
        contentType: stored.contentType,
        byteSize: stored.byteSize,
        sha256: stored.sha256,
        uploadedByClientId: input.uploadedByClientId,
      });
      const details = input.details;
      await tx
        .update(supportingDocuments)
        .set({
          fileKey: stored.key,
          fileName: stored.fileName,
          contentType: stored.contentType,
          byteSize: stored.byteSize,
          sha256: stored.sha256,
          ...(details.documentType ? { documentType: details.documentType } : {}),
          ...(details.expiryDate !== undefined ? { expiryDate: details.expiryDate } : {}),
          ...(details.issueDate !== undefined ? { issueDate: details.issueDate } : {}),
          ...(details.reference !== undefined ? { reference: details.reference } : {}),
        })
        .where(eq(supportingDocuments.id, documentId));
    }),
  );
  return (await getDocumentView(db, documentId))!;
}

/** Writes a stream to a spool file, refusing it (413) past `maxBytes` without reading further. */
export async function spoolStream(stream: Readable, spoolDir: string, fileName: string, maxBytes = MAX_DOCUMENT_BYTES): Promise<SpooledFile> {
  await mkdir(spoolDir, { recursive: true, mode: 0o700 });
  const path = spoolPath(spoolDir);
  let byteSize = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      byteSize += chunk.length;
      if (byteSize > maxBytes) return done(new ApiError(413, "supporting_document__file__too_large"));
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(path, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    await rm(path, { force: true });
    stream.destroy();
    throw error instanceof ApiError ? error : new ApiError(400, "bad_request");
  }
  return { path, byteSize, declaredName: fileName };
}

export async function storeDocumentFromStream(db: Db, storage: FileStorage, input: StoreDocumentInput): Promise<SupportingDocumentView> {
  const spoolDir = uploadSpoolDir();
  const spool = await spoolStream(input.stream, spoolDir, input.fileName);
  try {
    const details: DocumentDetails = {
      documentType: input.documentType,
      expiryDate: input.expiryDate ?? null,
      issueDate: input.issueDate ?? null,
      reference: input.reference ?? null,
    };
    const uploadedByClientId = input.uploadedByClientId ?? null;
    return input.documentId
      ? await addDocumentVersion(db, storage, input.documentId, { details, spool, uploadedByClientId, workDir: spoolDir })
      : await createDocument(db, storage, { owner: input.owner, details, spool, uploadedByClientId, workDir: spoolDir });
  } finally {
    await rm(spool.path, { force: true });
  }
}
