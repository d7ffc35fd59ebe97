import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { publicAccess } from "@/domain/access";
import { dealUuidSchema } from "@/domain/schemas/funeral-quote";
import {
  flowerCeremoniesQuerySchema,
  flowerCeremoniesResponseSchema,
  flowerFiltersQuerySchema,
  flowerFiltersResponseSchema,
  flowerOrderCreateSchema,
  flowerOrderCreatedSchema,
  flowerOrderViewSchema,
  flowerProductsQuerySchema,
  flowerProductsResponseSchema,
} from "@/domain/schemas/flower-funnel";
import { guard } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { notFoundError } from "@/server/http/errors";
import { funnelContext, NO_STORE, resumeHeaders, tooManyResponse } from "@/server/routes/funnel-http";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { flowerFilters, listFlowerProducts } from "@/server/services/flower-funnel/catalogue";
import { listCeremonies } from "@/server/services/flower-funnel/ceremonies";
import { createFlowerOrder } from "@/server/services/flower-funnel/create-order";
import { getFlowerOrder } from "@/server/services/flower-funnel/order-view";
import { authNow } from "@/server/services/auth/clock";

/**
 * The flowers funnel (SPEC §7 "Funnels", issue 13). The catalogue is public; an order is
 * placed without an account (the orderer's account is created, like the funeral funnel's);
 * the order and a family's ceremonies open with the deal's resume token or the session of
 * a holder, never with a uuid alone.
 */
const CATALOGUE = publicAccess("published catalogue of arrangements and prices");
const ORDER_START = publicAccess("a visitor orders flowers without an account; a funeral deal named in the order is checked by the use case (404 unless held)");
const ORDER_READ = publicAccess("the resume token or a holder's session opens the order (checked by the use case); the uuid alone opens nothing");
const CEREMONIES = publicAccess("a signed-in client's own funeral deals, or the one deal its resume token opens (checked by the use case); a visitor gets an empty list");

const PUBLIC_CACHE = { "cache-control": "public, max-age=60" };

const filtersRoute = createRoute({
  method: "get",
  path: "/api/v1/flower_funnel/filters",
  middleware: [guard(CATALOGUE)] as const,
  tags: ["Funnels"],
  summary: "The catalogue's filters with the number of arrangements behind each value, given the query's other filters",
  request: { query: flowerFiltersQuerySchema },
  responses: { 200: jsonResponse(flowerFiltersResponseSchema, "Counts per type, colour, flower, size, delivery place and budget"), 422: errorResponses[422] },
});

const productsRoute = createRoute({
  method: "get",
  path: "/api/v1/flower_funnel/products",
  middleware: [guard(CATALOGUE)] as const,
  tags: ["Funnels"],
  summary: "Arrangements of the catalogue, filtered, searched (q: accents and case ignored) and paged",
  request: { query: flowerProductsQuerySchema },
  responses: { 200: jsonResponse(flowerProductsResponseSchema, "A page of arrangements"), 422: errorResponses[422] },
});

const createOrderRoute = createRoute({
  method: "post",
  path: "/api/v1/flower_funnel/deals",
  middleware: [guard(ORDER_START)] as const,
  tags: ["Funnels"],
  summary: "Order flowers: a deal of kind item, priced by the server, delivered to an address or to the ceremony of a funeral deal the caller holds",
  description:
    "Prices come from the catalogue, never from the body. 422 with a code for an unknown or inactive product, a quantity out of range, a message too long, " +
    "a delivery breaking the rules (delivery__date__past, __same_day, __too_soon, __too_far, __sunday, delivery__time__outside_hours, __after_ceremony). " +
    "With delivery.funeral_deal the place, date and ceremony time come from that deal's steps; the caller must hold it (session) or send its resume token in X-Resume-Token, otherwise 404. " +
    "Without a client session, `client` creates the orderer's account (no password; client__email__taken for a known address). The order e-mail carries the link to /paiement. Orders are limited per address and per caller (429).",
  request: { headers: resumeHeaders, body: { content: { "application/json": { schema: flowerOrderCreateSchema } }, required: true } },
  responses: {
    201: jsonResponse(flowerOrderCreatedSchema, "The order with its resume token"),
    400: errorResponses[400],
    404: errorResponses[404],
    413: errorResponses[413],
    422: errorResponses[422],
    429: tooManyResponse("Too many orders for this address or from this caller: wait Retry-After seconds"),
  },
});

const readOrderRoute = createRoute({
  method: "get",
  path: "/api/v1/flower_funnel/deals/{uuid}",
  middleware: [guard(ORDER_READ)] as const,
  tags: ["Funnels"],
  summary: "A flowers order for its confirmation page: with its resume token, or as a holder",
  description: "Through the resume token alone the orderer's contact details are null.",
  request: { params: z.object({ uuid: dealUuidSchema }), headers: resumeHeaders },
  responses: { 200: jsonResponse(flowerOrderViewSchema, "The order"), 404: errorResponses[404], 422: errorResponses[422] },
});

const ceremoniesRoute = createRoute({
  method: "get",
  path: "/api/v1/flower_funnel/ceremonies",
  middleware: [guard(CEREMONIES)] as const,
  tags: ["Funnels"],
  summary: "Ceremonies the family can have flowers delivered to: place, date and time from their funeral deals' steps",
  description: "A signed-in client: every funeral deal they hold. With `deal` and that deal's resume token (X-Resume-Token): that deal only (404 otherwise). Each ceremony lists the delivery rules it breaks now.",
  request: { query: flowerCeremoniesQuerySchema, headers: resumeHeaders },
  responses: { 200: jsonResponse(flowerCeremoniesResponseSchema, "The ceremonies"), 404: errorResponses[404], 422: errorResponses[422] },
});

export function registerFlowerFunnelRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/flower_funnel/filters – counts per filter value
  app.openapi(filtersRoute, async (c) => c.json(await flowerFilters(c.get("db"), c.req.valid("query")), 200, PUBLIC_CACHE));

  // GET /api/v1/flower_funnel/products – a page of arrangements
  app.openapi(productsRoute, async (c) => c.json(await listFlowerProducts(c.get("db"), c.req.valid("query")), 200, PUBLIC_CACHE));

  // POST /api/v1/flower_funnel/deals – order flowers
  app.openapi(createOrderRoute, async (c) => c.json(await createFlowerOrder(c.get("db"), c.req.valid("json"), funnelContext(c)), 201, NO_STORE));

  // GET /api/v1/flower_funnel/deals/{uuid} – the order for its confirmation page
  app.openapi(readOrderRoute, async (c) => {
    const ctx = funnelContext(c);
    const order = await getFlowerOrder(c.get("db"), c.req.valid("param").uuid, ctx, ctx.now ?? authNow());
    if (!order) throw notFoundError();
    return c.json(order, 200, NO_STORE);
  });

  // GET /api/v1/flower_funnel/ceremonies – the family's ceremonies to deliver to
  app.openapi(ceremoniesRoute, async (c) => {
    const ctx = funnelContext(c);
    const ceremonies = await listCeremonies(c.get("db"), ctx, ctx.now ?? authNow(), c.req.valid("query").deal);
    return c.json({ ceremonies }, 200, NO_STORE);
  });
}
