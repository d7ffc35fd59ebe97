import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/domain/locales";
import { assistantMessages } from "@/features/assistant/assistant-messages";
import { assistantShownOn } from "@/features/assistant/assistant-scope";
import { errorText, translator, type MessageTree } from "@/features/assistant/assistant-text";

type Tree = { [key: string]: string | Tree };
const load = (locale: string) => JSON.parse(readFileSync(new URL(`../../../messages/${locale}.json`, import.meta.url), "utf8")) as Tree;

function strings(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === "string" ? [value] : strings(value)));
}

describe("the panel's translator", () => {
  const t = translator({ chat: { retryAfter: "Réessayez dans {seconds} secondes." } } as MessageTree);

  it("fills plain placeholders and shows a missing key as itself", () => {
    expect(t("chat.retryAfter", { seconds: 30 })).toBe("Réessayez dans 30 secondes.");
    expect(t("chat.nothing")).toBe("chat.nothing");
  });

  it("gives every error code a sentence, through the product's one mapping", () => {
    const errors = { rate_limited: "Trop de tentatives.", validation_failed: "Vérifiez ce champ.", unhandled: "Un problème." };
    expect(errorText(errors, "rate_limited")).toBe("Trop de tentatives.");
    expect(errorText(errors, "lead__lastname__blank")).toBe("Vérifiez ce champ.");
    expect(errorText(errors, "something_new")).toBe("Un problème.");
  });

  // The panel formats outside next-intl: ICU plurals or selects would show raw.
  it.each(LOCALES)("reads the %s Assistant messages, which use plain placeholders only", (locale) => {
    const texts = strings(load(locale).Assistant as Tree);
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => /\{\s*\w+\s*,/.test(text))).toEqual([]);
  });
});

describe("/assistant/messages/{locale}.json", () => {
  it("holds the Assistant namespace and the error sentences the panel may show, not the whole catalogue", async () => {
    const body = await assistantMessages("en.json");
    const english = load("en");
    expect(body?.Assistant).toEqual(english.Assistant);
    for (const code of ["no_network", "rate_limited", "unhandled", "validation_failed"]) expect(body?.Errors[code]).toBe((english.Errors as Tree)[code]);
    expect(body?.Errors.client__email__taken).toBeUndefined();
    expect(JSON.stringify(body).length).toBeLessThan(JSON.stringify(english).length / 10);
  });

  it("answers nothing for a file that is not a locale's", async () => {
    expect(await assistantMessages("xx.json")).toBeNull();
    expect(await assistantMessages("fr")).toBeNull();
    expect(await assistantMessages("../fr.json")).toBeNull();
  });
});

describe("where the launcher shows", () => {
  it("is on public pages and in the family's space, internal locale prefix or not", () => {
    for (const path of ["/", "/guides-obseques", "/rapatriement-corps-pays/maroc", "/app", "/app/demarches", "/fr/devis-obseques", "/en/app"]) expect(assistantShownOn(path)).toBe(true);
  });

  it("is not on the back-office, payment, signing, sign-in and invitation pages", () => {
    for (const path of ["/pro", "/pro/dossiers/3", "/fr/pro", "/paiement", "/signature/abc", "/me-connecter", "/invitation", "/documents/sms/xyz"]) expect(assistantShownOn(path)).toBe(false);
  });
});
