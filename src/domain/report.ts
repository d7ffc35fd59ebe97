/**
 * Error reporting with a pluggable sink: the console by default, Sentry once the app
 * wires it with setErrorReporter. Kept framework-free so every layer can report.
 */
export type ErrorContext = Record<string, unknown>;
export type ErrorReporter = (error: unknown, context?: ErrorContext) => void;

const consoleReporter: ErrorReporter = (error, context) => {
  if (context === undefined) console.error(error);
  else console.error(error, context);
};

let reporter: ErrorReporter = consoleReporter;

/** Replaces the sink; pass null to return to the console. */
export function setErrorReporter(next: ErrorReporter | null): void {
  reporter = next ?? consoleReporter;
}

const CHUNK_ERROR_MESSAGES = [
  "Loading chunk",
  "Loading CSS chunk",
  "Failed to fetch dynamically imported module",
  "Importing a module script failed",
  "error loading dynamically imported module",
];

/**
 * A failed download of a code chunk after a deployment: the page reloads or the user
 * retries, and the report would only be noise.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) {
    return typeof error === "string" && CHUNK_ERROR_MESSAGES.some((m) => error.includes(m));
  }
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  return typeof message === "string" && CHUNK_ERROR_MESSAGES.some((m) => message.includes(m));
}

/** Reports an error unless it is a chunk-loading failure. Never throws. */
export function reportError(error: unknown, context?: ErrorContext): void {
  if (isChunkLoadError(error)) return;
  try {
    reporter(error, context);
  } catch (reporterFailure) {
    // A broken sink must not break the page that was only trying to report.
    consoleReporter(reporterFailure, { while: "reporting", original: error });
  }
}
