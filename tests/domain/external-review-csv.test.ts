import { describe, expect, it } from "vitest";
import { externalReviewRowSchema, parseReviewsCsv } from "@/domain/schemas/external-review";

describe("parseReviewsCsv", () => {
  it("reads a header line, quoted fields with commas, line breaks and doubled quotes", () => {
    const csv = 'source,external_id,author_name,rating,published_on,title,body,external_url\r\ngoogle,g-1,"Dupont, Marie",5,2026-03-02,,"Très bien, merci.\nUne équipe ""humaine"".",https://g.co/r/1\n\n';
    const { rows, errors } = parseReviewsCsv(csv);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { source: "google", external_id: "g-1", author_name: "Dupont, Marie", rating: "5", published_on: "2026-03-02", title: "", body: 'Très bien, merci.\nUne équipe "humaine".', external_url: "https://g.co/r/1" },
    ]);
    expect(externalReviewRowSchema.parse(rows[0])).toMatchObject({ rating: 5, title: null, external_url: "https://g.co/r/1" });
  });

  it("accepts the semicolons of French spreadsheets, a BOM and columns in any order", () => {
    const { rows } = parseReviewsCsv("\uFEFFrating;source;external_id;author_name;published_on;body\n4;trustpilot;t-9;Luc;2025-12-01;Correct");
    expect(rows[0]).toMatchObject({ rating: "4", source: "trustpilot", body: "Correct" });
  });

  it("refuses a file without the required columns, or empty", () => {
    expect(parseReviewsCsv("source,rating\ngoogle,5").errors).toEqual(["external_review_import__csv__columns"]);
    expect(parseReviewsCsv("").errors).toEqual(["external_review_import__csv__empty"]);
  });

  it("checks each field with its own code", () => {
    const result = externalReviewRowSchema.safeParse({ source: "yelp", external_id: "", author_name: "A", rating: "6", published_on: "2026-02-30", body: "x", external_url: "javascript:alert(1)" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(["external_review__source__invalid", "external_review__external_id__missing", "external_review__rating__invalid", "external_review__published_on__invalid", "external_review__external_url__invalid"]),
    );
  });
});
