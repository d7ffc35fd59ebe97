import { setErrorReporter, isChunkLoadError } from "@/domain/report";

/**
 * Error reporting goes to Sentry when a DSN is configured, to the console otherwise
 * (the default reporter of src/domain/report.ts). The SDK is imported only when a DSN
 * exists, so pages without it do not carry its weight.
 */
export async function connectSentry(dsn: string | undefined, environment: string): Promise<boolean> {
  if (!dsn) return false;
  const Sentry = await import("@sentry/nextjs");
  Sentry.init({
    dsn,
    environment,
    tracesSampleRate: 0,
    // Chunk-loading failures follow deployments and are retried by a reload; they are noise.
    beforeSend: (event, hint) => (isChunkLoadError(hint.originalException) ? null : event),
  });
  setErrorReporter((error, context) => {
    Sentry.captureException(error, context ? { extra: context } : undefined);
  });
  return true;
}
