import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { rolesFor } from "@/domain/business-deal-access";
import { idSchema } from "@/domain/schemas/common";
import {
  dealStateInputSchema,
  dealStateSchema,
  dealStepCreateSchema,
  dealStepsViewSchema,
  dealStepUpdateSchema,
  todoItemCreateSchema,
  todoItemUpdateSchema,
  todoItemViewSchema,
} from "@/domain/schemas/deal-back-office";
import { dealStepViewSchema } from "@/domain/schemas/deal-view";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { changeDealState, dealStateView } from "@/server/services/deals/change-deal-state";
import { createDealStep, deleteDealStep, listDealSteps, updateDealStep } from "@/server/services/deals/manage-deal-steps";
import { createTodoItem, deleteTodoItem, listTodoItems, updateTodoItem } from "@/server/services/deals/todo-items";

/**
 * The work on one deal in the back-office (issue 14): its state, its todo list and its
 * steps. Who may call is src/domain/business-deal-access.ts: the guard admits the roles of
 * the action (clients and visitors 401, other roles 403), the service limits a partner
 * professional to the deals assigned to them (404 for any other).
 */
const STATE_CALLERS = signedIn({ business: rolesFor("state") });
const WORKERS = signedIn({ business: rolesFor("work") });
const NO_STORE = { "cache-control": "private, no-store" };

const dealParams = z.object({ id: idSchema });
const todoParams = z.object({ id: idSchema, todo_id: idSchema });
const stepParams = z.object({ id: idSchema, step_id: idSchema });
const json = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };
const withBody = { 400: errorResponses[400], ...refusals };

const readStateRoute = createRoute({
  method: "get",
  path: "/api/v1/deals/{id}/state",
  tags: ["Deals"],
  summary: "The deal's state, the moves the caller may make from it, and the history of its changes (roles 0-2)",
  middleware: [guard(STATE_CALLERS)] as const,
  request: { params: dealParams },
  responses: { 200: jsonResponse(z.object({ data: dealStateSchema }), "The state"), ...refusals },
});

const stateRoute = createRoute({
  method: "put",
  path: "/api/v1/deals/{id}/state",
  tags: ["Deals"],
  summary: "Move the deal to another state of its kind's graph (src/domain/deal-states.ts)",
  description:
    "422 deal__state__invalid (not a state of this kind), deal__state__transition_invalid (not a move from the current state). Advisors (2) make the working moves; cancelling, invoicing, closing and reopening a lost request are for roles 0-1 (403 otherwise). Each change is recorded (who, when, from, to).",
  middleware: [guard(STATE_CALLERS)] as const,
  request: { params: dealParams, ...json(dealStateInputSchema) },
  responses: { 200: jsonResponse(z.object({ data: dealStateSchema }), "The new state and history"), ...withBody },
});

const listTodosRoute = createRoute({
  method: "get",
  path: "/api/v1/deals/{id}/todo_items",
  tags: ["Deals"],
  summary: "The deal's todo list, in order (roles 0-2; a pro on the deals assigned to them)",
  middleware: [guard(WORKERS)] as const,
  request: { params: dealParams },
  responses: { 200: jsonResponse(z.object({ data: z.array(todoItemViewSchema) }), "Todo items"), ...refusals },
});

const createTodoRoute = createRoute({
  method: "post",
  path: "/api/v1/deals/{id}/todo_items",
  tags: ["Deals"],
  summary: "Add a todo item (title, force_done); 422 todo_item__title__blank / too_long",
  middleware: [guard(WORKERS)] as const,
  request: { params: dealParams, ...json(todoItemCreateSchema) },
  responses: { 201: jsonResponse(z.object({ data: todoItemViewSchema }), "The item"), ...withBody },
});

const updateTodoRoute = createRoute({
  method: "put",
  path: "/api/v1/deals/{id}/todo_items/{todo_id}",
  tags: ["Deals"],
  summary: "Rename a todo item or tick it by hand (force_done; done_at is set, or cleared when unticked)",
  middleware: [guard(WORKERS)] as const,
  request: { params: todoParams, ...json(todoItemUpdateSchema) },
  responses: { 200: jsonResponse(z.object({ data: todoItemViewSchema }), "The item"), ...withBody },
});

const deleteTodoRoute = createRoute({
  method: "delete",
  path: "/api/v1/deals/{id}/todo_items/{todo_id}",
  tags: ["Deals"],
  summary: "Delete a todo item",
  middleware: [guard(WORKERS)] as const,
  request: { params: todoParams },
  responses: { 204: { description: "Deleted" }, ...refusals },
});

const listStepsRoute = createRoute({
  method: "get",
  path: "/api/v1/deals/{id}/deal_steps",
  tags: ["Deals"],
  summary: "The deal's steps (SPEC §3 step types) with date, place and partner, in order",
  middleware: [guard(WORKERS)] as const,
  request: { params: dealParams },
  responses: { 200: jsonResponse(z.object({ data: dealStepsViewSchema }), "Steps"), ...refusals },
});

