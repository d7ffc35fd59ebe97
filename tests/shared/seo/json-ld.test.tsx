import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ADVISOR_PHONE_E164 } from "@/config/brand";
import {
  aggregateOfferJsonLd,
  aggregateRatingJsonLd,
  articleJsonLd,
  breadcrumbListJsonLd,
  centsToPrice,
  definedTermSetJsonLd,
  funeralBusinessJsonLd,
  offerJsonLd,
  organizationJsonLd,
  parseFrenchAddress,
  reviewJsonLd,
  serializeJsonLd,
  withContext,
} from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";

const SITE = "https://paisible.fr";

describe("organization", () => {
  it("describes the operator with its phone and postal address", () => {
    const org = organizationJsonLd({ siteUrl: SITE });
    expect(org).toMatchObject({
      "@type": "Organization",
      "@id": "https://paisible.fr/#organization",
      name: "Paisible",
      url: "https://paisible.fr/",
      telephone: ADVISOR_PHONE_E164,
      address: { "@type": "PostalAddress", streetAddress: "12 rue de la Paix", postalCode: "75002", addressLocality: "Paris", addressCountry: "FR" },
    });
    expect(typeof org.logo).toBe("string");
  });

  it("keeps an address it cannot split whole", () => {
    expect(parseFrenchAddress("Lieu-dit Les Granges")).toEqual({ streetAddress: "Lieu-dit Les Granges", addressCountry: "FR" });
  });
});

