import { describe, expect, it } from "vitest";
import { hostForLocale, localeFromHost, originForLocale, parseHost } from "@/i18n/locale-host";

describe("locale from host", () => {
  it("serves French on the bare host", () => {
    expect(localeFromHost("paisible.fr")).toBe("fr");
    expect(localeFromHost("localhost:3000")).toBe("fr");
    expect(localeFromHost(null)).toBe("fr");
  });
  it("reads {locale}.{host} and {locale}--{host}", () => {
    expect(localeFromHost("en.paisible.fr")).toBe("en");
    expect(localeFromHost("ar.localhost:3000")).toBe("ar");
    expect(parseHost("he--preview-42.example.app")).toEqual({ locale: "he", baseHost: "preview-42.example.app", form: "dashes" });
  });
  it("ignores two-letter labels that are not product locales", () => {
    expect(localeFromHost("ru.paisible.fr")).toBe("fr");
    expect(localeFromHost("www.paisible.fr")).toBe("fr");
  });
  it("builds the host of another locale in the same form", () => {
    expect(hostForLocale("en.paisible.fr", "de")).toBe("de.paisible.fr");
    expect(hostForLocale("en--preview.app", "zh")).toBe("zh--preview.app");
    expect(hostForLocale("ar.localhost:3000", "fr")).toBe("localhost:3000");
    expect(originForLocale("http://localhost:3000", "tr")).toBe("http://tr.localhost:3000");
  });
});
