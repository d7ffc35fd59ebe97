// GET /documents/legal/<doc>.pdf – terms, privacy policy, legal notice and general documentation as PDF
import type { ErrorCode } from "@/domain/errors";
import { legalDocumentFromFile, legalDocumentPdf } from "@/features/legal/legal-documents";

export const runtime = "nodejs";

function notFound(): Response {
  const code: ErrorCode = "not_found";
  return Response.json({ error: "Not Found", message: code }, { status: 404 });
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
