import { afterEach, describe, expect, it, vi } from "vitest";
import { baseOf, resolveUrl } from "@/api-client/base-url";

const hosts = { api: "https://api.example.test", next: "https://next.example.test/" };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("API bases (SPEC §7)", () => {
  it("selects the base from the third path segment", () => {
    expect(baseOf("/api/v1/deals")).toBe("v1");
    expect(baseOf("/api/v2/deals/funeral/3")).toBe("v2");
    expect(baseOf("/api/next/auth/sign_in")).toBe("next");
    expect(baseOf("/health")).toBeNull();
  });
  it("sends v1 and v2 to the API host and next to the next host", () => {
    expect(resolveUrl("/api/v1/clients", hosts)).toBe("https://api.example.test/api/v1/clients");
    expect(resolveUrl("/api/v2/deals/item/4", hosts)).toBe("https://api.example.test/api/v2/deals/item/4");
    expect(resolveUrl("/api/next/pro/auth/sign_in", hosts)).toBe("https://next.example.test/api/next/pro/auth/sign_in");
  });
  it("uses a full URL as it is", () => {
    expect(resolveUrl("https://files.example.test/a.pdf", hosts)).toBe("https://files.example.test/a.pdf");
    expect(resolveUrl("http://localhost:4000/x", hosts)).toBe("http://localhost:4000/x");
  });
  it("stays on the same origin when no host is configured", () => {
    expect(resolveUrl("/api/v1/clients", { api: "", next: "" })).toBe("/api/v1/clients");
    expect(resolveUrl("api/next/x", { api: "", next: "" })).toBe("/api/next/x");
  });
  it("reads the hosts from the public configuration", async () => {
    vi.stubEnv("NEXT_PUBLIC_API_URL", "https://api.paisible.test/");
    vi.stubEnv("NEXT_PUBLIC_API_NEXT_URL", "https://next.paisible.test");
    vi.resetModules();
    const fresh = await import("@/api-client/base-url");
    expect(fresh.resolveUrl("/api/v1/companies/1")).toBe("https://api.paisible.test/api/v1/companies/1");
    expect(fresh.resolveUrl("/api/next/auth/validate_token")).toBe("https://next.paisible.test/api/next/auth/validate_token");
  });
});
