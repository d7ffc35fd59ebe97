import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import {
  clientCompaniesSchema,
  clientInputSchema,
  clientListQuerySchema,
  clientSchema,
  deathDeclarationReviewSchema,
  deathDeclarationSchema,
  deceasedInputSchema,
} from "@/domain/schemas/client";
import { idSchema, pagingMetaSchema } from "@/domain/schemas/common";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { setClientCompanies } from "@/server/services/clients/client-companies";
import { CLIENT_ADMIN_ROLES, clientView, requireClientRecord } from "@/server/services/clients/client-view";
import { deathDeclarations, declareDeceased, reviewDeathDeclaration } from "@/server/services/clients/deceased";
import { listClients } from "@/server/services/clients/list-clients";
import { createClient, updateClient } from "@/server/services/clients/save-client";

/**
 * Clients (SPEC §3 "Client", §7 "Client space"). A client reads and changes only themself
 * (another client's id is 404); advisors (admin, funeral director, funeral advisor) every
 * client; analytics guests and partner pros none (403).
 */

const SELF_OR_ADVISORS = signedIn({ clients: true, business: CLIENT_ADMIN_ROLES });
const ADVISORS = signedIn({ business: CLIENT_ADMIN_ROLES });
const NO_STORE = { "cache-control": "private, no-store" };
const params = z.object({ id: idSchema });
const body = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/clients",
  middleware: [guard(SELF_OR_ADVISORS)] as const,
  tags: ["Clients"],
  summary: "Clients: a client gets only themself; advisors page through all, q matching a name or an e-mail",
  request: { query: clientListQuerySchema },
  responses: { 200: jsonResponse(z.object({ data: z.array(clientSchema), meta: pagingMetaSchema }), "A page of clients"), ...refusals },
});

const createRouteDef = createRoute({
  method: "post",
  path: "/api/v1/clients",
  middleware: [guard(ADVISORS)] as const,
  tags: ["Clients"],
  summary: "An advisor opens a family's client (422 client__email__taken when the e-mail is used)",
  request: body(clientInputSchema),
  responses: { 201: jsonResponse(z.object({ data: clientSchema }), "The new client"), ...refusals },
});

const readRoute = createRoute({
  method: "get",
  path: "/api/v1/clients/{id}",
  middleware: [guard(SELF_OR_ADVISORS)] as const,
  tags: ["Clients"],
  summary: "One client (a client only themself)",
  request: { params },
  responses: { 200: jsonResponse(z.object({ data: clientSchema }), "The client"), ...refusals },
});

const updateRoute = createRoute({
  method: "put",
  path: "/api/v1/clients/{id}",
  middleware: [guard(SELF_OR_ADVISORS)] as const,
  tags: ["Clients"],
  summary: "Change a client's details (a client only their own; 422 client__email__taken)",
  request: { params, ...body(clientInputSchema) },
  responses: { 200: jsonResponse(z.object({ data: clientSchema }), "The client"), ...refusals },
});

const companiesRoute = createRoute({
  method: "put",
  path: "/api/v1/clients/{id}/companies",
  middleware: [guard(SELF_OR_ADVISORS)] as const,
  tags: ["Clients"],
  summary: "The companies the client acts for (replaces the list); the company-id header must then name one of them",
  request: { params, ...body(clientCompaniesSchema) },
  responses: { 200: jsonResponse(z.object({ data: clientSchema }), "The client with its companies"), ...refusals },
});

const deceasedRoute = createRoute({
  method: "post",
  path: "/api/v1/clients/{id}/deceased",
  middleware: [guard(SELF_OR_ADVISORS)] as const,
  tags: ["Clients"],
  summary: "Declare a deceased (no id) or update one the client declared (id); 422 client__incomplete without the client's first and last name",
  request: { params, ...body(deceasedInputSchema) },
  responses: {
    200: jsonResponse(z.object({ data: deathDeclarationSchema }), "The declaration, updated"),
    201: jsonResponse(z.object({ data: deathDeclarationSchema }), "The declaration, created"),
    ...refusals,
  },
});

