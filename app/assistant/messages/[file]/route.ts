// GET /assistant/messages/{locale}.json – the assistant panel's words, loaded with its code when a visitor opens it
import { LOCALES } from "@/domain/locales";
import { assistantMessages } from "@/features/assistant/assistant-messages";

// One static file per locale, built with the pages: nothing is computed per request.
export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams(): { file: string }[] {
  return LOCALES.map((locale) => ({ file: `${locale}.json` }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const body = await assistantMessages((await params).file);
  if (body === null) return Response.json({ error: "Not Found", message: "not_found" }, { status: 404 });
  return Response.json(body);
}
