import { createHash, timingSafeEqual } from "node:crypto";
import type { ErrorCode } from "@/domain/errors";

/**
 * Checks of the preview (draft mode) switch: /api/draft?secret=…&path=… turns it on
 * and sends the editor to the page, /api/draft/disable?path=… turns it off. The path
 * must be a page of this site, never another host (no open redirect).
 */

export type PreviewDecision =
  | { ok: true; path: string }
  | { ok: false; status: 400 | 401 | 404; error: string; code: ErrorCode };

const MAX_PATH = 2048;

/** A same-site page path, or null: "/x" only, not "//host", not "/\host", not the API. */
export function safePreviewPath(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_PATH) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return null;
  // Control characters (CR, LF, tab, NUL…) have no place in a path and could split a header.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw, "http://preview.invalid");
  } catch {
    return null;
  }
  if (parsed.origin !== "http://preview.invalid") return null;
  if (parsed.pathname === "/api" || parsed.pathname.startsWith("/api/")) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Constant-time comparison, so the secret cannot be guessed one character at a time from response times. */
export function secretMatches(given: string | null, expected: string): boolean {
  if (typeof given !== "string" || given.length === 0) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export function decideEnable(url: URL, configuredSecret: string | undefined): PreviewDecision {
  if (!configuredSecret) return { ok: false, status: 404, error: "Not Found", code: "not_found" };
  if (!secretMatches(url.searchParams.get("secret"), configuredSecret)) {
    return { ok: false, status: 401, error: "Unauthorized", code: "unauthorized" };
  }
  const path = safePreviewPath(url.searchParams.get("path") ?? "/");
  if (path === null) return { ok: false, status: 400, error: "Bad Request", code: "bad_request" };
  return { ok: true, path };
}

export function decideDisable(url: URL): { path: string } {
  return { path: safePreviewPath(url.searchParams.get("path")) ?? "/" };
}
