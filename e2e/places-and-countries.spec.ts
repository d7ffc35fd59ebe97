import { expect, test, type Page } from "@playwright/test";
import { E2E_PREVIEW_SECRET } from "./test-server";

/**
 * The place pages (/pompes-funebres), the repatriation pages (/rapatriement-corps-pays),
 * the reviews page and the preview mode, in French and in Arabic.
 */

function onLocale(baseURL: string | undefined, locale: string, path: string): string {
  const url = new URL(path, baseURL);
  url.hostname = `${locale}.${url.hostname}`;
  return url.toString();
}

/**
 * Where an absolute URL of the page points: host name and path. Static pages carry the
 * origin the site was built for (SITE_URL), which may use another port than this server.
 */
function target(url: string | null): { hostname: string; path: string } {
  const parsed = new URL(url ?? "about:blank");
  return { hostname: parsed.hostname, path: `${parsed.pathname}${parsed.search}` };
}

const hostOf = (baseURL: string | undefined, locale?: string) => `${locale ? `${locale}.` : ""}${new URL(baseURL ?? "http://localhost").hostname}`;

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const data = JSON.parse(text) as Record<string, unknown>;
    return (data["@graph"] as Array<Record<string, unknown>> | undefined) ?? [data];
  });
}

test.describe("home page", () => {
  test("the promise, price examples from the pricing engine, demo reviews as examples and structured data", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("price-example-cremation").getByTestId("price-example-total")).toHaveText(/\d[\d\s\u202f]*,\d{2}\s€/);
    await expect(page.getByTestId("price-example-burial").getByRole("table")).toContainText("Inhumation");
    // The seed holds demo reviews only: shown as examples, never quoted as the families' rating (issue 16).
    await expect(page.getByTestId("home-rating")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "L'avis des familles" }).getByTestId("review")).toHaveCount(3);
    const nodes = await jsonLd(page);
    expect(nodes.find((n) => n["@type"] === "Organization")).toBeTruthy();
    const business = nodes.find((n) => n["@type"] === "LocalBusiness")!;
    expect(business.aggregateRating).toBeUndefined();
    expect(business.offers).toEqual([
      expect.objectContaining({ "@type": "Offer", priceCurrency: "EUR" }),
      expect.objectContaining({ "@type": "Offer", priceCurrency: "EUR" }),
    ]);
  });
});

