import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { Readable } from "node:stream";
import { z } from "zod";
import { publicAccess, signedIn } from "@/domain/access";
import { rolesFor } from "@/domain/business-deal-access";
import {
  signatureRequestCreateSchema,
  signatureRequestParams,
  signatureRequestsQuerySchema,
  signatureRequestViewSchema,
  signatureSignSchema,
  signatureTokenParams,
  signerViewSchema,
} from "@/domain/schemas/signature-request";
import { guard, sessionOf } from "@/server/http/auth";
import { clientIp } from "@/server/http/client-ip";
import type { AppEnv } from "@/server/http/env";
import { RateLimitedError } from "@/server/http/errors";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { attachmentDisposition } from "@/server/routes/supporting-documents";
import { openDealDocument } from "@/server/services/deal-documents/deal-documents";
import { cancelSignatureRequest, createSignatureRequest, resendSignatureRequest, declineSignature, listSignatureRequests, signDocument, signerDocument, signerView } from "@/server/services/deal-documents/signature-requests";
import { consumeRateLimit } from "@/server/services/rate-limit";

/**
 * Signature requests (SPEC "Other", issue 14). The advisor's side follows the deal's
 * documents ("work" of business-deal-access.ts). The signer's side is public: the link's
 * token is the only credential (256 bits, stored hashed), answers are private and
 * no-referrer, and each address may try only a few tokens a minute (guessing is pointless,
 * and the limit keeps it quiet).
 */
const WORKERS = signedIn({ business: rolesFor("work") });
const SIGNER = publicAccess("the e-mailed signing link's token is the credential");
const NO_STORE = { "cache-control": "private, no-store" } as const;
const SIGNER_HEADERS = { ...NO_STORE, "referrer-policy": "no-referrer", "x-robots-tag": "noindex, nofollow" } as const;
const TAG = "Signature requests";
const json = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };
const signerRefusals = { 404: errorResponses[404], 422: errorResponses[422], 429: { description: "Too many attempts from this address; Retry-After says when to try again" } };
/** Attempts per client address per minute on the token routes. */
export const SIGNER_ATTEMPTS_PER_MINUTE = 30;

const routes = {
  list: createRoute({
    method: "get",
    path: "/api/v1/signature_requests",
    tags: [TAG],
    summary: "The signature requests of a deal (?deal_id=)",
    middleware: [guard(WORKERS)] as const,
    request: { query: signatureRequestsQuerySchema },
    responses: { 200: jsonResponse(z.object({ data: z.array(signatureRequestViewSchema) }), "The requests"), ...refusals },
  }),
  create: createRoute({
    method: "post",
    path: "/api/v1/signature_requests",
    tags: [TAG],
    summary: "Send one of the deal's PDFs to a member of its family for signature (the sandbox signer e-mails a link)",
    description: "422 signature_request__document_id__not_found / not_pdf, signature_request__client_id__not_member / no_email.",
    middleware: [guard(WORKERS)] as const,
    request: json(signatureRequestCreateSchema),
    responses: { 201: jsonResponse(z.object({ data: signatureRequestViewSchema }), "The request"), 400: errorResponses[400], ...refusals },
  }),
  cancel: createRoute({
    method: "post",
    path: "/api/v1/signature_requests/{id}/cancel",
    tags: [TAG],
    summary: "Withdraw a request still waiting for its signer: the link stops working at once",
    description: "422 signature_request__status__closed (already signed, declined, expired or cancelled).",
    middleware: [guard(WORKERS)] as const,
    request: { params: signatureRequestParams },
    responses: { 200: jsonResponse(z.object({ data: signatureRequestViewSchema }), "The cancelled request"), ...refusals },
  }),
  resend: createRoute({
    method: "post",
    path: "/api/v1/signature_requests/{id}/resend",
    tags: [TAG],
    summary: "E-mail the signing link again with a new token (the previous link stops working once it goes out); same expiry",
    description: "422 signature_request__status__closed (already signed, declined, expired or cancelled).",
    middleware: [guard(WORKERS)] as const,
    request: { params: signatureRequestParams },
    responses: { 200: jsonResponse(z.object({ data: signatureRequestViewSchema }), "The request, its e-mail queued"), ...refusals },
  }),
  view: createRoute({
    method: "get",
    path: "/api/v1/signatures/{token}",
    tags: [TAG],
    summary: "What the signing page shows: the document's name, the signer, the status",
    middleware: [guard(SIGNER)] as const,
    request: { params: signatureTokenParams },
    responses: { 200: jsonResponse(z.object({ data: signerViewSchema }), "The request"), ...signerRefusals },
  }),
  file: createRoute({
    method: "get",
    path: "/api/v1/signatures/{token}/file",
    tags: [TAG],
    summary: "The PDF to read before signing (inline, while the request is open), then the signed copy once signed",
    middleware: [guard(SIGNER)] as const,
    request: { params: signatureTokenParams },
    responses: { 200: { description: "The PDF", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } }, ...signerRefusals },
  }),
  sign: createRoute({
    method: "post",
    path: "/api/v1/signatures/{token}/sign",
    tags: [TAG],
    summary: "Sign: the typed name (the signer's own) and consent; the signed copy becomes a document of the deal",
    description: "422 signature__name__blank / mismatch, signature__consent__required, signature__status__closed (already signed or declined), signature__status__expired.",
    middleware: [guard(SIGNER)] as const,
    request: { params: signatureTokenParams, ...json(signatureSignSchema) },
    responses: { 200: jsonResponse(z.object({ data: signerViewSchema }), "Signed"), 400: errorResponses[400], ...signerRefusals },
  }),
  decline: createRoute({
    method: "post",
    path: "/api/v1/signatures/{token}/decline",
    tags: [TAG],
    summary: "Decline to sign",
    middleware: [guard(SIGNER)] as const,
    request: { params: signatureTokenParams },
    responses: { 200: jsonResponse(z.object({ data: signerViewSchema }), "Declined"), ...signerRefusals },
  }),
};

