import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanyDetail, CompanyFormalityListItem } from "@/domain/schemas/company";
import { COMPANY_CATEGORIES } from "@/domain/companies";
import { REFERENCE_COMPANIES } from "@/server/db/seed/reference/companies/seed-companies";
import { getCompanyFormality } from "@/server/services/companies/get-company-formality";
import { createTestApp, getJson, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";

/** GET /api/v1/companies/{id}, /formalities and /categories (SPEC §7 "Companies"). */

let ctx: TestContext;
let client: Record<string, string>;
let bankPostaleId: number;

interface Page {
  data: CompanyFormalityListItem[];
  meta: { page: number; per_page: number; total_count: number; total_pages: number };
}

beforeAll(async () => {
  ctx = await createTestApp();
  client = await signInHeaders(ctx.db, "client", "client@demo.test");
  const { body } = await getJson<Page>(ctx.app, "/api/v1/companies/formalities?q=banque%20postale", client);
  bankPostaleId = body.data[0]!.company.id;
});
afterAll(async () => {
  await ctx?.close();
});

describe("GET /api/v1/companies/categories", () => {
  it("lists every category in order with its counts", async () => {
    const { status, body } = await getJson<{ data: Array<{ code: string; name: string; position: number; companies_count: number; formalities_count: number }> }>(
      ctx.app,
      "/api/v1/companies/categories",
      client,
    );
    expect(status).toBe(200);
    expect(body.data.map((c) => c.code)).toEqual([...COMPANY_CATEGORIES]);
    expect(body.data.reduce((sum, c) => sum + c.companies_count, 0)).toBe(REFERENCE_COMPANIES.length);
    expect(body.data.reduce((sum, c) => sum + c.formalities_count, 0)).toBe(REFERENCE_COMPANIES.flatMap((c) => c.formalities).length);
    const bank = body.data.find((c) => c.code === "bank")!;
    expect(bank).toMatchObject({ name: "Banques et organismes de crédit", position: 0 });
    expect(bank.companies_count).toBe(REFERENCE_COMPANIES.filter((c) => c.category === "bank").length);
    expect(body.data.every((c) => c.companies_count > 0 && c.formalities_count >= c.companies_count)).toBe(true);
  });
});

describe("GET /api/v1/companies/formalities", () => {
  it("pages through every formality with its company", async () => {
    const total = REFERENCE_COMPANIES.flatMap((c) => c.formalities).length;
    const first = await getJson<Page>(ctx.app, "/api/v1/companies/formalities?per_page=20", client);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, per_page: 20, total_count: total, total_pages: Math.ceil(total / 20) });
    expect(first.body.data).toHaveLength(20);
    const last = await getJson<Page>(ctx.app, `/api/v1/companies/formalities?per_page=20&page=${first.body.meta.total_pages}`, client);
    expect(last.body.data.length).toBe(total - 20 * (first.body.meta.total_pages - 1));
    const ids = new Set([...first.body.data, ...last.body.data].map((f) => f.id));
    expect(ids.size).toBe(first.body.data.length + last.body.data.length);
  });

  it("defaults to 50 per page, banks first", async () => {
    const { body } = await getJson<Page>(ctx.app, "/api/v1/companies/formalities", client);
    expect(body.meta.per_page).toBe(50);
    expect(body.data[0]!.company.category).toMatchObject({ code: "bank" });
  });

  it("filters by category, kind, company and name (accents and case ignored)", async () => {
    const pensions = await getJson<Page>(ctx.app, "/api/v1/companies/formalities?category=pension&per_page=200", client);
    expect(pensions.body.data.length).toBeGreaterThan(20);
    expect(pensions.body.data.every((f) => f.company.category?.code === "pension")).toBe(true);
    expect(pensions.body.data.some((f) => f.company.name.startsWith("Agirc-Arrco") && f.kind === "claim" && !f.requires_letter)).toBe(true);

    const claims = await getJson<Page>(ctx.app, "/api/v1/companies/formalities?kind=claim&category=health_insurance", client);
    expect(claims.body.data.map((f) => f.name)).toContain("Demander le capital décès (formulaire S3180)");
    expect(claims.body.data.every((f) => f.kind === "claim")).toBe(true);

    const byName = await getJson<Page>(ctx.app, "/api/v1/companies/formalities?q=SOCIETE%20generale", client);
    // Any part of the name: the bank and its insurer, banks first (category order).
    expect(byName.body.data.map((f) => f.company.name)).toEqual([
      "Société Générale",
      "Société Générale",
      "Société Générale",
      "Sogecap (Société Générale Assurances)",
      "Sogecap (Société Générale Assurances)",
    ]);

    const byCompany = await getJson<Page>(ctx.app, `/api/v1/companies/formalities?company_id=${bankPostaleId}`, client);
    expect(byCompany.body.data.map((f) => f.kind)).toEqual(["notify", "claim", "close"]);
    expect(byCompany.body.meta.total_count).toBe(3);

    const none = await getJson<Page>(ctx.app, "/api/v1/companies/formalities?q=zzzzzz", client);
    expect(none.body).toEqual({ data: [], meta: { page: 1, per_page: 50, total_count: 0, total_pages: 0 } });
  });

  it("answers each formality with its fields (label keys), documents and the company's contact", async () => {
    const { body } = await getJson<Page>(ctx.app, "/api/v1/companies/formalities?q=agira", client);
    const search = body.data.find((f) => f.name.includes("assurance vie"))!;
    expect(search.company.contact.address).toBe("Agira — Recherche des bénéficiaires en cas de décès\n1 rue Jules Lefebvre\n75431 Paris Cedex 09");
    expect(search.document_types).toEqual(["death_certificate"]);
    const bank = (await getJson<Page>(ctx.app, `/api/v1/companies/formalities?company_id=${bankPostaleId}&kind=close`, client)).body.data[0]!;
    expect(bank.fields).toEqual([
      { name: "account_number", label: "Companies.fields.account_number", type: "text", required: true },
      { name: "iban", label: "Companies.fields.iban", type: "iban", required: false },
    ]);
    expect(bank.requires_letter).toBe(true);
  });

  it.each([
    ["category=casino", "company__category__invalid"],
    ["kind=forget", "company__kind__invalid"],
    ["company_id=abc", "company__company_id__invalid"],
    ["per_page=500", "per_page__too_big"],
    ["page=0", "page__invalid"],
    [`q=${"a".repeat(101)}`, "company__q__too_long"],
    ["q=%00", "company__q__invalid_characters"],
  ])("refuses %s with 422 %s", async (query, code) => {
    const { status, body } = await getJson<{ error: string; errors: string[] }>(ctx.app, `/api/v1/companies/formalities?${query}`, client);
    expect(status).toBe(422);
    expect(body).toEqual({ error: "Unprocessable Entity", errors: [code] });
  });
});

