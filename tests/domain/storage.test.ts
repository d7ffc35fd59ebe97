import { describe, expect, it } from "vitest";
import { createFallbackStorage, createMemoryStorage, readJson } from "@/domain/storage";
import { FakeStorage } from "../api-client/fake-web";

describe("storage with in-memory fallback (SPEC §5)", () => {
  it("uses the browser storage when it works", () => {
    const local = new FakeStorage();
    const storage = createFallbackStorage(() => local);
    storage.setItem("k", "v");
    expect(local.getItem("k")).toBe("v");
    expect(storage.getItem("k")).toBe("v");
    storage.removeItem("k");
    expect(local.getItem("k")).toBeNull();
  });
  it("keeps values in memory when there is no storage (server rendering)", () => {
    const storage = createFallbackStorage(() => undefined);
    storage.setItem("k", "v");
    expect(storage.getItem("k")).toBe("v");
    storage.removeItem("k");
    expect(storage.getItem("k")).toBeNull();
  });
  it("keeps values in memory when touching storage throws (blocked by privacy settings)", () => {
    const storage = createFallbackStorage(() => {
      throw new DOMException("denied", "SecurityError");
    });
    storage.setItem("k", "v");
    expect(storage.getItem("k")).toBe("v");
  });
  it("serves the newest value when a write fails (storage full)", () => {
    const local = new FakeStorage();
    local.setItem("k", "old");
    const full = Object.assign(Object.create(local) as Storage, {
      getItem: (key: string) => local.getItem(key),
      removeItem: (key: string) => local.removeItem(key),
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    });
    const storage = createFallbackStorage(() => full);
    storage.setItem("k", "new");
    expect(storage.getItem("k")).toBe("new");
  });
  it("drops unreadable JSON", () => {
    const memory = createMemoryStorage();
    memory.setItem("k", "{oops");
    expect(readJson(memory, "k")).toBeNull();
    expect(memory.getItem("k")).toBeNull();
  });
});
