import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { publicAccess } from "@/domain/access";
import { productsQuerySchema, productsResponseSchema } from "@/domain/schemas/product";
import { guard } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { listProducts } from "@/server/services/products";

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/products",
  middleware: [guard(publicAccess("published catalogue: names and public prices, no supplier costs"))] as const,
  tags: ["Catalogue"],
  summary: "The catalogue's active products with their public prices, paged and searched (q: accents and case ignored)",
  request: { query: productsQuerySchema },
  responses: { 200: jsonResponse(productsResponseSchema, "A page of products"), 422: errorResponses[422] },
});

export function registerProductRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/products – a page of the public catalogue
  app.openapi(listRoute, async (c) => c.json(await listProducts(c.get("db"), c.req.valid("query")), 200, { "cache-control": "public, max-age=60" }));
}
