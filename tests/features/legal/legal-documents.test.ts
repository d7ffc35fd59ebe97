import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LEGAL_DOCUMENTS, paths } from "@/config/paths";
import { defaultLegalContentDir, legalDocumentFromFile, legalDocumentPdf, loadLegalDocumentSource } from "@/features/legal/legal-documents";
import { GET } from "../../../app/documents/legal/[doc]/route";
import { pdfText, pdfTitle } from "../../server/integrations/pdf/pdf-text";

const FIXTURES = join(__dirname, "fixtures");

function call(file: string): Promise<Response> {
  return GET(new Request(`http://localhost/documents/legal/${file}`), { params: Promise.resolve({ doc: file }) });
}

describe("legal document names", () => {
  it("accepts the four documents as <doc>.pdf and nothing else", () => {
    for (const doc of LEGAL_DOCUMENTS) expect(legalDocumentFromFile(paths.legal(doc).split("/").pop()!)).toBe(doc);
    for (const file of ["mentions-legales", "mentions-legales.md", "inconnu.pdf", "../mentions-legales.pdf", "MENTIONS-LEGALES.PDF", ""]) {
      expect(legalDocumentFromFile(file)).toBeNull();
    }
  });
});

describe("legal document source", () => {
  it("reads the front matter and the body", async () => {
    const source = await loadLegalDocumentSource("mentions-legales", FIXTURES);
    expect(source).toMatchObject({ title: "Mentions légales (fixture)", description: "Document d'essai des tests du rendu PDF." });
    expect(source?.markdown).toContain("## Éditeur");
  });

  it("gives null for a document not written yet", async () => {
    expect(await loadLegalDocumentSource("conditions-generales", FIXTURES)).toBeNull();
    expect(await legalDocumentPdf("conditions-generales", FIXTURES)).toBeNull();
  });

  it("renders the PDF once and serves it from memory afterwards", async () => {
    const first = legalDocumentPdf("mentions-legales", FIXTURES);
    expect(legalDocumentPdf("mentions-legales", FIXTURES)).toBe(first);
    const pdf = (await first)!;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfTitle(pdf)).toBe("Mentions légales (fixture)");
    expect(pdfText(pdf)).toContain("Durée de conservation");
  });
});

describe("GET /documents/legal/<doc>.pdf", () => {
  it("answers 404 with an error code for an unknown document", async () => {
    const response = await call("inconnu.pdf");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not Found", message: "not_found" });
  });

  const present = LEGAL_DOCUMENTS.filter((doc) => existsSync(join(defaultLegalContentDir(), `${doc}.md`)));
  const missing = LEGAL_DOCUMENTS.filter((doc) => !present.includes(doc));

  it.each(present)("serves the real %s as an inline PDF with its title", async (doc) => {
    const response = await call(`${doc}.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="${doc}.pdf"`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const source = await loadLegalDocumentSource(doc);
    expect(pdfTitle(pdf)).toBe(source!.title);
    expect(pdfText(pdf)).toContain(source!.title);
  });

  it.each(missing)("answers 404 while %s.md is not written", async (doc) => {
    expect((await call(`${doc}.pdf`)).status).toBe(404);
  });
});
