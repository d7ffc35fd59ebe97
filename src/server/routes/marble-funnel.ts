import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { publicAccess } from "@/domain/access";
import { dealUuidSchema } from "@/domain/schemas/funeral-quote";
import {
  marbleDealCreatedSchema,
  marbleDealCreateSchema,
  marbleDealUpdateSchema,
  marbleDealViewSchema,
  marbleFiltersQuerySchema,
  marbleFiltersSchema,
  marbleProductsQuerySchema,
  marbleProductsResponseSchema,
  supplierWarehousesProductsQuerySchema,
  supplierWarehousesProductsResponseSchema,
} from "@/domain/schemas/marble-funnel";
import { guard } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { funnelContext, NO_STORE, pdfHeaders, pdfTokenQuery, RESUME_TOKEN_HEADER, resumeHeaders, tooManyResponse } from "@/server/routes/funnel-http";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { marbleFilters } from "@/server/services/marble-funnel/catalogue";
import { createMarbleDeal } from "@/server/services/marble-funnel/create-marble-deal";
import { getMarbleDeal } from "@/server/services/marble-funnel/get-marble-deal";
import { listMonumentProducts } from "@/server/services/marble-funnel/products";
import { marbleQuotePdf } from "@/server/services/marble-funnel/quote-pdf";
import { updateMarbleDeal } from "@/server/services/marble-funnel/update-marble-deal";
import { supplierWarehousesProducts } from "@/server/services/marble-funnel/warehouses";

// Visitors configure a monument without an account; the deal's resume token or its owner's
// session (checked by the use case) opens it again; the uuid alone opens nothing.
const CATALOGUE = publicAccess("the monument catalogue's published models, prices and workshops' delays");
const MARBLE_START = publicAccess("a visitor starts a monument quote without an account");
const MARBLE_DEAL = publicAccess("the resume token or the owner's session opens the deal (checked by the use case); the uuid alone opens nothing");

const uuidParams = z.object({ uuid: dealUuidSchema });
const tooMany = tooManyResponse("Too many quotes, accounts or e-mails from this caller or for this address: wait Retry-After seconds");
const TAGS = ["Funnels"];

const filtersRoute = createRoute({
  method: "get",
  path: "/api/v1/marble_funnel/filters",
  middleware: [guard(CATALOGUE)] as const,
  tags: TAGS,
  summary: "The monument configurator's choices: shapes, sizes, granites, finishes, fonts, accessories, options, every priced row, and a cemetery's concession types",
  request: { query: marbleFiltersQuerySchema },
  responses: { 200: jsonResponse(marbleFiltersSchema, "The configurator's vocabulary and prices"), 422: errorResponses[422] },
});

const productsRoute = createRoute({
  method: "get",
  path: "/api/v1/marble_funnel/products",
  middleware: [guard(CATALOGUE)] as const,
  tags: TAGS,
  summary: "Monument models, priced in a granite, filtered (shape, size, budget), searched (q, accents and case ignored) and paged",
  request: { query: marbleProductsQuerySchema },
  responses: { 200: jsonResponse(marbleProductsResponseSchema, "A page of models"), 422: errorResponses[422] },
});

const warehousesRoute = createRoute({
  method: "get",
  path: "/api/v1/marble_funnel/supplier_warehouses_products",
  middleware: [guard(CATALOGUE)] as const,
  tags: TAGS,
  summary: "Which marble workshops hold a product (by codes or id), with stock and lead time; the cemetery's département first",
  request: { query: supplierWarehousesProductsQuerySchema },
  responses: { 200: jsonResponse(supplierWarehousesProductsResponseSchema, "Workshops and their stock"), 422: errorResponses[422] },
});

const createDealRoute = createRoute({
  method: "post",
  path: "/api/v1/marble_funnel/deals",
  middleware: [guard(MARBLE_START)] as const,
  tags: TAGS,
  summary: "Start a monument quote from the configurator's first answer; the server prices it from the database",
  description:
    "Creates the marble deal. Prices are never read from the body: the server prices the configuration from its catalogue and picks the workshop. " +
    "With `client`, creates the client account (no password yet) and makes it the owner; an address already used answers 422 client__email__taken. " +
    "With `submit`, the quote is e-mailed. The answer carries `resume_token`, the deal's only key without a session. Quotes per caller, accounts and e-mails are limited (429).",
  request: { body: { content: { "application/json": { schema: marbleDealCreateSchema } }, required: true } },
  responses: {
    201: jsonResponse(marbleDealCreatedSchema, "The deal with the server's quote and its resume token"),
    400: errorResponses[400],
    413: errorResponses[413],
    422: errorResponses[422],
    429: tooMany,
  },
});

