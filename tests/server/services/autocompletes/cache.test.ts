import { describe, expect, it } from "vitest";
import { AutocompleteCache } from "@/server/services/autocompletes/cache";

describe("AutocompleteCache", () => {
  it("answers a repeated question until it expires", () => {
    const cache = new AutocompleteCache({ maxEntries: 10, ttlMs: 1000 });
    cache.set("cityhalls|lyon", "[1]", 0);
    expect(cache.get("cityhalls|lyon", 999)).toBe("[1]");
    expect(cache.get("cityhalls|lyon", 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("forgets the least recently used answer beyond its size", () => {
    const cache = new AutocompleteCache({ maxEntries: 2, ttlMs: 60_000 });
    cache.set("a|1", "A", 0);
    cache.set("a|2", "B", 0);
    cache.get("a|1", 1);
    cache.set("a|3", "C", 2);
    expect(cache.get("a|1", 3)).toBe("A");
    expect(cache.get("a|2", 3)).toBeUndefined();
    expect(cache.get("a|3", 3)).toBe("C");
  });

  it("forgets one kind or everything on a write", () => {
    const cache = new AutocompleteCache({ maxEntries: 10, ttlMs: 60_000 });
    cache.set("cityhalls|x", "1", 0);
    cache.set("countries|x", "2", 0);
    cache.invalidate("cityhalls");
    expect(cache.get("cityhalls|x", 1)).toBeUndefined();
    expect(cache.get("countries|x", 1)).toBe("2");
    cache.invalidate();
    expect(cache.size).toBe(0);
  });

  it("keeps nothing when its size is zero", () => {
    const cache = new AutocompleteCache({ maxEntries: 0, ttlMs: 60_000 });
    expect(cache.enabled).toBe(false);
    cache.set("a|1", "A", 0);
    expect(cache.get("a|1", 0)).toBeUndefined();
  });
});
