import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { publicAccess, signedIn } from "@/domain/access";
import { DOCUMENT_REQUEST_PROOF_HEADER } from "@/domain/document-requests";
import { ROLES } from "@/domain/roles";
import { idSchema } from "@/domain/schemas/common";
import {
  documentRequestCreateSchema,
  documentRequestItemSchema,
  documentRequestProofSchema,
  documentRequestSummarySchema,
  documentRequestVerifySchema,
  documentRequestViewSchema,
} from "@/domain/schemas/document-request";
import { errorBodySchema } from "@/domain/schemas/common";
import { guard } from "@/server/http/auth";
import { clientIp } from "@/server/http/client-ip";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { authNow } from "@/server/services/auth/clock";
import { createDocumentRequest, listDocumentRequests } from "@/server/services/document-requests/create-document-request";
import { openDocumentRequest, verifyDocumentRequest } from "@/server/services/document-requests/open-document-request";
import { storeRequestedDocument, uploadTarget } from "@/server/services/document-requests/upload-requested-document";
import { receiveMultipart } from "@/server/services/supporting-documents/receive-multipart";
import { uploadSpoolDir } from "@/server/services/supporting-documents/store-document";
import { MAX_DOCUMENT_BYTES } from "@/domain/supporting-documents";

/**
 * Documents asked of a relative by SMS (SPEC §2, /documents/sms/{id}). The family's
 * holders (and advisors running the case) send requests; the recipient opens the link,
 * which shows first names only until the code of the SMS (or a holder's session) proves
 * who they are.
 */

// Holders are checked by requireProcedure (404 to a stranger, 403 to a role without the right).
const SENDERS = signedIn({ clients: true, business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] });
const LINK = publicAccess("the 256-bit token of an SMS link; first names only until the code is proved, per-address limits");

const tooMany = jsonResponse(z.object({ error: z.literal("Too Many Requests"), message: z.literal("rate_limited") }), "Too many lookups or codes from this caller: wait Retry-After seconds");
const expired = jsonResponse(errorBodySchema, "The link has expired (document_request__expired): the sender can send a new one");
const tokenParam = z.object({ token: z.string().max(100).meta({ description: "The link's id, from the SMS" }) });
const proofHeader = z.object({
  [DOCUMENT_REQUEST_PROOF_HEADER]: z.string().max(100).optional().meta({ description: "The proof returned by …/verify (or sign in as a holder of the procedure)" }),
});

