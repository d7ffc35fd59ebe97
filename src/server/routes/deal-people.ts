import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { rolesFor } from "@/domain/business-deal-access";
import { idSchema } from "@/domain/schemas/common";
import {
  callLogInputSchema,
  dealBrandInputSchema,
  dealCommunicationSchema,
  dealDefunctInputSchema,
  dealEntitySchema,
  dealOwnerInputSchema,
  dealPeopleSchema,
  dealUserInputSchema,
  empoweredClientInputSchema,
  welcomeResultSchema,
} from "@/domain/schemas/deal-back-office";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { listDealCommunications, logDealCall } from "@/server/services/deals/deal-communications";
import { dealEntities } from "@/server/services/deals/deal-entities";
import { assignDealUser, changeDealBrand, changeDealDefunct, changeDealOwner, changeEmpoweredClient } from "@/server/services/deals/deal-people";
import { duplicateDeal } from "@/server/services/deals/duplicate-deal";
import { sendWelcome } from "@/server/services/deals/welcome";

/**
 * Who runs a deal and for whom, and what was said to the family (SPEC §7 "Deals (v1)": user,
 * owner, empowered_client, brand, defunct, duplicate, welcome, communications, entities).
 * Roles per action: src/domain/business-deal-access.ts (brand and duplicate 0-1, the rest 0-2).
 */
const MANAGERS = signedIn({ business: rolesFor("manage") });
const READERS = signedIn({ business: rolesFor("read") });
const BRANDERS = signedIn({ business: rolesFor("brand") });
const DUPLICATORS = signedIn({ business: rolesFor("duplicate") });
const NO_STORE = { "cache-control": "private, no-store" };

const dealParams = z.object({ id: idSchema });
const json = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };
const withBody = { 400: errorResponses[400], ...refusals };
const peopleAnswer = jsonResponse(z.object({ data: dealPeopleSchema }), "Who is in charge of the deal and for whom");

function putRoute<S extends z.ZodType>(path: string, summary: string, access: ReturnType<typeof signedIn>, schema: S, description?: string) {
  return createRoute({
    method: "put",
    path: `/api/v1/deals/{id}/${path}`,
    tags: ["Deals"],
    summary,
    ...(description ? { description } : {}),
    middleware: [guard(access)] as const,
    request: { params: dealParams, ...json(schema) },
    responses: { 200: peopleAnswer, ...withBody },
  });
}

const userRoute = putRoute("user", "The business user in charge (user_id: a director, an advisor or a partner professional; null: nobody)", MANAGERS, dealUserInputSchema, "422 deal__user_id__not_assignable for an unknown, disabled or non-assignable user. The new user is notified.");
const ownerRoute = putRoute("owner", "Make a client the owner (client_id); the former owner stays as editor", MANAGERS, dealOwnerInputSchema, "422 deal__client_id__not_found.");
const empoweredRoute = putRoute("empowered_client", "The member with standing to arrange the funeral (client_id, or null)", MANAGERS, empoweredClientInputSchema, "422 deal__empowered_client__not_member when the client holds no role on the deal.");
const brandRoute = putRoute("brand", "The brand the deal is run under (roles 0-1)", BRANDERS, dealBrandInputSchema, "422 deal__brand__blank, deal__brand__too_long.");
const defunctRoute = putRoute(
  "defunct",
  "Link the deal to its deceased (SPEC §5: defunct_id not null, and an owner with first and last name)",
  MANAGERS,
  dealDefunctInputSchema,
  "422 defunct__id__blank (null id), client__incomplete (\"client is incomplete\": the owner lacks a first or last name), defunct__id__not_found.",
);

const duplicateRoute = createRoute({
  method: "post",
  path: "/api/v1/deals/{id}/duplicate",
  tags: ["Deals"],
  summary: "A new draft deal with the same products, steps without dates, no payments, and the owner as only member (roles 0-1)",
  middleware: [guard(DUPLICATORS)] as const,
  request: { params: dealParams },
  responses: { 201: jsonResponse(z.object({ data: z.object({ id: z.number().int(), uuid: z.string(), state: z.string() }) }), "The new deal"), ...refusals },
});

const welcomeRoute = createRoute({
  method: "post",
  path: "/api/v1/deals/{id}/welcome",
  tags: ["Deals"],
  summary: "Send the welcome e-mail to the family (once: a second call sends nothing and answers already_sent)",
  description: "The e-mail goes through the job queue in the family's language and is logged in the deal's communications. 422 deal__owner__no_email.",
  middleware: [guard(MANAGERS)] as const,
  request: { params: dealParams },
  responses: { 200: jsonResponse(z.object({ data: welcomeResultSchema }), "Sent before: nothing sent again"), 202: jsonResponse(z.object({ data: welcomeResultSchema }), "Queued"), ...refusals },
});

