import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { publicEnv, serverEnv } from "@/config/env";
import { dealUuidSchema, funnelCreateSchema, funnelUpdateSchema } from "@/domain/schemas/funeral-funnel";
import { pricingQuerySchema, pricingResponseSchema } from "@/domain/schemas/quote-pricing";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { requestLocale } from "@/server/http/locale";
import { getMailer } from "@/server/integrations/mail/mailer";
import { renderQuotePdf } from "@/server/integrations/pdf/quote-pdf";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { createFunnelDeal, getFunnelDeal, updateFunnelDeal, type FunnelContext } from "@/server/services/funeral-funnel";
import { getPricingData, operatorIdentity } from "@/server/services/quote-pricing";
import type { Context } from "hono";
import { publicAccess } from "@/domain/access";
import { guard } from "@/server/http/auth";

// Visitors start a quote without an account; the deal's unguessable uuid (and, once it has an
// owner, that owner's session, checked by the use case) is what opens it again.
const FUNNEL_START = publicAccess("a visitor starts a quote without an account");
const FUNNEL_DEAL = publicAccess("the deal's uuid is the capability; an owned deal also needs its owner (checked by the use case)");

const funnelDealSchema = z
  .object({
    uuid: z.string(),
    state: z.string(),
    answers: z.record(z.string(), z.unknown()),
    current_step: z.string().nullable(),
    locale: z.string().nullable(),
    client: z.record(z.string(), z.unknown()).nullable(),
    defunct: z.record(z.string(), z.unknown()).nullable(),
    quote: z.record(z.string(), z.unknown()).meta({ description: "The legal quote: sections, lines (mandatory or optional, with why), totals in cents, deadlines, notes" }),
    commune: z.object({ insee_code: z.string(), name: z.string(), postal_code: z.string().nullable() }).nullable(),
    submitted_at: z.number().int().nullable(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .meta({ id: "FunnelDeal" });

const uuidParams = z.object({ uuid: dealUuidSchema });

const createDealRoute = createRoute({
  method: "post",
  path: "/api/v1/funeral_funnel/deals",
  middleware: [guard(FUNNEL_START)] as const,
  tags: ["Funnels"],
  summary: "Start a funeral quote: the deal, its steps, the defunct, the client (when given) and the marketing attributes",
  description:
    "Creates the deal from the first answer. With `client`, creates the client account (no password yet) and makes it the owner; " +
    "an address already used by another client answers 422 client__email__taken and stores nothing. With `submit`, the quote is e-mailed.",
  request: { body: { content: { "application/json": { schema: funnelCreateSchema } }, required: true } },
  responses: {
    201: jsonResponse(funnelDealSchema, "The deal with the server's quote"),
    400: errorResponses[400],
    413: errorResponses[413],
    422: errorResponses[422],
  },
});

const updateDealRoute = createRoute({
  method: "put",
  path: "/api/v1/funeral_funnel/deals/{uuid}",
  middleware: [guard(FUNNEL_DEAL)] as const,
  tags: ["Funnels"],
  summary: "Save the funnel's answers; the quote and the deal's steps are computed again",
  request: { params: uuidParams, body: { content: { "application/json": { schema: funnelUpdateSchema } }, required: true } },
  responses: {
    200: jsonResponse(funnelDealSchema, "The deal with the server's quote"),
    400: errorResponses[400],
    404: errorResponses[404],
    413: errorResponses[413],
    422: errorResponses[422],
  },
});

const readDealRoute = createRoute({
  method: "get",
  path: "/api/v1/funeral_funnel/deals/{uuid}",
  middleware: [guard(FUNNEL_DEAL)] as const,
  tags: ["Funnels"],
  summary: "Read a funnel deal back by its uuid (resume on another device, or from the quote e-mail)",
  request: { params: uuidParams },
  responses: { 200: jsonResponse(funnelDealSchema, "The deal"), 404: errorResponses[404], 422: errorResponses[422] },
});

const quotePdfRoute = createRoute({
  method: "get",
  path: "/api/v1/funeral_funnel/deals/{uuid}/quote.pdf",
  middleware: [guard(FUNNEL_DEAL)] as const,
  tags: ["Funnels"],
  summary: "The quote as a PDF in the legal model (same data as on screen)",
  request: { params: uuidParams },
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

function funnelContext(c: Context<AppEnv>): FunnelContext {
  return {
    auth: c.get("auth"),
    siteUrl: serverEnv().SITE_URL,
    apiUrl: publicEnv.NEXT_PUBLIC_API_URL,
    mailer: getMailer(),
    hostLocale: requestLocale(c, undefined),
  };
}

const NO_STORE = { "cache-control": "no-store" };

export function registerFuneralFunnelRoutes(app: OpenAPIHono<AppEnv>) {
  // POST /api/v1/funeral_funnel/deals – start a funeral quote
  app.openapi(createDealRoute, async (c) => c.json(await createFunnelDeal(c.get("db"), c.req.valid("json"), funnelContext(c)), 201, NO_STORE));

  // PUT /api/v1/funeral_funnel/deals/{uuid} – save answers, and submit the quote from the contact step
  app.openapi(updateDealRoute, async (c) =>
    c.json(await updateFunnelDeal(c.get("db"), c.req.valid("param").uuid, c.req.valid("json"), funnelContext(c)), 200, NO_STORE),
  );

  // GET /api/v1/funeral_funnel/deals/{uuid} – read a funnel deal back to resume it
  app.openapi(readDealRoute, async (c) => {
    const deal = await getFunnelDeal(c.get("db"), c.req.valid("param").uuid);
    if (!deal) throw new ApiError(404, "not_found");
    return c.json(deal, 200, NO_STORE);
  });

  // GET /api/v1/funeral_funnel/deals/{uuid}/quote.pdf – the quote in the legal model, as a PDF
  app.openapi(quotePdfRoute, async (c) => {
    const uuid = c.req.valid("param").uuid;
    const deal = await getFunnelDeal(c.get("db"), uuid);
    if (!deal) throw new ApiError(404, "not_found");
    const name = (person: { civility?: string | null; firstname: string | null; lastname: string | null } | null) =>
      person ? [person.civility, person.firstname, person.lastname].filter(Boolean).join(" ") || null : null;
    const pdf = await renderQuotePdf({
      quote: deal.quote,
      reference: uuid.slice(0, 8).toUpperCase(),
      issuedAt: new Date(deal.updated_at * 1000),
      family: name(deal.client),
      deceased: name(deal.defunct),
      commune: deal.commune ? `${deal.commune.name}${deal.commune.postal_code ? ` (${deal.commune.postal_code})` : ""}` : null,
      deathDate: deal.defunct?.death_date ?? null,
    });
    return c.body(new Uint8Array(pdf), 200, {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="devis-obseques-${uuid.slice(0, 8)}.pdf"`,
      "cache-control": "private, no-store",
    });
  });

  // GET /api/v1/funeral_funnel/pricing – catalogue and partners for the funnel's live price
  app.openapi(pricingRoute, async (c) => {
    const query = c.req.valid("query");
    const data = await getPricingData(c.get("db"), query);
    const commune = data.commune ? { insee_code: data.commune.inseeCode, name: data.commune.name, postal_code: data.commune.postalCode } : null;
    return c.json({ catalog: data.catalog, partners: data.partners, operator: operatorIdentity(), commune }, 200, { "cache-control": "public, max-age=60" });
  });
}
