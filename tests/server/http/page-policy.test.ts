import { beforeAll, describe, expect, it, vi } from "vitest";

// The chat service deployed apart: pages that open the assistant must be allowed to call it.
let pagePolicyFor: (pathname: string) => string;

beforeAll(async () => {
  vi.stubEnv("NEXT_PUBLIC_CHAT_URL", "https://chat.example.org/api/chat");
  vi.resetModules();
  ({ pagePolicyFor } = await import("../../../proxy"));
  vi.unstubAllEnvs();
});

const connect = (policy: string) => policy.split("; ").find((part) => part.startsWith("connect-src"));

describe("page policies and the chat service", () => {
  it("lets public pages and the family's space call the chat host", () => {
    for (const path of ["/", "/guides-obseques", "/app", "/app/demarches/3"]) expect(connect(pagePolicyFor(path))).toContain("https://chat.example.org");
  });

  it("keeps the family's space strict otherwise (no data: images)", () => {
    expect(pagePolicyFor("/app")).toContain("img-src 'self';");
    expect(pagePolicyFor("/")).toContain("img-src 'self' data: blob:");
  });

  it("keeps the chat host away from sign-in, invitation, back-office and payment pages", () => {
    for (const path of ["/me-connecter", "/invitation", "/pro", "/pro/dossiers", "/paiement", "/documents/sms/x"]) expect(connect(pagePolicyFor(path))).not.toContain("chat.example.org");
  });
});
