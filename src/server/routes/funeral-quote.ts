import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { dealUuidSchema, funnelCreateSchema, funnelUpdateSchema } from "@/domain/schemas/funeral-quote";
import { funnelDealCreatedSchema, funnelDealViewSchema } from "@/domain/schemas/funeral-quote-view";
import { pricingQuerySchema, pricingResponseSchema } from "@/domain/schemas/quote-pricing";
import { ApiError } from "@/server/http/errors";
import type { AppEnv } from "@/server/http/env";
import { funnelContext, NO_STORE, pdfHeaders, pdfTokenQuery, RESUME_TOKEN_HEADER, resumeHeaders, tooManyResponse } from "@/server/routes/funnel-http";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { createFunnelDeal } from "@/server/services/funeral-quote/create-funnel-deal";
import { getFunnelDeal } from "@/server/services/funeral-quote/get-funnel-deal";
import { funnelQuotePdf } from "@/server/services/funeral-quote/quote-pdf";
import { updateFunnelDeal } from "@/server/services/funeral-quote/update-funnel-deal";
import { getPricingData, operatorIdentity } from "@/server/services/quote-pricing";
import { publicAccess } from "@/domain/access";
import { guard } from "@/server/http/auth";

// Visitors start a quote without an account; the deal's resume token or its owner's session
// (checked by the use case) opens it again; the uuid alone opens nothing.
const FUNNEL_START = publicAccess("a visitor starts a quote without an account");
const FUNNEL_DEAL = publicAccess("the resume token or the owner's session opens the deal (checked by the use case); the uuid alone opens nothing");

const uuidParams = z.object({ uuid: dealUuidSchema });

const tooMany = tooManyResponse("Too many accounts or quote e-mails for this address or from this caller: wait Retry-After seconds");

const createDealRoute = createRoute({
  method: "post",
  path: "/api/v1/funeral_funnel/deals",
  middleware: [guard(FUNNEL_START)] as const,
  tags: ["Funnels"],
  summary: "Start a funeral quote: the deal, its steps, the defunct, the client (when given) and the marketing attributes",
  description:
    "Creates the deal from the first answer. With `client`, creates the client account (no password yet) and makes it the owner; " +
    "an address already used by another client answers 422 client__email__taken and stores nothing. With `submit`, the quote is e-mailed. " +
    "The answer carries `resume_token`, the deal's only key without a session. Accounts and quote e-mails are limited per address and per caller (429).",
  request: { body: { content: { "application/json": { schema: funnelCreateSchema } }, required: true } },
  responses: {
    201: jsonResponse(funnelDealCreatedSchema, "The deal with the server's quote and its resume token"),
    400: errorResponses[400],
    413: errorResponses[413],
    422: errorResponses[422],
    429: tooMany,
  },
});

const updateDealRoute = createRoute({
  method: "put",
  path: "/api/v1/funeral_funnel/deals/{uuid}",
  middleware: [guard(FUNNEL_DEAL)] as const,
  tags: ["Funnels"],
  summary: "Save the funnel's answers; the quote and the deal's steps are computed again",
  description:
    "With the resume token: the answers while the deal is a draft (422 deal__sign_in_required after), the first contact details of an ownerless deal, " +
    "never another's details (422 deal__client__sign_in_required) nor the deal under another account (422 deal__client__locked). 404 without token nor session; 403 to a signed-in reader or notary of the deal (only the owner and editors change it).",
  request: { params: uuidParams, headers: resumeHeaders, body: { content: { "application/json": { schema: funnelUpdateSchema } }, required: true } },
  responses: {
    200: jsonResponse(funnelDealViewSchema, "The deal with the server's quote"),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    413: errorResponses[413],
    422: errorResponses[422],
    429: tooMany,
  },
});

const readDealRoute = createRoute({
  method: "get",
  path: "/api/v1/funeral_funnel/deals/{uuid}",
  middleware: [guard(FUNNEL_DEAL)] as const,
  tags: ["Funnels"],
  summary: "Read a funnel deal back (resume on another device, or from the quote e-mail): with its resume token, or as its signed-in owner",
  description: "Through the resume token alone the answer holds the answers and the quote, not the family's contact details nor the deceased's name.",
  request: { params: uuidParams, headers: resumeHeaders },
  responses: { 200: jsonResponse(funnelDealViewSchema, "The deal"), 404: errorResponses[404], 422: errorResponses[422] },
});

const quotePdfRoute = createRoute({
  method: "get",
  path: "/api/v1/funeral_funnel/deals/{uuid}/quote.pdf",
  middleware: [guard(FUNNEL_DEAL)] as const,
  tags: ["Funnels"],
  summary: "The quote as a PDF in the legal model (same data as on screen)",
  request: {
    params: uuidParams,
    headers: resumeHeaders,
    query: pdfTokenQuery,
  },
  responses: {
    200: { description: "The PDF", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

const pricingRoute = createRoute({
  method: "get",
  path: "/api/v1/funeral_funnel/pricing",
  middleware: [guard(publicAccess("published prices of the catalogue"))] as const,
  tags: ["Funnels"],
  summary: "Price data of the quote engine for a commune (and the countries of a repatriation), so the funnel prices each answer instantly",
  request: {
    query: pricingQuerySchema,
  },
  responses: {
    200: jsonResponse(pricingResponseSchema, "Catalogue, partners and operator identity"),
    422: errorResponses[422],
  },
});

export function registerFuneralFunnelRoutes(app: OpenAPIHono<AppEnv>) {
  // POST /api/v1/funeral_funnel/deals – start a funeral quote
  app.openapi(createDealRoute, async (c) => c.json(await createFunnelDeal(c.get("db"), c.req.valid("json"), funnelContext(c)), 201, NO_STORE));

  // PUT /api/v1/funeral_funnel/deals/{uuid} – save answers, and submit the quote from the contact step
  app.openapi(updateDealRoute, async (c) =>
    c.json(await updateFunnelDeal(c.get("db"), c.req.valid("param").uuid, c.req.valid("json"), funnelContext(c)), 200, NO_STORE),
  );

  // GET /api/v1/funeral_funnel/deals/{uuid} – read a funnel deal back to resume it
  app.openapi(readDealRoute, async (c) => {
    const deal = await getFunnelDeal(c.get("db"), c.req.valid("param").uuid, funnelContext(c));
    if (!deal) throw new ApiError(404, "not_found");
    return c.json(deal, 200, NO_STORE);
  });

  // GET /api/v1/funeral_funnel/deals/{uuid}/quote.pdf – the quote in the legal model, as a PDF
  app.openapi(quotePdfRoute, async (c) => {
    const uuid = c.req.valid("param").uuid;
    const pdf = await funnelQuotePdf(c.get("db"), uuid, funnelContext(c, c.req.header(RESUME_TOKEN_HEADER) ?? c.req.valid("query").token ?? null));
    if (!pdf) throw new ApiError(404, "not_found");
    return c.body(pdf, 200, pdfHeaders(`devis-obseques-${uuid.slice(0, 8)}.pdf`));
  });

  // GET /api/v1/funeral_funnel/pricing – catalogue and partners for the funnel's live price
  app.openapi(pricingRoute, async (c) => {
    const query = c.req.valid("query");
    const data = await getPricingData(c.get("db"), query);
    const commune = data.commune ? { insee_code: data.commune.inseeCode, name: data.commune.name, postal_code: data.commune.postalCode } : null;
    return c.json({ catalog: data.catalog, partners: data.partners, operator: operatorIdentity(), commune }, 200, { "cache-control": "public, max-age=60" });
  });
}
