import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { AUTOCOMPLETE_KINDS, autocompleteQuerySchema, autocompleteResponseSchema } from "@/domain/schemas/autocomplete";
import { idSchema } from "@/domain/schemas/common";
import { hasRole, ROLES } from "@/domain/roles";
import { guard, type AccessOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { requestLocale } from "@/server/http/locale";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import {
  autocompleteDefinition,
  nestedAutocompleteDefinition,
  runAutocomplete,
  type NestedKind,
} from "@/server/services/autocompletes/autocomplete";

const DIRECTORY_STAFF_ROLES = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] as const;

/** Each kind declares its callers (services/autocompletes/autocomplete.ts); an unknown kind reaches the handler's 404. */
const accessOfKind: AccessOf = (c) => autocompleteDefinition(c.req.param("kind") ?? "", c.req.param("extra"))?.access ?? null;
const accessOfNested = (kind: NestedKind) => nestedAutocompleteDefinition(kind).access;

const kindParam = z.string().max(40).meta({ param: { name: "kind", in: "path" }, example: "cityhalls", description: AUTOCOMPLETE_KINDS.join(", ") });
const responses = {
  200: jsonResponse(autocompleteResponseSchema, "Best matches first: `{ id, name, … }` with the fields a picker shows"),
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  422: errorResponses[422],
};
const description =
  "Accent- and case-insensitive; prefix matches first, then fuzzy matches; communes ranked by population and found by postal or INSEE code. " +
  "cityhalls, countries, departments and airports are public; companies also answers signed-in families; the other kinds need a business-user session.";

const kindRoute = createRoute({
  method: "get",
  path: "/api/v1/autocompletes/{kind}",
  tags: ["Autocompletes"],
  summary: "Suggestions for a picker",
  description,
  middleware: [guard(accessOfKind)] as const,
  request: { params: z.object({ kind: kindParam }), query: autocompleteQuerySchema },
  responses,
});

const extraRoute = createRoute({
  method: "get",
  path: "/api/v1/autocompletes/{kind}/{extra}",
  tags: ["Autocompletes"],
  summary: "Suggestions for a picker, narrowed by an extra (countries/flight_estimation: countries with a flight)",
  middleware: [guard(accessOfKind)] as const,
  request: { params: z.object({ kind: kindParam, extra: z.string().max(40) }), query: autocompleteQuerySchema },
  responses,
});

const nestedRequest = { params: z.object({ id: idSchema }), query: autocompleteQuerySchema };
const airportWarehousesRoute = createRoute({
  method: "get",
  path: "/api/v1/autocompletes/airports/{id}/warehouses",
  tags: ["Autocompletes"],
  summary: "Supplier warehouses at an airport",
  middleware: [guard(accessOfNested("airports/warehouses"))] as const,
  request: nestedRequest,
  responses,
});
const dealDocumentsRoute = createRoute({
  method: "get",
  path: "/api/v1/autocompletes/deals/{id}/documents",
  tags: ["Autocompletes"],
  summary: "Documents of a deal",
  middleware: [guard(accessOfNested("deals/documents"))] as const,
  request: nestedRequest,
  responses,
});


/** Disabled entries are the directory staff's business (roles 0-2): anyone else asking is refused. */
function disabledAllowed(c: Context<AppEnv>, asked: boolean | undefined): boolean {
  if (!asked) return false;
  const auth = c.get("auth");
  if (!auth) throw new ApiError(401, "unauthorized");
  if (!hasRole(auth, DIRECTORY_STAFF_ROLES)) throw new ApiError(403, "forbidden");
  return true;
}

const jsonHeaders = { "content-type": "application/json; charset=utf-8", "cache-control": "private, max-age=60" };

/** Sends JSON the service already serialised (cached answers are kept as text, not parsed again). */
function sendJson(c: Context<AppEnv>, json: string): never {
  // Kept: a text body cannot carry the route's JSON type, and the kinds' searches return unknown[] to type it from.
  return c.body(json, 200, jsonHeaders) as never;
}

export function registerAutocompleteRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/autocompletes/airports/{id}/warehouses – supplier warehouses at an airport
  app.openapi(airportWarehousesRoute, async (c) => nested(c, "airports/warehouses", c.req.valid("param").id, c.req.valid("query")));

  // GET /api/v1/autocompletes/deals/{id}/documents – documents of a deal
  app.openapi(dealDocumentsRoute, async (c) => nested(c, "deals/documents", c.req.valid("param").id, c.req.valid("query")));

  // GET /api/v1/autocompletes/{kind}/{extra} – suggestions narrowed by an extra
  app.openapi(extraRoute, async (c) => {
    const { kind, extra } = c.req.valid("param");
    const query = c.req.valid("query");
    const definition = autocompleteDefinition(kind, extra);
    if (!definition) throw new ApiError(404, "not_found");
    const json = await runAutocomplete(c.get("db"), c.get("autocompleteCache"), kind, definition, {
      ...query,
      extra,
      includeDisabled: disabledAllowed(c, query.disabled),
      locale: requestLocale(c, query.locale),
    });
    return sendJson(c, json);
  });

  // GET /api/v1/autocompletes/{kind} – suggestions for a picker
  app.openapi(kindRoute, async (c) => {
    const { kind } = c.req.valid("param");
    const query = c.req.valid("query");
    const definition = autocompleteDefinition(kind);
    if (!definition) throw new ApiError(404, "not_found");
    const json = await runAutocomplete(c.get("db"), c.get("autocompleteCache"), kind, definition, {
      ...query,
      includeDisabled: disabledAllowed(c, query.disabled),
      locale: requestLocale(c, query.locale),
    });
    return sendJson(c, json);
  });
}

async function nested(
  c: Context<AppEnv>,
  kind: NestedKind,
  parentId: number,
  query: z.infer<typeof autocompleteQuerySchema>,
) {
  const definition = nestedAutocompleteDefinition(kind);
  const db = c.get("db");
  if (!(await definition.parentExists(db, parentId))) throw new ApiError(404, "not_found");
  const json = await runAutocomplete(db, null, kind, definition, { ...query, parentId, includeDisabled: disabledAllowed(c, query.disabled), locale: requestLocale(c, query.locale) });
  return sendJson(c, json);
}
