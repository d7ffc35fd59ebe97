import { serverEnv } from "@/config/env";
import { getDb } from "@/server/db/client";
import { omniauthCallback } from "@/server/routes/auth-omniauth";
import { authNow } from "@/server/services/auth/clock";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /omniauth/{provider}/callback – the identity provider sends the browser back here
export async function GET(request: Request, { params }: { params: Promise<{ provider: string }> }) {
  return omniauthCallback(request, (await params).provider, { db: await getDb(), env: serverEnv(), now: authNow() });
}
