import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { ROLES } from "@/domain/roles";
import { idSchema, pagingMetaSchema, pagingQuerySchema } from "@/domain/schemas/common";
import { DEAL_KINDS } from "@/domain/schemas/deal";
import { dealSortQuerySchema } from "@/domain/schemas/deal-list";
import { dealDetailSchema, dealSummarySchema } from "@/domain/schemas/deal-view";
import { signedIn } from "@/domain/access";
import { rolesFor } from "@/domain/business-deal-access";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { businessDealQuotePdf } from "@/server/services/deals/deal-quote-pdf";
import { getDeal, listDeals, type DealReader } from "@/server/services/deals/read-deals";

/**
 * Deals for the back-office and the client space. Advisors (admin, funeral director,
 * funeral advisor) read every deal; analytics guests and partner professionals do not
 * see families' personal details; a client reads the deals they hold an ability on.
 */
const DEAL_READERS = signedIn({ clients: true, business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] });
/** The list also answers a partner professional (4): only the deals assigned to them, without the family's details. */
const DEAL_LISTERS = signedIn({ clients: true, business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR, ROLES.PRO] });

export const DEALS_DEFAULT_PER_PAGE = 25;

const listQuerySchema = pagingQuerySchema(DEALS_DEFAULT_PER_PAGE).extend({
  state: z.string().trim().min(1, { error: "state__invalid" }).max(40, { error: "state__invalid" }).regex(/^[a-z_]+$/, { error: "state__invalid" }).optional(),
  kind: z.enum(DEAL_KINDS, { error: "kind__invalid" }).optional(),
  q: z.string().max(100, { error: "q__too_long" }).optional().meta({ description: "Search: the deal's number, or the start of a word of the deceased's or the owner's name or e-mail, or of the commune of death" }),
  advisor_id: z
    .union([z.literal("none"), idSchema], { error: "advisor_id__invalid" })
    .optional()
    .meta({ description: "Deals of this business user in charge, or `none` for unassigned ones (advisors only)" }),
  created_from: z.iso.date({ error: "created_from__invalid" }).optional().meta({ description: "Created on or after this day (YYYY-MM-DD, Paris time)" }),
  created_to: z.iso.date({ error: "created_to__invalid" }).optional().meta({ description: "Created on or before this day (YYYY-MM-DD, Paris time)" }),
}).extend(dealSortQuerySchema.shape);

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/deals",
  tags: ["Deals"],
  summary: "Deals, newest first unless sorted (sort, direction): search (q), filters by state, kind, advisor and creation day (advisors: all; clients: their own)",
  description: "A partner professional (role 4) lists only the deals assigned to them, with no client nor defunct (their number, kind, state and dates); their steps and todos are under /deals/{id}/deal_steps and /todo_items.",
  middleware: [guard(DEAL_LISTERS)] as const,
  request: { query: listQuerySchema },
  responses: {
    200: jsonResponse(z.object({ data: z.array(dealSummarySchema), meta: pagingMetaSchema }), "A page of deals"),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

const readRoute = createRoute({
  method: "get",
  path: "/api/v1/deals/{id}",
  tags: ["Deals"],
  summary: "One deal with its client, defunct, steps, quote and attribution",
  middleware: [guard(DEAL_READERS)] as const,
  request: { params: z.object({ id: idSchema }) },
  responses: {
    200: jsonResponse(z.object({ data: dealDetailSchema }), "The deal"),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

/** The legal quote PDF for the advisors running the case (the family's copy is the funnel's route). */
const QUOTE_PDF_READERS = signedIn({ business: rolesFor("read") });

const quotePdfRoute = createRoute({
  method: "get",
  path: "/api/v1/deals/{id}/quote.pdf",
  tags: ["Deals"],
  summary: "A funeral deal's quote in the legal model, as a PDF, for the back-office (roles 0-2)",
  description: "The same document as the family's copy (GET /api/v1/funeral_funnel/deals/{uuid}/quote.pdf). 404 for a deal of another kind or without a quote.",
  middleware: [guard(QUOTE_PDF_READERS)] as const,
  request: { params: z.object({ id: idSchema }) },
  responses: {
    200: { description: "The PDF", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

/** What the admitted caller reads: a client their own deals, an advisor every deal. */
function readerOf(c: Context<AppEnv>): DealReader {
  const auth = sessionOf(c);
  if (auth.realm === "client") return { kind: "client", clientId: auth.userId };
  return auth.role === ROLES.PRO ? { kind: "assigned", businessUserId: auth.userId } : { kind: "business", role: auth.role };
}

export function registerDealRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/deals – list deals, newest first
  app.openapi(listRoute, async (c) => {
    const reader = readerOf(c);
    return c.json(await listDeals(c.get("db"), reader, c.req.valid("query")), 200, { "cache-control": "private, no-store" });
  });

  // GET /api/v1/deals/{id} – read one deal
  app.openapi(readRoute, async (c) => {
    const reader = readerOf(c);
    const deal = await getDeal(c.get("db"), reader, c.req.valid("param").id);
    if (!deal) throw new ApiError(404, "not_found");
    return c.json({ data: deal }, 200, { "cache-control": "private, no-store" });
  });

  // GET /api/v1/deals/{id}/quote.pdf – the legal quote PDF for the advisors
  app.openapi(quotePdfRoute, async (c) => {
    const id = c.req.valid("param").id;
    const pdf = await businessDealQuotePdf(c.get("db"), sessionOf(c), id);
    return c.body(pdf, 200, { "content-type": "application/pdf", "content-disposition": `inline; filename="devis-obseques-${id}.pdf"`, "cache-control": "private, no-store" });
  });
}
