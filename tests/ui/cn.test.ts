import { describe, expect, it } from "vitest";
import { cn } from "@/ui/cn";

describe("cn", () => {
  it("joins truthy class names with single spaces", () => {
    expect(cn("a", false, null, undefined, "", 0, "b", "c d")).toBe("a b c d");
  });

  it("returns an empty string when nothing is truthy", () => {
    expect(cn(false, undefined)).toBe("");
  });
});