describe("GET /api/v1/companies/{id}", () => {
  it("answers the company with its contact, source and formalities in checklist order", async () => {
    const { status, body } = await getJson<{ data: CompanyDetail }>(ctx.app, `/api/v1/companies/${bankPostaleId}`, client);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: bankPostaleId,
      name: "La Banque Postale",
      slug: "la-banque-postale",
      category: { code: "bank", name: "Banques et organismes de crédit" },
      website: "https://www.labanquepostale.fr",
      demo: false,
      contact: { address: null, email: null, phone: null },
      source: "https://www.labanquepostale.fr/particulier/accompagner/soucis/perte-proche/demarches-et-formalites.html",
      source_checked_on: "2026-11-24",
    });
    expect(body.data.contact.form_url).toMatch(/^https:\/\/www\.labanquepostale\.fr\//);
    expect(body.data.formalities.map((f) => [f.kind, f.requires_letter])).toEqual([
      ["notify", true],
      ["claim", true],
      ["close", true],
    ]);
    expect(body.data.formalities[1]!.document_types).toEqual(["death_certificate", "funeral_invoice", "identity_card"]);
  });

  it("answers 404 for an unknown id and 422 for a malformed one", async () => {
    expect(await getJson(ctx.app, "/api/v1/companies/999999", client)).toMatchObject({ status: 404, body: { error: "Not Found", message: "not_found" } });
    for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const { status, body } = await getJson(ctx.app, `/api/v1/companies/${id}`, client);
      expect(status).toBe(422);
      expect(body).toEqual({ error: "Unprocessable Entity", errors: ["id__invalid"] });
    }
  });
});

