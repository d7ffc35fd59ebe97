import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { Readable } from "node:stream";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { rolesFor } from "@/domain/business-deal-access";
import { DOCUMENT_TYPES } from "@/domain/document-types";
import { idSchema } from "@/domain/schemas/common";
import {
  dealDocumentUploadFieldsSchema,
  dealDocumentViewSchema,
  documentBatchCreateSchema,
  documentBatchDocumentSchema,
  documentBatchRecipientSchema,
  documentBatchViewSchema,
  documentTypeViewSchema,
} from "@/domain/schemas/deal-document";
import { MAX_DOCUMENT_BYTES } from "@/domain/supporting-documents";
import { dealDocumentFromUploadSchema, uploadFileViewSchema } from "@/domain/schemas/upload-file";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { issueCodes } from "@/server/http/validation";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { attachmentDisposition, parseFields } from "@/server/routes/supporting-documents";
import { createDealDocument, deleteDealDocument, documentOfDeal, listDealDocuments, openDealDocument } from "@/server/services/deal-documents/deal-documents";
import {
  addBatchDocument,
  addBatchRecipient,
  createDocumentBatch,
  listDocumentBatches,
  removeBatchDocument,
  removeBatchRecipient,
  sendDocumentBatch,
} from "@/server/services/deal-documents/document-batches";
import { attachUploadFile, createUploadFile } from "@/server/services/deal-documents/upload-files";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { receiveMultipart } from "@/server/services/supporting-documents/receive-multipart";
import { uploadSpoolDir } from "@/server/services/supporting-documents/store-document";

/**
 * A deal's documents in the back-office (SPEC §7 "Deals (v1)" documents, issue 14): upload,
 * list, download, delete, and batches sent by e-mail. Who may call: the "work" action of
 * src/domain/business-deal-access.ts (clients and visitors 401, role 3 403, a partner
 * professional only on the deals assigned to them, 404 for any other).
 */
const WORKERS = signedIn({ business: rolesFor("work") });
const NO_STORE = { "cache-control": "private, no-store" } as const;
const TAG = "Deal documents";

const dealParams = z.object({ id: idSchema });
const documentParams = z.object({ id: idSchema, document_id: idSchema });
const batchParams = z.object({ id: idSchema, batch_id: idSchema });
const batchDocumentParams = z.object({ id: idSchema, batch_id: idSchema, document_id: idSchema });
const batchRecipientParams = z.object({ id: idSchema, batch_id: idSchema, recipient_id: idSchema });
const json = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };
const withBody = { 400: errorResponses[400], ...refusals };
const batchBody = z.object({ data: documentBatchViewSchema });

const uploadProperties: Record<string, object> = {
  file: { type: "string", format: "binary", description: `PDF, JPEG, PNG or WebP, at most ${MAX_DOCUMENT_BYTES} bytes; recognised by content` },
  document_type: { type: "string", description: "Optional: a code of GET /api/v1/document_types" },
  name: { type: "string", maxLength: 160, description: "Optional display name; the cleaned file name otherwise" },
};
const attachProperties: Record<string, object> = { upload_file_id: { type: "integer", description: "An id from POST /api/v1/upload_files" }, name: uploadProperties.name!, document_type: uploadProperties.document_type! };
/** The multipart body, documented only: receiveMultipart reads it as a stream. */
const uploadBody = {
  required: true,
  content: {
    "multipart/form-data": { schema: { type: "object" as const, required: ["file"], properties: uploadProperties } },
    // Read by the handler itself (a validator here would also judge the multipart form): {upload_file_id, name?, document_type?}.
    "application/json": { schema: { type: "object" as const, required: ["upload_file_id"], properties: attachProperties } },
  },
};

