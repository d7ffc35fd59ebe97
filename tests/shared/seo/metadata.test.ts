import { describe, expect, it } from "vitest";
import { LOCALES } from "@/domain/locales";
import { paths } from "@/config/paths";
import { buildMetadata, pageTitle } from "@/shared/seo/metadata";

const SITE = "https://paisible.fr";

describe("buildMetadata", () => {
  it("titles the page with the brand and keeps an absolute title as is", () => {
    expect(pageTitle("Presse")).toBe("Presse | Paisible");
    expect(buildMetadata({ locale: "fr", path: paths.press(), title: "Presse", description: "d", siteUrl: SITE }).title).toEqual({
      absolute: "Presse | Paisible",
    });
    expect(buildMetadata({ locale: "fr", path: "/", title: { absolute: "Paisible, pompes funèbres" }, description: "d", siteUrl: SITE }).title).toEqual({
      absolute: "Paisible, pompes funèbres",
    });
  });

  it("points the canonical at the page on its own locale host", () => {
    const fr = buildMetadata({ locale: "fr", path: paths.glossary(), title: "Lexique", description: "d", siteUrl: SITE });
    expect(fr.alternates?.canonical).toBe("https://paisible.fr/lexique-obseques");
    const en = buildMetadata({ locale: "en", path: paths.glossary(), title: "Glossary", description: "d", siteUrl: SITE });
    expect(en.alternates?.canonical).toBe("https://en.paisible.fr/lexique-obseques");
    expect(en.metadataBase?.toString()).toBe("https://en.paisible.fr/");
  });

  it("lists hreflang alternates for all 11 locale hosts plus x-default on the French URL", () => {
    const metadata = buildMetadata({ locale: "de", path: paths.reviews(), title: "Bewertungen", description: "d", siteUrl: SITE });
    const languages = metadata.alternates?.languages as Record<string, string>;
    expect(Object.keys(languages)).toEqual([...LOCALES, "x-default"]);
    expect(languages.ar).toBe("https://ar.paisible.fr/avis-paisible");
    expect(languages.fr).toBe("https://paisible.fr/avis-paisible");
    expect(languages["x-default"]).toBe("https://paisible.fr/avis-paisible");
  });

  it("limits alternates to the locales that have the page, with x-default only when French has it", () => {
    const some = buildMetadata({ locale: "en", path: "/guides-obseques/a/b", title: "t", description: "d", availableLocales: ["en", "fr"], siteUrl: SITE });
    expect(some.alternates?.languages).toEqual({
      fr: "https://paisible.fr/guides-obseques/a/b",
      en: "https://en.paisible.fr/guides-obseques/a/b",
      "x-default": "https://paisible.fr/guides-obseques/a/b",
    });
    const noFrench = buildMetadata({ locale: "en", path: "/x", title: "t", description: "d", availableLocales: ["en", "de"], siteUrl: SITE });
    expect(Object.keys(noFrench.alternates?.languages ?? {})).toEqual(["de", "en"]);
  });

  it("works with dashed preview hosts and ports", () => {
    const metadata = buildMetadata({ locale: "tr", path: "/", title: "t", description: "d", siteUrl: "http://localhost:3000" });
    expect(metadata.alternates?.canonical).toBe("http://tr.localhost:3000/");
  });

  it("fills Open Graph and the Twitter card, with the locale's brand image by default", () => {
    const metadata = buildMetadata({ locale: "ar", path: paths.press(), title: "صحافة", description: "وصف", siteUrl: SITE });
    expect(metadata.openGraph).toMatchObject({
      type: "website",
      url: "https://ar.paisible.fr/presse",
      siteName: "Paisible",
      title: "صحافة",
      description: "وصف",
      locale: "ar_AR",
      images: [{ url: "https://ar.paisible.fr/opengraph-image", width: 1200, height: 630, type: "image/png" }],
    });
    expect((metadata.openGraph as { alternateLocale?: string[] }).alternateLocale).toContain("fr_FR");
    expect(metadata.twitter).toMatchObject({
      card: "summary_large_image",
      title: "صحافة",
      images: [{ url: "https://ar.paisible.fr/opengraph-image" }],
    });
  });

  it("resolves a page image against the locale host and describes articles", () => {
    const metadata = buildMetadata({
      locale: "en",
      path: "/guides-obseques/demarches/deces",
      title: "After a death",
      description: "d",
      image: { url: "/images/guide.jpg", width: 800, height: 600 },
      type: "article",
      article: { publishedTime: "2025-01-02T00:00:00.000Z", section: "demarches" },
      siteUrl: SITE,
    });
    expect(metadata.openGraph).toMatchObject({
      type: "article",
      locale: "en_GB",
      publishedTime: "2025-01-02T00:00:00.000Z",
      section: "demarches",
      images: [{ url: "https://en.paisible.fr/images/guide.jpg", width: 800, height: 600, alt: "After a death" }],
    });
  });

  it("marks noindex pages and indexes the others", () => {
    expect(buildMetadata({ locale: "fr", path: "/devis-obseques/confirmation", title: "t", description: "d", noindex: true, siteUrl: SITE }).robots).toEqual({
      index: false,
      follow: true,
    });
    expect(buildMetadata({ locale: "fr", path: "/", title: "t", description: "d", siteUrl: SITE }).robots).toEqual({ index: true, follow: true });
  });

  it("uses the configured SITE_URL when none is given", () => {
    const metadata = buildMetadata({ locale: "fr", path: "/presse", title: "t", description: "d" });
    expect(String(metadata.alternates?.canonical)).toMatch(/^https?:\/\/[^/]+\/presse$/);
  });

  it("rejects a path that is not site-relative", () => {
    for (const path of ["presse", "//evil.example/presse", "https://paisible.fr/presse"]) {
      expect(() => buildMetadata({ locale: "fr", path, title: "t", description: "d", siteUrl: SITE })).toThrow(TypeError);
    }
  });
});