describe("getCompanyFormality (for the procedures and letters)", () => {
  it("answers the formality with its company and contact, or null", async () => {
    const { body } = await getJson<Page>(ctx.app, "/api/v1/companies/formalities?q=sogecap&kind=claim", client);
    const listed = body.data[0]!;
    expect(await getCompanyFormality(ctx.db, listed.id)).toEqual(listed);
    expect(listed.company.contact).toMatchObject({ address: "Sogecap — Service Prévoyance\n42 boulevard Alexandre Martin\n45057 Orléans Cedex 1", phone: "09 69 329 969" });
    expect(await getCompanyFormality(ctx.db, 999_999)).toBeNull();
  });
});

describe("GET /api/v1/autocompletes/companies", () => {
  it("answers a signed-in family, accents ignored", async () => {
    const { status, body } = await getJson<Array<{ name: string; category: { code: string } }>>(ctx.app, "/api/v1/autocompletes/companies?q=societe", client);
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ name: "Société Générale", category: { code: "bank" } });
  });
});

describe("GET /api/docs", () => {
  it("documents the three companies routes and their answers field by field", async () => {
    type Schema = { type?: string | string[]; properties?: Record<string, unknown> };
    const { body } = await getJson<{ paths: Record<string, unknown>; components: { schemas: Record<string, Schema> } }>(ctx.app, "/api/docs");
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(["/api/v1/companies/{id}", "/api/v1/companies/formalities", "/api/v1/companies/categories"]));
    const schemas = body.components.schemas;
    const expected = {
      Company: ["id", "name", "slug", "category", "website", "demo", "contact", "source", "source_checked_on", "formalities"],
      CompanyFormality: ["id", "name", "kind", "requires_letter", "fields", "document_types"],
      CompanyContact: ["address", "email", "phone", "form_url"],
      CompanyCategory: ["code", "name", "position", "companies_count", "formalities_count"],
      CompanyFormalityListItem: ["company", "fields", "kind"],
      FormalityField: ["name", "label", "type", "required"],
    };
    for (const [id, fields] of Object.entries(expected)) {
      expect([schemas[id]?.type].flat(), id).toContain("object");
      expect(Object.keys(schemas[id]?.properties ?? {}), id).toEqual(expect.arrayContaining(fields));
    }
    const open = JSON.stringify(Object.keys(expected).map((id) => schemas[id])).match(/"additionalProperties":\{\}/g);
    expect(open).toBeNull();
  });
});

// Reference data without personal data, but behind a session: families and the staff
// running cases read it; analytics guests and partner pros are refused (403).
describeAuthorizationMatrix("companies", () => ctx, [
  ...["/api/v1/companies/categories", "/api/v1/companies/formalities?per_page=1", "/api/v1/companies/1"].map((request) => ({
    request,
    expect: { visitor: 401, forged: 401, borrowed: 401, client: 200, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403 },
  })),
  { request: "/api/v1/companies/999999", expect: { visitor: 401, client: 404, advisor: 404 } },
  { request: "/api/v1/companies/abc", expect: { visitor: 401, client: 422 } },
  { request: "/api/v1/autocompletes/companies?q=edf", expect: { visitor: 401, forged: 401, client: 200, admin: 200, guest: 200, pro: 200 } },
]);
