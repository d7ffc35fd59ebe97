import type { Context } from "hono";
import { serverEnv, type ServerEnv } from "@/config/env";
import { isLoopbackConnection } from "@/server/http/client-ip";

/**
 * Who may read the development outboxes (mail today, any future SMS outbox): they hold
 * every family's quote and set-password links, so a server reachable from the network
 * must not hand them out because its SITE_URL happens to be the localhost default.
 */

/** A production build serving a real host: its outboxes are never readable, whatever the settings. */
export function isPublicDeployment(env: Pick<ServerEnv, "NODE_ENV" | "SITE_URL">): boolean {
  if (env.NODE_ENV !== "production") return false;
  try {
    const host = new URL(env.SITE_URL).hostname;
    return !(host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]");
  } catch {
    return true;
  }
}

/**
 * Loopback connections only (the socket's address as server.mjs saw it, never a
 * forwarding header), unless DEV_OUTBOX_ACCESS=open; never on a public deployment.
 */
export function canReadDevOutbox(c: Context, env: Pick<ServerEnv, "NODE_ENV" | "SITE_URL" | "DEV_OUTBOX_ACCESS"> = serverEnv()): boolean {
  if (isPublicDeployment(env)) return false;
  return env.DEV_OUTBOX_ACCESS === "open" || isLoopbackConnection(c);
}
