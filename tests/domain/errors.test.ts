import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/domain/locales";
import { ERROR_CODES, isErrorCode, messageKeyForCode, messageKeysForCodes } from "@/domain/errors";

describe("error codes", () => {
  it("lists the codes of SPEC §8 and the generic server codes", () => {
    for (const code of [
      "client__email__taken",
      "sending__letter__feature__invalid",
      "no_network",
      "unhandled",
      "not_found",
      "bad_request",
      "invalid_json",
      "validation_failed",
      "unauthorized",
      "forbidden",
      "payload_too_large",
      "rate_limited",
      "internal_error",
    ]) {
      expect(isErrorCode(code)).toBe(true);
    }
  });
  it("gives the message key of a known code and 'unhandled' for anything else", () => {
    expect(messageKeyForCode("client__email__taken")).toBe("client__email__taken");
    expect(messageKeyForCode("no_network")).toBe("no_network");
    expect(messageKeyForCode("something__new")).toBe("unhandled");
    expect(messageKeyForCode(undefined)).toBe("unhandled");
    expect(messageKeyForCode(42)).toBe("unhandled");
  });
  it("maps a list of codes to distinct keys, never an empty list", () => {
    expect(messageKeysForCodes(["client__email__taken", "weird", "other_weird"])).toEqual(["client__email__taken", "unhandled"]);
    expect(messageKeysForCodes([])).toEqual(["unhandled"]);
  });
  it("has a non-empty sentence for every code in every locale", () => {
    for (const locale of LOCALES) {
      const messages = JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as { Errors?: Record<string, string> };
      expect(Object.keys(messages.Errors ?? {}).sort(), locale).toEqual([...ERROR_CODES].sort());
      for (const code of ERROR_CODES) expect(messages.Errors?.[code]?.trim().length, `${locale}.${code}`).toBeGreaterThan(3);
    }
  });
  it("is written in each language, not copied from French", () => {
    const fr = JSON.parse(readFileSync("messages/fr.json", "utf8")).Errors as Record<string, string>;
    for (const locale of LOCALES.filter((l) => l !== "fr")) {
      const other = JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")).Errors as Record<string, string>;
      for (const code of ERROR_CODES) expect(other[code], `${locale}.${code}`).not.toBe(fr[code]);
    }
  });
});

describe("field-level codes from the API", () => {
  it("show the generic validation message instead of 'unhandled'", async () => {
    const { messageKeyForCode } = await import("@/domain/errors");
    expect(messageKeyForCode("autocomplete__q__too_long")).toBe("validation_failed");
    expect(messageKeyForCode("phone__invalid")).toBe("validation_failed");
    expect(messageKeyForCode("something_else_entirely")).toBe("unhandled");
  });
});
