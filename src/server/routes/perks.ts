import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { idSchema } from "@/domain/schemas/common";
import {
  familyPerksSchema,
  familyPerkViewSchema,
  perkCategoryCreateSchema,
  perkCategoryUpdateSchema,
  perkCategoryViewSchema,
  perkCreateSchema,
  perkListQuerySchema,
  PERK_MANAGER_ROLES,
  PERK_STAFF_ROLES,
  perkUpdateSchema,
  perkUsageCreateSchema,
  perkUsageViewSchema,
  perkViewSchema,
} from "@/domain/schemas/perk";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { createPerkCategory, deletePerkCategory, getPerkCategory, listPerkCategories, updatePerkCategory } from "@/server/services/perks/categories";
import { familyPerks, usePerk } from "@/server/services/perks/family-perks";
import { createPerk, deletePerk, getPerk, listPerkUsages, listPerks, updatePerk } from "@/server/services/perks/perks";

/**
 * Perks for families (SPEC §7 "perks and usages; perk_categories", issue 16). Admins and
 * funeral directors (0-1) manage perks and categories and list usages; advisors (2) read
 * perks and categories; analytics guests and partner pros (3-4) 403; clients 401 on these.
 * The family's side: the perks open to a deal it holds, and the use of one (once per deal).
 */
const MANAGERS = signedIn({ business: PERK_MANAGER_ROLES });
const READERS = signedIn({ business: PERK_STAFF_ROLES });
const FAMILY = signedIn({ clients: true });
const NO_STORE = { "cache-control": "private, no-store" } as const;

const idParam = { params: z.object({ id: idSchema }) };
const json = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const data = <T extends z.ZodType>(schema: T, description: string) => jsonResponse(z.object({ data: schema }), description);
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };
const writeRefusals = { 400: errorResponses[400], ...refusals };

const routes = {
  listCategories: createRoute({
    method: "get",
    path: "/api/v1/perk_categories",
    tags: ["Perks"],
    summary: "Perk categories (kinds perks, paperworks), by position, with their number of perks",
    middleware: [guard(READERS)] as const,
    responses: { 200: data(z.array(perkCategoryViewSchema), "The categories"), ...refusals },
  }),
  getCategory: createRoute({
    method: "get",
    path: "/api/v1/perk_categories/{id}",
    tags: ["Perks"],
    summary: "One perk category",
    middleware: [guard(READERS)] as const,
    request: idParam,
    responses: { 200: data(perkCategoryViewSchema, "The category"), ...refusals },
  }),
  createCategory: createRoute({
    method: "post",
    path: "/api/v1/perk_categories",
    tags: ["Perks"],
    summary: "Create a perk category (roles 0-1)",
    middleware: [guard(MANAGERS)] as const,
    request: json(perkCategoryCreateSchema),
    responses: { 201: data(perkCategoryViewSchema, "The category"), ...writeRefusals },
  }),
  updateCategory: createRoute({
    method: "put",
    path: "/api/v1/perk_categories/{id}",
    tags: ["Perks"],
    summary: "Rename, change the kind or the position of a perk category (roles 0-1)",
    middleware: [guard(MANAGERS)] as const,
    request: { ...idParam, ...json(perkCategoryUpdateSchema) },
    responses: { 200: data(perkCategoryViewSchema, "The category"), ...writeRefusals },
  }),
  deleteCategory: createRoute({
    method: "delete",
    path: "/api/v1/perk_categories/{id}",
    tags: ["Perks"],
    summary: "Delete an empty perk category (roles 0-1)",
    description: "422 perk_category__perks__present while it holds perks.",
    middleware: [guard(MANAGERS)] as const,
    request: idParam,
    responses: { 204: { description: "Deleted" }, ...refusals },
  }),
  listPerks: createRoute({
    method: "get",
    path: "/api/v1/perks",
    tags: ["Perks"],
    summary: "Every perk, with its category and how many families used it (filters perk_category_id, enabled)",
    middleware: [guard(READERS)] as const,
    request: { query: perkListQuerySchema },
    responses: { 200: data(z.array(perkViewSchema), "The perks"), ...refusals },
  }),
  getPerk: createRoute({
    method: "get",
    path: "/api/v1/perks/{id}",
    tags: ["Perks"],
    summary: "One perk",
    middleware: [guard(READERS)] as const,
    request: idParam,
    responses: { 200: data(perkViewSchema, "The perk"), ...refusals },
  }),
  createPerk: createRoute({
    method: "post",
    path: "/api/v1/perks",
    tags: ["Perks"],
    summary: "Create a perk (roles 0-1)",
    description: "422 perk__perk_category_id__unknown, perk__department_code__unknown, perk__valid_until__before_valid_from and the fields' codes.",
    middleware: [guard(MANAGERS)] as const,
    request: json(perkCreateSchema),
    responses: { 201: data(perkViewSchema, "The perk"), ...writeRefusals },
  }),
  updatePerk: createRoute({
    method: "put",
    path: "/api/v1/perks/{id}",
    tags: ["Perks"],
    summary: "Change a perk, enable or disable it (roles 0-1)",
    middleware: [guard(MANAGERS)] as const,
    request: { ...idParam, ...json(perkUpdateSchema) },
    responses: { 200: data(perkViewSchema, "The perk"), ...writeRefusals },
  }),
  deletePerk: createRoute({
    method: "delete",
    path: "/api/v1/perks/{id}",
    tags: ["Perks"],
    summary: "Delete a perk no family used (roles 0-1); a used one is disabled instead",
    description: "422 perk__usages__present.",
    middleware: [guard(MANAGERS)] as const,
    request: idParam,
    responses: { 204: { description: "Deleted" }, ...refusals },
  }),
  listUsages: createRoute({
    method: "get",
    path: "/api/v1/perks/{id}/usages",
    tags: ["Perks"],
    summary: "Which families used the perk and when (roles 0-1)",
    middleware: [guard(MANAGERS)] as const,
    request: idParam,
    responses: { 200: data(z.array(perkUsageViewSchema), "The usages, newest first"), ...refusals },
  }),
  recordUsage: createRoute({
    method: "post",
    path: "/api/v1/perks/{id}/usages",
    tags: ["Client space"],
    summary: "The family uses a perk for its deal (owner or editor), once per deal; answers the perk with its code and contact",
    description: "404 for a deal the caller does not hold; 403 for a reader or the notary; 422 perk_usage__already_recorded, perk_usage__perk__unavailable (disabled, out of its dates or of its area).",
    middleware: [guard(FAMILY)] as const,
    request: { ...idParam, ...json(perkUsageCreateSchema) },
    responses: { 201: data(familyPerkViewSchema, "The perk as used"), ...writeRefusals },
  }),
  familyPerks: createRoute({
    method: "get",
    path: "/api/v1/deals/{id}/perks",
    tags: ["Client space"],
    summary: "The perks open to the family of this deal (enabled, in their dates, in the deal's area), and those it used",
    middleware: [guard(FAMILY)] as const,
    request: idParam,
    responses: { 200: data(familyPerksSchema, "The perks"), ...refusals },
  }),
};