const createStepRoute = createRoute({
  method: "post",
  path: "/api/v1/deals/{id}/deal_steps",
  tags: ["Deals"],
  summary: "Add a step (mode manual); an unknown step type is 422 deal_step__step_type__unknown (SPEC §5)",
  middleware: [guard(WORKERS)] as const,
  request: { params: dealParams, ...json(dealStepCreateSchema) },
  responses: { 201: jsonResponse(z.object({ data: dealStepViewSchema }), "The step"), ...withBody },
});

const updateStepRoute = createRoute({
  method: "put",
  path: "/api/v1/deals/{id}/deal_steps/{step_id}",
  tags: ["Deals"],
  summary: "Plan a step: date and time, place (location type and partner, or home/public address), transport, comment, done",
  description: "Changing a funnel's automatic step makes it manual, so the funnel never overwrites it. A partner id without its location type is 422 deal_step__location_type__blank.",
  middleware: [guard(WORKERS)] as const,
  request: { params: stepParams, ...json(dealStepUpdateSchema) },
  responses: { 200: jsonResponse(z.object({ data: dealStepViewSchema }), "The step"), ...withBody },
});

const deleteStepRoute = createRoute({
  method: "delete",
  path: "/api/v1/deals/{id}/deal_steps/{step_id}",
  tags: ["Deals"],
  summary: "Remove a step",
  middleware: [guard(WORKERS)] as const,
  request: { params: stepParams },
  responses: { 204: { description: "Removed" }, ...refusals },
});

export function registerDealWorkRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/deals/{id}/state – the state, the next moves and the history
  app.openapi(readStateRoute, async (c) => {
    const auth = sessionOf(c);
    const { deal } = await requireBusinessDeal(c.get("db"), auth, c.req.valid("param").id, "state");
    return c.json({ data: await dealStateView(c.get("db"), deal, auth.role) }, 200, NO_STORE);
  });

  // PUT /api/v1/deals/{id}/state – move the deal to its next state
  app.openapi(stateRoute, async (c) => {
    const data = await changeDealState(c.get("db"), sessionOf(c), c.req.valid("param").id, c.req.valid("json").state, new Date());
    return c.json({ data }, 200, NO_STORE);
  });

  // GET /api/v1/deals/{id}/todo_items – the todo list
  app.openapi(listTodosRoute, async (c) => {
    const { deal } = await requireBusinessDeal(c.get("db"), sessionOf(c), c.req.valid("param").id, "work");
    return c.json({ data: await listTodoItems(c.get("db"), deal.id) }, 200, NO_STORE);
  });

  // POST /api/v1/deals/{id}/todo_items – add a todo item
  app.openapi(createTodoRoute, async (c) => {
    const auth = sessionOf(c);
    const { deal } = await requireBusinessDeal(c.get("db"), auth, c.req.valid("param").id, "work");
    return c.json({ data: await createTodoItem(c.get("db"), deal.id, auth.userId, c.req.valid("json"), new Date()) }, 201, NO_STORE);
  });

  // PUT /api/v1/deals/{id}/todo_items/{todo_id} – rename or tick a todo item
  app.openapi(updateTodoRoute, async (c) => {
    const { id, todo_id } = c.req.valid("param");
    const { deal } = await requireBusinessDeal(c.get("db"), sessionOf(c), id, "work");
    return c.json({ data: await updateTodoItem(c.get("db"), deal.id, todo_id, c.req.valid("json"), new Date()) }, 200, NO_STORE);
  });

  // DELETE /api/v1/deals/{id}/todo_items/{todo_id} – delete a todo item
  app.openapi(deleteTodoRoute, async (c) => {
    const { id, todo_id } = c.req.valid("param");
    const { deal } = await requireBusinessDeal(c.get("db"), sessionOf(c), id, "work");
    await deleteTodoItem(c.get("db"), deal.id, todo_id);
    return c.body(null, 204);
  });

  // GET /api/v1/deals/{id}/deal_steps – the deal's steps
  app.openapi(listStepsRoute, async (c) => {
    const { deal } = await requireBusinessDeal(c.get("db"), sessionOf(c), c.req.valid("param").id, "work");
    return c.json({ data: await listDealSteps(c.get("db"), deal.id) }, 200, NO_STORE);
  });

  // POST /api/v1/deals/{id}/deal_steps – add a step
  app.openapi(createStepRoute, async (c) => {
    const { deal } = await requireBusinessDeal(c.get("db"), sessionOf(c), c.req.valid("param").id, "work");
    return c.json({ data: await createDealStep(c.get("db"), deal.id, c.req.valid("json"), new Date()) }, 201, NO_STORE);
  });

  // PUT /api/v1/deals/{id}/deal_steps/{step_id} – plan a step
  app.openapi(updateStepRoute, async (c) => {
    const { id, step_id } = c.req.valid("param");
    const { deal } = await requireBusinessDeal(c.get("db"), sessionOf(c), id, "work");
    return c.json({ data: await updateDealStep(c.get("db"), deal.id, step_id, c.req.valid("json"), new Date()) }, 200, NO_STORE);
  });

  // DELETE /api/v1/deals/{id}/deal_steps/{step_id} – remove a step
  app.openapi(deleteStepRoute, async (c) => {
    const { id, step_id } = c.req.valid("param");
    const { deal } = await requireBusinessDeal(c.get("db"), sessionOf(c), id, "work");
    await deleteDealStep(c.get("db"), deal.id, step_id);
    return c.body(null, 204);
  });
}