const communicationsRoute = createRoute({
  method: "get",
  path: "/api/v1/deals/{id}/communications",
  tags: ["Deals"],
  summary: "Every e-mail, SMS and call of the deal, newest first",
  middleware: [guard(READERS)] as const,
  request: { params: dealParams },
  responses: { 200: jsonResponse(z.object({ data: z.array(dealCommunicationSchema) }), "Communications"), ...refusals },
});

const logCallRoute = createRoute({
  method: "post",
  path: "/api/v1/deals/{id}/communications",
  tags: ["Deals"],
  summary: "Log a call by hand (note, contact, direction, occurred_at)",
  middleware: [guard(MANAGERS)] as const,
  request: { params: dealParams, ...json(callLogInputSchema) },
  responses: { 201: jsonResponse(z.object({ data: dealCommunicationSchema }), "The logged call"), ...withBody },
});

const entitiesRoute = createRoute({
  method: "get",
  path: "/api/v1/deals/{id}/entities",
  tags: ["Deals"],
  summary: "The partners the deal's steps involve (crematorium, graveyard, parlour...) with their contact",
  middleware: [guard(READERS)] as const,
  request: { params: dealParams },
  responses: { 200: jsonResponse(z.object({ data: z.array(dealEntitySchema) }), "Partners"), ...refusals },
});

export function registerDealPeopleRoutes(app: OpenAPIHono<AppEnv>) {
  // PUT /api/v1/deals/{id}/user – the business user in charge
  app.openapi(userRoute, async (c) => c.json({ data: await assignDealUser(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json").user_id, new Date()) }, 200, NO_STORE));

  // PUT /api/v1/deals/{id}/owner – change the owner
  app.openapi(ownerRoute, async (c) => c.json({ data: await changeDealOwner(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json").client_id, new Date()) }, 200, NO_STORE));

  // PUT /api/v1/deals/{id}/empowered_client – the member with standing to arrange the funeral
  app.openapi(empoweredRoute, async (c) => c.json({ data: await changeEmpoweredClient(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json").client_id, new Date()) }, 200, NO_STORE));

  // PUT /api/v1/deals/{id}/brand – the brand of the deal
  app.openapi(brandRoute, async (c) => c.json({ data: await changeDealBrand(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json").brand, new Date()) }, 200, NO_STORE));

  // PUT /api/v1/deals/{id}/defunct – link the deceased
  app.openapi(defunctRoute, async (c) => c.json({ data: await changeDealDefunct(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json").defunct_id, new Date()) }, 200, NO_STORE));

  // POST /api/v1/deals/{id}/duplicate – a new draft from this deal
  app.openapi(duplicateRoute, async (c) => c.json({ data: await duplicateDeal(c.get("db"), sessionOf(c), c.req.valid("param").id, new Date()) }, 201, NO_STORE));

  // POST /api/v1/deals/{id}/welcome – the welcome e-mail, once
  app.openapi(welcomeRoute, async (c) => {
    const data = await sendWelcome(c.get("db"), sessionOf(c), c.req.valid("param").id, new Date());
    return data.already_sent ? c.json({ data }, 200, NO_STORE) : c.json({ data }, 202, NO_STORE);
  });

  // GET /api/v1/deals/{id}/communications – the log of mails, SMS and calls
  app.openapi(communicationsRoute, async (c) => {
    const { deal } = await requireBusinessDeal(c.get("db"), sessionOf(c), c.req.valid("param").id, "read");
    return c.json({ data: await listDealCommunications(c.get("db"), deal.id) }, 200, NO_STORE);
  });

  // POST /api/v1/deals/{id}/communications – log a call
  app.openapi(logCallRoute, async (c) => {
    const auth = sessionOf(c);
    const { deal } = await requireBusinessDeal(c.get("db"), auth, c.req.valid("param").id, "manage");
    return c.json({ data: await logDealCall(c.get("db"), deal.id, auth.userId, c.req.valid("json"), new Date()) }, 201, NO_STORE);
  });

  // GET /api/v1/deals/{id}/entities – the partners of the deal's steps
  app.openapi(entitiesRoute, async (c) => {
    const { deal } = await requireBusinessDeal(c.get("db"), sessionOf(c), c.req.valid("param").id, "read");
    return c.json({ data: await dealEntities(c.get("db"), deal.id) }, 200, NO_STORE);
  });
}
