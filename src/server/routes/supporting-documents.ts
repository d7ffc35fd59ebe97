import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { Readable } from "node:stream";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { ROLES } from "@/domain/roles";
import { idSchema } from "@/domain/schemas/common";
import {
  supportingDocumentUpdateSchema,
  supportingDocumentUploadFieldsSchema,
  supportingDocumentVersionFieldsSchema,
  supportingDocumentVersionViewSchema,
  supportingDocumentViewSchema,
  type SupportingDocumentOwnerType,
} from "@/domain/schemas/supporting-document";
import { MAX_DOCUMENT_BYTES } from "@/domain/supporting-documents";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { issueCodes } from "@/server/http/validation";
import { StorageNotFoundError } from "@/server/integrations/storage/file-storage";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { documentFile, removeDocumentFromOwner, updateDocument } from "@/server/services/supporting-documents/change-document";
import { requireDocument, requireDocumentOf, requireOwner, type DocumentOwner } from "@/server/services/supporting-documents/document-access";
import { getDocumentView, listOwnerDocuments, listVersions } from "@/server/services/supporting-documents/read-documents";
import { receiveMultipart } from "@/server/services/supporting-documents/receive-multipart";
import { addDocumentVersion, createDocument, uploadSpoolDir } from "@/server/services/supporting-documents/store-document";

/**
 * Supporting documents (SPEC §3, §5, §7) under a client, an administrative procedure or an
 * ongoing formality, their versions and their authorised download. The guard admits
 * clients and the staff who run cases; which documents each may reach is the owners' rule
 * (services/supporting-documents/document-access.ts): 404 for what is not theirs.
 */
const DOCUMENT_CALLERS = signedIn({ clients: true, business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] });
const NO_STORE = { "cache-control": "private, no-store" } as const;

const OWNER_PATHS = {
  clients: "Client",
  administrative_procedures: "AdministrativeProcedure",
  ongoing_formalities: "OngoingFormality",
} as const satisfies Record<string, SupportingDocumentOwnerType>;
type OwnerPath = keyof typeof OWNER_PATHS;

const documentBody = z.object({ data: supportingDocumentViewSchema });

/** The multipart body, documented only: it is read as a stream by receiveMultipart, not by a validator that would buffer it. */
function multipartBody(withType: boolean) {
  const properties: Record<string, object> = {
    file: { type: "string", format: "binary", description: `PDF, JPEG, PNG or WebP, at most ${MAX_DOCUMENT_BYTES} bytes; recognised by content` },
    expiry_date: { type: "string", format: "date" },
    issue_date: { type: "string", format: "date" },
    reference: { type: "string", maxLength: 120 },
  };
  if (withType) {
    properties.document_type = { type: "string", description: "A code of GET /api/v1/autocompletes/document_types" };
    properties.owner_type = { type: "string", enum: Object.values(OWNER_PATHS), description: "Optional; must name the resource of the path" };
    properties.owner_id = { type: "integer", description: "Optional; must name the resource of the path" };
  }
  return {
    required: true,
    content: { "multipart/form-data": { schema: { type: "object" as const, required: withType ? ["file", "document_type"] : ["file"], properties } } },
  };
}

const fileResponse = {
  description: "The file, as an attachment",
  content: Object.fromEntries(["application/pdf", "image/jpeg", "image/png", "image/webp"].map((type) => [type, { schema: z.string().meta({ format: "binary" }) }])),
};

