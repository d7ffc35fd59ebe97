import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { cityhallDetailSchema, cityhallKeySchema, cityhallSummarySchema, websiteCityhallsQuerySchema } from "@/domain/schemas/cityhall";
import { countriesQuerySchema, countrySchema } from "@/domain/schemas/country";
import { departmentSchema } from "@/domain/schemas/department";
import { reviewsQuerySchema, reviewsResponseSchema } from "@/domain/schemas/review";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { requestLocale } from "@/server/http/locale";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { listReviews } from "@/server/services/reviews";
import { getCityhall, listCityhalls, listCountries, listDepartments } from "@/server/services/website";
import { publicAccess } from "@/domain/access";
import { guard } from "@/server/http/auth";

const WEBSITE = publicAccess("what the public website shows: communes, countries, départements, published reviews");

const PUBLIC_CACHE = { "cache-control": "public, max-age=300, stale-while-revalidate=3600" };

const cityhallsRoute = createRoute({
  method: "get",
  path: "/api/v1/website/cityhalls",
  middleware: [guard(WEBSITE)] as const,
  tags: ["Website"],
  summary: "Communes matching a text, or the most populated of a département",
  request: { query: websiteCityhallsQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(50).default(20) }) },
  responses: { 200: jsonResponse(z.object({ data: z.array(cityhallSummarySchema) }), "Communes"), 422: errorResponses[422] },
});

const cityhallRoute = createRoute({
  method: "get",
  path: "/api/v1/website/cityhalls/{key}",
  middleware: [guard(WEBSITE)] as const,
  tags: ["Website"],
  summary: "One commune by id, INSEE code or slug, with the partners of its département",
  request: { params: z.object({ key: cityhallKeySchema }) },
  responses: { 200: jsonResponse(z.object({ data: cityhallDetailSchema }), "The commune"), 404: errorResponses[404], 422: errorResponses[422] },
});

const countriesRoute = createRoute({
  method: "get",
  path: "/api/v1/website/countries",
  middleware: [guard(WEBSITE)] as const,
  tags: ["Website"],
  summary: "Every country, named and sorted in the requested locale",
  request: { query: countriesQuerySchema },
  responses: { 200: jsonResponse(z.object({ data: z.array(countrySchema) }), "Countries"), 422: errorResponses[422] },
});

const departmentsRoute = createRoute({
  method: "get",
  path: "/api/v1/website/departments",
  middleware: [guard(WEBSITE)] as const,
  tags: ["Website"],
  summary: "Every French département with its région",
  responses: { 200: jsonResponse(z.object({ data: z.array(departmentSchema) }), "Départements") },
});

const reviewsRoute = createRoute({
  method: "get",
  path: "/api/v1/website/reviews",
  middleware: [guard(WEBSITE)] as const,
  tags: ["Website"],
  summary: "Published reviews, newest first, with the aggregate rating (internal.rating, internal.total_reviews)",
  request: { query: reviewsQuerySchema },
  responses: { 200: jsonResponse(reviewsResponseSchema, "A page of reviews"), 422: errorResponses[422] },
});

export function registerWebsiteRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/website/cityhalls – communes for the place pages
  app.openapi(cityhallsRoute, async (c) => {
    const query = c.req.valid("query");
    return c.json({ data: await listCityhalls(c.get("db"), query) }, 200, PUBLIC_CACHE);
  });

  // GET /api/v1/website/cityhalls/{key} – one commune and its nearby partners
  app.openapi(cityhallRoute, async (c) => {
    const cityhall = await getCityhall(c.get("db"), c.req.valid("param").key);
    if (!cityhall) throw new ApiError(404, "not_found");
    return c.json({ data: cityhall }, 200, PUBLIC_CACHE);
  });

  // GET /api/v1/website/countries – countries in the requested locale
  app.openapi(countriesRoute, async (c) => {
    const query = c.req.valid("query");
    const locale = requestLocale(c, query.locale);
    return c.json({ data: await listCountries(c.get("db"), { locale, code: query.code }) }, 200, PUBLIC_CACHE);
  });

  // GET /api/v1/website/departments – every département
  app.openapi(departmentsRoute, async (c) => c.json({ data: await listDepartments(c.get("db")) }, 200, PUBLIC_CACHE));

  // GET /api/v1/website/reviews – reviews page with the aggregate rating
  app.openapi(reviewsRoute, async (c) => c.json(await listReviews(c.get("db"), c.req.valid("query")), 200, PUBLIC_CACHE));
}