export function registerPerkRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/perk_categories – the categories
  app.openapi(routes.listCategories, async (c) => c.json({ data: await listPerkCategories(c.get("db")) }, 200, NO_STORE));

  // GET /api/v1/perk_categories/{id} – one category
  app.openapi(routes.getCategory, async (c) => c.json({ data: await getPerkCategory(c.get("db"), c.req.valid("param").id) }, 200, NO_STORE));

  // POST /api/v1/perk_categories – create a category
  app.openapi(routes.createCategory, async (c) => c.json({ data: await createPerkCategory(c.get("db"), c.req.valid("json"), new Date()) }, 201, NO_STORE));

  // PUT /api/v1/perk_categories/{id} – change a category
  app.openapi(routes.updateCategory, async (c) => c.json({ data: await updatePerkCategory(c.get("db"), c.req.valid("param").id, c.req.valid("json"), new Date()) }, 200, NO_STORE));

  // DELETE /api/v1/perk_categories/{id} – delete an empty category
  app.openapi(routes.deleteCategory, async (c) => {
    await deletePerkCategory(c.get("db"), c.req.valid("param").id);
    return c.body(null, 204);
  });

  // GET /api/v1/perks – every perk with its usage count
  app.openapi(routes.listPerks, async (c) => c.json({ data: await listPerks(c.get("db"), c.req.valid("query")) }, 200, NO_STORE));

  // GET /api/v1/perks/{id} – one perk
  app.openapi(routes.getPerk, async (c) => c.json({ data: await getPerk(c.get("db"), c.req.valid("param").id) }, 200, NO_STORE));

  // POST /api/v1/perks – create a perk
  app.openapi(routes.createPerk, async (c) => c.json({ data: await createPerk(c.get("db"), c.req.valid("json"), new Date()) }, 201, NO_STORE));

  // PUT /api/v1/perks/{id} – change, enable or disable a perk
  app.openapi(routes.updatePerk, async (c) => c.json({ data: await updatePerk(c.get("db"), c.req.valid("param").id, c.req.valid("json"), new Date()) }, 200, NO_STORE));

  // DELETE /api/v1/perks/{id} – delete a perk never used
  app.openapi(routes.deletePerk, async (c) => {
    await deletePerk(c.get("db"), c.req.valid("param").id);
    return c.body(null, 204);
  });

  // GET /api/v1/perks/{id}/usages – who used the perk
  app.openapi(routes.listUsages, async (c) => c.json({ data: await listPerkUsages(c.get("db"), c.req.valid("param").id) }, 200, NO_STORE));

  // POST /api/v1/perks/{id}/usages – the family uses the perk
  app.openapi(routes.recordUsage, async (c) =>
    c.json({ data: await usePerk(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json").deal_id, new Date()) }, 201, NO_STORE),
  );

  // GET /api/v1/deals/{id}/perks – the perks open to the family's deal
  app.openapi(routes.familyPerks, async (c) => c.json({ data: await familyPerks(c.get("db"), sessionOf(c), c.req.valid("param").id, new Date()) }, 200, NO_STORE));
}
