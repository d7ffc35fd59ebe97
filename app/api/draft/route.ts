// GET /api/draft?secret=…&path=… – turns preview (draft mode) on and opens the page
import { draftMode } from "next/headers";
import { serverEnv } from "@/config/env";
import { decideEnable } from "@/shared/page-state/preview-request";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const decision = decideEnable(new URL(request.url), serverEnv().PREVIEW_SECRET);
  if (!decision.ok) {
    return Response.json({ error: decision.error, message: decision.code }, { status: decision.status, headers: { "cache-control": "no-store" } });
  }
  (await draftMode()).enable();
  // A relative Location keeps the visitor on the locale host they came from.
  return new Response(null, { status: 307, headers: { location: decision.path, "cache-control": "no-store" } });
}
