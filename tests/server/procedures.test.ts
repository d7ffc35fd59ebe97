import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OngoingFormalityView, ProcedureDetailView } from "@/domain/schemas/administrative-procedure-view";
import { procedureAbilities } from "@/server/db/schema/family";
import { cityhalls } from "@/server/db/schema/geo";
import { companies, companiesFormalities, companyCategories, documentTypes, supportingDocumentOwners, supportingDocuments } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { listDeadJobs } from "@/server/jobs/queue";
import { drainJobs } from "@/server/jobs/worker";
import { FORMALITY_LETTER_EMAIL_JOB } from "@/server/services/procedures/send-formality";
import { call } from "./auth-helpers";
import { createTestApp, type TestContext } from "./helpers/app";
import { createCompanyFormality, createFamilyClient, grantProcedureRole, PROCEDURE_BODY, type TestClient } from "./helpers/procedure-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";
import { pdfText } from "./integrations/pdf/pdf-text";

let ctx: TestContext;
let owner: TestClient;
const outbox = recordingMailer();

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(outbox.mailer);
  owner = await createFamilyClient(ctx.db, { firstname: "Claire", lastname: "Martin", email: "claire.martin@example.org" });
});
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

async function as(client: TestClient, method: string, path: string, body?: unknown) {
  return call<{ data: never; errors?: string[]; message?: string }>(ctx.app, method, path, { body, headers: await client.headers() });
}

async function newProcedure(client: TestClient = owner, body: Record<string, unknown> = {}): Promise<ProcedureDetailView> {
  const res = await as(client, "POST", "/api/v1/client/administrative_procedures", { ...PROCEDURE_BODY, ...body });
  expect(res.status).toBe(201);
  return res.body.data as ProcedureDetailView;
}

async function addFormality(procedureId: number, companiesFormalityId: number): Promise<OngoingFormalityView> {
  const res = await as(owner, "POST", `/api/v1/administrative_procedures/${procedureId}/ongoing_formalities`, { formality: { companies_formality_id: companiesFormalityId } });
  expect(res.status).toBe(201);
  return res.body.data as OngoingFormalityView;
}

