import { describe, expect, it } from "vitest";
import { supportingDocumentSchema } from "@/domain/schemas/supporting-document";
import { normalizeInvoiceGroupId } from "@/domain/invoices/group";

describe("supportingDocumentSchema", () => {
  it("requires at least one owner", () => {
    const result = supportingDocumentSchema.safeParse({ document_type: "death_record", owners: [] });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["supporting_document__owners__missing"]);
    expect(supportingDocumentSchema.safeParse({ document_type: "death_record", owners: [{ owner_type: "Defunct", owner_id: "12" }] }).success).toBe(true);
  });
});

describe("normalizeInvoiceGroupId", () => {
  it("multiplies group ids under 1000 by 1000", () => {
    expect(normalizeInvoiceGroupId(7)).toBe(7000);
    expect(normalizeInvoiceGroupId(999)).toBe(999_000);
    expect(normalizeInvoiceGroupId(1000)).toBe(1000);
    expect(normalizeInvoiceGroupId(202_503)).toBe(202_503);
  });
});
