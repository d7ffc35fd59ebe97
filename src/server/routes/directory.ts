import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import type { DirectoryDescriptor } from "@/domain/directory/descriptor";
import { DIRECTORY_DESCRIPTORS } from "@/domain/directory/registry";
import {
  directoryChangeSchema,
  directoryCreateSchema,
  directoryDependentsSchema,
  directoryEntrySchema,
  directoryImportQuerySchema,
  directoryListQuerySchema,
  directoryUpdateSchema,
  importReportSchema,
} from "@/domain/directory/schemas";
import { disabledSchema } from "@/domain/schemas/partner";
import { idSchema, pagingMetaSchema } from "@/domain/schemas/common";
import { ROLES } from "@/domain/roles";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { issueCodes } from "@/server/http/validation";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { directoryCaller, isDirectoryStaff, readReach } from "@/server/services/directory/caller";
import { listChanges } from "@/server/services/directory/changes";
import { exportCsv } from "@/server/services/directory/csv-export";
import { importCsv } from "@/server/services/directory/csv-import";
import { dependentsOf } from "@/server/services/directory/dependents";
import { findRow, listEntries, readEntry } from "@/server/services/directory/read-entries";
import { createEntry, deleteEntry, EntryInUseError, setEntryDisabled, updateEntry, type WriteContext } from "@/server/services/directory/write-entries";
import { MAX_IMPORT_BYTES, readImportBody } from "@/server/routes/directory-import-body";

/**
 * Partner administration (SPEC §7, issue 15): the same routes for every directory type,
 * built from its descriptor — list, read (with sub-items and history), create, update with
 * nested sub-items, delete, PUT …/{id}/disabled, dependents, changes, CSV export and import.
 * Roles 0-2 everything; a pro (4) reads and changes its own organisation's entry only
 * (404 elsewhere) and creates, deletes, imports and exports nothing (403); role 3 is 403.
 */
const READERS = signedIn({ business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR, ROLES.PRO] });
const STAFF = signedIn({ business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] });
const NO_STORE = { "cache-control": "private, no-store" };
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };
const idParams = z.object({ id: idSchema });
const entryAnswer = z.object({ data: directoryEntrySchema });

/**
 * A refused body answers its codes, and `fields` says where each one is (`rooms.1.price_cents`),
 * so the sub-item editor marks the right row.
 */
function refuseBody(result: { success: true; data: unknown } | { success: false; error: z.ZodError; data?: unknown }, c: Context) {
  if (result.success) return undefined;
  const issues = result.error.issues;
  return c.json(
    {
      error: "Unprocessable Entity" as const,
      errors: issueCodes(issues, result.data),
      fields: issues.map((issue) => ({ path: issue.path.map(String).join("."), code: issueCodes([issue], result.data)[0]! })),
    },
    422,
  );
}

// The hook's types follow each route's; this one only reads the zod error.
const bodyHook = refuseBody as never;

async function writeContext(c: Context<AppEnv>): Promise<WriteContext> {
  const db = c.get("db");
  return { caller: await directoryCaller(db, sessionOf(c)), cache: c.get("directoryCache"), now: new Date() };
}

