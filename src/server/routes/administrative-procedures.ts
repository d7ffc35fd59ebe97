import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { signedIn } from "@/domain/access";
import { ROLES } from "@/domain/roles";
import { ongoingFormalityCreateSchema, ongoingFormalityUpdateSchema, procedureCreateSchema, procedureUpdateSchema } from "@/domain/schemas/administrative-procedure";
import { formalitySendSchema, ongoingFormalitySchema, procedureDetailSchema, procedureSummarySchema } from "@/domain/schemas/administrative-procedure-view";
import { idSchema } from "@/domain/schemas/common";
import { guard, sessionOf } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import { errorResponses, jsonResponse } from "@/server/routes/responses";
import { addFormality } from "@/server/services/procedures/add-formality";
import { createProcedure } from "@/server/services/procedures/create-procedure";
import { deleteFormality } from "@/server/services/procedures/delete-formality";
import { requireFormality } from "@/server/services/procedures/formality-access";
import { formalityLetter } from "@/server/services/procedures/formality-letter";
import { listClientProcedures } from "@/server/services/procedures/list-procedures";
import { requireProcedure } from "@/server/services/procedures/procedure-access";
import { loadFormalities, procedureDetail } from "@/server/services/procedures/procedure-views";
import { sendFormality } from "@/server/services/procedures/send-formality";
import { updateFormality } from "@/server/services/procedures/update-formality";
import { archiveProcedure, updateProcedure } from "@/server/services/procedures/update-procedure";
import type { Db } from "@/server/db/client";

/**
 * Administrative procedures after a death and their ongoing formalities (SPEC §7). Every
 * use case opens the procedure through requireProcedure: a client without a role on it
 * gets 404, a role that does not allow the action 403 (src/domain/family-roles.ts);
 * advisors (admin, funeral director, funeral advisor) run every case.
 */

const CLIENTS = signedIn({ clients: true });
const HOLDERS = signedIn({ clients: true, business: [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] });
const NO_STORE = { "cache-control": "private, no-store" };
const params = z.object({ id: idSchema });
const body = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };
const detail = (description: string) => jsonResponse(z.object({ data: procedureDetailSchema }), description);
const formality = (description: string) => jsonResponse(z.object({ data: ongoingFormalitySchema }), description);

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/client/administrative_procedures",
  middleware: [guard(CLIENTS)] as const,
  tags: ["Administrative procedures"],
  summary: "The procedures the signed-in client holds a role on, newest first, with that role",
  responses: { 200: jsonResponse(z.object({ data: z.array(procedureSummarySchema) }), "Procedures"), 401: errorResponses[401] },
});

const createProcedureRoute = createRoute({
  method: "post",
  path: "/api/v1/client/administrative_procedures",
  middleware: [guard(CLIENTS)] as const,
  tags: ["Administrative procedures"],
  summary: "Open a procedure for a deceased; the caller becomes its owner. Birth location, postal code and country are required (defunct__<field>__blank)",
  request: body(procedureCreateSchema),
  responses: { 201: detail("The new procedure"), 401: errorResponses[401], 422: errorResponses[422] },
});

const readRoute = createRoute({
  method: "get",
  path: "/api/v1/administrative_procedures/{id}",
  middleware: [guard(HOLDERS)] as const,
  tags: ["Administrative procedures"],
  summary: "A procedure: the deceased, the checklist of deadlines, the formalities, the caller's role and actions (a notary: names and formalities only)",
  request: { params },
  responses: { 200: detail("The procedure"), ...refusals },
});

const updateRoute = createRoute({
  method: "put",
  path: "/api/v1/administrative_procedures/{id}",
  middleware: [guard(HOLDERS)] as const,
  tags: ["Administrative procedures"],
  summary: "Change the deceased, the family link, the death city or the situation (owner, editor, advisors; 422 client__incomplete)",
  request: { params, ...body(procedureUpdateSchema) },
  responses: { 200: detail("The procedure"), ...refusals },
});

const archiveRoute = createRoute({
  method: "post",
  path: "/api/v1/administrative_procedures/{id}/archive",
  middleware: [guard(HOLDERS)] as const,
  tags: ["Administrative procedures"],
  summary: "Close the file: it stays readable, nothing changes any more (owner, advisors)",
  request: { params },
  responses: { 200: detail("The archived procedure"), ...refusals },
});

const addFormalityRoute = createRoute({
  method: "post",
  path: "/api/v1/administrative_procedures/{id}/ongoing_formalities",
  middleware: [guard(HOLDERS)] as const,
  tags: ["Ongoing formalities"],
  summary: "Add a company's formality to the procedure (422 formality__companies_formality_id__taken when already there)",
  request: { params, ...body(ongoingFormalityCreateSchema) },
  responses: { 201: formality("The formality, to do"), ...refusals },
});

const updateFormalityRoute = createRoute({
  method: "put",
  path: "/api/v1/ongoing_formalities/{id}",
  middleware: [guard(HOLDERS)] as const,
  tags: ["Ongoing formalities"],
  summary: "Fill the fields the company asks for and/or move the state (to_do, sent, answered, closed); sent needs the letter when the company requires one (sending__letter__feature__invalid)",
  request: { params, ...body(ongoingFormalityUpdateSchema) },
  responses: { 200: formality("The formality"), ...refusals },
});

const deleteFormalityRoute = createRoute({
  method: "delete",
  path: "/api/v1/ongoing_formalities/{id}",
  middleware: [guard(HOLDERS)] as const,
  tags: ["Ongoing formalities"],
  summary: "Remove a formality from the procedure (its documents stay, attached to the procedure)",
  request: { params },
  responses: { 204: { description: "Removed" }, ...refusals },
});

