import { describe, expect, it } from "vitest";
import { toFormData, toQueryString } from "@/api-client/query-string";

describe("bracket-array query strings", () => {
  it("repeats array keys with brackets", () => {
    expect(toQueryString({ ids: [1, 2] })).toBe("ids[]=1&ids[]=2");
  });
  it("nests objects", () => {
    expect(toQueryString({ a: { b: "c" } })).toBe("a[b]=c");
    expect(toQueryString({ filter: { kinds: ["x", "y"] } })).toBe("filter[kinds][]=x&filter[kinds][]=y");
  });
  it("skips undefined and null", () => {
    expect(toQueryString({ q: "fleurs", page: undefined, per_page: null, ok: false })).toBe("q=fleurs&ok=false");
    expect(toQueryString(undefined)).toBe("");
  });
  it("encodes values and dates", () => {
    expect(toQueryString({ q: "Saint-Étienne & co" })).toBe("q=Saint-%C3%89tienne%20%26%20co");
    expect(toQueryString({ from: new Date("2025-01-02T03:04:05.000Z") })).toBe("from=2025-01-02T03%3A04%3A05.000Z");
  });
});

describe("multipart form bodies", () => {
  it("uses bracket keys and keeps files", () => {
    const file = new Blob(["%PDF"], { type: "application/pdf" });
    const form = toFormData({ document: { document_type: "id_card", file, owners: [1, 2], note: null } });
    expect(form.get("document[document_type]")).toBe("id_card");
    expect(form.getAll("document[owners][]")).toEqual(["1", "2"]);
    expect(form.get("document[file]")).toBeInstanceOf(Blob);
    expect(form.has("document[note]")).toBe(false);
  });
});
