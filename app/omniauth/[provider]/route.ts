import { serverEnv } from "@/config/env";
import { getDb } from "@/server/db/client";
import { omniauthStart } from "@/server/routes/auth-omniauth";
import { authNow } from "@/server/services/auth/clock";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /omniauth/{provider} – start a social sign-in
export async function GET(request: Request, { params }: { params: Promise<{ provider: string }> }) {
  return omniauthStart(request, (await params).provider, { db: await getDb(), env: serverEnv(), now: authNow() });
}
