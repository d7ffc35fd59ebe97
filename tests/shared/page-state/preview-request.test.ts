import { describe, expect, it } from "vitest";
import { decideDisable, decideEnable, safePreviewPath, secretMatches } from "@/shared/page-state/preview-request";

const SECRET = "a-very-long-preview-secret";
const url = (query: string) => new URL(`http://localhost/api/draft?${query}`);

describe("decideEnable", () => {
  it("turns preview on with the right secret and opens the page asked for", () => {
    expect(decideEnable(url(`secret=${SECRET}&path=/avis-paisible?page=2`), SECRET)).toEqual({ ok: true, path: "/avis-paisible?page=2" });
    expect(decideEnable(url(`secret=${SECRET}`), SECRET)).toEqual({ ok: true, path: "/" });
  });

  it("refuses a wrong or missing secret, and answers 404 when no secret is configured", () => {
    expect(decideEnable(url("secret=guess&path=/"), SECRET)).toMatchObject({ ok: false, status: 401, code: "unauthorized" });
    expect(decideEnable(url("path=/"), SECRET)).toMatchObject({ ok: false, status: 401 });
    expect(decideEnable(url(`secret=${SECRET}`), undefined)).toMatchObject({ ok: false, status: 404, code: "not_found" });
  });

  it("never redirects to another site", () => {
    for (const path of ["https://evil.test/", "//evil.test", "/\\evil.test", "/\r\nSet-Cookie:x", "/api/v1/clients", "javascript:alert(1)"]) {
      const decision = decideEnable(new URL(`http://localhost/api/draft?secret=${SECRET}&path=${encodeURIComponent(path)}`), SECRET);
      expect(decision.ok, path).toBe(false);
    }
  });
});

describe("safePreviewPath and decideDisable", () => {
  it("keeps same-site page paths and falls back to the home page", () => {
    expect(safePreviewPath("/pompes-funebres/lyon-69123")).toBe("/pompes-funebres/lyon-69123");
    expect(safePreviewPath("/x\ny")).toBeNull();
    expect(decideDisable(new URL("http://localhost/api/draft/disable?path=//evil.test"))).toEqual({ path: "/" });
    expect(decideDisable(new URL("http://localhost/api/draft/disable?path=/rapatriement-corps-pays"))).toEqual({ path: "/rapatriement-corps-pays" });
  });

  it("compares secrets without leaking their length through an exception", () => {
    expect(secretMatches("short", SECRET)).toBe(false);
    expect(secretMatches(SECRET, SECRET)).toBe(true);
    expect(secretMatches(null, SECRET)).toBe(false);
  });
});