const createRouteDef = createRoute({
  method: "post",
  path: "/api/v1/administrative_procedures/{id}/document_requests",
  middleware: [guard(SENDERS)] as const,
  tags: ["Document requests"],
  summary: "Ask a relative for documents by SMS (owner, editor, or an advisor running the case)",
  description: "Sends an SMS with a link to /documents/sms/{id} and a 6-digit code. The answer never carries the link nor the code.",
  request: { params: z.object({ id: idSchema }), body: { required: true, content: { "application/json": { schema: documentRequestCreateSchema } } } },
  responses: {
    201: jsonResponse(z.object({ data: documentRequestSummarySchema }), "The request; its SMS is on its way"),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

const listRouteDef = createRoute({
  method: "get",
  path: "/api/v1/administrative_procedures/{id}/document_requests",
  middleware: [guard(SENDERS)] as const,
  tags: ["Document requests"],
  summary: "Requests sent for a procedure, newest first, with each document's status",
  request: { params: z.object({ id: idSchema }) },
  responses: {
    200: jsonResponse(z.object({ data: z.array(documentRequestSummarySchema) }), "The requests"),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

const openRouteDef = createRoute({
  method: "get",
  path: "/api/v1/document_requests/{token}",
  middleware: [guard(LINK)] as const,
  tags: ["Document requests"],
  summary: "What an SMS link shows: first names, number of documents, expiry; the list once proved",
  request: { params: tokenParam, headers: proofHeader },
  responses: {
    200: jsonResponse(z.object({ data: documentRequestViewSchema }), "The request as this caller may see it"),
    404: errorResponses[404],
    410: expired,
    429: tooMany,
  },
});

const verifyRouteDef = createRoute({
  method: "post",
  path: "/api/v1/document_requests/{token}/verify",
  middleware: [guard(LINK)] as const,
  tags: ["Document requests"],
  summary: "Prove the code of the SMS; answers a short-lived proof for this request only",
  request: { params: tokenParam, body: { required: true, content: { "application/json": { schema: documentRequestVerifySchema } } } },
  responses: {
    200: jsonResponse(z.object({ data: documentRequestProofSchema }), "The proof, to send in X-Document-Request-Proof"),
    403: jsonResponse(errorBodySchema, "Too many wrong codes (document_request__locked): the sender must send a new link"),
    404: errorResponses[404],
    410: expired,
    422: errorResponses[422],
    429: tooMany,
  },
});

const uploadRouteDef = createRoute({
  method: "post",
  path: "/api/v1/document_requests/{token}/items/{item_id}/file",
  middleware: [guard(LINK)] as const,
  tags: ["Document requests"],
  summary: "Send the file of one requested document (after proof); sending again adds a version",
  description:
    "multipart/form-data with one `file` part (PDF, JPEG, PNG, WebP, HEIC; judged by content; images re-encoded without metadata). " +
    "Needs X-Document-Request-Proof for this request, or a session of a holder who may change the procedure's documents.",
  request: {
    params: tokenParam.extend({ item_id: idSchema }),
    headers: proofHeader,
    // A plain OpenAPI schema, not zod: documented only, the body is read as a stream by receiveMultipart.
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: { type: "object" as const, required: ["file"], properties: { file: { type: "string", format: "binary", description: `At most ${MAX_DOCUMENT_BYTES} bytes` } } },
        },
      },
    },
  },
  responses: {
    201: jsonResponse(z.object({ data: documentRequestItemSchema }), "The document, now received"),
    403: jsonResponse(errorBodySchema, "No proof for this request (document_request__proof__required) or too many wrong codes (document_request__locked)"),
    404: errorResponses[404],
    410: expired,
    413: errorResponses[413],
    422: errorResponses[422],
    429: tooMany,
  },
});

// The token is in the path: no referrer to carry it elsewhere, nothing kept by a cache.
const LINK_HEADERS = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

/** Runs a link's use case with the link headers set first, so its refusals (404, 410, 429) carry them too. */
async function asLink<T>(c: Context<AppEnv>, run: () => Promise<T>): Promise<T> {
  c.header("Referrer-Policy", "no-referrer");
  c.header("Cache-Control", "no-store");
  return run();
}

export function registerDocumentRequestRoutes(app: OpenAPIHono<AppEnv>) {
  // POST /api/v1/administrative_procedures/{id}/document_requests – ask a relative for documents by SMS
  app.openapi(createRouteDef, async (c) => {
    const data = await createDocumentRequest(c.get("db"), c.get("auth"), c.req.valid("param").id, c.req.valid("json"), authNow());
    return c.json({ data }, 201, { "cache-control": "private, no-store" });
  });

  // GET /api/v1/administrative_procedures/{id}/document_requests – the requests of a procedure
  app.openapi(listRouteDef, async (c) => {
    const data = await listDocumentRequests(c.get("db"), c.get("auth"), c.req.valid("param").id);
    return c.json({ data }, 200, { "cache-control": "private, no-store" });
  });

  // GET /api/v1/document_requests/{token} – what the SMS link shows to this caller
  app.openapi(openRouteDef, async (c) => {
    const input = { proof: c.req.header(DOCUMENT_REQUEST_PROOF_HEADER), auth: c.get("auth"), ip: clientIp(c), now: authNow() };
    const data = await asLink(c, () => openDocumentRequest(c.get("db"), c.req.valid("param").token, input));
    return c.json({ data }, 200, LINK_HEADERS);
  });

  // POST /api/v1/document_requests/{token}/verify – prove the SMS code
  app.openapi(verifyRouteDef, async (c) => {
    const input = { ip: clientIp(c), now: authNow() };
    const data = await asLink(c, () => verifyDocumentRequest(c.get("db"), c.req.valid("param").token, c.req.valid("json").code, input));
    return c.json({ data }, 200, LINK_HEADERS);
  });

  // POST /api/v1/document_requests/{token}/items/{item_id}/file – send one requested document
  app.openapi(uploadRouteDef, async (c) => {
    const db = c.get("db");
    const { token, item_id } = c.req.valid("param");
    const now = authNow();
    const input = { proof: c.req.header(DOCUMENT_REQUEST_PROOF_HEADER), auth: c.get("auth"), ip: clientIp(c), now };
    // Who may send, and for which item, is settled before a byte of the file is read.
    const target = await asLink(c, () => uploadTarget(db, token, item_id, input));
    const upload = await receiveMultipart(c.req.raw, uploadSpoolDir());
    try {
      const data = await storeRequestedDocument(db, c.get("fileStorage"), target, upload, now);
      return c.json({ data }, 201, LINK_HEADERS);
    } finally {
      await upload.discard();
    }
  });
}