test.describe("commune page", () => {
  test("Lyon in French: partners nearest first, local estimate, deadlines, town hall and neighbours @phone", async ({ page }) => {
    const response = await page.goto("/pompes-funebres/lyon-69123");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Pompes funèbres à Lyon \(69001\).*\| Paisible/);
    await expect(page.getByRole("heading", { level: 1, name: "Pompes funèbres à Lyon" })).toBeVisible();

    const estimate = page.getByRole("region", { name: "Prix des obsèques à Lyon" });
    await expect(estimate.getByTestId("estimate-amount").first()).toHaveText(/\d[\d\s\u202f]*,\d{2}\s€/);
    await expect(estimate).toContainText("tarif réduit des habitants de Lyon");

    const crematoriums = page.getByRole("region", { name: "Crématoriums" });
    await expect(crematoriums.getByRole("listitem").first()).toContainText("Crématorium de Lyon (démo)");
    await expect(crematoriums.getByRole("listitem").first()).toContainText("À Lyon");
    await expect(page.getByText("démo", { exact: true }).first()).toBeVisible();

    await expect(page.getByText("au plus tard le 14e jour calendaire suivant celui du décès")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Déclarer le décès à Lyon" })).toBeVisible();

    await page.getByRole("link", { name: "Pompes funèbres à Villeurbanne" }).click();
    await expect(page).toHaveURL(/\/pompes-funebres\/villeurbanne-69266$/);
    await expect(page.getByRole("heading", { level: 1, name: "Pompes funèbres à Villeurbanne" })).toBeVisible();
  });

  test("Lyon's SEO: canonical, hreflang on every locale host, Open Graph image, LocalBusiness in EUR", async ({ page, baseURL }) => {
    await page.goto("/pompes-funebres/lyon-69123");
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(target(canonical)).toEqual({ hostname: hostOf(baseURL), path: "/pompes-funebres/lyon-69123" });
    const hreflangs = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((l) => l.getAttribute("hreflang")));
    expect(hreflangs.sort()).toEqual(["ar", "de", "en", "es", "fr", "he", "it", "pt", "sr", "tr", "x-default", "zh"]);
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/\/opengraph-image/);
    const business = (await jsonLd(page)).find((node) => node["@type"] === "LocalBusiness")!;
    expect(business).toMatchObject({ areaServed: [{ name: "Lyon" }] });
    expect(business.aggregateRating).toBeUndefined();
    expect(business.offers).toMatchObject({ "@type": "AggregateOffer", priceCurrency: "EUR" });
    expect((await jsonLd(page)).some((node) => node["@type"] === "BreadcrumbList")).toBe(true);
  });

  test("Lyon in Arabic: right-to-left, translated, canonical on the Arabic host", async ({ page, baseURL }) => {
    const url = onLocale(baseURL, "ar", "/pompes-funebres/lyon-69123");
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("خدمات الجنازة في Lyon");
    await expect(page.getByRole("heading", { name: "المهل الواجب احترامها" })).toBeVisible();
    expect(target(await page.locator('link[rel="canonical"]').getAttribute("href"))).toEqual({ hostname: hostOf(baseURL, "ar"), path: "/pompes-funebres/lyon-69123" });
  });

  test("an outdated or hand-typed name is sent to the current address; an unknown place is a 404", async ({ page, request }) => {
    const moved = await request.get("/pompes-funebres/lugdunum-69123", { maxRedirects: 0 });
    expect(moved.status()).toBe(308);
    expect(moved.headers()["location"]).toMatch(/\/pompes-funebres\/lyon-69123$/);
    for (const path of ["/pompes-funebres/atlantis-99999", "/pompes-funebres/nimportequoi", "/pompes-funebres/noumea-98818", "/pompes-funebres/lyon-69123-extra"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const response = await page.goto("/pompes-funebres/atlantis-99999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  });

  test("the département page links every commune", async ({ page }) => {
    await page.goto("/pompes-funebres/rhone-69");
    await expect(page.getByRole("heading", { level: 1, name: "Pompes funèbres dans le département Rhône (69)" })).toBeVisible();
    const communes = page.getByRole("region", { name: /communes dans le département/ });
    await expect(communes.getByRole("link", { name: "Lyon", exact: true })).toHaveAttribute("href", "/pompes-funebres/lyon-69123");
    expect(await communes.getByRole("link").count()).toBeGreaterThan(200);
  });
});

test.describe("commune index and search", () => {
  test("the autocomplete finds a commune and opens its page", async ({ page }) => {
    await page.goto("/pompes-funebres");
    const box = page.getByRole("combobox", { name: "Votre commune ou son code postal" });
    await box.fill("Villeurb");
    const option = page.getByRole("option", { name: /Villeurbanne/ });
    await expect(option).toBeVisible();
    await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", /.+/);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/pompes-funebres\/villeurbanne-69266$/);
  });

  test("without JavaScript the form searches on the server", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/pompes-funebres");
    await page.getByRole("combobox", { name: "Votre commune ou son code postal" }).fill("saint-denis");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/\/pompes-funebres\?q=saint-denis/);
    const results = page.getByTestId("search-results");
    await expect(results.getByRole("link", { name: /Saint-Denis/ }).first()).toBeVisible();
    // A search naming one commune opens it directly.
    await page.goto("/pompes-funebres?q=Villeurbanne");
    await expect(page).toHaveURL(/\/pompes-funebres\/villeurbanne-69266$/);
    await context.close();
  });

  test("the index lists every région with its départements", async ({ page }) => {
    await page.goto("/pompes-funebres");
    await expect(page.getByRole("heading", { name: "Auvergne-Rhône-Alpes" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Rhône (69)" })).toHaveAttribute("href", "/pompes-funebres/rhone-69");
  });
});

test.describe("country page", () => {
  test("Maroc in French: procedure, documents, consulates, flights, estimated price @phone", async ({ page }) => {
    const response = await page.goto("/rapatriement-corps-pays/maroc");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Rapatriement de corps – Maroc" })).toBeVisible();
    await expect(page.getByTestId("repatriation-estimate")).toHaveText(/De .+€ à .+€/);
    await expect(page.getByText("Laissez-passer mortuaire", { exact: true })).toBeVisible();
    await expect(page.getByText("Certificat médical de non-contagion")).toBeVisible();
    await expect(page.getByText("Consulat — Maroc à Lyon (démo)")).toBeVisible();
    await expect(page.getByRole("table").getByText("Royal Air Maroc").first()).toBeVisible();
    await expect(page.getByText(/Comptez en général 2 à 6 jours/)).toBeVisible();
    const service = (await jsonLd(page)).find((node) => node["@type"] === "Service")!;
    expect(service.offers).toMatchObject({ "@type": "AggregateOffer", priceCurrency: "EUR" });
  });

  test("Maroc in Arabic: the country named in Arabic, right-to-left", async ({ page, baseURL }) => {
    const response = await page.goto(onLocale(baseURL, "ar", "/rapatriement-corps-pays/maroc"));
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("نقل الجثمان – المغرب");
    // The editorial notes are translated: no "written in French" notice, the list marked Arabic.
    await expect(page.getByText("ملاحظات كتبها فريقنا باللغة الفرنسية.")).toHaveCount(0);
    await expect(page.locator('section[aria-labelledby="notes-heading"] ul')).toHaveAttribute("lang", "ar");
  });

  test("the index features the usual destinations and lists every country; unknown countries are a 404", async ({ page, request }) => {
    await page.goto("/rapatriement-corps-pays");
    await expect(page.getByRole("region", { name: "Les destinations les plus fréquentes" }).getByRole("link", { name: /Algérie/ })).toBeVisible();
    expect(await page.getByRole("region", { name: /Tous les pays/ }).getByRole("link").count()).toBeGreaterThan(200);
    expect((await request.get("/rapatriement-corps-pays/atlantide")).status()).toBe(404);
    expect((await request.get("/rapatriement-corps-pays/france")).status()).toBe(404);
  });
});

test.describe("reviews page", () => {
  test("shows the demo reviews as examples, their distribution and ten per page, with working pagination", async ({ page, request }) => {
    await page.goto("/avis-paisible");
    await expect(page.getByTestId("reviews-examples")).toBeVisible();
    await expect(page.getByTestId("rating-value")).toHaveText(/^\d,\d$/);
    await expect(page.getByRole("table", { name: "Répartition des avis par nombre d'étoiles" })).toBeVisible();
    const reviews = page.getByTestId("review");
    await expect(reviews).toHaveCount(10);
    const firstOnPageOne = await reviews.first().textContent();
    await page.getByRole("navigation", { name: "Pages d'avis" }).getByRole("link", { name: "Page suivante" }).click();
    await expect(page).toHaveURL(/\/avis-paisible\?page=2$/);
    await expect(reviews.first()).not.toHaveText(firstOnPageOne ?? "");
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const business = (await jsonLd(page)).find((node) => node["@type"] === "LocalBusiness")!;
    // Examples are never marked up: no AggregateRating, no Review.
    expect(business.aggregateRating).toBeUndefined();
    expect(business.review).toBeUndefined();

    expect((await request.get("/avis-paisible?page=999")).status()).toBe(404);
    expect((await request.get("/avis-paisible?page=abc")).status()).toBe(404);
    const first = await request.get("/avis-paisible?page=1", { maxRedirects: 0 });
    expect(first.status()).toBe(308);
  });
});

test.describe("sitemaps", () => {
  test("the sitemap index lists the commune files, which list every commune in every locale", async ({ request, baseURL }) => {
    const index = await (await request.get("/sitemap.xml")).text();
    expect(index).toContain("/sitemaps/pompes-funebres-69-1.xml");
    expect(index).toContain("/sitemaps/rapatriement-pays-1.xml");
    const rhone = await request.get("/sitemaps/pompes-funebres-69-1.xml");
    expect(rhone.status()).toBe(200);
    const xml = await rhone.text();
    expect(xml).toMatch(new RegExp(`<loc>https?://${hostOf(baseURL)}(:\\d+)?/pompes-funebres/lyon-69123</loc>`));
    expect(xml).toMatch(new RegExp(`hreflang="ar" href="https?://${hostOf(baseURL, "ar")}(:\\d+)?/pompes-funebres/lyon-69123"`));
    const countries = await (await request.get("/sitemaps/rapatriement-pays-1.xml")).text();
    expect(countries).toContain("/rapatriement-corps-pays/maroc</loc>");
  });
});

test.describe("preview mode", () => {
  test("a wrong secret is refused by the preview switch, not by the API", async ({ request }) => {
    const response = await request.get("/api/draft?secret=wrong&path=/", { maxRedirects: 0 });
    expect([401, 404]).toContain(response.status());
    // The preview route answers, not the API's catch-all: it never caches its answer.
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await response.json()).toMatchObject({ error: expect.any(String), message: expect.stringMatching(/^(unauthorized|not_found)$/) });
  });

  test("the secret turns the preview on for one browser, and the banner turns it off", async ({ page }) => {
    await page.goto(`/api/draft?secret=${encodeURIComponent(E2E_PREVIEW_SECRET)}&path=${encodeURIComponent("/avis-paisible")}`);
    await expect(page).toHaveURL(/\/avis-paisible$/);
    const banner = page.getByRole("region", { name: "Mode aperçu" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Quitter l'aperçu" }).click();
    await expect(page).toHaveURL(/\/avis-paisible$/);
    await expect(page.getByRole("region", { name: "Mode aperçu" })).toHaveCount(0);
  });
});
