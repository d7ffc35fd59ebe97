import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { rolesFor } from "@/domain/business-deal-access";
import { idSchema } from "@/domain/schemas/common";
import { dealDocumentViewSchema } from "@/domain/schemas/deal-document";
import {
  documentEditionCreateSchema,
  documentEditionsQuerySchema,
  documentEditionUpdateSchema,
  documentEditionViewSchema,
  editableDocumentsQuerySchema,
  editableDocumentViewSchema,
} from "@/domain/schemas/document-edition";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import {
  createDocumentEdition,
  generateDocumentEdition,
  getDocumentEdition,
  getEditableDocument,
  listDocumentEditions,
  listEditableDocuments,
  updateDocumentEdition,
} from "@/server/services/deal-documents/document-editions";

/**
 * Editable documents and document editions (SPEC "Other", issue 14). Who may call: the
 * "work" action of src/domain/business-deal-access.ts, like the deal's documents (a
 * partner professional only on the deals assigned to them, 404 for any other deal).
 */
const WORKERS = signedIn({ business: rolesFor("work") });
const NO_STORE = { "cache-control": "private, no-store" } as const;
const TAG = "Document editions";
const idParams = z.object({ id: idSchema });
const json = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };
const withBody = { 400: errorResponses[400], ...refusals };
const editionBody = z.object({ data: documentEditionViewSchema });

const routes = {
  templates: createRoute({
    method: "get",
    path: "/api/v1/editable_documents",
    tags: [TAG],
    summary: "The document templates (deal_type, generation_type, rule_tag, owners, placeholders); ?deal_type=funeral|item|marble",
    middleware: [guard(WORKERS)] as const,
    request: { query: editableDocumentsQuerySchema },
    responses: { 200: jsonResponse(z.object({ data: z.array(editableDocumentViewSchema) }), "The templates"), ...refusals },
  }),
  template: createRoute({
    method: "get",
    path: "/api/v1/editable_documents/{id}",
    tags: [TAG],
    summary: "One template with its Markdown text and {{placeholders}}",
    middleware: [guard(WORKERS)] as const,
    request: { params: idParams },
    responses: { 200: jsonResponse(z.object({ data: editableDocumentViewSchema }), "The template"), ...refusals },
  }),
  list: createRoute({
    method: "get",
    path: "/api/v1/document_editions",
    tags: [TAG],
    summary: "The editions of a deal (?deal_id=), last edited first",
    middleware: [guard(WORKERS)] as const,
    request: { query: documentEditionsQuerySchema },
    responses: { 200: jsonResponse(z.object({ data: z.array(documentEditionViewSchema) }), "The editions"), ...refusals },
  }),
  create: createRoute({
    method: "post",
    path: "/api/v1/document_editions",
    tags: [TAG],
    summary: "Fill a template from a deal's data; what the deal lacks is marked and listed in `missing`",
    description: "422 document_edition__editable_document_id__not_found, document_edition__editable_document_id__kind_mismatch (a template for another kind of deal).",
    middleware: [guard(WORKERS)] as const,
    request: json(documentEditionCreateSchema),
    responses: { 201: jsonResponse(editionBody, "The edition"), ...withBody },
  }),
  read: createRoute({
    method: "get",
    path: "/api/v1/document_editions/{id}",
    tags: [TAG],
    summary: "One edition",
    middleware: [guard(WORKERS)] as const,
    request: { params: idParams },
    responses: { 200: jsonResponse(editionBody, "The edition"), ...refusals },
  }),
  update: createRoute({
    method: "put",
    path: "/api/v1/document_editions/{id}",
    tags: [TAG],
    summary: "Save the advisor's text (content); 422 document_edition__content__blank / too_long",
    middleware: [guard(WORKERS)] as const,
    request: { params: idParams, ...json(documentEditionUpdateSchema) },
    responses: { 200: jsonResponse(editionBody, "The edition"), ...withBody },
  }),
  generate: createRoute({
    method: "post",
    path: "/api/v1/document_editions/{id}/generate",
    tags: [TAG],
    summary: "Produce the edition as a PDF into the deal's documents; 422 document_edition__content__incomplete while data is still marked missing",
    middleware: [guard(WORKERS)] as const,
    request: { params: idParams },
    responses: { 201: jsonResponse(z.object({ data: dealDocumentViewSchema }), "The new document"), ...refusals },
  }),
};

export function registerDocumentEditionRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/editable_documents – the templates
  app.openapi(routes.templates, async (c) => {
    return c.json({ data: await listEditableDocuments(c.get("db"), c.req.valid("query").deal_type) }, 200, NO_STORE);
  });

  // GET /api/v1/editable_documents/{id} – one template
  app.openapi(routes.template, async (c) => {
    return c.json({ data: await getEditableDocument(c.get("db"), c.req.valid("param").id) }, 200, NO_STORE);
  });

  // GET /api/v1/document_editions – a deal's editions
  app.openapi(routes.list, async (c) => {
    return c.json({ data: await listDocumentEditions(c.get("db"), sessionOf(c), c.req.valid("query").deal_id) }, 200, NO_STORE);
  });

  // POST /api/v1/document_editions – fill a template for a deal
  app.openapi(routes.create, async (c) => {
    return c.json({ data: await createDocumentEdition(c.get("db"), sessionOf(c), c.req.valid("json"), new Date()) }, 201, NO_STORE);
  });

  // GET /api/v1/document_editions/{id} – one edition
  app.openapi(routes.read, async (c) => {
    return c.json({ data: await getDocumentEdition(c.get("db"), sessionOf(c), c.req.valid("param").id) }, 200, NO_STORE);
  });

  // PUT /api/v1/document_editions/{id} – save the edited text
  app.openapi(routes.update, async (c) => {
    return c.json({ data: await updateDocumentEdition(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json").content, new Date()) }, 200, NO_STORE);
  });

  // POST /api/v1/document_editions/{id}/generate – produce the PDF into the deal's documents
  app.openapi(routes.generate, async (c) => {
    return c.json({ data: await generateDocumentEdition(c.get("db"), c.get("fileStorage"), sessionOf(c), c.req.valid("param").id, new Date()) }, 201, NO_STORE);
  });
}
