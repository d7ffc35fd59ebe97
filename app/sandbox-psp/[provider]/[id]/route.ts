import { getDb } from "@/server/db/client";
import { sandboxAllowed } from "@/server/integrations/payments/providers";
import { renderSandboxPage, submitSandboxPage } from "@/server/integrations/payments/sandbox/sandbox-pages";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ provider: string; id: string }> };

// GET /sandbox-psp/{provider}/{id} – the embedded sandbox's hosted payment page (it acts as the provider), in the ?lang= of the page that sent the payer
export async function GET(request: Request, { params }: Params) {
  const { provider, id } = await params;
  if (!sandboxAllowed()) return new Response("Not Found", { status: 404 });
  return renderSandboxPage(await getDb(), provider, id, new URL(request.url).searchParams.get("lang"));
}

// POST /sandbox-psp/{provider}/{id} – the payer's choice on the sandbox's hosted page
export async function POST(request: Request, { params }: Params) {
  const { provider, id } = await params;
  if (!sandboxAllowed()) return new Response("Not Found", { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  return submitSandboxPage(await getDb(), provider, id, form, new URL(request.url).searchParams.get("lang"));
}
