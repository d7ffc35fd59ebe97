import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientView, DeathDeclarationView } from "@/domain/schemas/client";
import { defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { call } from "./auth-helpers";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { describeFamilyMatrix } from "./helpers/family-matrix";
import { createCompanyFormality, createFamilyClient, type TestClient } from "./helpers/procedure-fixtures";

let ctx: TestContext;
let me: TestClient;
let other: TestClient;

beforeAll(async () => {
  ctx = await createTestApp();
  me = await createFamilyClient(ctx.db, { firstname: "Léa", lastname: "Fontaine", email: "lea.fontaine@example.org" });
  other = await createFamilyClient(ctx.db, { firstname: "Marc", lastname: "Perrin", email: "marc.perrin@example.org" });
});
afterAll(async () => {
  await ctx?.close();
});

const advisor = () => signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
const req = async <T = { data: ClientView }>(headers: Promise<Record<string, string>> | Record<string, string>, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
  call<T & { errors?: string[]; message?: string }>(ctx.app, method, path, { body, headers: { ...(await headers), ...extra } });

describe("GET /api/v1/clients", () => {
  it("gives a client only themself", async () => {
    const res = await req<{ data: ClientView[]; meta: { total_count: number } }>(me.headers(), "GET", "/api/v1/clients?q=perrin");
    expect(res.status).toBe(200);
    expect(res.body.data.map((c) => c.email)).toEqual(["lea.fontaine@example.org"]);
    expect(res.body.meta.total_count).toBe(1);
  });

  it("lets advisors page through clients and search by name or e-mail", async () => {
    const res = await req<{ data: ClientView[]; meta: { total_count: number; per_page: number } }>(advisor(), "GET", "/api/v1/clients?q=perrin&per_page=5");
    expect(res.body.data.map((c) => c.email)).toEqual(["marc.perrin@example.org"]);
    const all = await req<{ data: ClientView[]; meta: { total_count: number; total_pages: number } }>(advisor(), "GET", "/api/v1/clients?per_page=1&page=2");
    expect(all.body.data).toHaveLength(1);
    expect(all.body.meta.total_count).toBeGreaterThanOrEqual(3);
    expect((await req(advisor(), "GET", "/api/v1/clients?per_page=500")).body.errors).toEqual(["per_page__too_big"]);
  });
});

describe("POST /api/v1/clients", () => {
  it("lets an advisor open a family's client, once per e-mail (client__email__taken)", async () => {
    const res = await req(advisor(), "POST", "/api/v1/clients", { civility: "Mme", firstname: "Rose", lastname: "Blanc", email: "Rose.Blanc@Example.org", phone: "06 12 34 56 78", city: "Nantes" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ firstname: "Rose", email: "rose.blanc@example.org", city: "Nantes", opt_out: false, companies: [] });
    const again = await req(advisor(), "POST", "/api/v1/clients", { email: "rose.blanc@example.org" });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ error: "Unprocessable Entity", errors: ["client__email__taken"] });
    const bad = await req(advisor(), "POST", "/api/v1/clients", { email: "not-an-address", birth_insee_code: "123", civility: "Dr" });
    expect(bad.body.errors).toEqual(["client__civility__invalid", "client__birth_insee_code__invalid", "client__email__invalid"]);
    const unknown = await req(advisor(), "POST", "/api/v1/clients", { password: "x" });
    expect(unknown.status).toBe(422);
  });
});

describe("GET and PUT /api/v1/clients/{id}", () => {
  it("lets a client read and change only themself", async () => {
    expect((await req(me.headers(), "GET", `/api/v1/clients/${me.id}`)).body.data).toMatchObject({ id: me.id, lastname: "Fontaine" });
    expect((await req(me.headers(), "GET", `/api/v1/clients/${other.id}`)).status).toBe(404);
    const res = await req(me.headers(), "PUT", `/api/v1/clients/${me.id}`, { birth_name: "Moreau", address: "8 quai Perrache", postal_code: "69002", city: "Lyon", nationality: "FR" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ birth_name: "Moreau", address: "8 quai Perrache", nationality: "fr" });
    expect((await req(me.headers(), "PUT", `/api/v1/clients/${other.id}`, { city: "Paris" })).status).toBe(404);
    const taken = await req(me.headers(), "PUT", `/api/v1/clients/${me.id}`, { email: "marc.perrin@example.org" });
    expect(taken.body.errors).toEqual(["client__email__taken"]);
  });

  it("hands a client who changes their e-mail the new uid, so the session goes on", async () => {
    const mover = await createFamilyClient(ctx.db, { email: "old.address@example.org" });
    const headers = await mover.headers();
    const res = await req(headers, "PUT", `/api/v1/clients/${mover.id}`, { email: "new.address@example.org" });
    expect(res.status).toBe(200);
    expect(res.headers.get("uid")).toBe("new.address@example.org");
    const next = { ...headers, uid: "new.address@example.org", ...(res.headers.get("access-token") ? { "access-token": res.headers.get("access-token")!, client: res.headers.get("client")! } : {}) };
    expect((await req(next, "GET", `/api/v1/clients/${mover.id}`)).status).toBe(200);
  });
});

