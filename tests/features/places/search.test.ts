import { describe, expect, it } from "vitest";
import { readSearchQuery } from "@/features/places/search";

describe("readSearchQuery", () => {
  it("reads the first ?q= value, trimmed, and treats blank as no search", () => {
    expect(readSearchQuery(undefined)).toEqual({ query: null, tooLong: false });
    expect(readSearchQuery("   ")).toEqual({ query: null, tooLong: false });
    expect(readSearchQuery("  Lyon ")).toEqual({ query: "Lyon", tooLong: false });
    expect(readSearchQuery(["Nice", "Paris"])).toEqual({ query: "Nice", tooLong: false });
  });

  it("refuses an overlong text rather than searching it", () => {
    const result = readSearchQuery("a".repeat(500));
    expect(result.tooLong).toBe(true);
    expect(result.query).toHaveLength(100);
  });
});
