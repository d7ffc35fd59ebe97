import { expect, test, type Page } from "@playwright/test";

const ARTICLE = "/guides-obseques/aides-financieres/capital-deces-cpam";

function localeUrl(baseURL: string | undefined, locale: string, path = "/") {
  const url = new URL(path, baseURL);
  url.hostname = `${locale}.${url.hostname}`;
  return url.toString();
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  // Each block must be valid JSON; flatten @graph so tests can look nodes up by type.
  return blocks.flatMap((text) => {
    const data = JSON.parse(text) as Record<string, unknown>;
    return Array.isArray(data["@graph"]) ? (data["@graph"] as Record<string, unknown>[]) : [data];
  });
}

/** A date of death a week ago, in the yyyy-mm-dd form the date input takes. */
function aWeekAgo(): string {
  return new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

test.describe("guides", () => {
  test("an article renders with breadcrumbs, dates, reading time and its table of contents", async ({ page }) => {
    await page.goto(ARTICLE);
    await expect(page.getByRole("heading", { level: 1, name: "Le capital décès de l'Assurance maladie" })).toBeVisible();
    const crumbs = page.getByRole("navigation", { name: "Fil d'Ariane" });
    await expect(crumbs.getByRole("listitem")).toHaveText(["Accueil", "Guides obsèques", "Aides financières", "Le capital décès de l'Assurance maladie"]);
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Le capital décès de l'Assurance maladie");
    await expect(page.getByText(/min de lecture/)).toBeVisible();
    await expect(page.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole("link", { name: "Obtenir mon devis obsèques" })).toHaveAttribute("href", "/devis-obseques");
  });

  test("a table-of-contents link scrolls to its section", async ({ page }) => {
    await page.goto(ARTICLE);
    const toc = page.getByRole("navigation", { name: "Sommaire" });
    const link = toc.getByRole("link", { name: "Comment le demander" });
    const target = (await link.getAttribute("href")) ?? "";
    expect(target).toMatch(/^#[a-z0-9-]+$/);
    const section = page.locator(target);
    await expect(section).not.toBeInViewport();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(section).toBeInViewport();
    await expect(section).toHaveText("Comment le demander");
  });

  test("related articles lead to other guides", async ({ page }) => {
    await page.goto(ARTICLE);
    const related = page.getByRole("region", { name: "À lire aussi" });
    const first = related.getByRole("link").first();
    const title = (await first.textContent())?.trim() ?? "";
    await first.click();
    await expect(page).toHaveURL(/\/guides-obseques\/[a-z0-9-]+\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("the article carries valid Article and BreadcrumbList structured data", async ({ page }) => {
    await page.goto(ARTICLE);
    const nodes = await jsonLd(page);
    const article = nodes.find((n) => n["@type"] === "Article");
    expect(article).toMatchObject({ headline: "Le capital décès de l'Assurance maladie", inLanguage: "fr" });
    expect(String(article?.datePublished)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const breadcrumbs = nodes.find((n) => n["@type"] === "BreadcrumbList") as { itemListElement: { position: number; name: string }[] };
    expect(breadcrumbs.itemListElement.map((i) => i.position)).toEqual([1, 2, 3, 4]);
  });

  test("the index lists every theme and a category lists its articles", async ({ page }) => {
    await page.goto("/guides-obseques");
    expect(await page.locator("main section h2").count()).toBeGreaterThanOrEqual(6);
    await page.getByRole("heading", { level: 2, name: "Aides financières" }).getByRole("link").click();
    await expect(page).toHaveURL(/\/guides-obseques\/aides-financieres$/);
    await expect(page.getByRole("heading", { level: 1, name: "Aides financières" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Le capital décès de l'Assurance maladie" })).toBeVisible();
  });

  test("an unknown article or category gives the 404 page", async ({ request }) => {
    expect((await request.get("/guides-obseques/aides-financieres/n-existe-pas")).status()).toBe(404);
    expect((await request.get("/guides-obseques/n-existe-pas")).status()).toBe(404);
  });

  test("the English host shows the English guide, with hreflang to both versions", async ({ page, baseURL }) => {
    await page.goto(localeUrl(baseURL, "en", ARTICLE));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("article")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Assurance maladie$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^http:\/\/en\./);
    await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveCount(1);
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveCount(0);
  });

  test("another locale's host shows the English version, says so, and points its canonical to it", async ({ page, baseURL }) => {
    await page.goto(localeUrl(baseURL, "de", ARTICLE));
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("article")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("note")).toContainText("Englisch");
    // Static pages keep the SITE_URL of the build, so only the host's locale and the path are compared.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^https?://en\\.[^/]+${ARTICLE}$`));
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveCount(0);
  });
});

test.describe("glossary", () => {
  test("letter anchors lead to their section and each term has its own anchor", async ({ page }) => {
    await page.goto("/lexique-obseques");
    const index = page.getByRole("navigation", { name: "Index alphabétique" });
    await index.getByRole("link", { name: "Termes commençant par T" }).click();
    await expect(page).toHaveURL(/#lettre-t$/);
    await expect(page.locator("#lettre-t")).toBeInViewport();
    await expect(page.locator("#lettre-t").getByRole("heading", { level: 2 })).toHaveText("T");
    expect(await page.locator("dt[id]").count()).toBeGreaterThanOrEqual(80);
    const nodes = await jsonLd(page);
    const set = nodes.find((n) => n["@type"] === "DefinedTermSet") as { hasDefinedTerm: unknown[] };
    expect(set.hasDefinedTerm.length).toBeGreaterThanOrEqual(80);
  });

  test("the filter narrows the list as the visitor types", async ({ page }) => {
    await page.goto("/lexique-obseques");
    const filter = page.getByRole("searchbox", { name: "Chercher un terme" });
    await filter.fill("thanatopraxie");
    await expect(page.getByRole("status").filter({ hasText: /terme/ })).toHaveText(/\d+ termes? correspond/);
    const visible = page.locator("[data-glossary-term]:visible");
    expect(await visible.count()).toBeGreaterThan(0);
    expect(await visible.count()).toBeLessThan(10);
    await filter.fill("zzzz");
    await expect(page.getByText("Aucun terme ne correspond à « zzzz »")).toBeVisible();
    await page.getByRole("button", { name: "Effacer" }).click();
    expect(await page.locator("[data-glossary-term]:visible").count()).toBeGreaterThanOrEqual(80);
  });
});

test.describe("French-only pages", () => {
  test("another host shows the French text marked lang=fr, with a translated notice and the French canonical", async ({ page, baseURL }) => {
    await page.goto(localeUrl(baseURL, "en", "/prestations-obseques-en-details"));
    await expect(page.getByText("This page is only available in French.")).toBeVisible();
    await expect(page.locator("article")).toHaveAttribute("lang", "fr");
    const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute("href")) ?? "");
    expect(canonical.pathname).toBe("/prestations-obseques-en-details");
    expect(canonical.hostname).not.toMatch(/^[a-z]{2}(\.|--)/);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveCount(0);
  });
});

test.describe("financial aid calculator", () => {
  test("gives the capital décès to the family of an employee, with amount and deadlines", async ({ page }) => {
    await page.goto("/aides-financieres");
    await page.getByLabel("Date du décès").fill(aWeekAgo());
    await page.getByText("travaillait comme salarié").click();
    await page.getByRole("group", { name: /compte bancaire/ }).getByText("Oui").click();
    await page.getByRole("group", { name: /de quoi payer ses obsèques/ }).getByText("Oui").click();
    await page.getByRole("group", { name: /mutuelle/ }).getByText("Je ne sais pas").click();
    await page.getByLabel("Votre lien avec le défunt").selectOption("child");
    await page.getByRole("group", { name: /à la charge du défunt/ }).getByText("Non").click();
    await page.getByRole("button", { name: "Voir les aides" }).click();

    const results = page.getByRole("region", { name: "Les aides pour votre situation", exact: true });
    await expect(results.getByRole("heading", { level: 2 })).toBeFocused();
    const capital = results.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Capital décès de l'Assurance maladie" }) });
    await expect(capital).toContainText("Vous pouvez en bénéficier");
    // The amount the rules module holds (src/domain/financial-aid.ts), since 1 April 2025.
    await expect(capital).toContainText(/3\s977,00\s€/);
    await expect(capital).toContainText("Dernier délai pour la demande");
    await expect(capital).toContainText("CPAM");
  });

  test("keeps what was typed and lists what to fix when answers are missing", async ({ page }) => {
    await page.goto("/aides-financieres");
    const date = page.getByLabel("Date du décès");
    await date.fill(aWeekAgo());
    await page.getByText("était retraité, ancien salarié ou autre").click();
    await page.getByRole("button", { name: "Voir les aides" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "Quelques réponses manquent" });
    await expect(summary).toBeVisible();
    // The summary takes the focus, so keyboard and screen-reader users start from it.
    await expect(summary.locator("xpath=..")).toBeFocused();
    await expect(summary.getByRole("link", { name: "Dites si le défunt a travaillé dans le secteur privé." })).toBeVisible();
    await expect(date).toHaveValue(aWeekAgo());
    await expect(page.getByRole("radio", { name: "était retraité, ancien salarié ou autre" })).toBeChecked();
    await expect(page.getByRole("region", { name: "Les aides pour votre situation", exact: true })).toHaveCount(0);
  });

  test("is translated on the other hosts, right to left in Arabic", async ({ page, baseURL }) => {
    await page.goto(localeUrl(baseURL, "ar", "/aides-financieres"));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("button", { name: "عرض المساعدات" })).toBeVisible();
  });
});

test("guides and the calculator fit a phone screen without sideways scrolling @phone-only", async ({ page }) => {
  for (const path of [ARTICLE, "/lexique-obseques", "/aides-financieres", "/prestations-obseques-en-details"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto(ARTICLE);
  await expect(page.getByRole("navigation", { name: "Sommaire" })).toBeVisible();
});