describe("PUT /api/v1/clients/{id}/companies and the company-id header", () => {
  it("records the companies the client acts for and refuses a header naming another", async () => {
    const notaries = await createCompanyFormality(ctx.db, { name: "Étude notariale Exemple", category: "notaries" });
    const bank = await createCompanyFormality(ctx.db, { name: "Banque Voisine" });
    const res = await req(me.headers(), "PUT", `/api/v1/clients/${me.id}/companies`, { company_ids: [notaries.companyId] });
    expect(res.status).toBe(200);
    expect(res.body.data.companies).toEqual([{ id: notaries.companyId, name: "Étude notariale Exemple" }]);
    expect((await req(me.headers(), "PUT", `/api/v1/clients/${me.id}/companies`, { company_ids: [2_000_000_000] })).body.errors).toEqual(["company_ids__invalid"]);

    expect((await req(me.headers(), "GET", `/api/v1/clients/${me.id}`, undefined, { "company-id": String(notaries.companyId) })).status).toBe(200);
    const refused = await req(me.headers(), "GET", `/api/v1/clients/${me.id}`, undefined, { "company-id": String(bank.companyId) });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "Forbidden", message: "company__not_acting_for" });
    const malformed = await req(me.headers(), "GET", "/api/v1/client/administrative_procedures", undefined, { "company-id": "1; DROP" });
    expect(malformed.body).toEqual({ error: "Unprocessable Entity", errors: ["company_id__invalid"] });
    // Business users act for no company: the header does not concern them.
    expect((await req(advisor(), "GET", `/api/v1/clients/${me.id}`, undefined, { "company-id": String(bank.companyId) })).status).toBe(200);
    // Emptying the list: the header no longer passes.
    await req(me.headers(), "PUT", `/api/v1/clients/${me.id}/companies`, { company_ids: [] });
    expect((await req(me.headers(), "GET", `/api/v1/clients/${me.id}`, undefined, { "company-id": String(notaries.companyId) })).status).toBe(403);
  });
});

describe("POST /api/v1/clients/{id}/deceased and GET …/deceased/death_declarations", () => {
  it("declares a deceased, updates it, and lists the declarations with their state and comment", async () => {
    const created = await req<{ data: DeathDeclarationView }>(me.headers(), "POST", `/api/v1/clients/${me.id}/deceased`, { firstname: "Jean", lastname: "Fontaine", death_date: "2026-09-01" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ firstname: "Jean", lastname: "Fontaine", state: "received", comment: null });
    const id = created.body.data.id;
    const updated = await req<{ data: DeathDeclarationView }>(me.headers(), "POST", `/api/v1/clients/${me.id}/deceased`, { id, birth_date: "1950-01-01" });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, birth_date: "1950-01-01", lastname: "Fontaine" });
    // An advisor reviews it.
    const review = await req<{ data: DeathDeclarationView }>(advisor(), "PUT", `/api/v1/clients/${me.id}/deceased/death_declarations/${id}`, { state: "confirmed", comment: "Acte de décès reçu" });
    expect(review.status).toBe(200);
    expect((await req(advisor(), "PUT", `/api/v1/clients/${other.id}/deceased/death_declarations/${id}`, { state: "rejected" })).status).toBe(404);
    expect((await req(advisor(), "PUT", `/api/v1/clients/${me.id}/deceased/death_declarations/${id}`, { state: "lost" })).body.errors).toEqual(["death_declaration__state__invalid"]);
    const [stored] = await ctx.db.select().from(defuncts).where(eq(defuncts.id, id));
    expect(stored).toMatchObject({ declarationState: "confirmed", declarationComment: "Acte de décès reçu" });
    const list = await req<{ data: DeathDeclarationView[] }>(me.headers(), "GET", `/api/v1/clients/${me.id}/deceased/death_declarations`);
    expect(list.body.data.find((d) => d.id === id)).toMatchObject({ state: "confirmed", comment: "Acte de décès reçu" });
    expect((await req(other.headers(), "GET", `/api/v1/clients/${other.id}/deceased/death_declarations`)).body.data).toEqual([]);
  });

  it("needs a non-null id to update, a defunct of the client's own, a last name, and a complete client (SPEC §5)", async () => {
    expect((await req(me.headers(), "POST", `/api/v1/clients/${me.id}/deceased`, { id: null, firstname: "X" })).body.errors).toEqual(["defunct__id__blank"]);
    expect((await req(me.headers(), "POST", `/api/v1/clients/${me.id}/deceased`, { firstname: "Jean" })).body.errors).toEqual(["defunct__lastname__blank"]);
    const theirs = await req<{ data: DeathDeclarationView }>(other.headers(), "POST", `/api/v1/clients/${other.id}/deceased`, { lastname: "Perrin" });
    expect((await req(me.headers(), "POST", `/api/v1/clients/${me.id}/deceased`, { id: theirs.body.data.id, firstname: "Y" })).status).toBe(404);
    const incomplete = await createFamilyClient(ctx.db, { firstname: "Solo", lastname: null });
    const res = await req(incomplete.headers(), "POST", `/api/v1/clients/${incomplete.id}/deceased`, { lastname: "Durand" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(["client__incomplete"]);
    await ctx.db.update(clients).set({ lastname: "Durand" }).where(eq(clients.id, incomplete.id));
    expect((await req(incomplete.headers(), "POST", `/api/v1/clients/${incomplete.id}/deceased`, { lastname: "Durand" })).status).toBe(201);
  });
});