function ownerRoutes(path: OwnerPath) {
  const tag = "Supporting documents";
  const base = `/api/v1/${path}/{id}/supporting_documents`;
  const params = z.object({ id: idSchema });
  const documentParams = z.object({ id: idSchema, document_id: idSchema });
  return {
    list: createRoute({
      method: "get",
      path: base,
      tags: [tag],
      summary: `Supporting documents of a ${OWNER_PATHS[path]}, newest first`,
      middleware: [guard(DOCUMENT_CALLERS)] as const,
      request: { params },
      responses: { 200: jsonResponse(z.object({ data: z.array(supportingDocumentViewSchema) }), "The documents"), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
    }),
    create: createRoute({
      method: "post",
      path: base,
      tags: [tag],
      summary: `Upload a supporting document for a ${OWNER_PATHS[path]} (multipart/form-data)`,
      description:
        "The file is judged by its content: PDF (no JavaScript, launch action or embedded file), JPEG, PNG or WebP (re-encoded upright, without EXIF). " +
        "HEIC/HEIF is refused (supporting_document__file__heic_unsupported), as are other kinds, polyglots and pictures over 64 megapixels. Over 20 MiB: 413.",
      middleware: [guard(DOCUMENT_CALLERS)] as const,
      request: { params, body: multipartBody(true) },
      responses: {
        201: jsonResponse(documentBody, "The document with its first version"),
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        413: errorResponses[413],
        422: errorResponses[422],
      },
    }),
    read: createRoute({
      method: "get",
      path: `${base}/{document_id}`,
      tags: [tag],
      summary: `One supporting document of a ${OWNER_PATHS[path]}`,
      middleware: [guard(DOCUMENT_CALLERS)] as const,
      request: { params: documentParams },
      responses: { 200: jsonResponse(documentBody, "The document"), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
    }),
    update: createRoute({
      method: "put",
      path: `${base}/{document_id}`,
      tags: [tag],
      summary: "Change a document's details, or its owners (never none)",
      middleware: [guard(DOCUMENT_CALLERS)] as const,
      request: { params: documentParams, body: { required: true, content: { "application/json": { schema: supportingDocumentUpdateSchema } } } },
      responses: { 200: jsonResponse(documentBody, "The document"), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
    }),
    remove: createRoute({
      method: "delete",
      path: `${base}/{document_id}`,
      tags: [tag],
      summary: "Remove the document from this owner; with its last owner it is deleted with every version and file",
      middleware: [guard(DOCUMENT_CALLERS)] as const,
      request: { params: documentParams },
      responses: {
        200: jsonResponse(z.object({ data: z.object({ id: z.number().int(), deleted: z.boolean().meta({ description: "True when the document itself is gone" }) }) }), "Done"),
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        422: errorResponses[422],
      },
    }),
  };
}

const versionsRoute = createRoute({
  method: "get",
  path: "/api/v1/supporting_documents/{id}/versions",
  tags: ["Supporting documents"],
  summary: "Every file uploaded for a document, the current one first",
  middleware: [guard(DOCUMENT_CALLERS)] as const,
  request: { params: z.object({ id: idSchema }) },
  responses: { 200: jsonResponse(z.object({ data: z.array(supportingDocumentVersionViewSchema) }), "The versions"), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
});

const newVersionRoute = createRoute({
  method: "post",
  path: "/api/v1/supporting_documents/{id}/versions",
  tags: ["Supporting documents"],
  summary: "Upload a new file for a document (multipart/form-data); earlier files are kept as versions",
  middleware: [guard(DOCUMENT_CALLERS)] as const,
  request: { params: z.object({ id: idSchema }), body: multipartBody(false) },
  responses: { 201: jsonResponse(documentBody, "The document, now at its new version"), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 413: errorResponses[413], 422: errorResponses[422] },
});

const fileRoute = createRoute({
  method: "get",
  path: "/api/v1/supporting_documents/{id}/file",
  tags: ["Supporting documents"],
  summary: "Download a document's file (the current version, or ?version=ID), as an attachment; the session cookie is accepted",
  middleware: [guard(DOCUMENT_CALLERS)] as const,
  request: { params: z.object({ id: idSchema }), query: z.object({ version: idSchema.optional() }) },
  responses: { 200: fileResponse, 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
});

/** Validates the text fields of a multipart upload; codes of every problem (file included) in one 422. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>, problems: string[]): z.infer<T> | null {
  const input = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ""));
  const result = schema.safeParse(input);
  if (!result.success) problems.push(...issueCodes(result.error.issues, input));
  return result.success ? result.data : null;
}

/** "attachment" with an ASCII fallback name and the exact UTF-8 one (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\;]/g, "_").trim() || "document";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

const uploaderOf = (c: Context<AppEnv>) => {
  const auth = sessionOf(c);
  return auth.realm === "client" ? auth.userId : null;
};

export function registerSupportingDocumentRoutes(app: OpenAPIHono<AppEnv>) {
  for (const path of Object.keys(OWNER_PATHS) as OwnerPath[]) {
    const routes = ownerRoutes(path);
    const ownerOf = (id: number): DocumentOwner => ({ type: OWNER_PATHS[path], id });

    // GET /api/v1/{clients|administrative_procedures|ongoing_formalities}/{id}/supporting_documents – an owner's documents
    app.openapi(routes.list, async (c) => {
      const db = c.get("db");
      const owner = ownerOf(c.req.valid("param").id);
      await requireOwner(db, c.get("auth"), owner, "read");
      return c.json({ data: await listOwnerDocuments(db, owner) }, 200, NO_STORE);
    });

    // POST /api/v1/{clients|administrative_procedures|ongoing_formalities}/{id}/supporting_documents – upload a document
    app.openapi(routes.create, async (c) => {
      const db = c.get("db");
      const owner = ownerOf(c.req.valid("param").id);
      // Who may write is known before a byte of the file is read.
      await requireOwner(db, c.get("auth"), owner, "write");
      const upload = await receiveMultipart(c.req.raw, uploadSpoolDir());
      try {
        const problems: string[] = [];
        const fields = parseFields(supportingDocumentUploadFieldsSchema, upload.fields, problems);
        if (fields && (fields.owner_type !== undefined || fields.owner_id !== undefined) && (fields.owner_type !== owner.type || fields.owner_id !== owner.id)) {
          problems.push("supporting_document__owner__invalid");
        }
        if (!upload.file) problems.push("supporting_document__file__missing");
        if (problems.length > 0 || !fields || !upload.file) throw new ApiError(422, [...new Set(problems)]);
        const view = await createDocument(db, c.get("fileStorage"), {
          owner,
          details: { documentType: fields.document_type, expiryDate: fields.expiry_date, issueDate: fields.issue_date, reference: fields.reference },
          spool: upload.file,
          uploadedByClientId: uploaderOf(c),
        });
        return c.json({ data: view }, 201, NO_STORE);
      } finally {
        await upload.discard();
      }
    });

    // GET /api/v1/{clients|administrative_procedures|ongoing_formalities}/{id}/supporting_documents/{document_id} – one document
    app.openapi(routes.read, async (c) => {
      const db = c.get("db");
      const { id, document_id } = c.req.valid("param");
      await requireDocumentOf(db, c.get("auth"), ownerOf(id), document_id, "read");
      return c.json({ data: (await getDocumentView(db, document_id))! }, 200, NO_STORE);
    });

    // PUT /api/v1/{clients|administrative_procedures|ongoing_formalities}/{id}/supporting_documents/{document_id} – change details or owners
    app.openapi(routes.update, async (c) => {
      const db = c.get("db");
      const { id, document_id } = c.req.valid("param");
      await requireDocumentOf(db, c.get("auth"), ownerOf(id), document_id, "write");
      return c.json({ data: await updateDocument(db, sessionOf(c), document_id, c.req.valid("json")) }, 200, NO_STORE);
    });

    // DELETE /api/v1/{clients|administrative_procedures|ongoing_formalities}/{id}/supporting_documents/{document_id} – detach or delete
    app.openapi(routes.remove, async (c) => {
      const db = c.get("db");
      const { id, document_id } = c.req.valid("param");
      await requireDocumentOf(db, c.get("auth"), ownerOf(id), document_id, "write");
      const { deleted } = await removeDocumentFromOwner(db, c.get("fileStorage"), ownerOf(id), document_id);
      return c.json({ data: { id: document_id, deleted } }, 200, NO_STORE);
    });
  }

  // GET /api/v1/supporting_documents/{id}/versions – every file of a document
  app.openapi(versionsRoute, async (c) => {
    const db = c.get("db");
    const { id } = c.req.valid("param");
    await requireDocument(db, c.get("auth"), id, "read");
    return c.json({ data: await listVersions(db, id) }, 200, NO_STORE);
  });

  // POST /api/v1/supporting_documents/{id}/versions – upload a new file for a document
  app.openapi(newVersionRoute, async (c) => {
    const db = c.get("db");
    const { id } = c.req.valid("param");
    await requireDocument(db, c.get("auth"), id, "write");
    const upload = await receiveMultipart(c.req.raw, uploadSpoolDir());
    try {
      const problems: string[] = [];
      const fields = parseFields(supportingDocumentVersionFieldsSchema, upload.fields, problems);
      if (!upload.file) problems.push("supporting_document__file__missing");
      if (problems.length > 0 || !fields || !upload.file) throw new ApiError(422, [...new Set(problems)]);
      const view = await addDocumentVersion(db, c.get("fileStorage"), id, {
        details: { expiryDate: fields.expiry_date, issueDate: fields.issue_date, reference: fields.reference },
        spool: upload.file,
        uploadedByClientId: uploaderOf(c),
      });
      return c.json({ data: view }, 201, NO_STORE);
    } finally {
      await upload.discard();
    }
  });

  // GET /api/v1/supporting_documents/{id}/file – stream a document's file to an authorised caller
  app.openapi(fileRoute, async (c) => {
    const db = c.get("db");
    const { id } = c.req.valid("param");
    await requireDocument(db, c.get("auth"), id, "read");
    const file = await documentFile(db, id, c.req.valid("query").version);
    let stream: Readable;
    try {
      stream = await c.get("fileStorage").get(file.key);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new ApiError(404, "not_found");
      throw error;
    }
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
      "content-type": file.contentType,
      "content-length": String(file.byteSize),
      "content-disposition": attachmentDisposition(file.fileName),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      // The stored checksum, so a client can verify what it received.
      "x-checksum-sha256": file.sha256,
    });
  });
}