const updateDealRoute = createRoute({
  method: "put",
  path: "/api/v1/marble_funnel/deals/{uuid}",
  middleware: [guard(MARBLE_DEAL)] as const,
  tags: TAGS,
  summary: "Save the configurator's answers (fields left out keep their value); the quote is priced again",
  description:
    "Same access as the funeral funnel: with the resume token, a draft (422 deal__sign_in_required once sent); 404 without token nor session; 403 to a signed-in reader or notary (only the owner and editors change it).",
  request: { params: uuidParams, headers: resumeHeaders, body: { content: { "application/json": { schema: marbleDealUpdateSchema } }, required: true } },
  responses: {
    200: jsonResponse(marbleDealViewSchema, "The deal with the server's quote"),
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
  path: "/api/v1/marble_funnel/deals/{uuid}",
  middleware: [guard(MARBLE_DEAL)] as const,
  tags: TAGS,
  summary: "Read a monument deal back (resume, confirmation): with its resume token, or as a signed-in holder",
  description: "Through the resume token alone the answer holds the configuration and the quote, not the family's contact details, comment nor plot reference.",
  request: { params: uuidParams, headers: resumeHeaders },
  responses: { 200: jsonResponse(marbleDealViewSchema, "The deal"), 404: errorResponses[404], 422: errorResponses[422] },
});

const quotePdfRoute = createRoute({
  method: "get",
  path: "/api/v1/marble_funnel/deals/{uuid}/quote.pdf",
  middleware: [guard(MARBLE_DEAL)] as const,
  tags: TAGS,
  summary: "The monument quote as a PDF: drawing, itemised lines with VAT, totals, workshop and lead time, validity, cemetery",
  description: "404 until the model and the granite are chosen.",
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

// The catalogue changes with the back-office's edits: a minute of caching spares the database on every filter change.
const SHORT_CACHE = { "cache-control": "public, max-age=60" };

export function registerMarbleFunnelRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/marble_funnel/filters – the configurator's choices and prices
  app.openapi(filtersRoute, async (c) => c.json(await marbleFilters(c.get("db"), c.req.valid("query").graveyard_id), 200, SHORT_CACHE));

  // GET /api/v1/marble_funnel/products – a page of monument models
  app.openapi(productsRoute, async (c) => c.json(await listMonumentProducts(c.get("db"), c.req.valid("query")), 200, SHORT_CACHE));

  // GET /api/v1/marble_funnel/supplier_warehouses_products – workshops holding a product, with stock and lead time
  app.openapi(warehousesRoute, async (c) => c.json(await supplierWarehousesProducts(c.get("db"), c.req.valid("query")), 200, SHORT_CACHE));

  // POST /api/v1/marble_funnel/deals – start a monument quote
  app.openapi(createDealRoute, async (c) => c.json(await createMarbleDeal(c.get("db"), c.req.valid("json"), funnelContext(c)), 201, NO_STORE));

  // PUT /api/v1/marble_funnel/deals/{uuid} – save the configurator's answers, and submit the quote
  app.openapi(updateDealRoute, async (c) =>
    c.json(await updateMarbleDeal(c.get("db"), c.req.valid("param").uuid, c.req.valid("json"), funnelContext(c)), 200, NO_STORE),
  );

  // GET /api/v1/marble_funnel/deals/{uuid} – read a monument deal back
  app.openapi(readDealRoute, async (c) => {
    const deal = await getMarbleDeal(c.get("db"), c.req.valid("param").uuid, funnelContext(c));
    if (!deal) throw new ApiError(404, "not_found");
    return c.json(deal, 200, NO_STORE);
  });

  // GET /api/v1/marble_funnel/deals/{uuid}/quote.pdf – the monument quote as a PDF
  app.openapi(quotePdfRoute, async (c) => {
    const uuid = c.req.valid("param").uuid;
    const pdf = await marbleQuotePdf(c.get("db"), uuid, funnelContext(c, c.req.header(RESUME_TOKEN_HEADER) ?? c.req.valid("query").token ?? null));
    if (!pdf) throw new ApiError(404, "not_found");
    return c.body(pdf, 200, pdfHeaders(`devis-monument-${uuid.slice(0, 8)}.pdf`));
  });
}
