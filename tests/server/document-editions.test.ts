import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITABLE_DOCUMENT_TEMPLATES } from "@/domain/editable-documents/templates";
import { unknownKeys } from "@/domain/editable-documents/placeholders";
import { defuncts } from "@/server/db/schema/procedures";
import { deals, documents } from "@/server/db/schema/deals";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { assignDeal, businessUserId, call, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";

/**
 * Editable documents and their editions (issue 14): the seeded French templates, an
 * edition filled from the deal's data with what is missing marked and listed (never
 * invented), the advisor's edit, and the PDF produced into the deal's documents.
 */
interface Edition {
  id: number;
  deal_id: number;
  name: string;
  content: string;
  missing: Array<{ key: string; label: string }>;
}
interface Template {
  id: number;
  name: string;
  rule_tag: string;
  deal_type: string;
  owners: Array<{ owner_type: string }>;
  placeholders: string[];
  template: string | null;
}

let ctx: TestContext;
let deal: BackOfficeDeal;
let otherDeal: BackOfficeDeal;
const as = (email: string) => signInHeaders(ctx.db, "business_user", email);
const ADVISOR = "conseiller@demo.test";

beforeAll(async () => {
  ctx = await createTestApp();
  deal = await submittedDeal(ctx, "editions.famille@example.org");
  otherDeal = await submittedDeal(ctx, "editions.autre@example.org");
  await assignDeal(ctx, deal.id, await businessUserId(ctx, "pro@demo.test"));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

async function templateId(ruleTag: string): Promise<number> {
  const list = await call<{ data: Template[] }>(ctx, "GET", "/api/v1/editable_documents?deal_type=funeral", await as(ADVISOR));
  return list.body.data.find((t) => t.rule_tag === ruleTag)!.id;
}

describe("editable documents", () => {
  it("seeds the five documents of a French funeral, each using only known placeholders", async () => {
    expect(EDITABLE_DOCUMENT_TEMPLATES.map((t) => t.ruleTag)).toEqual(["death_declaration", "cremation_authorisation", "transport_declaration", "family_mandate", "funeral_certificate"]);
    for (const template of EDITABLE_DOCUMENT_TEMPLATES) expect(unknownKeys(template.template), template.ruleTag).toEqual([]);
    const list = await call<{ data: Template[] }>(ctx, "GET", "/api/v1/editable_documents", await as(ADVISOR));
    expect(list.body.data.map((t) => t.name).sort()).toEqual([
      "Attestation de prise en charge des obsèques",
      "Demande d'autorisation de crémation",
      "Déclaration de décès",
      "Déclaration préalable de transport de corps",
      "Pouvoir de la famille à l'opérateur funéraire",
    ]);
    const cremation = await call<{ data: Template }>(ctx, "GET", `/api/v1/editable_documents/${await templateId("cremation_authorisation")}`, await as(ADVISOR));
    expect(cremation.body.data).toMatchObject({ deal_type: "funeral", generation_type: "template" });
    expect(cremation.body.data.placeholders).toEqual(expect.arrayContaining(["closing.place", "cremation.place", "family.full_name", "operator.habilitation"]));
    expect(cremation.body.data.template).toContain("R2213-34");
    expect((await call(ctx, "GET", "/api/v1/editable_documents?deal_type=boat", await as(ADVISOR))).body).toEqual({ error: "Unprocessable Entity", errors: ["editable_document__deal_type__invalid"] });
    expect((await call(ctx, "GET", "/api/v1/editable_documents/999999", await as(ADVISOR))).status).toBe(404);
  });
});

describe("document editions", () => {
  it("fills a template from the deal, lists what is missing, refuses to print it until completed, then produces the PDF", async () => {
    await ctx.db.update(defuncts).set({ birthDate: "1941-03-02", birthLocation: "Villeurbanne (Rhône)", deathDate: "2026-11-20", civility: "M." }).where(eq(defuncts.id, deal.defunctId!));
    const created = await call<{ data: Edition }>(ctx, "POST", "/api/v1/document_editions", await as(ADVISOR), { deal_id: deal.id, editable_document_id: await templateId("cremation_authorisation") });
    expect(created.status).toBe(201);
    const edition = created.body.data;
    expect(edition.name).toBe("Demande d'autorisation de crémation");
    expect(edition.content).toContain("M. Henri BERNARD, née ou né le 2 mars 1941 à Villeurbanne (Rhône)");
    expect(edition.content).toContain("Paisible SAS");
    expect(edition.content).toContain("Habilitation funéraire n°");
    expect(edition.content).toContain(`Dossier n° ${deal.id}`);
    // Nothing invented: no place of closing, no cremation date, no family address on this deal yet.
    expect(edition.missing.map((m) => m.key)).toEqual(expect.arrayContaining(["closing.place", "closing.date", "family.address"]));
    expect(edition.content).toContain("[à compléter : lieu de fermeture du cercueil]");

    const blocked = await call(ctx, "POST", `/api/v1/document_editions/${edition.id}/generate`, await as(ADVISOR));
    expect(blocked.body).toEqual({ error: "Unprocessable Entity", errors: ["document_edition__content__incomplete"] });

    const completed = edition.content.replace(/\[à compléter : [^\]]+\]/g, "Lyon");
    const saved = await call<{ data: Edition }>(ctx, "PUT", `/api/v1/document_editions/${edition.id}`, await as("pro@demo.test"), { content: completed });
    expect(saved.status).toBe(200);
    expect(saved.body.data.missing).toEqual([]);

    const generated = await call<{ data: { id: number; name: string; content_type: string; byte_size: number; download_url: string } }>(ctx, "POST", `/api/v1/document_editions/${edition.id}/generate`, await as(ADVISOR));
    expect(generated.status).toBe(201);
    expect(generated.body.data).toMatchObject({ content_type: "application/pdf", name: `Demande d'autorisation de crémation – dossier ${deal.id}.pdf` });
    const file = await ctx.app.request(generated.body.data.download_url, { headers: await as(ADVISOR) });
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const [row] = await ctx.db.select({ editableDocumentId: documents.editableDocumentId }).from(documents).where(eq(documents.id, generated.body.data.id));
    expect(row!.editableDocumentId).toBe(await templateId("cremation_authorisation"));

    const listed = await call<{ data: Edition[] }>(ctx, "GET", `/api/v1/document_editions?deal_id=${deal.id}`, await as(ADVISOR));
    expect(listed.body.data.map((e) => e.id)).toContain(edition.id);
  });

  it("keeps a value's Markdown from becoming layout", async () => {
    await ctx.db.update(defuncts).set({ lastname: "**Gras** [lien](http://x)" }).where(eq(defuncts.id, otherDeal.defunctId!));
    const created = await call<{ data: Edition }>(ctx, "POST", "/api/v1/document_editions", await as(ADVISOR), { deal_id: otherDeal.id, editable_document_id: await templateId("death_declaration") });
    expect(created.body.data.content).toContain("\\*\\*GRAS\\*\\* \\[LIEN\\](HTTP://X)");
  });

  it("answers each error with its code, and a partner professional only on the deal assigned to them", async () => {
    const id = await templateId("family_mandate");
    expect((await call(ctx, "POST", "/api/v1/document_editions", await as(ADVISOR), { deal_id: deal.id, editable_document_id: 999999 })).body).toEqual({ error: "Unprocessable Entity", errors: ["document_edition__editable_document_id__not_found"] });
    await ctx.db.update(deals).set({ kind: "marble" }).where(eq(deals.id, otherDeal.id));
    expect((await call(ctx, "POST", "/api/v1/document_editions", await as(ADVISOR), { deal_id: otherDeal.id, editable_document_id: id })).body).toEqual({ error: "Unprocessable Entity", errors: ["document_edition__editable_document_id__kind_mismatch"] });
    await ctx.db.update(deals).set({ kind: "funeral" }).where(eq(deals.id, otherDeal.id));
    const created = await call<{ data: Edition }>(ctx, "POST", "/api/v1/document_editions", await as(ADVISOR), { deal_id: otherDeal.id, editable_document_id: id });
    expect((await call(ctx, "PUT", `/api/v1/document_editions/${created.body.data.id}`, await as(ADVISOR), { content: "   " })).body).toEqual({ error: "Unprocessable Entity", errors: ["document_edition__content__blank"] });
    expect((await call(ctx, "PUT", `/api/v1/document_editions/${created.body.data.id}`, await as(ADVISOR), { content: "x".repeat(40_001) })).body).toEqual({ error: "Unprocessable Entity", errors: ["document_edition__content__too_long"] });
    // The pro is assigned `deal`, not `otherDeal`.
    expect((await call(ctx, "GET", `/api/v1/document_editions/${created.body.data.id}`, await as("pro@demo.test"))).status).toBe(404);
    expect((await call(ctx, "POST", "/api/v1/document_editions", await as("pro@demo.test"), { deal_id: otherDeal.id, editable_document_id: id })).status).toBe(404);
    expect((await call(ctx, "POST", "/api/v1/document_editions", await as("pro@demo.test"), { deal_id: deal.id, editable_document_id: id })).status).toBe(201);
    expect((await call(ctx, "GET", `/api/v1/document_editions/${created.body.data.id}`, await as("analyste@demo.test"))).status).toBe(403);
    expect((await call(ctx, "GET", `/api/v1/document_editions/${created.body.data.id}`, {})).status).toBe(401);
  });
});
