// GET or POST /api/draft/disable?path=… – turns preview (draft mode) off and goes back to the page
import { draftMode } from "next/headers";
import { decideDisable } from "@/shared/page-state/preview-request";

export const dynamic = "force-dynamic";

async function disable(request: Request): Promise<Response> {
  const { path } = decideDisable(new URL(request.url));
  (await draftMode()).disable();
  return new Response(null, { status: 303, headers: { location: path, "cache-control": "no-store" } });
}

export const GET = disable;
export const POST = disable;