export function registerSignatureRequestRoutes(app: OpenAPIHono<AppEnv>) {
  const limitSigner = async (c: Parameters<Parameters<typeof app.openapi>[1]>[0]) => {
    const ip = clientIp(c) ?? "unknown";
    const decision = await consumeRateLimit(c.get("db"), { bucket: "signature_link", rules: [{ key: `ip:${ip}`, limit: SIGNER_ATTEMPTS_PER_MINUTE, windowMs: 60_000 }], now: new Date() });
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
  };

  // GET /api/v1/signature_requests – a deal's signature requests
  app.openapi(routes.list, async (c) => {
    return c.json({ data: await listSignatureRequests(c.get("db"), sessionOf(c), c.req.valid("query").deal_id) }, 200, NO_STORE);
  });

  // POST /api/v1/signature_requests – send a document for signature
  app.openapi(routes.create, async (c) => {
    return c.json({ data: await createSignatureRequest(c.get("db"), c.get("fileStorage"), sessionOf(c), c.req.valid("json"), new Date()) }, 201, NO_STORE);
  });

  // POST /api/v1/signature_requests/{id}/cancel – withdraw a waiting request
  app.openapi(routes.cancel, async (c) => {
    return c.json({ data: await cancelSignatureRequest(c.get("db"), sessionOf(c), c.req.valid("param").id, new Date()) }, 200, NO_STORE);
  });

  // POST /api/v1/signature_requests/{id}/resend – e-mail a new link
  app.openapi(routes.resend, async (c) => {
    return c.json({ data: await resendSignatureRequest(c.get("db"), sessionOf(c), c.req.valid("param").id, new Date()) }, 200, NO_STORE);
  });

  // GET /api/v1/signatures/{token} – the signing page's data
  app.openapi(routes.view, async (c) => {
    await limitSigner(c);
    return c.json({ data: await signerView(c.get("db"), c.req.valid("param").token, new Date()) }, 200, SIGNER_HEADERS);
  });

  // GET /api/v1/signatures/{token}/file – the document to read
  app.openapi(routes.file, async (c) => {
    await limitSigner(c);
    const row = await signerDocument(c.get("db"), c.req.valid("param").token, new Date());
    const stream = await openDealDocument(c.get("fileStorage"), row);
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
      ...SIGNER_HEADERS,
      "content-type": "application/pdf",
      "content-length": String(row.byteSize),
      "content-disposition": attachmentDisposition(row.name).replace(/^attachment/, "inline"),
      "x-content-type-options": "nosniff",
    });
  });

  // POST /api/v1/signatures/{token}/sign – sign the document
  app.openapi(routes.sign, async (c) => {
    await limitSigner(c);
    const data = await signDocument(c.get("db"), c.get("fileStorage"), c.req.valid("param").token, c.req.valid("json"), clientIp(c), new Date());
    return c.json({ data }, 200, SIGNER_HEADERS);
  });

  // POST /api/v1/signatures/{token}/decline – decline to sign
  app.openapi(routes.decline, async (c) => {
    await limitSigner(c);
    return c.json({ data: await declineSignature(c.get("db"), c.req.valid("param").token, new Date()) }, 200, SIGNER_HEADERS);
  });
}
