import AxeBuilder from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
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

/** SHOTS=1: the page on a phone and on a desktop, under /tmp/memorial-shots. */
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  mkdirSync("/tmp/memorial-shots", { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 412, height: 915 });
  await page.screenshot({ path: `/tmp/memorial-shots/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `/tmp/memorial-shots/${name}-desktop.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** A Paris wall-clock time as an instant, whatever the season's offset. */
function parisInstant(date: string, time: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat("en", { timeZone: "Europe/Paris", timeZoneName: "longOffset" }).formatToParts(noon).find((p) => p.type === "timeZoneName")!.value;
  return `${date}T${time}:00${offset.replace("GMT", "") || "+00:00"}`;
}

/** The advisor schedules the deal's ceremony (a week ahead, 14:30) in a Lyon church, through the back-office API. */
async function scheduleCeremony(request: APIRequestContext, dealId: number): Promise<{ date: string; church: string }> {
  const signIn = await request.post("/api/v1/pro/auth/sign_in", { data: { email: "conseiller@demo.test", password: "Demo-password-2026" } });
  expect(signIn.status()).toBe(200);
  const h = signIn.headers();
  const advisor = { "access-token": h["access-token"]!, client: h.client!, uid: h.uid!, "token-type": "Bearer" };
  const churches = (await (await request.get("/api/v1/autocompletes/worships?q=Lyon", { headers: advisor })).json()) as Array<{ id: number; name: string; worship_type: string }>;
  const church = churches.find((w) => w.worship_type === "catholic") ?? churches[0]!;
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post(`/api/v1/deals/${dealId}/deal_steps`, { headers: advisor, data: { step_type: "ceremony", scheduled_at: parisInstant(date, "14:30"), location_type: "Worship", location_id: church.id } });
  expect(created.status(), await created.text()).toBe(201);
  return { date, church: church.name };
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
  const dealId = Number(/\/app\/memoire\/(\d+)/.exec(page.url())![1]);
  const ceremony = await scheduleCeremony(request, dealId);

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

  // The ceremony from the deal's steps: its calendar file names the place; the flowers funnel opens with it filled in.
  const ceremonyCard = visitor.getByTestId("memorial-ceremony").filter({ hasText: ceremony.church });
  await expect(ceremonyCard).toContainText(ceremony.church);
  await expect(ceremonyCard).toContainText("14:30");
  const ics = await visitorContext.request.get((await ceremonyCard.getByTestId("memorial-ics").getAttribute("href"))!);
  expect(ics.status()).toBe(200);
  const calendar = (await ics.text()).replace(/\r\n[ \t]/g, "");
  expect(calendar).toContain("BEGIN:VCALENDAR");
  expect(calendar).toContain(ceremony.church.slice(0, 20));
  expect(await ceremonyCard.getByTestId("memorial-directions").getAttribute("href")).toMatch(/^https:\/\/www\.openstreetmap\.org\/search\?query=/);
  const flowersHref = (await ceremonyCard.getByTestId("memorial-flowers").getAttribute("href"))!;
  expect(new URL(flowersHref, origin).searchParams.get("date")).toBe(ceremony.date);
  expect(new URL(flowersHref, origin).searchParams.get("heure")).toBe("14:30");
  await shot(visitor, "fr-visitor");
  await visitor.goto(flowersHref);
  await expect
    .poll(() => visitor.evaluate(() => JSON.parse(localStorage.getItem("paisible.flowers") ?? "{}") as { deliveryMode?: string; delivery?: { date?: string; time?: string; place_name?: string } }))
    .toMatchObject({ deliveryMode: "address", delivery: { date: ceremony.date, time: "14:30", place_name: ceremony.church } });
  await visitor.goto(link);
  await visitor.getByRole("textbox", { name: label(M("condolenceForm.author")) }).fill("Claire Dubois");
  await visitor.getByRole("textbox", { name: label(M("condolenceForm.message")) }).fill("Toutes nos pensées vont vers vous. Pierre nous manquera.");
  await libraryInput(visitor, "[data-testid=condolence-form]").setInputFiles({ name: "souvenir.jpg", mimeType: "image/jpeg", buffer: await photo("Été 1998") });
  await visitor.getByRole("button", { name: M("condolenceForm.send") }).click();
  await expect(visitor.getByTestId("condolence-sent")).toContainText(M("condolenceForm.sentPending"));
  await shot(visitor, "fr-visitor-sent");
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
  await shot(visitor, "fr-visitor-approved");
  // The same page in Arabic, right to left, on its own host.
  if (process.env.SHOTS) {
    await visitor.goto(`${originOf(baseURL, "ar")}${new URL(link).pathname}`);
    await expect(visitor.locator("html")).toHaveAttribute("dir", "rtl");
    await expectAccessible(visitor, "visitors' page (ar)");
    await shot(visitor, "ar-visitor");
  }

  // The family previews the page as a visitor.
  await shot(page, "fr-family");
  await page.getByTestId("memorial-preview-toggle").click();
  await expect(page.getByTestId("memorial-preview").getByText("Claire Dubois", { exact: false })).toBeVisible();
  await expectAccessible(page, "family preview");
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
