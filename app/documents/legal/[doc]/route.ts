// GET /documents/legal/<doc>.pdf – terms, privacy policy, legal notice and general documentation as PDF
import { legalDocumentFromFile, legalDocumentPdf } from "@/features/legal/legal-documents";

export const runtime = "nodejs";

function notFound(): Response {
  return Response.json({ error: "Not Found", message: "legal_document__not_found" }, { status: 404 });
}

export async function GET(_request: Request, { params }: { params: Promise<{ doc: string }> }): Promise<Response> {
  const { doc: file } = await params;
  const doc = legalDocumentFromFile(file);
  if (!doc) return notFound();
  const pdf = await legalDocumentPdf(doc);
  if (!pdf) return notFound();
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${doc}.pdf"`,
      "content-length": String(pdf.length),
      "cache-control": "public, max-age=86400",
    },
  });
}
