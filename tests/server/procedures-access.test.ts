import { afterAll, beforeAll } from "vitest";
import { createProcedure } from "@/server/services/procedures/create-procedure";
import { createTestApp, type TestContext } from "./helpers/app";
import { describeFamilyMatrix, type FamilyRole } from "./helpers/family-matrix";
import { createCompanyFormality, createFamilyClient, grantProcedureRole, PROCEDURE_BODY, type TestClient } from "./helpers/procedure-fixtures";
import { addFormality } from "@/server/services/procedures/add-formality";

/**
 * Every procedures and formalities route against every caller: the file's owner, editor,
 * reader and notary, a client who holds nothing on it (404, never 403: no existence leak),
 * visitors and forged credentials (401), and each business role (advisors run every case;
 * analytics guests and partner pros are refused, 403).
 */

let ctx: TestContext;
const family = {} as Record<FamilyRole, TestClient>;
let procedureId = 0;
let formalityId = 0;
/** The add-formality row's body: a company formality created for each caller (the same one twice would be refused). */
const pendingBody = { formality: { companies_formality_id: 0 } };

async function freshProcedure(): Promise<number> {
  const id = await createProcedure(ctx.db, family.owner.id, { ...PROCEDURE_BODY });
  await grantProcedureRole(ctx.db, id, family.editor.id, "editor");
  await grantProcedureRole(ctx.db, id, family.reader.id, "reader");
  await grantProcedureRole(ctx.db, id, family.notary.id, "notary");
  return id;
}

async function freshFormality(requiresLetter = true): Promise<number> {
  const company = await createCompanyFormality(ctx.db, { requiresLetter });
  const hold = { kind: "family" as const, procedureId, clientId: family.owner.id, role: "owner" as const };
  return addFormality(ctx.db, hold, company.formalityId);
}

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ["owner", "editor", "reader", "notary"] as const) family[role] = await createFamilyClient(ctx.db);
  procedureId = await freshProcedure();
  formalityId = await freshFormality();
});
afterAll(async () => {
  await ctx?.close();
});

const emails = () => ({ owner: family.owner.email, editor: family.editor.email, reader: family.reader.email, notary: family.notary.email });

const BUSINESS_READ = { admin: 200, director: 200, advisor: 200, guest: 403, pro: 403, forged: 401, borrowed: 401 } as const;

describeFamilyMatrix("administrative procedures", () => ctx, emails, [
  {
    title: "GET /api/v1/client/administrative_procedures",
    request: () => "GET /api/v1/client/administrative_procedures",
    expect: { visitor: 401, owner: 200, reader: 200, notary: 200, stranger: 200, admin: 401, guest: 401, forged: 401 },
  },
  {
    title: "POST /api/v1/client/administrative_procedures",
    request: () => "POST /api/v1/client/administrative_procedures",
    body: PROCEDURE_BODY,
    expect: { visitor: 401, stranger: 201, reader: 201, admin: 401, advisor: 401, forged: 401 },
  },
  {
    title: "GET /api/v1/administrative_procedures/{id}",
    request: () => `GET /api/v1/administrative_procedures/${procedureId}`,
    expect: { visitor: 401, owner: 200, editor: 200, reader: 200, notary: 200, stranger: 404, ...BUSINESS_READ },
  },
  {
    title: "GET /api/v1/administrative_procedures/{unknown}",
    request: () => "GET /api/v1/administrative_procedures/2000000000",
    expect: { owner: 404, stranger: 404, admin: 404, guest: 403 },
  },
  {
    title: "PUT /api/v1/administrative_procedures/{id}",
    request: () => `PUT /api/v1/administrative_procedures/${procedureId}`,
    body: { situation: { owned_vehicle: true } },
    expect: { visitor: 401, owner: 200, editor: 200, reader: 403, notary: 403, stranger: 404, ...BUSINESS_READ },
  },
  {
    title: "POST /api/v1/administrative_procedures/{id}/archive",
    request: async () => `POST /api/v1/administrative_procedures/${await freshProcedure()}/archive`,
    expect: { visitor: 401, owner: 200, editor: 403, reader: 403, notary: 403, stranger: 404, ...BUSINESS_READ },
  },
  {
    title: "POST /api/v1/administrative_procedures/{id}/ongoing_formalities",
    request: async () => {
      const company = await createCompanyFormality(ctx.db);
      pendingBody.formality.companies_formality_id = company.formalityId;
      return `POST /api/v1/administrative_procedures/${procedureId}/ongoing_formalities`;
    },
    get body() {
      return pendingBody;
    },
    expect: { visitor: 401, owner: 201, editor: 201, reader: 403, notary: 403, stranger: 404, admin: 201, director: 201, advisor: 201, guest: 403, pro: 403, forged: 401 },
  },
  {
    title: "PUT /api/v1/ongoing_formalities/{id}",
    request: () => `PUT /api/v1/ongoing_formalities/${formalityId}`,
    body: { formality: { fields: { account_number: "42" } } },
    expect: { visitor: 401, owner: 200, editor: 200, reader: 403, notary: 403, stranger: 404, ...BUSINESS_READ },
  },
  {
    title: "PUT /api/v1/ongoing_formalities/{unknown}",
    request: () => "PUT /api/v1/ongoing_formalities/2000000000",
    body: { formality: { fields: {} } },
    expect: { owner: 404, stranger: 404, advisor: 404 },
  },
  {
    title: "DELETE /api/v1/ongoing_formalities/{id}",
    request: async () => `DELETE /api/v1/ongoing_formalities/${await freshFormality()}`,
    expect: { visitor: 401, owner: 204, editor: 204, reader: 403, notary: 403, stranger: 404, admin: 204, director: 204, advisor: 204, guest: 403, pro: 403, forged: 401 },
  },
  {
    title: "GET /api/v1/ongoing_formalities/{id}/letter",
    request: () => `GET /api/v1/ongoing_formalities/${formalityId}/letter`,
    expect: { visitor: 401, owner: 200, editor: 200, reader: 200, notary: 403, stranger: 404, ...BUSINESS_READ },
  },
  {
    title: "POST /api/v1/ongoing_formalities/{id}/send",
    request: async () => `POST /api/v1/ongoing_formalities/${await freshFormality(false)}/send`,
    body: { without_letter: true },
    expect: { visitor: 401, owner: 200, editor: 200, reader: 403, notary: 403, stranger: 404, ...BUSINESS_READ },
  },
]);
