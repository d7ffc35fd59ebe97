import { describe, expect, it } from "vitest";
import { homeJsonLd } from "@/features/home/home-seo";
import { priceExamples } from "@/features/page-state/price-examples";

describe("homeJsonLd", () => {
  it("describes the organisation and the funeral service with its rating and EUR offers", () => {
    const examples = priceExamples().map((e) => ({ ...e, name: e.id }));
    const [organization, business] = homeJsonLd({
      siteUrl: "https://paisible.test",
      url: "https://paisible.test/",
      description: "d",
      reviews: { internal: { rating: 4.6, total_reviews: 60 } },
      examples,
    });
    expect(organization).toMatchObject({ "@type": "Organization", "@id": "https://paisible.test/#organization" });
    expect(business).toMatchObject({ "@type": "LocalBusiness", aggregateRating: { ratingValue: 4.6, reviewCount: 60 } });
    const offers = business!.offers as Array<{ price: string; priceCurrency: string; url: string }>;
    expect(offers).toHaveLength(2);
    expect(offers[0]).toMatchObject({ priceCurrency: "EUR", url: "https://paisible.test/devis-obseques" });
    expect(offers[0]!.price).toBe((examples[0]!.totalCents / 100).toFixed(2));
  });

  it("leaves the rating out when there is no review rather than publishing a false one", () => {
    const [, business] = homeJsonLd({ siteUrl: "https://p.test", url: "https://p.test/", description: "d", reviews: { internal: { rating: 0, total_reviews: 0 } }, examples: [] });
    expect(business).not.toHaveProperty("aggregateRating");
  });
});