const letterRoute = createRoute({
  method: "get",
  path: "/api/v1/ongoing_formalities/{id}/letter",
  middleware: [guard(HOLDERS)] as const,
  tags: ["Ongoing formalities"],
  summary: "The formality's letter as a PDF, in French (422 client__incomplete when the signatory has no first and last name)",
  request: { params },
  responses: { 200: { description: "The PDF letter", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } }, ...refusals },
});

const sendRoute = createRoute({
  method: "post",
  path: "/api/v1/ongoing_formalities/{id}/send",
  middleware: [guard(HOLDERS)] as const,
  tags: ["Ongoing formalities"],
  summary:
    "Send the letter by e-mail (to the company's address with the family in copy, or to the family) and mark the formality sent; without_letter marks it sent when the family did it themselves, refused with sending__letter__feature__invalid when the company requires a letter",
  request: { params, body: { content: { "application/json": { schema: formalitySendSchema } }, required: false } },
  responses: { 200: formality("The formality, sent"), ...refusals },
});

async function formalityView(db: Db, id: number) {
  const [row] = await loadFormalities(db, { formalityId: id });
  if (!row) throw new ApiError(404, "not_found");
  return row.view;
}

export function registerAdministrativeProcedureRoutes(app: OpenAPIHono<AppEnv>) {
  // GET /api/v1/client/administrative_procedures – the client's procedures and their role on each
  app.openapi(listRoute, async (c) => {
    return c.json({ data: await listClientProcedures(c.get("db"), sessionOf(c).userId) }, 200, NO_STORE);
  });

  // POST /api/v1/client/administrative_procedures – open a procedure, the caller as owner
  app.openapi(createProcedureRoute, async (c) => {
    const db = c.get("db");
    const auth = sessionOf(c);
    const id = await createProcedure(db, auth.userId, c.req.valid("json"));
    const hold = await requireProcedure(db, auth, id, "procedure:read");
    return c.json({ data: await procedureDetail(db, hold) }, 201, NO_STORE);
  });

  // GET /api/v1/administrative_procedures/{id} – the procedure as the caller's role sees it
  app.openapi(readRoute, async (c) => {
    const db = c.get("db");
    const hold = await requireProcedure(db, c.get("auth"), c.req.valid("param").id, "formalities:read");
    return c.json({ data: await procedureDetail(db, hold) }, 200, NO_STORE);
  });

  // PUT /api/v1/administrative_procedures/{id} – change the deceased, link, city or situation
  app.openapi(updateRoute, async (c) => {
    const db = c.get("db");
    const hold = await requireProcedure(db, c.get("auth"), c.req.valid("param").id, "procedure:write");
    await updateProcedure(db, hold, c.req.valid("json"));
    return c.json({ data: await procedureDetail(db, hold) }, 200, NO_STORE);
  });

  // POST /api/v1/administrative_procedures/{id}/archive – close the file
  app.openapi(archiveRoute, async (c) => {
    const db = c.get("db");
    const hold = await requireProcedure(db, c.get("auth"), c.req.valid("param").id, "procedure:archive");
    await archiveProcedure(db, hold);
    return c.json({ data: await procedureDetail(db, hold) }, 200, NO_STORE);
  });

  // POST /api/v1/administrative_procedures/{id}/ongoing_formalities – add a company's formality
  app.openapi(addFormalityRoute, async (c) => {
    const db = c.get("db");
    const hold = await requireProcedure(db, c.get("auth"), c.req.valid("param").id, "formalities:write");
    const id = await addFormality(db, hold, c.req.valid("json").formality.companies_formality_id);
    return c.json({ data: await formalityView(db, id) }, 201, NO_STORE);
  });

  // PUT /api/v1/ongoing_formalities/{id} – fields and state of a formality
  app.openapi(updateFormalityRoute, async (c) => {
    const db = c.get("db");
    const id = c.req.valid("param").id;
    const hold = await requireFormality(db, c.get("auth"), id, "formalities:write");
    await updateFormality(db, hold, id, c.req.valid("json").formality);
    return c.json({ data: await formalityView(db, id) }, 200, NO_STORE);
  });

  // DELETE /api/v1/ongoing_formalities/{id} – remove a formality
  app.openapi(deleteFormalityRoute, async (c) => {
    const db = c.get("db");
    const id = c.req.valid("param").id;
    const hold = await requireFormality(db, c.get("auth"), id, "formalities:write");
    await deleteFormality(db, hold, id);
    return c.body(null, 204);
  });

  // GET /api/v1/ongoing_formalities/{id}/letter – the letter as a PDF
  app.openapi(letterRoute, async (c) => {
    const db = c.get("db");
    const id = c.req.valid("param").id;
    // The letter carries the deceased's civil status: roles that read the procedure (not the notary's reduced view).
    const hold = await requireFormality(db, c.get("auth"), id, "procedure:read");
    const { pdf, fileName } = await formalityLetter(db, hold, id);
    return c.body(new Uint8Array(pdf), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "private, no-store",
    });
  });

  // POST /api/v1/ongoing_formalities/{id}/send – e-mail the letter (or record it was done without one)
  app.openapi(sendRoute, async (c) => {
    const db = c.get("db");
    const id = c.req.valid("param").id;
    const hold = await requireFormality(db, c.get("auth"), id, "formalities:write");
    const input = (c.req.valid("json") as z.infer<typeof formalitySendSchema> | undefined) ?? {};
    await sendFormality(db, hold, id, input);
    return c.json({ data: await formalityView(db, id) }, 200, NO_STORE);
  });
}
