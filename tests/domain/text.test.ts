import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hasUnstorableText, storableText } from "@/domain/text";

describe("text PostgreSQL can store", () => {
  it("finds NUL bytes and lone surrogates, and accepts emoji and accents", () => {
    for (const bad of ["a\u0000b", "\ud800", "x\udc00", "\ud83c", "\udf39\ud83c"]) expect(hasUnstorableText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ["", "Hélène", "Jean 🌹", "مرحبا", "שלום", "\ud83c\udf39"]) expect(hasUnstorableText(good), good).toBe(false);
  });

  it("is one refinement any string schema takes, with the field's code", () => {
    const schema = z.object({ name: storableText(z.string().trim().max(10), "client__firstname__invalid_characters") });
    expect(schema.safeParse({ name: "Ok" }).success).toBe(true);
    const refused = schema.safeParse({ name: "a\u0000" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("client__firstname__invalid_characters");
  });
});
