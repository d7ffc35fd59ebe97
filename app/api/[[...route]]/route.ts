import { createApp, type App } from "@/server/app";
import { getDb } from "@/server/db/client";
import { nextPageCache } from "@/server/http/next-page-cache";

// The API runs in Node.js (PGlite, pg, argon2) and is never prerendered.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type GlobalWithApp = typeof globalThis & { __paisibleApi?: App };

// One app per process, kept across dev hot reloads like the database it uses.
function api(): App {
  const holder = globalThis as GlobalWithApp;
  holder.__paisibleApi ??= createApp({ db: getDb, pageCache: nextPageCache });
  return holder.__paisibleApi;
}

const handle = (request: Request) => api().fetch(request);

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const OPTIONS = handle;
export const HEAD = handle;