const declarationsRoute = createRoute({
  method: "get",
  path: "/api/v1/clients/{id}/deceased/death_declarations",
  middleware: [guard(SELF_OR_ADVISORS)] as const,
  tags: ["Clients"],
  summary: "The deaths the client declared, newest first, each with its state and the advisors' comment",
  request: { params },
  responses: { 200: jsonResponse(z.object({ data: z.array(deathDeclarationSchema) }), "Declarations"), ...refusals },
});

const reviewRoute = createRoute({
  method: "put",
  path: "/api/v1/clients/{id}/deceased/death_declarations/{declaration_id}",
  middleware: [guard(ADVISORS)] as const,
  tags: ["Clients"],
  summary: "An advisor updates a death declaration's state (received, in_review, confirmed, rejected) and the comment the client reads",
  request: { params: z.object({ id: idSchema, declaration_id: idSchema }), ...body(deathDeclarationReviewSchema) },
  responses: { 200: jsonResponse(z.object({ data: deathDeclarationSchema }), "The declaration"), ...refusals },
});

export function registerClientRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/clients – the caller's own client, or every client for advisors
  app.openapi(listRoute, async (c) => {
    return c.json(await listClients(c.get("db"), sessionOf(c), c.req.valid("query")), 200, NO_STORE);
  });

  // POST /api/v1/clients – an advisor creates a family's client
  app.openapi(createRouteDef, async (c) => {
    return c.json({ data: await createClient(c.get("db"), c.req.valid("json")) }, 201, NO_STORE);
  });

  // GET /api/v1/clients/{id} – one client
  app.openapi(readRoute, async (c) => {
    const db = c.get("db");
    const row = await requireClientRecord(db, sessionOf(c), c.req.valid("param").id);
    return c.json({ data: await clientView(db, row) }, 200, NO_STORE);
  });

  // PUT /api/v1/clients/{id} – change a client's details
  app.openapi(updateRoute, async (c) => {
    const auth = sessionOf(c);
    const data = await updateClient(c.get("db"), auth, c.req.valid("param").id, c.req.valid("json"));
    // The e-mail is the session's uid (SPEC §7 headers): a client who changed their own gets the new one back, as devise does.
    const headers: Record<string, string> = { ...NO_STORE };
    if (auth.realm === "client" && auth.userId === data.id && data.email && data.email !== auth.email.toLowerCase()) headers.uid = data.email;
    return c.json({ data }, 200, headers);
  });

  // PUT /api/v1/clients/{id}/companies – the companies the client acts for
  app.openapi(companiesRoute, async (c) => {
    const db = c.get("db");
    const row = await requireClientRecord(db, sessionOf(c), c.req.valid("param").id);
    await setClientCompanies(db, row.id, c.req.valid("json").company_ids);
    return c.json({ data: await clientView(db, row) }, 200, NO_STORE);
  });

  // POST /api/v1/clients/{id}/deceased – declare or update a deceased
  app.openapi(deceasedRoute, async (c) => {
    const db = c.get("db");
    const row = await requireClientRecord(db, sessionOf(c), c.req.valid("param").id);
    const result = await declareDeceased(db, row, c.req.valid("json"));
    return result.created ? c.json({ data: result.declaration }, 201, NO_STORE) : c.json({ data: result.declaration }, 200, NO_STORE);
  });

  // GET /api/v1/clients/{id}/deceased/death_declarations – the client's declarations and their state
  app.openapi(declarationsRoute, async (c) => {
    const db = c.get("db");
    const row = await requireClientRecord(db, sessionOf(c), c.req.valid("param").id);
    return c.json({ data: await deathDeclarations(db, row.id) }, 200, NO_STORE);
  });

  // PUT /api/v1/clients/{id}/deceased/death_declarations/{declaration_id} – an advisor's review of a declaration
  app.openapi(reviewRoute, async (c) => {
    const { id, declaration_id } = c.req.valid("param");
    return c.json({ data: await reviewDeathDeclaration(c.get("db"), id, declaration_id, c.req.valid("json")) }, 200, NO_STORE);
  });
}