describe("aggregate rating", () => {
  it("is built from the page's internal reviews", () => {
    expect(aggregateRatingJsonLd({ internal: { rating: 4.8666, total_reviews: 312 } })).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.87,
      reviewCount: 312,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("is omitted with no review or an impossible rating", () => {
    expect(aggregateRatingJsonLd({ internal: { rating: 0, total_reviews: 0 } })).toBeUndefined();
    expect(aggregateRatingJsonLd({ internal: { rating: 4.5, total_reviews: 0 } })).toBeUndefined();
    expect(aggregateRatingJsonLd({ internal: { rating: 7, total_reviews: 3 } })).toBeUndefined();
    expect(aggregateRatingJsonLd(null)).toBeUndefined();
  });
});

describe("offers in euros", () => {
  it("turns integer cents into a decimal price string", () => {
    expect(centsToPrice(0)).toBe("0.00");
    expect(centsToPrice(5)).toBe("0.05");
    expect(centsToPrice(179000)).toBe("1790.00");
    expect(centsToPrice(123456)).toBe("1234.56");
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => centsToPrice(bad)).toThrow(RangeError);
  });

  it("builds Offer and AggregateOffer in EUR", () => {
    expect(offerJsonLd({ priceCents: 249000, name: "Crémation", availability: "InStock" })).toEqual({
      "@type": "Offer",
      name: "Crémation",
      price: "2490.00",
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
    });
    expect(aggregateOfferJsonLd({ lowPriceCents: 179000, highPriceCents: 499000, offerCount: 3 })).toEqual({
      "@type": "AggregateOffer",
      priceCurrency: "EUR",
      lowPrice: "1790.00",
      highPrice: "4990.00",
      offerCount: 3,
    });
    expect(() => aggregateOfferJsonLd({ lowPriceCents: 500, highPriceCents: 100 })).toThrow(RangeError);
  });
});

describe("funeral business", () => {
  it("is a LocalBusiness typed as a funeral home, with rating and offers when known", () => {
    const business = funeralBusinessJsonLd({
      siteUrl: SITE,
      url: "https://paisible.fr/pompes-funebres/lyon",
      name: "Paisible Lyon",
      areaServed: ["Lyon"],
      reviews: { internal: { rating: 4.9, total_reviews: 12 } },
      offers: aggregateOfferJsonLd({ lowPriceCents: 150000 }),
    });
    expect(business).toMatchObject({
      "@type": "LocalBusiness",
      additionalType: "http://www.productontology.org/id/Funeral_home",
      name: "Paisible Lyon",
      telephone: ADVISOR_PHONE_E164,
      parentOrganization: { "@id": "https://paisible.fr/#organization" },
      aggregateRating: { ratingValue: 4.9, reviewCount: 12 },
      offers: { "@type": "AggregateOffer", lowPrice: "1500.00", priceCurrency: "EUR" },
      areaServed: [{ "@type": "AdministrativeArea", name: "Lyon" }],
    });
    const unrated = funeralBusinessJsonLd({ siteUrl: SITE, url: "https://paisible.fr/", reviews: { internal: { rating: 0, total_reviews: 0 } } });
    expect(unrated).not.toHaveProperty("aggregateRating");
    expect(unrated).not.toHaveProperty("priceRange");
  });
});

describe("breadcrumbs, articles, glossary and reviews", () => {
  it("numbers breadcrumb items from 1", () => {
    expect(breadcrumbListJsonLd([{ name: "Accueil", url: "https://paisible.fr/" }, { name: "Guides", url: "https://paisible.fr/guides-obseques" }])).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Accueil", item: "https://paisible.fr/" },
        { "@type": "ListItem", position: 2, name: "Guides", item: "https://paisible.fr/guides-obseques" },
      ],
    });
  });

  it("describes an article published by the organisation", () => {
    const article = articleJsonLd({
      siteUrl: SITE,
      url: "https://paisible.fr/guides-obseques/demarches/deces",
      headline: "Que faire après un décès ?",
      inLanguage: "fr",
      datePublished: "2025-03-01",
    });
    expect(article).toMatchObject({
      "@type": "Article",
      headline: "Que faire après un décès ?",
      dateModified: "2025-03-01",
      publisher: { "@id": "https://paisible.fr/#organization" },
    });
    expect((articleJsonLd({ siteUrl: SITE, url: "u", headline: "x".repeat(200), inLanguage: "fr", datePublished: "2025-03-01" }).headline as string).length).toBe(110);
  });

  it("groups glossary terms in a DefinedTermSet", () => {
    const set = definedTermSetJsonLd({
      url: "https://paisible.fr/lexique-obseques",
      name: "Lexique des obsèques",
      terms: [{ name: "Thanatopraxie", description: "Soins de conservation du corps.", url: "https://paisible.fr/lexique-obseques#thanatopraxie" }],
    });
    expect(set).toEqual({
      "@type": "DefinedTermSet",
      "@id": "https://paisible.fr/lexique-obseques#glossary",
      url: "https://paisible.fr/lexique-obseques",
      name: "Lexique des obsèques",
      hasDefinedTerm: [
        {
          "@type": "DefinedTerm",
          "@id": "https://paisible.fr/lexique-obseques#thanatopraxie",
          url: "https://paisible.fr/lexique-obseques#thanatopraxie",
          name: "Thanatopraxie",
          description: "Soins de conservation du corps.",
          inDefinedTermSet: "https://paisible.fr/lexique-obseques#glossary",
        },
      ],
    });
  });

  it("builds a review and refuses a rating outside 1–5", () => {
    expect(reviewJsonLd({ authorName: "Claire M.", rating: 5, body: "Très à l'écoute.", itemReviewed: { "@id": "https://paisible.fr/#organization" } })).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Claire M." },
      reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
      reviewBody: "Très à l'écoute.",
      itemReviewed: { "@id": "https://paisible.fr/#organization" },
    });
    expect(() => reviewJsonLd({ authorName: "x", rating: 0 })).toThrow(RangeError);
  });
});

describe("serialisation", () => {
  it("adds the context once, using @graph for several nodes", () => {
    expect(withContext({ "@type": "Thing" })).toEqual({ "@context": "https://schema.org", "@type": "Thing" });
    expect(withContext([{ "@type": "A" }, { "@type": "B" }])).toEqual({ "@context": "https://schema.org", "@graph": [{ "@type": "A" }, { "@type": "B" }] });
  });

  it("escapes < so a text can never close the script, and stays valid JSON", () => {
    const node = { "@type": "Review", reviewBody: "</script><script>alert(1)</script> & <!-- \u2028" };
    const json = serializeJsonLd(node);
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(json)).toEqual(withContext(node));
  });

  it("renders a JSON-LD script element", () => {
    const html = renderToStaticMarkup(<JsonLdScript data={{ "@type": "Thing", name: "</script>" }} />);
    expect(html).toBe('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"\\u003c/script\\u003e"}</script>');
  });
});