describe("POST /api/v1/client/administrative_procedures", () => {
  it("creates the deceased, the procedure and the creator's owner role in one go", async () => {
    const created = await newProcedure();
    expect(created).toMatchObject({
      role: "owner",
      full_view: true,
      defunct: { firstname: "Henri", lastname: "Martin", birth_location: "Villeurbanne", birth_postal_code: "69100", birth_country_code: "fr", death_date: "2026-10-02" },
      defunct_family_link: "child",
      situation: { employment: "retired", owned_vehicle: true },
      formalities: [],
      archived_at: null,
    });
    expect(created.actions).toContain("members:manage");
    const [ability] = await ctx.db.select().from(procedureAbilities).where(eq(procedureAbilities.administrativeProcedureId, created.id));
    expect(ability).toMatchObject({ clientId: owner.id, role: "owner", link: "child" });
    // The checklist follows the situation: retired (pension funds), no capital décès; a vehicle; the 14-day funeral limit.
    const ids = created.checklist.map((i) => i.id);
    expect(ids).toContain("pension_funds");
    expect(ids).not.toContain("capital_deces");
    expect(ids).not.toContain("housing_lease");
    expect(created.checklist.find((i) => i.id === "funeral")!.timing).toEqual({ kind: "date", due: "2026-10-16", delay: { amount: 14, unit: "calendar_days" } });
    expect(created.checklist.find((i) => i.id === "succession_declaration")!.timing).toMatchObject({ due: "2027-04-02" });
    for (const item of created.checklist) {
      expect(item.source_url).toMatch(/^https:\/\//);
      expect(item.checked_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("requires the birth location, postal code and country (SPEC §5), one code each", async () => {
    const res = await as(owner, "POST", "/api/v1/client/administrative_procedures", { firstname: "Henri", lastname: "Martin" });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: "Unprocessable Entity", errors: ["defunct__birth_location__blank", "defunct__birth_postal_code__blank", "defunct__birth_country_code__blank"] });
    const blank = await as(owner, "POST", "/api/v1/client/administrative_procedures", { ...PROCEDURE_BODY, birth_location: "", birth_country_code: null });
    expect(blank.body.errors).toEqual(["defunct__birth_location__blank", "defunct__birth_country_code__blank"]);
  });

  it("refuses an unknown death city, a death in the future, a birth after the death and a bad family link", async () => {
    const city = await as(owner, "POST", "/api/v1/client/administrative_procedures", { ...PROCEDURE_BODY, defunct_death_city_id: 2_000_000_000 });
    expect(city.body.errors).toEqual(["administrative_procedure__defunct_death_city_id__invalid"]);
    const future = await as(owner, "POST", "/api/v1/client/administrative_procedures", { ...PROCEDURE_BODY, death_date: "2999-01-01", birth_date: "2999-06-01" });
    expect(future.body.errors).toEqual(["defunct__death_date__in_future", "defunct__birth_date__in_future", "defunct__birth_date__after_death_date"]);
    const link = await as(owner, "POST", "/api/v1/client/administrative_procedures", { ...PROCEDURE_BODY, defunct_family_link: "cousin" });
    expect(link.body.errors).toEqual(["administrative_procedure__defunct_family_link__invalid"]);
    const situation = await as(owner, "POST", "/api/v1/client/administrative_procedures", { ...PROCEDURE_BODY, situation: { employment: "astronaut" } });
    expect(situation.body.errors).toEqual(["situation__employment__invalid"]);
  });

  it("links the death city when it exists", async () => {
    const rows = await ctx.db.select({ id: cityhalls.id, name: cityhalls.name }).from(cityhalls).where(eq(cityhalls.inseeCode, "69123"));
    const created = await newProcedure(owner, { defunct_death_city_id: rows[0]!.id });
    expect(created.defunct_death_city).toEqual({ id: rows[0]!.id, name: rows[0]!.name, insee_code: "69123" });
  });
});

describe("GET /api/v1/client/administrative_procedures", () => {
  it("lists every procedure the client holds, with the role, and nothing else", async () => {
    const other = await createFamilyClient(ctx.db);
    const mine = await newProcedure(other);
    const shared = await newProcedure(owner);
    await grantProcedureRole(ctx.db, shared.id, other.id, "reader", "sibling");
    const res = await as(other, "GET", "/api/v1/client/administrative_procedures");
    expect(res.status).toBe(200);
    const list = res.body.data as Array<{ id: number; role: string; defunct: { lastname: string }; formalities_count: number }>;
    expect(list.map((p) => [p.id, p.role])).toEqual([
      [shared.id, "reader"],
      [mine.id, "owner"],
    ]);
    expect(list[0]).toMatchObject({ defunct: { lastname: "Martin" }, formalities_count: 0 });
    // The dated item due next: the earliest one still open (overdue ones first, so nothing is forgotten).
    expect((list[0] as unknown as { next_due: unknown }).next_due).toEqual({ id: "death_declaration", due: "2026-10-03", status: expect.stringMatching(/^(overdue|to_do)$/) });
  });
});

describe("GET /api/v1/administrative_procedures/{id}", () => {
  it("gives the notary the names and the formalities only", async () => {
    const notary = await createFamilyClient(ctx.db, { firstname: "Paul", lastname: "Notaire" });
    const procedure = await newProcedure();
    const bank = await createCompanyFormality(ctx.db);
    await addFormality(procedure.id, bank.formalityId);
    await grantProcedureRole(ctx.db, procedure.id, notary.id, "notary", "notary");
    const res = await as(notary, "GET", `/api/v1/administrative_procedures/${procedure.id}`);
    expect(res.status).toBe(200);
    const view = res.body.data as ProcedureDetailView;
    expect(view).toMatchObject({ role: "notary", full_view: false, actions: ["formalities:read", "documents:read"], situation: null, checklist: [], defunct_family_link: null });
    expect(view.defunct).toEqual({ id: procedure.defunct.id, firstname: "Henri", lastname: "Martin" });
    expect(view.formalities).toHaveLength(1);
  });

  it("lets an advisor read any procedure, as an editor who does not manage members", async () => {
    const procedure = await newProcedure();
    const advisor = { headers: () => import("./helpers/app").then((m) => m.signInHeaders(ctx.db, "business_user", "conseiller@demo.test")) } as TestClient;
    const res = await as(advisor, "GET", `/api/v1/administrative_procedures/${procedure.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: "editor", full_view: true });
    expect((res.body.data as ProcedureDetailView).actions).not.toContain("members:manage");
  });
});

describe("PUT /api/v1/administrative_procedures/{id}", () => {
  it("changes the deceased and merges the situation answer by answer", async () => {
    const procedure = await newProcedure();
    const res = await as(owner, "PUT", `/api/v1/administrative_procedures/${procedure.id}`, { birth_name: "Durand", situation: { housing: "tenant" } });
    expect(res.status).toBe(200);
    const view = res.body.data as ProcedureDetailView;
    expect(view.defunct).toMatchObject({ birth_name: "Durand", firstname: "Henri" });
    expect(view.situation).toEqual({ employment: "retired", owned_vehicle: true, had_bank_account: true, housing: "tenant" });
    expect(view.checklist.map((i) => i.id)).toContain("housing_lease");
  });

  it("lets the family tick checklist items no company tracks, and untick them", async () => {
    const procedure = await newProcedure();
    const res = await as(owner, "PUT", `/api/v1/administrative_procedures/${procedure.id}`, { checklist_done: ["death_declaration", "funeral", "funeral"] });
    const items = (res.body.data as ProcedureDetailView).checklist;
    expect(items.filter((i) => i.status === "done").map((i) => i.id)).toEqual(["death_declaration", "funeral"]);
    const list = await as(owner, "GET", "/api/v1/client/administrative_procedures");
    expect((list.body.data as unknown as Array<{ id: number; next_due: { id: string } }>).find((p) => p.id === procedure.id)!.next_due.id).not.toBe("death_declaration");
    const undone = await as(owner, "PUT", `/api/v1/administrative_procedures/${procedure.id}`, { checklist_done: [] });
    expect((undone.body.data as ProcedureDetailView).checklist.find((i) => i.id === "funeral")!.status).not.toBe("done");
    expect((await as(owner, "PUT", `/api/v1/administrative_procedures/${procedure.id}`, { checklist_done: ["lunch"] })).body.errors).toEqual(["administrative_procedure__checklist_done__invalid"]);
  });

  it("refuses to empty a required birth field", async () => {
    const procedure = await newProcedure();
    const res = await as(owner, "PUT", `/api/v1/administrative_procedures/${procedure.id}`, { birth_location: "" });
    expect(res.body).toEqual({ error: "Unprocessable Entity", errors: ["defunct__birth_location__blank"] });
  });

  it("answers client__incomplete when the signatory has no first and last name (SPEC §5)", async () => {
    const nameless = await createFamilyClient(ctx.db, { firstname: null, lastname: null });
    const procedure = await newProcedure(nameless);
    const res = await as(nameless, "PUT", `/api/v1/administrative_procedures/${procedure.id}`, { firstname: "Henriette" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(["client__incomplete"]);
    // The situation is not the deceased's civil status: it may change.
    expect((await as(nameless, "PUT", `/api/v1/administrative_procedures/${procedure.id}`, { situation: { owned_vehicle: false } })).status).toBe(200);
    await ctx.db.update(clients).set({ firstname: "Jeanne", lastname: "Roux" }).where(eq(clients.id, nameless.id));
    expect((await as(nameless, "PUT", `/api/v1/administrative_procedures/${procedure.id}`, { firstname: "Henriette" })).status).toBe(200);
  });
});

describe("POST /api/v1/administrative_procedures/{id}/archive", () => {
  it("closes the file: still readable, no more changes", async () => {
    const procedure = await newProcedure();
    const res = await as(owner, "POST", `/api/v1/administrative_procedures/${procedure.id}/archive`);
    expect(res.status).toBe(200);
    expect((res.body.data as ProcedureDetailView).archived_at).toEqual(expect.any(Number));
    expect((res.body.data as ProcedureDetailView).actions).toEqual(["procedure:read", "formalities:read", "documents:read", "documents:write", "members:manage"]);
    expect((await as(owner, "POST", `/api/v1/administrative_procedures/${procedure.id}/archive`)).status).toBe(200);
    const change = await as(owner, "PUT", `/api/v1/administrative_procedures/${procedure.id}`, { situation: { housing: "owner" } });
    expect(change.body.errors).toEqual(["administrative_procedure__archived"]);
    const bank = await createCompanyFormality(ctx.db);
    const add = await as(owner, "POST", `/api/v1/administrative_procedures/${procedure.id}/ongoing_formalities`, { formality: { companies_formality_id: bank.formalityId } });
    expect(add.body.errors).toEqual(["administrative_procedure__archived"]);
  });
});

describe("ongoing formalities", () => {
  it("adds a company's formality once; a second time or an unknown one is refused", async () => {
    const procedure = await newProcedure();
    const bank = await createCompanyFormality(ctx.db, { name: "Banque Dupuis" });
    const added = await addFormality(procedure.id, bank.formalityId);
    expect(added).toMatchObject({
      state: "to_do",
      fields: {},
      missing_fields: ["account_number"],
      company: { name: "Banque Dupuis", category: "bank", email: "successions@banque-exemple.test" },
      formality: { kind: "close", requires_letter: true, document_types: ["death_certificate", "identity_card"] },
      documents_count: 0,
      sent_at: null,
    });
    const twice = await as(owner, "POST", `/api/v1/administrative_procedures/${procedure.id}/ongoing_formalities`, { formality: { companies_formality_id: bank.formalityId } });
    expect(twice.body).toEqual({ error: "Unprocessable Entity", errors: ["formality__companies_formality_id__taken"] });
    const unknown = await as(owner, "POST", `/api/v1/administrative_procedures/${procedure.id}/ongoing_formalities`, { formality: { companies_formality_id: 2_000_000_000 } });
    expect(unknown.body.errors).toEqual(["formality__companies_formality_id__invalid"]);
    const detail = await as(owner, "GET", `/api/v1/administrative_procedures/${procedure.id}`);
    const item = (detail.body.data as ProcedureDetailView).checklist.find((i) => i.id === "bank_accounts")!;
    expect(item).toMatchObject({ status: "to_do", formality_ids: [added.id] });
  });

  it("ties the reference data's formalities to the checklist (a CPAM claim is the capital décès item)", async () => {
    const [claim] = await ctx.db
      .select({ id: companiesFormalities.id })
      .from(companiesFormalities)
      .innerJoin(companies, eq(companies.id, companiesFormalities.companyId))
      .innerJoin(companyCategories, eq(companyCategories.id, companies.categoryId))
      .where(and(eq(companyCategories.code, "health_insurance"), eq(companiesFormalities.kind, "claim")))
      .limit(1);
    expect(claim).toBeDefined();
    const procedure = await newProcedure(owner, { situation: { employment: "employed" } });
    const added = await addFormality(procedure.id, claim!.id);
    const detail = (await as(owner, "GET", `/api/v1/administrative_procedures/${procedure.id}`)).body.data as ProcedureDetailView;
    expect(detail.checklist.find((i) => i.id === "capital_deces")).toMatchObject({ formality_ids: [added.id], status: "to_do" });
  });

  it("checks the fields against the company's formality", async () => {
    const procedure = await newProcedure();
    const bank = await createCompanyFormality(ctx.db);
    const f = await addFormality(procedure.id, bank.formalityId);
    const bad = await as(owner, "PUT", `/api/v1/ongoing_formalities/${f.id}`, { formality: { fields: { shoe_size: "42", iban: "FR76 1234 5678 9012", closing_date: "2026-02-30" } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(["formality__shoe_size__unknown", "formality__iban__invalid", "formality__closing_date__invalid"]);
    const good = await as(owner, "PUT", `/api/v1/ongoing_formalities/${f.id}`, { formality: { fields: { account_number: " 0012345 ", iban: "fr76 3000 6000 0112 3456 7890 189" } } });
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({ fields: { account_number: "0012345", iban: "FR7630006000011234567890189" }, missing_fields: [] });
    const cleared = await as(owner, "PUT", `/api/v1/ongoing_formalities/${f.id}`, { formality: { fields: { iban: null } } });
    expect(cleared.body.data).toMatchObject({ fields: { account_number: "0012345", iban: null } });
  });

  it("moves along to_do → sent → answered → closed, and back a step; a letter first when the company requires one", async () => {
    const procedure = await newProcedure();
    const bank = await createCompanyFormality(ctx.db);
    const f = await addFormality(procedure.id, bank.formalityId);
    const put = (body: unknown) => as(owner, "PUT", `/api/v1/ongoing_formalities/${f.id}`, { formality: body });
    expect((await put({ state: "answered" })).body.errors).toEqual(["formality__state__transition_invalid"]);
    // No letter generated yet and the account number missing: both said at once.
    expect((await put({ state: "sent" })).body.errors).toEqual(["sending__letter__feature__invalid", "formality__account_number__blank"]);
    expect((await as(owner, "GET", `/api/v1/ongoing_formalities/${f.id}/letter`)).status).toBe(200);
    expect((await put({ state: "sent" })).body.errors).toEqual(["formality__account_number__blank"]);
    const sent = await put({ state: "sent", fields: { account_number: "123" } });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ state: "sent", sent_at: expect.any(Number), letter_generated_at: expect.any(Number) });
    expect((await put({ state: "answered" })).body.data).toMatchObject({ state: "answered", answered_at: expect.any(Number) });
    expect((await put({ state: "closed" })).body.data).toMatchObject({ state: "closed", closed_at: expect.any(Number) });
    expect((await put({ state: "answered" })).body.data).toMatchObject({ state: "answered", closed_at: null });
    expect((await put({ state: "bogus" })).body.errors).toEqual(["formality__state__invalid"]);
    const detail = await as(owner, "GET", `/api/v1/administrative_procedures/${procedure.id}`);
    expect((detail.body.data as ProcedureDetailView).checklist.find((i) => i.id === "bank_accounts")!.status).toBe("done");
  });

  it("deletes a formality and keeps its documents on the procedure", async () => {
    const procedure = await newProcedure();
    const bank = await createCompanyFormality(ctx.db);
    const f = await addFormality(procedure.id, bank.formalityId);
    await ctx.db.insert(documentTypes).values({ code: "death_certificate", name: "Acte de décès" }).onConflictDoNothing();
    const [doc] = await ctx.db
      .insert(supportingDocuments)
      .values({ documentType: "death_certificate", fileKey: "test/key", fileName: "acte.pdf", contentType: "application/pdf", byteSize: 10 })
      .returning({ id: supportingDocuments.id });
    await ctx.db.insert(supportingDocumentOwners).values({ supportingDocumentId: doc!.id, ownerType: "OngoingFormality", ownerId: f.id });
    expect((await as(owner, "GET", `/api/v1/administrative_procedures/${procedure.id}`)).body.data).toMatchObject({ formalities: [{ id: f.id, documents_count: 1 }] });
    const res = await ctx.app.request(`/api/v1/ongoing_formalities/${f.id}`, { method: "DELETE", headers: await owner.headers() });
    expect(res.status).toBe(204);
    expect((await as(owner, "GET", `/api/v1/administrative_procedures/${procedure.id}`)).body.data).toMatchObject({ formalities: [] });
    const owners = await ctx.db.select().from(supportingDocumentOwners).where(eq(supportingDocumentOwners.supportingDocumentId, doc!.id));
    expect(owners.map((o) => [o.ownerType, o.ownerId])).toEqual([["AdministrativeProcedure", procedure.id]]);
    expect((await as(owner, "PUT", `/api/v1/ongoing_formalities/${f.id}`, { formality: { state: "sent" } })).status).toBe(404);
  });
});

describe("GET /api/v1/ongoing_formalities/{id}/letter", () => {
  it("writes the letter in French with the family, the deceased, the company, the references and the enclosures", async () => {
    const procedure = await newProcedure();
    const bank = await createCompanyFormality(ctx.db, { name: "Banque Dupuis" });
    const f = await addFormality(procedure.id, bank.formalityId);
    await as(owner, "PUT", `/api/v1/ongoing_formalities/${f.id}`, { formality: { fields: { account_number: "00123456789" } } });
    const res = await ctx.app.request(`/api/v1/ongoing_formalities/${f.id}/letter`, { headers: await owner.headers() });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="courrier-banque-dupuis.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf).replace(/\s+/g, " ");
    for (const expected of [
      "Mme Claire MARTIN",
      "4 rue des Lilas",
      "69003 Lyon",
      "Banque Dupuis",
      "Service Successions",
      "75011 Paris",
      "Objet :",
      "Décès du titulaire – demande de clôture – Henri MARTIN",
      "00123456789",
      "M. Henri MARTIN, né le 12 mars 1941 à Villeurbanne, décédé le 2 octobre 2026",
      "Numéro de compte : 00123456789",
      "En ma qualité d'enfant du défunt",
      "clôture du compte ou du contrat référencé ci-dessus",
      "Pièces à joindre :",
      "Certificat de décès",
      "Madame, Monsieur,",
      "Signature",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Lyon, le \d{1,2} \S+ \d{4}/);
  });

  it("uses the formality's wording: claim, transfer, notify", async () => {
    const procedure = await newProcedure();
    const texts: Record<string, string> = {};
    for (const kind of ["claim", "transfer", "notify"] as const) {
      const company = await createCompanyFormality(ctx.db, { kind, formalityName: `Formalité ${kind}`, fields: [] });
      const f = await addFormality(procedure.id, company.formalityId);
      const res = await ctx.app.request(`/api/v1/ongoing_formalities/${f.id}/letter`, { headers: await owner.headers() });
      texts[kind] = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, " ");
    }
    expect(texts.claim).toContain("je sollicite le versement de la prestation « Formalité claim »");
    expect(texts.transfer).toContain("transférer à mon nom le contrat");
    expect(texts.notify).toContain("prendre note de ce décès");
  });

  it("answers client__incomplete when the signatory has no name", async () => {
    const nameless = await createFamilyClient(ctx.db, { firstname: "Jo", lastname: null });
    const procedure = await newProcedure(nameless);
    const bank = await createCompanyFormality(ctx.db);
    const res0 = await as(nameless, "POST", `/api/v1/administrative_procedures/${procedure.id}/ongoing_formalities`, { formality: { companies_formality_id: bank.formalityId } });
    const res = await as(nameless, "GET", `/api/v1/ongoing_formalities/${(res0.body.data as OngoingFormalityView).id}/letter`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(["client__incomplete"]);
  });

  it("lets a reader download it, signed with their own name and link, without recording it as generated", async () => {
    const reader = await createFamilyClient(ctx.db, { civility: "M.", firstname: "Louis", lastname: "Martin" });
    const procedure = await newProcedure();
    const bank = await createCompanyFormality(ctx.db);
    const f = await addFormality(procedure.id, bank.formalityId);
    await grantProcedureRole(ctx.db, procedure.id, reader.id, "reader", "grandchild");
    const res = await ctx.app.request(`/api/v1/ongoing_formalities/${f.id}/letter`, { headers: await reader.headers() });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, " ");
    expect(text).toContain("M. Louis MARTIN");
    expect(text).toContain("En ma qualité de petit-enfant du défunt");
    const detail = await as(owner, "GET", `/api/v1/administrative_procedures/${procedure.id}`);
    expect((detail.body.data as ProcedureDetailView).formalities[0]!.letter_generated_at).toBeNull();
  });
});

describe("POST /api/v1/ongoing_formalities/{id}/send", () => {
  async function drain() {
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [FORMALITY_LETTER_EMAIL_JOB], now: () => new Date() });
  }

  it("refuses without_letter when the company requires a letter (sending__letter__feature__invalid)", async () => {
    const procedure = await newProcedure();
    const bank = await createCompanyFormality(ctx.db, { requiresLetter: true });
    const f = await addFormality(procedure.id, bank.formalityId);
    const res = await as(owner, "POST", `/api/v1/ongoing_formalities/${f.id}/send`, { without_letter: true });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: "Unprocessable Entity", errors: ["sending__letter__feature__invalid"] });
    const detail = await as(owner, "GET", `/api/v1/administrative_procedures/${procedure.id}`);
    expect((detail.body.data as ProcedureDetailView).formalities[0]!.state).toBe("to_do");
  });

  it("records a formality done without a letter when the company needs none, and mails nothing", async () => {
    const procedure = await newProcedure();
    const online = await createCompanyFormality(ctx.db, { requiresLetter: false, fields: [], category: "telecom", kind: "close" });
    const f = await addFormality(procedure.id, online.formalityId);
    const before = outbox.sent.length;
    const res = await as(owner, "POST", `/api/v1/ongoing_formalities/${f.id}/send`, { without_letter: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: "sent", sent_to: null });
    await drain();
    expect(outbox.sent.length).toBe(before);
  });

  it("e-mails the letter to the company with the family in copy, through the job queue, even to a client who opted out", async () => {
    await ctx.db.update(clients).set({ optOut: true }).where(eq(clients.id, owner.id));
    const procedure = await newProcedure();
    const bank = await createCompanyFormality(ctx.db, { name: "Banque Lettre", email: "deces@banque-lettre.test" });
    const f = await addFormality(procedure.id, bank.formalityId);
    const missing = await as(owner, "POST", `/api/v1/ongoing_formalities/${f.id}/send`, {});
    expect(missing.body.errors).toEqual(["formality__account_number__blank"]);
    await as(owner, "PUT", `/api/v1/ongoing_formalities/${f.id}`, { formality: { fields: { account_number: "555" } } });
    const res = await as(owner, "POST", `/api/v1/ongoing_formalities/${f.id}/send`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: "sent", sent_to: "deces@banque-lettre.test", letter_generated_at: expect.any(Number) });
    await drain();
    const mail = outbox.sent.find((m) => m.to === "deces@banque-lettre.test")!;
    expect(mail).toMatchObject({ cc: ["claire.martin@example.org"], replyTo: "claire.martin@example.org", tag: "formality_letter", locale: "fr" });
    expect(mail.subject).toBe("Décès du titulaire – demande de clôture – Henri MARTIN");
    expect(mail.text).toContain("Claire MARTIN");
    const attachment = mail.attachments![0]!;
    expect(attachment).toMatchObject({ filename: "courrier-banque-lettre.pdf", contentType: "application/pdf" });
    expect(pdfText(Buffer.from(attachment.contentBase64, "base64"))).toContain("555");
    // A second drain sends nothing more.
    const count = outbox.sent.length;
    await drain();
    expect(outbox.sent.length).toBe(count);
    await ctx.db.update(clients).set({ optOut: false }).where(eq(clients.id, owner.id));
  });

  it("sends it to the family when the company has no e-mail, and refuses recipient company then", async () => {
    const procedure = await newProcedure();
    const post = await createCompanyFormality(ctx.db, { email: null, fields: [], kind: "notify" });
    const f = await addFormality(procedure.id, post.formalityId);
    const refused = await as(owner, "POST", `/api/v1/ongoing_formalities/${f.id}/send`, { recipient: "company" });
    expect(refused.body.errors).toEqual(["formality__recipient__no_email"]);
    const res = await call(ctx.app, "POST", `/api/v1/ongoing_formalities/${f.id}/send`, { headers: await owner.headers() });
    expect(res.status).toBe(200);
    expect((res.body as { data: OngoingFormalityView }).data.sent_to).toBe("claire.martin@example.org");
    await drain();
    const mail = outbox.sent.filter((m) => m.to === "claire.martin@example.org").pop()!;
    expect(mail.cc).toBeUndefined();
    expect(mail.text).toContain("prêt à être imprimé");
    expect(mail.attachments).toHaveLength(1);
  });

  it("gives up at once, without mailing, a letter that can no longer be written", async () => {
    const signer = await createFamilyClient(ctx.db, { email: `signer-${Date.now()}@example.org` });
    const procedure = await newProcedure(signer);
    const post = await createCompanyFormality(ctx.db, { email: null, fields: [], kind: "notify" });
    const res0 = await as(signer, "POST", `/api/v1/administrative_procedures/${procedure.id}/ongoing_formalities`, { formality: { companies_formality_id: post.formalityId } });
    const f = res0.body.data as OngoingFormalityView;
    expect((await as(signer, "POST", `/api/v1/ongoing_formalities/${f.id}/send`, {})).status).toBe(200);
    await ctx.db.update(clients).set({ lastname: null }).where(eq(clients.id, signer.id));
    await drain();
    expect(outbox.sent.some((m) => m.to === signer.email)).toBe(false);
    const dead = await listDeadJobs(ctx.db);
    expect(dead.find((j) => j.kind === FORMALITY_LETTER_EMAIL_JOB && j.payload.formality_id === f.id)).toMatchObject({ attempts: 1, last_error: expect.stringContaining("client__incomplete") });
  });

  it("never mails an address the caller chooses (no open relay)", async () => {
    const procedure = await newProcedure();
    const post = await createCompanyFormality(ctx.db, { fields: [], email: "courrier@organisme.test" });
    const f = await addFormality(procedure.id, post.formalityId);
    const bad = await as(owner, "POST", `/api/v1/ongoing_formalities/${f.id}/send`, { recipient: "attacker@evil.test" });
    expect(bad.body.errors).toEqual(["recipient__invalid"]);
    const res = await as(owner, "POST", `/api/v1/ongoing_formalities/${f.id}/send`, { to: "attacker@evil.test", cc: ["attacker@evil.test"] });
    expect(res.status).toBe(200);
    await drain();
    expect(outbox.sent.some((m) => m.to === "attacker@evil.test" || (m.cc ?? []).includes("attacker@evil.test"))).toBe(false);
    expect(outbox.sent.some((m) => m.to === "courrier@organisme.test")).toBe(true);
  });

  it("refuses to send again once answered", async () => {
    const procedure = await newProcedure();
    const post = await createCompanyFormality(ctx.db, { fields: [], requiresLetter: false });
    const f = await addFormality(procedure.id, post.formalityId);
    await as(owner, "POST", `/api/v1/ongoing_formalities/${f.id}/send`, { without_letter: true });
    await as(owner, "PUT", `/api/v1/ongoing_formalities/${f.id}`, { formality: { state: "answered" } });
    const res = await as(owner, "POST", `/api/v1/ongoing_formalities/${f.id}/send`, {});
    expect(res.body.errors).toEqual(["formality__state__transition_invalid"]);
    const rows = await ctx.db.select().from(procedureAbilities).where(and(eq(procedureAbilities.administrativeProcedureId, procedure.id)));
    expect(rows).toHaveLength(1);
  });
});
