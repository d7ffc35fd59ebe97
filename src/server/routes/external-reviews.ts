import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { ROLES } from "@/domain/roles";
import { idSchema, pagingMetaSchema } from "@/domain/schemas/common";
import {
  externalReviewImportReportSchema,
  externalReviewImportSchema,
  externalReviewListQuerySchema,
  externalReviewSchema,
  externalReviewUpdateSchema,
} from "@/domain/schemas/external-review";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { listExternalReviews, setExternalReviewPublished } from "@/server/services/external-reviews/external-reviews";
import { importExternalReviews } from "@/server/services/external-reviews/import-external-reviews";

/** Reviews imported from other platforms (SPEC §7 "external reviews"): admins and funeral directors (0-1) only. */
const MANAGERS = signedIn({ business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR] });
const TAGS = ["External reviews"];
const NO_STORE = { "cache-control": "private, no-store" };
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] };

const importRoute = createRoute({
  method: "post",
  path: "/api/v1/external_reviews/import",
  middleware: [guard(MANAGERS)] as const,
  tags: TAGS,
  summary: "Import reviews from a JSON list or a CSV text, upserted by source + external_id; dry_run (default true) only reports (roles 0-1)",
  request: { body: { content: { "application/json": { schema: externalReviewImportSchema } }, required: true } },
  responses: { 200: jsonResponse(externalReviewImportReportSchema, "What each line does (or did)"), 400: errorResponses[400], 413: errorResponses[413], ...refusals },
});

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/external_reviews",
  middleware: [guard(MANAGERS)] as const,
  tags: TAGS,
  summary: "Imported reviews, newest first, by source and visibility, paginated (roles 0-1)",
  request: { query: externalReviewListQuerySchema },
  responses: { 200: jsonResponse(z.object({ data: z.array(externalReviewSchema), meta: pagingMetaSchema }), "A page"), ...refusals },
});

const updateRoute = createRoute({
  method: "put",
  path: "/api/v1/external_reviews/{id}",
  middleware: [guard(MANAGERS)] as const,
  tags: TAGS,
  summary: "Hide (published: false) or show again an imported review (roles 0-1)",
  request: { params: z.object({ id: idSchema }), body: { content: { "application/json": { schema: externalReviewUpdateSchema } }, required: true } },
  responses: { 200: jsonResponse(z.object({ data: externalReviewSchema }), "The review"), 400: errorResponses[400], 404: errorResponses[404], ...refusals },
});

export function registerExternalReviewRoutes(app: OpenAPIHono<AppEnv>) {
  // POST /api/v1/external_reviews/import – check or import a list of reviews
  app.openapi(importRoute, async (c) => c.json(await importExternalReviews(c.get("db"), c.req.valid("json"), sessionOf(c).userId, new Date()), 200, NO_STORE));
  // GET /api/v1/external_reviews – the imported reviews
  app.openapi(listRoute, async (c) => c.json(await listExternalReviews(c.get("db"), c.req.valid("query")), 200, NO_STORE));
  // PUT /api/v1/external_reviews/{id} – hide or show one
  app.openapi(updateRoute, async (c) =>
    c.json({ data: await setExternalReviewPublished(c.get("db"), c.req.valid("param").id, c.req.valid("json").published, new Date()) }, 200, NO_STORE),
  );
}
