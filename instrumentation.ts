import type { Instrumentation } from "next";
import { reportError } from "@/domain/report";

export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { serverEnv } = await import("@/config/env");
  const { connectSentry } = await import("@/features/monitoring/sentry-reporter");
  const env = serverEnv();
  await connectSentry(env.SENTRY_DSN, env.NODE_ENV);
  // The job worker runs in the serving process, not while `next build` prerenders pages.
  if (process.env.NEXT_PHASE !== "phase-production-build") {
    const { startAppWorker } = await import("@/server/jobs/runtime");
    // Not awaited: the database opens on its own time; a failure is logged, the site still serves.
    startAppWorker()?.catch((error: unknown) => console.error("[jobs] the app worker did not start:", error instanceof Error ? error.message : error));
  }
}

// Server-side render and route errors reach the same reporter as the browser's.
export const onRequestError: Instrumentation.onRequestError = (error, request, context) => {
  reportError(error, { path: request.path, method: request.method, routeType: context.routeType });
};
