import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { pdfUnicodeTextRuns } from "../tests/server/integrations/pdf/pdf-text";
import { escapeRegExp, familyAddress, getQuoteAndPassword, label, messages, msg, originOf, uniqueEmail } from "./family-journey";

/**
 * Issue 17's memorial in the built app, as a family and a visitor live it (on a desktop and
 * on a phone): the family, new from the funeral funnel, creates the page from its file,
 * writes, adds a photo and makes it public; a visitor (another browser, another address)
 * leaves a condolence with a photo, held for the family; the family approves it and the
 * condolence book (PDF) lists it; once the page is private again the visitor's link gives
 * the not-found page. Every page passes axe with no serious or critical issue.
 */
const m = messages("fr");
const M = (path: string) => msg(m, `Memorial.${path}`);

async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A photo as a phone would send it, made here (a JPEG with a little drawing). */
async function photo(text: string): Promise<Buffer> {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="#c9d8c5"/><circle cx="600" cy="420" r="220" fill="#7d9a78"/><text x="80" y="820" font-size="64" fill="#1f2a1e">${text}</text></svg>`);
  return sharp(svg).jpeg({ quality: 82 }).toBuffer();
}

/** The "choose a photo" input of a form (the other one opens the camera). */
const libraryInput = (page: Page, scope: string) => page.locator(`${scope} input[type=file]:not([capture])`);

test("a family publishes a memorial page, a visitor leaves a condolence with a photo, the family approves it and the book lists it @phone", async ({ page, request, browser, baseURL }) => {
  test.setTimeout(240_000);
  const origin = originOf(baseURL, "fr");
  const family = { firstname: "Hélène", email: uniqueEmail("memoire"), password: "Souvenir-2026-long" };
  // The family's browser has its own address (per-address limits on new accounts); the test's own calls stay local.
  await page.setExtraHTTPHeaders(familyAddress());
  await getQuoteAndPassword(page, request, origin, m, family);
  await expect(page).toHaveURL(/\/app$/);

  // From the dashboard to the funeral file's memorial: not created yet, the date of death comes from the file
  // (the funnel asked no name: the family writes it, and a blank name is refused with what was typed kept).
  await page.getByTestId("deal-memorial-link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: M("family.heading") })).toBeVisible();
  await expect(page.getByLabel(label(M("details.deathDate")))).not.toHaveValue("");
  const name = page.getByRole("textbox", { name: label(M("details.displayName")) });
  await page.getByLabel(label(M("details.birthDate"))).fill("1941-05-02");
  await page.getByRole("textbox", { name: label(M("details.text")) }).fill("Il aimait la montagne, les livres et les longs repas en famille.");
  await expectAccessible(page, "create");
  if ((await name.inputValue()) === "") {
    await page.getByRole("button", { name: M("family.create") }).click();
    await expect(page.getByText(msg(m, "Errors.memorial__display_name__blank"))).toBeVisible();
    await expect(page.getByRole("textbox", { name: label(M("details.text")) })).toHaveValue(/^Il aimait la montagne/);
  }
  await name.fill("Pierre Martin");
  await page.getByRole("button", { name: M("family.create") }).click();
  await expect(page.getByTestId("memorial-name")).toHaveText("Pierre Martin");

  // A family photo, with its progress, becomes the main photo.
  await libraryInput(page, "[data-testid=memorial-photo-upload]").setInputFiles({ name: "pierre.jpg", mimeType: "image/jpeg", buffer: await photo("Pierre") });
  await page.getByRole("button", { name: M("photos.add") }).click();
  await expect(page.getByTestId("memorial-family-photo")).toHaveCount(1);
  await page.getByTestId("memorial-make-cover").click();
  await expect(page.getByText(M("photos.isCover"), { exact: true })).toBeVisible();

  // A file that is not a picture is refused in words, and nothing is added.
  await libraryInput(page, "[data-testid=memorial-photo-upload]").setInputFiles({ name: "note.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture at all") });
  await page.getByRole("button", { name: M("photos.add") }).click();
  const refusal = new RegExp([msg(m, "Errors.memorial_photo__file__type_invalid"), msg(m, "Errors.memorial_photo__file__unreadable")].map(escapeRegExp).join("|"));
  await expect(page.getByTestId("memorial-photo-upload").getByText(refusal)).toBeVisible();
  await expect(page.getByTestId("memorial-family-photo")).toHaveCount(1);

  // Public: anyone may find it; the link is shown to copy.
  await page.getByText(M("sharing.choices.public.label"), { exact: true }).click();
  await page.getByTestId("memorial-visibility-save").click();
  const link = await page.getByTestId("memorial-link").inputValue();
  expect(link).toMatch(/\/hommage\/[A-Za-z0-9_-]{22,}$/);
  await expectAccessible(page, "family page");

  // A visitor, in another browser and from another address, reads the page and leaves a condolence with a photo.
  const visitorContext = await browser.newContext({ baseURL, extraHTTPHeaders: familyAddress(), ...(test.info().project.name === "phone" ? { viewport: page.viewportSize() ?? undefined, isMobile: true, hasTouch: true } : {}) });
  const visitor = await visitorContext.newPage();
  const answer = await visitor.goto(link);
  expect(answer?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: "Pierre Martin" })).toBeVisible();
  await expect(visitor.getByText("Il aimait la montagne", { exact: false })).toBeVisible();
  expect(await visitor.locator('script[type="application/ld+json"]').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('"Person"')]));
  expect(await visitor.locator('meta[name="robots"]').getAttribute("content")).not.toContain("noindex");
  await expectAccessible(visitor, "visitors' page");
  await visitor.getByRole("textbox", { name: label(M("condolenceForm.author")) }).fill("Claire Dubois");
  await visitor.getByRole("textbox", { name: label(M("condolenceForm.message")) }).fill("Toutes nos pensées vont vers vous. Pierre nous manquera.");
  await libraryInput(visitor, "[data-testid=condolence-form]").setInputFiles({ name: "souvenir.jpg", mimeType: "image/jpeg", buffer: await photo("Été 1998") });
  await visitor.getByRole("button", { name: M("condolenceForm.send") }).click();
  await expect(visitor.getByTestId("condolence-sent")).toContainText(M("condolenceForm.sentPending"));
  // Held for the family: not on the page yet.
  await visitor.reload();
  await expect(visitor.getByTestId("memorial-condolence")).toHaveCount(0);

  // The family approves it; the page and the book show it.
  await page.reload();
  await expect(page.getByTestId("memorial-pending")).toBeVisible();
  const held = page.getByTestId("memorial-condolences-pending");
  await expect(held.getByText("Toutes nos pensées", { exact: false })).toBeVisible();
  await expect(held.locator("img")).toHaveCount(1);
  await held.getByTestId("memorial-approve").click();
  await expect(page.getByTestId("memorial-condolences-published").getByText("Toutes nos pensées", { exact: false })).toBeVisible();

  const book = await page.request.get(await page.getByTestId("memorial-book").getAttribute("href").then((href) => href!));
  expect(book.status()).toBe(200);
  expect(book.headers()["content-type"]).toBe("application/pdf");
  const text = pdfUnicodeTextRuns(Buffer.from(await book.body())).join("").replace(/\s+/g, "");
  expect(text).toContain("ClaireDubois");
  expect(text).toContain("Toutesnospenséesvontversvous.Pierrenousmanquera.");

  await visitor.reload();
  const shown = visitor.getByTestId("memorial-condolence");
  await expect(shown).toHaveCount(1);
  await expect(shown.getByText("Claire Dubois", { exact: false })).toBeVisible();
  await expect(shown.locator("img")).toHaveAttribute("loading", "lazy");
  await expect(shown.locator("source[type='image/webp']")).toHaveAttribute("srcset", /480w/);

  // The family previews the page as a visitor.
  await page.getByTestId("memorial-preview-toggle").click();
  await expect(page.getByTestId("memorial-preview").getByText("Claire Dubois", { exact: false })).toBeVisible();
  await page.getByTestId("memorial-preview-toggle").click();

  // Private again: the visitor's link leads to the not-found page, as an unknown one does.
  await page.getByText(M("sharing.choices.private.label"), { exact: true }).click();
  await page.getByTestId("memorial-visibility-save").click();
  await expect(page.getByTestId("memorial-link")).toHaveCount(0);
  const gone = await visitor.goto(link);
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByText("Pierre Martin")).toHaveCount(0);
  await visitorContext.close();
});
