import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PARAMETERLESS_PAGES } from "./public-pages";

/**
 * Quality of every public page of SPEC §2: no serious or critical accessibility
 * violation (axe-core, WCAG 2.1 A and AA rules), a unique title and description, a
 * canonical URL, an Open Graph image and readable structured data. French everywhere,
 * Arabic (right-to-left) on a few.
 */

const PUBLIC_PAGES = [
  ...PARAMETERLESS_PAGES,
  // A sample of the pages with parameters.
  "/guides-obseques/rapatriement-de-corps",
  "/guides-obseques/rapatriement-de-corps/rapatrier-un-corps-a-l-etranger",
  "/pompes-funebres/lyon-69123",
  "/pompes-funebres/rhone-69",
  "/rapatriement-corps-pays/maroc",
] as const;

/** Pages checked again on the Arabic host (right-to-left layout). */
const ARABIC_PAGES = ["/", "/pompes-funebres/lyon-69123", "/rapatriement-corps-pays/maroc", "/avis-paisible", "/pompes-funebres"] as const;

/** Confirmation and payment screens are reached after an action: they stay out of search results. */
const NOINDEX_ALLOWED = new Set(["/devis-obseques/confirmation", "/catalogue-pierres-tombales/confirmation", "/fleurs-obseques/confirmation", "/paiement"]);

function onLocale(baseURL: string | undefined, locale: string, path: string): string {
  const url = new URL(path, baseURL);
  url.hostname = `${locale}.${url.hostname}`;
  return url.toString();
}

/** Host name and path of an absolute URL: static pages carry the origin they were built for, maybe on another port. */
function target(url: string | null | undefined): { hostname: string; path: string } {
  const parsed = new URL(url ?? "about:blank");
  return { hostname: parsed.hostname, path: `${parsed.pathname}${parsed.search}` };
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} node(s), e.g. ${v.nodes[0]?.target.join(" ")}`);
}

async function seoFacts(page: Page) {
  return {
    title: await page.title(),
    description: (await page.locator('meta[name="description"]').getAttribute("content")) ?? "",
    canonical: await page.locator('link[rel="canonical"]').getAttribute("href"),
    ogImage: await page.locator('meta[property="og:image"]').first().getAttribute("content"),
    robots: (await page.locator('meta[name="robots"]').getAttribute("content")) ?? "",
    jsonLd: await page.locator('script[type="application/ld+json"]').allTextContents(),
  };
}

test.describe("every public page, in French", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path}: accessible and described for search engines`, async ({ page, baseURL }) => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await seriousViolations(page)).toEqual([]);

      const seo = await seoFacts(page);
      expect(seo.title).toMatch(/Paisible/);
      // Landing pages need a real summary; confirmation screens (kept out of search results) a short one.
      expect(seo.description.length, "description").toBeGreaterThan(NOINDEX_ALLOWED.has(path) ? 10 : 50);
      expect(target(seo.canonical)).toEqual(target(new URL(path, baseURL).toString()));
      expect(seo.ogImage).toMatch(/^https?:\/\//);
      if (!NOINDEX_ALLOWED.has(path)) expect(seo.robots).not.toContain("noindex");
      for (const block of seo.jsonLd) expect(() => JSON.parse(block)).not.toThrow();
    });
  }

  test("no two pages share a title or a description", async ({ request }) => {
    // Fetches the pages itself rather than relying on the tests above having run in this worker.
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of PUBLIC_PAGES) {
      const html = await (await request.get(path)).text();
      titles.set(path, /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
      descriptions.set(path, /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");
    }
    const duplicates = (map: Map<string, string>) => [...map].filter(([, value], _, all) => !value || all.filter(([, other]) => other === value).length > 1).map(([path, value]) => `${path}: ${value}`);
    expect(duplicates(titles)).toEqual([]);
    expect(duplicates(descriptions)).toEqual([]);
  });
});

test.describe("a few pages in Arabic", () => {
  for (const path of ARABIC_PAGES) {
    test(`${path} on the Arabic host: accessible, right-to-left, canonical on its host`, async ({ page, baseURL }) => {
      const url = onLocale(baseURL, "ar", path);
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      expect(await seriousViolations(page)).toEqual([]);
      const seo = await seoFacts(page);
      expect(target(seo.canonical)).toEqual(target(url));
      expect(target(await page.locator('link[rel="alternate"][hreflang="x-default"]').getAttribute("href"))).toEqual(target(new URL(path, baseURL).toString()));
    });
  }
});

test("no public page scrolls sideways on a phone, in French or in Arabic @phone-only", async ({ page, baseURL }) => {
  const wide: string[] = [];
  const pages = [...PUBLIC_PAGES.map((path) => new URL(path, baseURL).toString()), ...ARABIC_PAGES.map((path) => onLocale(baseURL, "ar", path))];
  for (const url of pages) {
    await page.goto(url);
    const { content, viewport } = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    if (content > viewport) wide.push(`${url}: ${content}px for ${viewport}px`);
  }
  expect(wide).toEqual([]);
});