const routes = {
  list: createRoute({
    method: "get",
    path: "/api/v1/deals/{id}/documents",
    tags: [TAG],
    summary: "The deal's documents, newest first (roles 0-2; a pro on the deals assigned to them)",
    middleware: [guard(WORKERS)] as const,
    request: { params: dealParams },
    responses: { 200: jsonResponse(z.object({ data: z.array(dealDocumentViewSchema) }), "The documents"), ...refusals },
  }),
  upload: createRoute({
    method: "post",
    path: "/api/v1/deals/{id}/documents",
    tags: [TAG],
    summary: "Upload a file to the deal (multipart/form-data), or attach an upload file (JSON upload_file_id)",
    description:
      "Judged like supporting documents: PDF without active content, JPEG, PNG or WebP (re-encoded), by content. 413 past 20 MiB; 422 supporting_document__file__* refusals, document__document_type__invalid, document__name__too_long / invalid, upload_file__id__not_found (not the caller's own upload file).",
    middleware: [guard(WORKERS)] as const,
    request: { params: dealParams, body: uploadBody },
    responses: { 201: jsonResponse(z.object({ data: dealDocumentViewSchema }), "The document"), 413: errorResponses[413], ...refusals },
  }),
  file: createRoute({
    method: "get",
    path: "/api/v1/deals/{id}/documents/{document_id}/file",
    tags: [TAG],
    summary: "Download a document (attachment, nosniff, private no-store)",
    middleware: [guard(WORKERS)] as const,
    request: { params: documentParams },
    responses: { 200: { description: "The file, as an attachment", content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } } }, ...refusals },
  }),
  remove: createRoute({
    method: "delete",
    path: "/api/v1/deals/{id}/documents/{document_id}",
    tags: [TAG],
    summary: "Delete a document and its file; 422 document__id__sent when it went out in a sent batch",
    middleware: [guard(WORKERS)] as const,
    request: { params: documentParams },
    responses: { 200: jsonResponse(z.object({ data: z.object({ id: z.number().int(), deleted: z.literal(true) }) }), "Deleted"), ...refusals },
  }),
  listBatches: createRoute({
    method: "get",
    path: "/api/v1/deals/{id}/documents/batches",
    tags: [TAG],
    summary: "The deal's document batches, newest first",
    middleware: [guard(WORKERS)] as const,
    request: { params: dealParams },
    responses: { 200: jsonResponse(z.object({ data: z.array(documentBatchViewSchema) }), "The batches"), ...refusals },
  }),
  createBatch: createRoute({
    method: "post",
    path: "/api/v1/deals/{id}/documents/batches",
    tags: [TAG],
    summary: "Create an empty batch (name, message); 422 document_batch__name__too_long / invalid, document_batch__message__too_long",
    middleware: [guard(WORKERS)] as const,
    request: { params: dealParams, ...json(documentBatchCreateSchema) },
    responses: { 201: jsonResponse(batchBody, "The batch"), ...withBody },
  }),
  addDocument: createRoute({
    method: "post",
    path: "/api/v1/deals/{id}/documents/batches/{batch_id}/documents",
    tags: [TAG],
    summary: "Add one of the deal's documents to a batch; 422 document_batch__document_id__not_found, …__documents__too_many, …__state__sent",
    middleware: [guard(WORKERS)] as const,
    request: { params: batchParams, ...json(documentBatchDocumentSchema) },
    responses: { 200: jsonResponse(batchBody, "The batch"), ...withBody },
  }),
  removeDocument: createRoute({
    method: "delete",
    path: "/api/v1/deals/{id}/documents/batches/{batch_id}/documents/{document_id}",
    tags: [TAG],
    summary: "Take a document out of a batch not sent yet",
    middleware: [guard(WORKERS)] as const,
    request: { params: batchDocumentParams },
    responses: { 200: jsonResponse(batchBody, "The batch"), ...refusals },
  }),
  addRecipient: createRoute({
    method: "post",
    path: "/api/v1/deals/{id}/documents/batches/{batch_id}/recipients",
    tags: [TAG],
    summary: "Add a recipient (email, name); 422 document_batch__email__invalid / taken, …__name__blank / too_long / invalid, …__recipients__too_many",
    middleware: [guard(WORKERS)] as const,
    request: { params: batchParams, ...json(documentBatchRecipientSchema) },
    responses: { 200: jsonResponse(batchBody, "The batch"), ...withBody },
  }),
  removeRecipient: createRoute({
    method: "delete",
    path: "/api/v1/deals/{id}/documents/batches/{batch_id}/recipients/{recipient_id}",
    tags: [TAG],
    summary: "Remove a recipient from a batch not sent yet",
    middleware: [guard(WORKERS)] as const,
    request: { params: batchRecipientParams },
    responses: { 200: jsonResponse(batchBody, "The batch"), ...refusals },
  }),
  send: createRoute({
    method: "post",
    path: "/api/v1/deals/{id}/documents/batches/{batch_id}/send_batch",
    tags: [TAG],
    summary: "Send the batch: one e-mail per recipient with the documents attached, through the job queue, logged in the deal's communications",
    description: "422 document_batch__documents__missing, …__recipients__missing, …__documents__too_large (over 15 MiB in all), …__state__sent (already sent: nothing goes out twice).",
    middleware: [guard(WORKERS)] as const,
    request: { params: batchParams },
    responses: { 200: jsonResponse(batchBody, "The batch, sent"), ...refusals },
  }),
  uploadFile: createRoute({
    method: "post",
    path: "/api/v1/upload_files",
    tags: [TAG],
    summary: "Upload a file now, attach it later by its id (multipart/form-data `file`); only its uploader may use it",
    middleware: [guard(WORKERS)] as const,
    request: { body: { required: true, content: { "multipart/form-data": { schema: { type: "object" as const, required: ["file"], properties: { file: uploadProperties.file! } } } } } },
    responses: { 201: jsonResponse(z.object({ data: uploadFileViewSchema }), "The stored file"), 401: errorResponses[401], 403: errorResponses[403], 413: errorResponses[413], 422: errorResponses[422] },
  }),
  documentTypes: createRoute({
    method: "get",
    path: "/api/v1/document_types",
    tags: [TAG],
    summary: "The document type codes (names in messages DocumentTypes.<code>); business roles 0-2 and 4",
    middleware: [guard(WORKERS)] as const,
    responses: { 200: jsonResponse(z.object({ data: z.array(documentTypeViewSchema) }), "The types"), 401: errorResponses[401], 403: errorResponses[403] },
  }),
};

