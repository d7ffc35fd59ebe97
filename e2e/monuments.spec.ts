import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { pdfTextRuns } from "../tests/server/integrations/pdf/pdf-text";

/**
 * The tombstone funnel as a new family lives it on a phone: the guide, a model, a granite, the
 * engraving drawn as they type, a vase, the cemetery, the price moving with each answer, a reload
 * midway that loses nothing, the quote with its PDF; the same in Arabic, right to left.
 */

type Locale = "fr" | "ar";

const TEXT = {
  fr: { next: "Continuer", send: "Recevoir mon devis", engraving: /^Ligne/, vase: "Vase en granit", graveyard: "Cimetière", firstname: /^Prénom/, lastname: /^Nom/, email: /^Adresse e-mail/, consent: /J'accepte d'être recontacté/, pdf: "Télécharger le devis (PDF)", guideCta: "Configurer un monument et voir son prix", guideTitle: "Pierre tombale : le guide pour choisir un monument funéraire" },
  ar: { next: "متابعة", send: "استلام عرض السعر", engraving: /^السطر/, vase: "مزهرية من الغرانيت", graveyard: "المقبرة", firstname: /^الاسم الأول/, lastname: /^اسم العائلة/, email: /^البريد الإلكتروني/, consent: /أوافق على التواصل معي/, pdf: "تنزيل عرض السعر (PDF)", guideCta: "صمّموا نصبًا واطّلعوا على سعره", guideTitle: "شاهد القبر: دليل لاختيار نصب جنائزي في فرنسا" },
} as const;

function origin(baseURL: string | undefined, locale: Locale): string {
  const url = new URL("/", baseURL);
  if (locale !== "fr") url.hostname = `${locale}.${url.hostname}`;
  return url.origin;
}

const digits = (text: string) => text.replace(/\D/g, "");

async function checkPage(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function total(page: Page): Promise<string> {
  const ttc = page.getByTestId("monument-ttc").first();
  await expect(ttc).toBeVisible();
  return digits(await ttc.innerText());
}

async function journey(page: Page, baseURL: string | undefined, locale: Locale) {
  const t = TEXT[locale];
  const base = origin(baseURL, locale);
  await page.goto(`${base}/pierre-tombale`);
  await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
  await expect(page.getByRole("heading", { level: 1, name: t.guideTitle })).toBeVisible();
  expect(await page.locator('script[type="application/ld+json"]').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining("FAQPage")]));
  await checkPage(page);
  await page.getByRole("link", { name: t.guideCta }).first().click();
  await expect(page).toHaveURL(/\/catalogue-pierres-tombales$/);

  // model (the grid is there before any script), then granite
  await page.getByRole("button", { name: /^Croix latine(?! double)/ }).click();
  await expect(page.getByTestId("monument-preview").locator("svg")).toBeVisible();
  await checkPage(page);
  await page.getByRole("button", { name: t.next }).click();
  await page.getByText("Gris du Tarn", { exact: true }).click();
  const first = await total(page);
  await page.getByRole("button", { name: t.next }).click();
  await page.getByRole("button", { name: t.next }).click();

  // engraving, drawn as typed; then a reload keeps everything
  await page.getByLabel(t.engraving).first().fill("Famille Martin");
  await expect(page.getByTestId("monument-preview")).toContainText("Famille Martin");
  await expect.poll(() => total(page)).not.toBe(first);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");
  await page.reload();
  await expect(page.getByLabel(t.engraving).first()).toHaveValue("Famille Martin");
  await expect(page.getByTestId("monument-preview")).toContainText("Famille Martin");
  await checkPage(page);
  const engraved = await total(page);
  await page.getByRole("button", { name: t.next }).click();

  // a vase changes the price
  await page.getByLabel(t.vase).check();
  await expect.poll(() => total(page)).not.toBe(engraved);
  await checkPage(page);
  await page.getByRole("button", { name: t.next }).click();

  // cemetery (public autocomplete)
  const graveyard = page.getByRole("combobox", { name: t.graveyard });
  await graveyard.fill("Lyon");
  await expect(page.getByRole("option", { name: /Lyon/ }).first()).toBeVisible();
  await graveyard.press("Enter");
  await expect(graveyard).toHaveValue(/Lyon/);
  await page.getByRole("button", { name: t.next }).click();

  // contact and sending
  await page.getByLabel(t.firstname).fill("Léa");
  await page.getByLabel(t.lastname).fill("Martin");
  await page.getByLabel(t.email).fill(`lea.${locale}.${Date.now()}@example.org`);
  await page.getByLabel(t.consent).check();
  await checkPage(page);
  const final = await total(page);
  await page.getByRole("button", { name: t.send }).click();

  // the quote
  await expect(page).toHaveURL(/\/catalogue-pierres-tombales\/confirmation\?deal=[0-9a-f-]{36}$/);
  await expect(page.getByTestId("monument-lines")).toBeVisible();
  expect(digits(await page.getByTestId("monument-ttc").innerText())).toBe(final);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await checkPage(page);
  const href = await page.getByTestId("monument-pdf").getAttribute("href");
  // fetched by the page itself: the test runner does not resolve the ar. host, the browser does
  const download = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, bytes: Array.from(new Uint8Array(await response.arrayBuffer())) };
  }, href!);
  expect(download.status).toBe(200);
  const pdf = Buffer.from(download.bytes);
  expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
  const text = pdfTextRuns(pdf).join(" ");
  expect(text).toMatch(/Croix latine/);
  expect(text).toMatch(/Vase en granit/);
  expect(digits(text)).toContain(final);
}

test("a family configures a monument, sees the price move, reloads midway and downloads the quote PDF @phone-only", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await journey(page, baseURL, "fr");
});

test("the same in Arabic, right to left @phone-only", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await journey(page, baseURL, "ar");
});
