// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createFormatter, createTranslator } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import type { PublicReview, ReviewsSummary } from "@/server/services/reviews-page";

/** The public reviews page: an imported review says where and when it was published; examples say they are examples. */

vi.mock("next-intl/server", () => ({
  getTranslations: async (options: string | { namespace: string }) =>
    createTranslator({ locale: "fr", messages: messagesFr, namespace: (typeof options === "string" ? options : options.namespace) as never }),
  getFormatter: async () => createFormatter({ locale: "fr", timeZone: "Europe/Paris" }),
}));

const { ReviewCard } = await import("@/features/reviews/review-card");
const { ReviewsPage } = await import("@/features/reviews/reviews-page");

afterEach(cleanup);

const review = (over: Partial<PublicReview>): PublicReview => ({
  id: 1,
  authorName: "Hélène P.",
  rating: 5,
  title: null,
  body: "Une équipe à l'écoute.",
  city: null,
  publishedAt: new Date("2026-03-02T12:00:00Z"),
  published: true,
  demo: false,
  source: null,
  externalUrl: null,
  ...over,
});

const summary = (over: Partial<ReviewsSummary>): ReviewsSummary => ({
  scope: "real",
  rating: 4.6,
  total: 60,
  distribution: [0, 0, 4, 14, 42],
  unpublished: 0,
  quotable: { rating: 4.6, total: 60 },
  includesDemo: false,
  ...over,
});

describe("reviews on the public page", () => {
  it("names the platform and the day of an imported review, with a link to the original", async () => {
    render(await ReviewCard({ review: review({ source: "google", externalUrl: "https://maps.google.com/review/g-1" }) }));
    expect(screen.getByTestId("review-source")).toHaveTextContent("Avis publié sur Google le 2 mars 2026");
    const link = screen.getByRole("link", { name: "voir l'avis d'origine" });
    expect(link).toHaveAttribute("href", "https://maps.google.com/review/g-1");
    expect(link.getAttribute("rel")).toContain("nofollow");
  });

  it("reads an unknown platform as another platform, and a review of our own site as before", async () => {
    render(await ReviewCard({ review: review({ id: 2, source: "yelp" }) }));
    expect(screen.getByTestId("review-source")).toHaveTextContent("Avis publié sur une autre plateforme le 2 mars 2026");
    cleanup();
    render(await ReviewCard({ review: review({ id: 3 }) }));
    expect(screen.queryByTestId("review-source")).toBeNull();
    expect(screen.getByText(/publié le 2 mars 2026/)).toBeInTheDocument();
  });

  it("says so when the reviews shown are demonstration examples, and not otherwise", async () => {
    const list = { items: [], page: 1, perPage: 10, total: 60, totalPages: 6 };
    render(await ReviewsPage({ summary: summary({ scope: "examples", includesDemo: true, quotable: { rating: 0, total: 0 } }), list }));
    expect(screen.getByTestId("reviews-examples")).toHaveTextContent("Exemples de démonstration");
    cleanup();
    render(await ReviewsPage({ summary: summary({}), list }));
    expect(screen.queryByTestId("reviews-examples")).toBeNull();
  });
});