// "owner" is the client whose record the row opens; "stranger" another client (the seeded one).
describeFamilyMatrix("clients", () => ctx, () => ({ owner: me.email, editor: other.email, reader: other.email, notary: other.email }), [
  {
    title: "GET /api/v1/clients",
    request: () => "GET /api/v1/clients",
    expect: { visitor: 401, owner: 200, stranger: 200, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403, forged: 401, borrowed: 401 },
  },
  {
    title: "POST /api/v1/clients",
    request: () => "POST /api/v1/clients",
    body: { firstname: "Sans", lastname: "Adresse" },
    expect: { visitor: 401, owner: 401, stranger: 401, admin: 201, director: 201, advisor: 201, guest: 403, pro: 403, forged: 401 },
  },
  {
    title: "GET /api/v1/clients/{id}",
    request: () => `GET /api/v1/clients/${me.id}`,
    expect: { visitor: 401, owner: 200, stranger: 404, admin: 200, advisor: 200, guest: 403, pro: 403, forged: 401, borrowed: 401 },
  },
  {
    title: "PUT /api/v1/clients/{id}",
    request: () => `PUT /api/v1/clients/${me.id}`,
    body: { work: "Infirmière" },
    expect: { visitor: 401, owner: 200, stranger: 404, admin: 200, director: 200, guest: 403, pro: 403, forged: 401 },
  },
  {
    title: "PUT /api/v1/clients/{id}/companies",
    request: () => `PUT /api/v1/clients/${me.id}/companies`,
    body: { company_ids: [] },
    expect: { visitor: 401, owner: 200, stranger: 404, advisor: 200, guest: 403, pro: 403, forged: 401 },
  },
  {
    title: "POST /api/v1/clients/{id}/deceased",
    request: () => `POST /api/v1/clients/${me.id}/deceased`,
    body: { lastname: "Matrice" },
    expect: { visitor: 401, owner: 201, stranger: 404, advisor: 201, guest: 403, pro: 403, forged: 401 },
  },
  {
    title: "GET /api/v1/clients/{id}/deceased/death_declarations",
    request: () => `GET /api/v1/clients/${me.id}/deceased/death_declarations`,
    expect: { visitor: 401, owner: 200, stranger: 404, admin: 200, advisor: 200, guest: 403, pro: 403, forged: 401 },
  },
  {
    title: "PUT /api/v1/clients/{id}/deceased/death_declarations/{declaration_id}",
    request: async () => {
      const [row] = await ctx.db.insert(defuncts).values({ lastname: "Revue", clientId: me.id }).returning({ id: defuncts.id });
      return `PUT /api/v1/clients/${me.id}/deceased/death_declarations/${row!.id}`;
    },
    body: { state: "in_review" },
    expect: { visitor: 401, owner: 401, stranger: 401, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403, forged: 401 },
  },
  {
    title: "GET /api/v1/clients/{unknown}",
    request: () => "GET /api/v1/clients/2000000000",
    expect: { owner: 404, admin: 404 },
  },
]);