export function registerDealDocumentRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/deals/{id}/documents – the deal's documents
  app.openapi(routes.list, async (c) => {
    return c.json({ data: await listDealDocuments(c.get("db"), sessionOf(c), c.req.valid("param").id) }, 200, NO_STORE);
  });

  // POST /api/v1/deals/{id}/documents – upload a file to the deal
  app.openapi(routes.upload, async (c) => {
    const db = c.get("db");
    if (/^application\/json/i.test(c.req.header("content-type") ?? "")) {
      const input: unknown = await c.req.json().catch(() => null);
      const parsed = dealDocumentFromUploadSchema.safeParse(input);
      if (!parsed.success) throw new ApiError(422, issueCodes(parsed.error.issues, input));
      return c.json({ data: await attachUploadFile(db, sessionOf(c), c.req.valid("param").id, parsed.data, new Date()) }, 201, NO_STORE);
    }
    // Who may write is known before a byte of the file is read.
    const { deal, userId } = await requireBusinessDeal(db, sessionOf(c), c.req.valid("param").id, "work");
    const upload = await receiveMultipart(c.req.raw, uploadSpoolDir());
    try {
      const problems: string[] = [];
      const fields = parseFields(dealDocumentUploadFieldsSchema, upload.fields, problems);
      if (!upload.file) problems.push("supporting_document__file__missing");
      if (problems.length > 0 || !fields || !upload.file) throw new ApiError(422, [...new Set(problems)]);
      const data = await createDealDocument(db, c.get("fileStorage"), { dealId: deal.id, userId, fields, spool: upload.file, now: new Date() });
      return c.json({ data }, 201, NO_STORE);
    } finally {
      await upload.discard();
    }
  });

  // GET /api/v1/deals/{id}/documents/{document_id}/file – download a document
  app.openapi(routes.file, async (c) => {
    const db = c.get("db");
    const { id, document_id } = c.req.valid("param");
    const { deal } = await requireBusinessDeal(db, sessionOf(c), id, "work");
    const row = await documentOfDeal(db, deal.id, document_id);
    const stream = await openDealDocument(c.get("fileStorage"), row);
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
      "content-type": row.contentType,
      "content-length": String(row.byteSize),
      "content-disposition": attachmentDisposition(row.name),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      ...(row.sha256 ? { "x-checksum-sha256": row.sha256 } : {}),
    });
  });

  // DELETE /api/v1/deals/{id}/documents/{document_id} – delete a document
  app.openapi(routes.remove, async (c) => {
    const { id, document_id } = c.req.valid("param");
    await deleteDealDocument(c.get("db"), c.get("fileStorage"), sessionOf(c), id, document_id, new Date());
    return c.json({ data: { id: document_id, deleted: true as const } }, 200, NO_STORE);
  });

  // GET /api/v1/deals/{id}/documents/batches – the deal's batches
  app.openapi(routes.listBatches, async (c) => {
    return c.json({ data: await listDocumentBatches(c.get("db"), sessionOf(c), c.req.valid("param").id) }, 200, NO_STORE);
  });

  // POST /api/v1/deals/{id}/documents/batches – create a batch
  app.openapi(routes.createBatch, async (c) => {
    return c.json({ data: await createDocumentBatch(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json"), new Date()) }, 201, NO_STORE);
  });

  // POST /api/v1/deals/{id}/documents/batches/{batch_id}/documents – add a document to a batch
  app.openapi(routes.addDocument, async (c) => {
    const { id, batch_id } = c.req.valid("param");
    return c.json({ data: await addBatchDocument(c.get("db"), sessionOf(c), id, batch_id, c.req.valid("json").document_id) }, 200, NO_STORE);
  });

  // DELETE /api/v1/deals/{id}/documents/batches/{batch_id}/documents/{document_id} – take a document out of a batch
  app.openapi(routes.removeDocument, async (c) => {
    const { id, batch_id, document_id } = c.req.valid("param");
    return c.json({ data: await removeBatchDocument(c.get("db"), sessionOf(c), id, batch_id, document_id) }, 200, NO_STORE);
  });

  // POST /api/v1/deals/{id}/documents/batches/{batch_id}/recipients – add a recipient to a batch
  app.openapi(routes.addRecipient, async (c) => {
    const { id, batch_id } = c.req.valid("param");
    return c.json({ data: await addBatchRecipient(c.get("db"), sessionOf(c), id, batch_id, c.req.valid("json")) }, 200, NO_STORE);
  });

  // DELETE /api/v1/deals/{id}/documents/batches/{batch_id}/recipients/{recipient_id} – remove a recipient
  app.openapi(routes.removeRecipient, async (c) => {
    const { id, batch_id, recipient_id } = c.req.valid("param");
    return c.json({ data: await removeBatchRecipient(c.get("db"), sessionOf(c), id, batch_id, recipient_id) }, 200, NO_STORE);
  });

  // POST /api/v1/deals/{id}/documents/batches/{batch_id}/send_batch – send the batch by e-mail
  app.openapi(routes.send, async (c) => {
    const { id, batch_id } = c.req.valid("param");
    return c.json({ data: await sendDocumentBatch(c.get("db"), sessionOf(c), id, batch_id, new Date()) }, 200, NO_STORE);
  });

  // POST /api/v1/upload_files – store a file to attach later
  app.openapi(routes.uploadFile, async (c) => {
    const auth = sessionOf(c);
    const upload = await receiveMultipart(c.req.raw, uploadSpoolDir());
    try {
      if (!upload.file) throw new ApiError(422, "supporting_document__file__missing");
      return c.json({ data: await createUploadFile(c.get("db"), c.get("fileStorage"), auth.userId, upload.file, new Date()) }, 201, NO_STORE);
    } finally {
      await upload.discard();
    }
  });

  // GET /api/v1/document_types – the document type codes
  app.openapi(routes.documentTypes, async (c) => {
    return c.json({ data: DOCUMENT_TYPES.map((t) => ({ code: t.code, expires: t.expires })) }, 200, NO_STORE);
  });
}
