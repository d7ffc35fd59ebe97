/**
 * What the browser tests and their server (scripts/e2e-server.mjs, started by
 * playwright.config.ts) agree on. The preview secret is a test value, never a real one:
 * without it the preview-mode journey could only be skipped.
 */
export const E2E_PREVIEW_SECRET = "e2e-preview-secret-for-the-test-server-only";
