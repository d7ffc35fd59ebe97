import { expect, test } from "@playwright/test";
import { PARAMETERLESS_PAGES } from "./public-pages";

const PUBLIC_ROUTES = [...PARAMETERLESS_PAGES, "/me-connecter"];

function localeUrl(baseURL: string | undefined, locale: string, path = "/") {
  const url = new URL(path, baseURL);
  url.hostname = `${locale}.${url.hostname}`;
  return url.toString();
}

test("every public route answers 200 in French with its own title", async ({ request }) => {
  const titles = new Set<string>();
  for (const path of PUBLIC_ROUTES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain('<html lang="fr" dir="ltr"');
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    expect(title, path).toMatch(/Paisible/);
    titles.add(title);
  }
  expect(titles.size).toBe(PUBLIC_ROUTES.length);
});

test("/404 and an unknown path give the not-found page with status 404", async ({ page, request }) => {
  expect((await request.get("/404")).status()).toBe(404);
  const response = await page.goto("/une-page-qui-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  // An internal locale prefix is not a public URL.
  expect((await request.get("/en/devis-obseques")).status()).toBe(404);
});

test("the locale comes from the host: English on en., Arabic right-to-left on ar.", async ({ page, baseURL }) => {
  await page.goto(localeUrl(baseURL, "en"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await page.goto(localeUrl(baseURL, "ar", "/devis-obseques"));
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const dashed = new URL("/", baseURL);
  // Preview form {locale}--{host}; kept under .localhost so the browser resolves it to this machine.
  dashed.hostname = `he--preview.${dashed.hostname}`;
  await page.goto(dashed.toString());
  await expect(page.locator("html")).toHaveAttribute("lang", "he");
});

test("the locale switcher sends the visitor to the same page on the other locale's host", async ({ page, baseURL }) => {
  await page.goto("/pierre-tombale");
  const english = page.getByRole("link", { name: "English" });
  await expect(english).toHaveAttribute("href", localeUrl(baseURL, "en", "/pierre-tombale"));
  await english.click();
  await expect(page).toHaveURL(localeUrl(baseURL, "en", "/pierre-tombale"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("header and footer reach every public route, the login page and the quote", async ({ page }) => {
  await page.goto("/");
  const hrefs = await page.locator("header a, footer a").evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  for (const path of PUBLIC_ROUTES.filter((p) => !p.endsWith("/confirmation") && p !== "/devis-obseques/ceremonie")) {
    expect(hrefs, path).toContain(path);
  }
});

test("a tracking parameter gives the body the phone-tracking class", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("body")).not.toHaveClass(/phone-tracking/);
  await page.goto("/?gclid=abc123");
  await expect(page.locator("body")).toHaveClass(/phone-tracking/);
});

test("each route change sends one page view and scrolls to the top", async ({ page }) => {
  await page.goto("/");
  await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "page_view").length)).toBe(1);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator("footer").getByRole("link", { name: "Presse" }).click();
  await expect(page).toHaveURL(/\/presse$/);
  await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "page_view").length)).toBe(2);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  const last = await page.evaluate(() => window.dataLayer?.at(-1));
  expect(last).toMatchObject({ event: "page_view", page_path: "/presse" });
});

test("the mobile menu opens, reaches the quote and closes with Escape @phone-only", async ({ page }) => {
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Ouvrir le menu" });
  await toggle.click();
  await expect(page.getByRole("button", { name: "Fermer le menu" })).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(toggle).toBeFocused();
  await toggle.click();
  await page.getByRole("navigation").getByRole("link", { name: "Devis obsèques" }).last().click();
  await expect(page).toHaveURL(/\/devis-obseques$/);
});

test("a shared page is answered again from the server's page cache, one copy per locale host", async ({ request, baseURL }) => {
  const path = "/pompes-funebres/lyon-69123";
  const first = await request.get(path);
  expect(first.status()).toBe(200);
  const again = await request.get(path);
  expect(again.headers()["age"]).toMatch(/^\d+$/);
  expect(await again.text()).toBe(await first.text());
  // The Arabic host has its own copy, never the French one (Node's resolver does not know
  // *.localhost, so the host goes in X-Forwarded-Host as a reverse proxy would send it).
  const arabicHost = { "x-forwarded-host": `ar.${new URL(baseURL ?? "http://localhost").host}` };
  await request.get(path, { headers: arabicHost });
  const arabic = await request.get(path, { headers: arabicHost });
  expect(arabic.headers()["age"]).toMatch(/^\d+$/);
  expect(await arabic.text()).toContain('lang="ar"');
  // Client-side navigation payloads and pages rendered for each request always come from Next.
  const navigation = await request.get(path, { headers: { rsc: "1" } });
  expect(navigation.headers()["age"]).toBeUndefined();
  await request.get("/avis-paisible?page=2");
  const perRequest = await request.get("/avis-paisible?page=2");
  expect(perRequest.headers()["age"]).toBeUndefined();
});
