import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DOCUMENT_TYPE_CODES } from "@/domain/document-types";
import { isErrorCode } from "@/domain/errors";
import { LOCALES } from "@/domain/locales";
import { cleanFileName, MAX_FILE_NAME_LENGTH } from "@/domain/supporting-documents";

describe("cleanFileName", () => {
  it.each([
    ["../../etc/passwd.pdf", "pdf", "passwd.pdf"],
    ["..\\..\\windows\\evil.exe", "pdf", "evil.pdf"],
    ["C:\\Users\\Jeanne\\Acte de décès.PDF", "pdf", "Acte de décès.pdf"],
    ["photo\u202egpj.exe", "jpg", "photogpj.jpg"],
    ["...hidden", "png", "hidden.png"],
    ["", "pdf", "document.pdf"],
    ["con\u0000trol\u0007.pdf", "pdf", "control.pdf"],
    ["scan.pdf", "png", "scan.png"],
    ['a<b>c:"d|e?f*g.pdf', "pdf", "abcdefg.pdf"],
  ])("%j as %s is %j", (raw, extension, expected) => {
    expect(cleanFileName(raw, extension)).toBe(expected);
  });

  it("keeps at most the maximum length, extension included", () => {
    const name = cleanFileName(`${"é".repeat(500)}.pdf`, "pdf");
    expect(Array.from(name)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith(".pdf")).toBe(true);
  });
});

describe("document types and upload refusals in every language", () => {
  const refusals = [
    "supporting_document__file__missing",
    "supporting_document__file__empty",
    "supporting_document__file__too_large",
    "supporting_document__file__type_invalid",
    "supporting_document__file__polyglot",
    "supporting_document__file__active_content",
    "supporting_document__file__unreadable",
    "supporting_document__file__too_many_pixels",
    "supporting_document__file__heic_unsupported",
    "supporting_document__owners__missing",
  ];
  it("has its own sentence for each refusal code", () => {
    for (const code of refusals) expect(isErrorCode(code), code).toBe(true);
  });

  it.each(LOCALES)("names every document type in %s", (locale) => {
    const messages = JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), "utf8")) as { DocumentTypes: Record<string, string> };
    expect(Object.keys(messages.DocumentTypes).sort()).toEqual([...DOCUMENT_TYPE_CODES].sort());
  });
});