function registerType(app: OpenAPIHono<AppEnv>, d: DirectoryDescriptor) {
  const base = `/api/v1/${d.segment}`;
  const tags = ["Directory"];
  const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

  const exportRoute = createRoute({
    method: "get",
    path: `${base}/export.csv`,
    tags,
    summary: `Every ${d.type} entry as CSV (src/domain/directory/csv.ts: one column per field, sub-items as JSON)`,
    middleware: [guard(STAFF)] as const,
    responses: { 200: { description: "text/csv; charset=utf-8", content: { "text/csv": { schema: z.string() } } }, ...refusals },
  });
  const importRoute = createRoute({
    method: "post",
    path: `${base}/import`,
    tags,
    summary: `Upsert ${d.type} entries from a CSV (text/csv body or multipart field "file", at most ${MAX_IMPORT_BYTES / 1024 / 1024} MiB); nothing is written if a line is refused`,
    middleware: [guard(STAFF)] as const,
    request: { query: directoryImportQuerySchema },
    responses: { 200: jsonResponse(z.object({ data: importReportSchema }), "Every line written (or, dry run, would be)"), ...refusals },
  });
  const listRoute = createRoute({
    method: "get",
    path: base,
    tags,
    summary: `${d.type}: search (q), filter (department, disabled), sort, paginate`,
    middleware: [guard(READERS)] as const,
    request: { query: directoryListQuerySchema(d) },
    responses: { 200: jsonResponse(z.object({ data: z.array(directoryEntrySchema), meta: pagingMetaSchema }), "A page of entries"), ...refusals },
  });
  const getRoute = createRoute({
    method: "get",
    path: `${base}/{id}`,
    tags,
    summary: `One ${d.resource} with its sub-items and its latest changes`,
    middleware: [guard(READERS)] as const,
    request: { params: idParams },
    responses: { 200: jsonResponse(z.object({ data: directoryEntrySchema, changes: z.array(directoryChangeSchema) }), "The entry"), ...refusals },
  });
  const createEntryRoute = createRoute({
    method: "post",
    path: base,
    tags,
    summary: `Create a ${d.resource} (and its sub-items)`,
    middleware: [guard(STAFF)] as const,
    request: jsonBody(directoryCreateSchema(d)),
    responses: { 201: jsonResponse(entryAnswer, "The new entry"), ...refusals },
  });
  const updateRoute = createRoute({
    method: "put",
    path: `${base}/{id}`,
    tags,
    summary: `Change a ${d.resource}: fields given, sub-items {id, ...} changed, {id, _destroy: true} removed, without id created (SPEC §3, §5)`,
    middleware: [guard(READERS)] as const,
    request: { params: idParams, ...jsonBody(directoryUpdateSchema(d)) },
    responses: { 200: jsonResponse(entryAnswer, "The entry as changed"), ...refusals },
  });
  const deleteRoute = createRoute({
    method: "delete",
    path: `${base}/{id}`,
    tags,
    summary: `Delete a ${d.resource} nothing depends on (otherwise 422 ${d.resource}__entry__in_use with \`dependents\`)`,
    middleware: [guard(STAFF)] as const,
    request: { params: idParams },
    responses: { 204: { description: "Deleted" }, ...refusals },
  });
  const dependentsRoute = createRoute({
    method: "get",
    path: `${base}/{id}/dependents`,
    tags,
    summary: `What uses a ${d.resource}: deals, quotes, commune pages, other entries, its sub-items`,
    middleware: [guard(READERS)] as const,
    request: { params: idParams },
    responses: { 200: jsonResponse(z.object({ data: directoryDependentsSchema }), "Dependents"), ...refusals },
  });
  const changesRoute = createRoute({
    method: "get",
    path: `${base}/{id}/changes`,
    tags,
    summary: `Change history of a ${d.resource}, newest first`,
    middleware: [guard(READERS)] as const,
    request: { params: idParams },
    responses: { 200: jsonResponse(z.object({ data: z.array(directoryChangeSchema) }), "Changes"), ...refusals },
  });

  // GET /api/v1/{type}/export.csv – every entry as CSV
  app.openapi(exportRoute, async (c) => {
    await directoryCaller(c.get("db"), sessionOf(c));
    const csv = await exportCsv(c.get("db"), d);
    return c.body(csv, 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${d.type}.csv"`, ...NO_STORE }) as never;
  });

  // POST /api/v1/{type}/import – upsert entries from a CSV, all or nothing
  app.openapi(importRoute, async (c) => {
    const ctx = await writeContext(c);
    const text = await readImportBody(c);
    const report = await importCsv(c.get("db"), ctx, d, text, c.req.valid("query").dry_run);
    if (report.rejected.length > 0) return c.json({ error: "Unprocessable Entity", errors: ["directory_import__lines__rejected"], report }, 422) as never;
    return c.json({ data: report }, 200, NO_STORE);
  });

  // GET /api/v1/{type} – search, filter, sort and paginate
  app.openapi(listRoute, async (c) => {
    const db = c.get("db");
    const caller = await directoryCaller(db, sessionOf(c));
    return c.json(await listEntries(db, d, c.req.valid("query"), readReach(caller, d)), 200, NO_STORE);
  });

  // GET /api/v1/{type}/{id} – one entry with its sub-items and history
  app.openapi(getRoute, async (c) => {
    const db = c.get("db");
    const caller = await directoryCaller(db, sessionOf(c));
    const { id } = c.req.valid("param");
    const entry = await readEntry(db, d, id, readReach(caller, d));
    return c.json({ data: entry, changes: await listChanges(db, d.type, id) }, 200, NO_STORE);
  });

  // POST /api/v1/{type} – create an entry
  app.openapi(createEntryRoute, async (c) => c.json({ data: await createEntry(c.get("db"), await writeContext(c), d, c.req.valid("json")) }, 201, NO_STORE), bodyHook);

  // PUT /api/v1/{type}/{id} – change an entry and its sub-items
  app.openapi(
    updateRoute,
    async (c) => c.json({ data: await updateEntry(c.get("db"), await writeContext(c), d, c.req.valid("param").id, c.req.valid("json")) }, 200, NO_STORE),
    bodyHook,
  );

  // DELETE /api/v1/{type}/{id} – delete an unused entry
  app.openapi(deleteRoute, async (c) => {
    try {
      await deleteEntry(c.get("db"), await writeContext(c), d, c.req.valid("param").id);
    } catch (error) {
      // What depends on the entry comes with the refusal, as the disable dialog shows it.
      if (error instanceof EntryInUseError) return c.json({ error: "Unprocessable Entity", errors: error.codes, dependents: error.dependents }, 422) as never;
      throw error;
    }
    return c.body(null, 204) as never;
  });

  // GET /api/v1/{type}/{id}/dependents – what uses the entry
  app.openapi(dependentsRoute, async (c) => {
    const db = c.get("db");
    const caller = await directoryCaller(db, sessionOf(c));
    const { id } = c.req.valid("param");
    await findRow(db, d, id, readReach(caller, d));
    return c.json({ data: await dependentsOf(db, d, id, { withDeals: isDirectoryStaff(caller) }) }, 200, NO_STORE);
  });

  // GET /api/v1/{type}/{id}/changes – the entry's history
  app.openapi(changesRoute, async (c) => {
    const db = c.get("db");
    const caller = await directoryCaller(db, sessionOf(c));
    const { id } = c.req.valid("param");
    await findRow(db, d, id, readReach(caller, d));
    return c.json({ data: await listChanges(db, d.type, id, 500) }, 200, NO_STORE);
  });

  if (!d.disableable) return;
  const disabledRoute = createRoute({
    method: "put",
    path: `${base}/{id}/disabled`,
    tags,
    summary: `Disable or enable a ${d.resource} (SPEC §4: value); disabled entries leave pickers, quotes and commune pages`,
    middleware: [guard(READERS)] as const,
    request: { params: idParams, ...jsonBody(disabledSchema) },
    responses: { 200: jsonResponse(entryAnswer, "The entry"), ...refusals },
  });
  // PUT /api/v1/{type}/{id}/disabled – set the disabled flag
  app.openapi(
    disabledRoute,
    async (c) => c.json({ data: await setEntryDisabled(c.get("db"), await writeContext(c), d, c.req.valid("param").id, c.req.valid("json").value) }, 200, NO_STORE),
    bodyHook,
  );
}

export function registerDirectoryRoutes(app: OpenAPIHono<AppEnv>) {
  for (const descriptor of DIRECTORY_DESCRIPTORS) registerType(app, descriptor as DirectoryDescriptor);
}
