import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { ROLES } from "@/domain/roles";
import { idSchema } from "@/domain/schemas/common";
import {
  companyCategoriesResponseSchema,
  companyFormalitiesQuerySchema,
  companyFormalitiesResponseSchema,
  companyResponseSchema,
} from "@/domain/schemas/company";
import { guard } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { notFoundError } from "@/server/http/errors";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { getCompany } from "@/server/services/companies/get-company";
import { listCompanyCategories } from "@/server/services/companies/list-company-categories";
import { listCompanyFormalities } from "@/server/services/companies/list-company-formalities";

/**
 * The companies' reference data (SPEC §7 "Companies"): no personal data, yet not public.
 * Families read it while building their procedure and the staff running cases while
 * helping them; visitors have no procedure to add a formality to, and keeping the list
 * behind a session keeps the curated catalogue (contacts, forms, documents asked) from
 * being scraped wholesale. Analytics guests and partner pros have no use for it (403).
 */
const COMPANY_READERS = signedIn({ clients: true, business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] });

const refusals = { 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] };

const categoriesRoute = createRoute({
  method: "get",
  path: "/api/v1/companies/categories",
  tags: ["Companies"],
  summary: "Categories of companies (banks, pension funds, energy…) with how many companies and formalities each holds",
  middleware: [guard(COMPANY_READERS)] as const,
  responses: { 200: jsonResponse(companyCategoriesResponseSchema, "Every category, in list order"), ...refusals },
});

const formalitiesRoute = createRoute({
  method: "get",
  path: "/api/v1/companies/formalities",
  tags: ["Companies"],
  summary: "Formalities companies offer after a death (close, transfer, claim, notify), with the company, by category then name",
  middleware: [guard(COMPANY_READERS)] as const,
  request: { query: companyFormalitiesQuerySchema },
  responses: { 200: jsonResponse(companyFormalitiesResponseSchema, "A page of formalities"), ...refusals },
});

const companyRoute = createRoute({
  method: "get",
  path: "/api/v1/companies/{id}",
  tags: ["Companies"],
  summary: "One company: contact (postal address or online form), source, formalities with their fields and documents",
  middleware: [guard(COMPANY_READERS)] as const,
  request: { params: z.object({ id: idSchema }) },
  responses: { 200: jsonResponse(companyResponseSchema, "The company"), 404: errorResponses[404], ...refusals },
});

export function registerCompanyRoutes(app: OpenAPIHono<AppEnv>) {
  // The two fixed paths are registered before /{id}, which would otherwise read them as an id.

  // GET /api/v1/companies/categories – categories with their counts
  app.openapi(categoriesRoute, async (c) => c.json({ data: await listCompanyCategories(c.get("db")) }, 200));

  // GET /api/v1/companies/formalities – formalities offered, filtered by category, kind, company or name
  app.openapi(formalitiesRoute, async (c) => c.json(await listCompanyFormalities(c.get("db"), c.req.valid("query")), 200));

  // GET /api/v1/companies/{id} – one company with its formalities
  app.openapi(companyRoute, async (c) => {
    const company = await getCompany(c.get("db"), c.req.valid("param").id);
    if (!company) throw notFoundError();
    return c.json({ data: company }, 200);
  });
}
