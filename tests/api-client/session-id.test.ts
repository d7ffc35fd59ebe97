import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionId } from "@/api-client/session-id";
import { createFallbackStorage, createMemoryStorage } from "@/domain/storage";
import { installFakeStorage } from "./fake-web";

afterEach(() => vi.unstubAllGlobals());

describe("per-session id", () => {
  it("is 21 URL-safe characters, the same for the whole session", () => {
    const { session } = installFakeStorage();
    const id = sessionId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(sessionId()).toBe(id);
    expect(session.getItem("paisible.session-id")).toBe(id);
  });
  it("differs between sessions", () => {
    expect(sessionId(createMemoryStorage())).not.toBe(sessionId(createMemoryStorage()));
  });
  it("still works when session storage is unavailable", () => {
    const blocked = createFallbackStorage(() => {
      throw new DOMException("denied", "SecurityError");
    });
    const id = sessionId(blocked);
    expect(id).toHaveLength(21);
    expect(sessionId(blocked)).toBe(id);
  });
});
