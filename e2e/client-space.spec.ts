import { mkdirSync, readFileSync } from "node:fs";
import { devices, expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { escapeRegExp, expectAccessible, getQuoteAndPassword, isoDaysAgo, label, mailTo, messages, msg, originOf, uniqueEmail, type Locale, type Tree } from "./family-journey";

/**
 * The client space as a new family lives it on a phone (issue 11): a quote from the
 * funnel, the password chosen from the e-mail's link, the dashboard, the procedure created
 * (with the birth place SPEC §5 requires), three companies added and their fields filled,
 * an ID photo and a death certificate uploaded, a letter downloaded, a sister invited as a
 * reader who signs up from the e-mail and sees but cannot change. Once in French and once
 * in Arabic (right to left, on the ar. host); every page visited passes axe with no serious
 * or critical issue. Labels are read from the messages, so both journeys are the same code.
 *
 * SHOTS=1 saves phone and desktop screenshots of each page under /tmp/client-space-shots.
 */

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  mkdirSync("/tmp/client-space-shots", { recursive: true });
  await page.screenshot({ path: `/tmp/client-space-shots/${name}-phone.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `/tmp/client-space-shots/${name}-desktop.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function idPhoto(): Promise<Buffer> {
  // A card-sized picture, as a phone camera would send it (JPEG).
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540"><rect width="856" height="540" rx="30" fill="#dfe8f0"/><rect x="40" y="120" width="220" height="280" fill="#9aa8b5"/><text x="300" y="200" font-size="48" fill="#223">MARTIN</text><text x="300" y="270" font-size="40" fill="#223">Pierre</text></svg>`,
  );
  return sharp(svg).jpeg({ quality: 85 }).toBuffer();
}

async function deathCertificate(): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4" });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  doc.fontSize(18).text("Acte de décès", { align: "center" }).moveDown().fontSize(12).text("Pierre Martin, décédé à Lyon.");
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

async function addCompany(page: Page, m: Tree, query: string, company: RegExp) {
  const picker = page.getByRole("combobox", { name: label(msg(m, "ClientSpace.procedure.addCompany")) });
  await picker.fill(query);
  await page.getByRole("option", { name: company }).first().click();
  await expect(page.getByRole("article", { name: company }).first()).toBeVisible();
  await expect(picker).toHaveValue("");
}

/** Fills every field a company's formality asks for and saves them. */
async function fillFormality(card: Locator, m: Tree, value: string) {
  const form = card.getByRole("form");
  const byType: Record<string, string> = { date: isoDaysAgo(400), iban: "FR7630006000011234567890189", number: "4821", text: value };
  for (const input of await form.locator("input").all()) {
    await input.fill(byType[(await input.getAttribute("data-field-type")) ?? "text"] ?? value);
  }
  await form.getByRole("button", { name: msg(m, "ClientSpace.formalities.saveFields") }).click();
  await expect(card.getByText(msg(m, "ClientSpace.formalities.saved"))).toBeVisible();
}

async function upload(page: Page, m: Tree, type: string, file: { name: string; mimeType: string; buffer: Buffer }, expiry?: string) {
  const documents = page.getByRole("region", { name: msg(m, "ClientSpace.procedure.documentsTitle") });
  const details = documents.locator("details").last();
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await documents.getByLabel(label(msg(m, "ClientSpace.documents.type"))).selectOption(type);
  await documents.getByTestId("document-file").setInputFiles(file);
  if (expiry) await documents.getByLabel(label(msg(m, "ClientSpace.documents.expiryDate"))).fill(expiry);
  await documents.getByRole("button", { name: msg(m, "ClientSpace.documents.upload") }).click();
  await expect(documents.getByText(new RegExp(escapeRegExp(msg(m, "ClientSpace.documents.uploaded")).replace(/\\\{\w+\\\}/g, ".*")))).toBeVisible();
}

async function familyJourney(page: Page, request: APIRequestContext, browser: Browser, baseURL: string | undefined, locale: Locale) {
  const m = messages(locale);
  const origin = originOf(baseURL, locale);
  const family = { firstname: locale === "fr" ? "Claire" : "Samira", email: uniqueEmail(`famille-${locale}`), password: "Glycine-sous-la-pluie-2026" };

  await getQuoteAndPassword(page, request, origin, m, family);

  // The family's home: greeted by name, nothing due before a file exists, the quote listed.
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
  await expect(page.getByRole("heading", { level: 1, name: msg(m, "ClientSpace.dashboard.greeting").replace("{name}", family.firstname) })).toBeVisible();
  await expect(page.getByText(msg(m, "ClientSpace.dashboard.dueNoFile"))).toBeVisible();
  await expect(page.getByRole("link", { name: msg(m, "ClientSpace.dashboard.dealQuote") })).toBeVisible();
  await expectAccessible(page, "dashboard");
  await shot(page, `${locale}-dashboard`);

  // A new procedure: without the birth place the form says what is missing and keeps the rest.
  await page.getByRole("link", { name: msg(m, "ClientSpace.dashboard.newProcedure") }).click();
  await expect(page).toHaveURL(/\/app\/demarches\/nouvelle$/);
  await page.getByLabel(label(msg(m, "ClientSpace.form.firstname"))).fill("Pierre");
  await page.getByLabel(label(msg(m, "ClientSpace.form.lastname")), { exact: true }).fill("Martin");
  await page.getByLabel(label(msg(m, "ClientSpace.form.deathDate"))).fill(isoDaysAgo(3));
  await page.getByRole("button", { name: msg(m, "ClientSpace.form.submit") }).click();
  await expect(page.getByText(msg(m, "ClientSpace.fieldErrors.defunct__birth_location__blank"))).toBeVisible();
  await expect(page.getByLabel(label(msg(m, "ClientSpace.form.firstname")))).toHaveValue("Pierre");
  await expectAccessible(page, "new procedure with errors");
  await shot(page, `${locale}-new-procedure-errors`);

  await page.getByRole("combobox", { name: label(msg(m, "ClientSpace.form.birthCommune")) }).fill("Lyon");
  await page.getByRole("option", { name: /Lyon/ }).first().click();
  await expect(page.getByLabel(label(msg(m, "ClientSpace.form.birthPostalCode")))).toHaveValue(/^69\d{3}$/);
  await page.getByLabel(label(msg(m, "ClientSpace.form.familyLink"))).selectOption("child");
  await page.getByRole("combobox", { name: label(msg(m, "ClientSpace.form.deathCity")) }).fill("Lyon");
  await page.getByRole("option", { name: /Lyon/ }).first().click();
  await page.getByRole("button", { name: msg(m, "ClientSpace.form.submit") }).click();

  // The file: the personal checklist from the dated rules, starting with the death declaration.
  await expect(page).toHaveURL(/\/app\/demarches\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: msg(m, "ClientSpace.procedure.heading").replace("{name}", "Pierre Martin") })).toBeVisible();
  const checklist = page.getByRole("region", { name: msg(m, "ClientSpace.procedure.checklistTitle") });
  await expect(checklist.locator("li[data-rule=death_declaration]")).toBeVisible();
  await expect(checklist.locator("li[data-rule=succession_declaration]")).toBeVisible();
  await expectAccessible(page, "procedure");

  // Retired and without a car: the capital décès and the registration certificate leave the list.
  await expect(checklist.locator("li[data-rule=vehicle_registration]")).toBeVisible();
  // Not answered yet, the questions are open under the checklist.
  const situation = page.getByRole("form", { name: msg(m, "ClientSpace.situation.title") });
  await expect(situation).toBeVisible();
  await situation.getByLabel(label(msg(m, "ClientSpace.situation.employment"))).selectOption("retired");
  await situation.getByLabel(label(msg(m, "ClientSpace.situation.owned_vehicle"))).selectOption("no");
  await situation.getByRole("button", { name: msg(m, "ClientSpace.situation.save") }).click();
  await expect(situation.getByText(msg(m, "ClientSpace.situation.saved"))).toBeVisible();
  await expect(checklist.locator("li[data-rule=vehicle_registration]")).toHaveCount(0);
  await expect(checklist.locator("li[data-rule=capital_deces]")).toHaveCount(0);
  await expect(checklist.locator("li[data-rule=pension_funds]")).toBeVisible();

  // Three companies, each with the fields its formality asks for.
  await addCompany(page, m, "Banque Postale", /La Banque Postale/);
  await addCompany(page, m, "EDF", /^EDF/);
  await addCompany(page, m, "Orange", /^Orange/);
  const cards = page.getByRole("region", { name: msg(m, "ClientSpace.procedure.formalitiesTitle") }).getByRole("article");
  const companies = [/La Banque Postale/, /^EDF/, /^Orange/];
  for (const [index, company] of companies.entries()) {
    const card = cards.filter({ has: page.getByRole("heading", { name: company }) }).first();
    await expect(card.locator("[data-state=to_do]")).toHaveText(new RegExp(escapeRegExp(msg(m, "ClientSpace.states.to_do"))));
    await fillFormality(card, m, `REF-${index + 1}-2026`);
  }

  // The letter to the bank, generated as a PDF with what was filled in.
  const bank = cards.filter({ has: page.getByRole("heading", { name: /La Banque Postale/ }) }).first();
  const downloadPromise = page.waitForEvent("download");
  await bank.getByRole("button", { name: new RegExp(escapeRegExp(msg(m, "ClientSpace.formalities.downloadLetter"))) }).click();
  const download = await downloadPromise;
  const letter = readFileSync(await download.path());
  expect(letter.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // An ID photo taken with the phone and the death certificate as a PDF.
  await upload(page, m, "identity_card", { name: "carte-identite.jpg", mimeType: "image/jpeg", buffer: await idPhoto() }, isoDaysAgo(-900));
  await upload(page, m, "death_certificate", { name: "acte-de-deces.pdf", mimeType: "application/pdf", buffer: await deathCertificate() });
  const documents = page.getByRole("region", { name: msg(m, "ClientSpace.procedure.documentsTitle") });
  await expect(documents.getByRole("list", { name: msg(m, "ClientSpace.documents.listLabel") }).getByRole("listitem")).toHaveCount(2);
  await expect(documents.getByText("acte-de-deces.pdf")).toBeVisible();
  await expectAccessible(page, "procedure with companies and documents");
  await shot(page, `${locale}-procedure`);

  // The owner invites a sister as a reader; the invitation goes by e-mail.
  const sister = uniqueEmail(`soeur-${locale}`);
  await page.getByLabel(label(msg(m, "Family.panel.email"))).fill(sister);
  await page.getByLabel(label(msg(m, "Family.panel.role"))).selectOption("reader");
  await page.getByLabel(label(msg(m, "Family.panel.link"))).selectOption("sibling");
  await page.getByRole("button", { name: msg(m, "Family.panel.send") }).click();
  await expect(page.getByText(msg(m, "Family.panel.sent").replace("{email}", sister))).toBeVisible();
  const procedureUrl = page.url();
  const invitation = await mailTo(request, sister, (mail) => mail.tag === "family_invitation");
  const invitationLink = /(https?:\/\/\S+\/invitation#invitation=[A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
  expect(invitationLink).toBeTruthy();

  // The sister, on her own phone, creates her account from the link and lands on the file.
  const sisterContext = await browser.newContext({ ...devices["Pixel 7"], baseURL });
  const sisterPage = await sisterContext.newPage();
  await sisterPage.goto(invitationLink!);
  await expect(sisterPage.getByRole("heading", { level: 1, name: msg(m, "Family.accept.title") })).toBeVisible();
  await expectAccessible(sisterPage, "invitation");
  await shot(sisterPage, `${locale}-invitation`);
  await sisterPage.getByLabel(label(msg(m, "Family.accept.firstname"))).fill("Léa");
  await sisterPage.getByLabel(label(msg(m, "Family.accept.lastname"))).fill("Martin");
  await sisterPage.getByLabel(label(msg(m, "Family.accept.newPassword"))).fill("Jardin-des-plantes-2026");
  await sisterPage.getByLabel(label(msg(m, "Family.accept.passwordConfirmation"))).fill("Jardin-des-plantes-2026");
  await sisterPage.getByRole("button", { name: msg(m, "Family.accept.createSubmit") }).click();
  await sisterPage.getByRole("link", { name: msg(m, "Family.accept.open") }).click();
  await expect(sisterPage).toHaveURL(procedureUrl);

  // She sees the file, its companies, documents and letters, and nothing that changes them.
  await expect(sisterPage.getByText(msg(m, "ClientSpace.procedure.readOnlyNotice"))).toBeVisible();
  await expect(sisterPage.getByRole("region", { name: msg(m, "ClientSpace.procedure.formalitiesTitle") }).getByRole("article")).toHaveCount(3);
  await expect(sisterPage.getByText("REF-1-2026").first()).toBeVisible();
  await expect(sisterPage.getByText("acte-de-deces.pdf")).toBeVisible();
  await expect(sisterPage.getByRole("button", { name: new RegExp(escapeRegExp(msg(m, "ClientSpace.formalities.downloadLetter"))) }).first()).toBeVisible();
  await expect(sisterPage.getByRole("combobox", { name: label(msg(m, "ClientSpace.procedure.addCompany")) })).toHaveCount(0);
  // (The members panel still lets her correct her own link: that is hers to change.)
  const sisterFormalities = sisterPage.getByRole("region", { name: msg(m, "ClientSpace.procedure.formalitiesTitle") });
  await expect(sisterFormalities.getByRole("button", { name: msg(m, "ClientSpace.formalities.saveFields") })).toHaveCount(0);
  await expect(sisterFormalities.getByRole("textbox")).toHaveCount(0);
  await expect(sisterPage.getByRole("button", { name: new RegExp(escapeRegExp(msg(m, "ClientSpace.formalities.send"))) })).toHaveCount(0);
  await expect(sisterPage.getByText(msg(m, "ClientSpace.documents.addTitle"))).toHaveCount(0);
  await expect(sisterPage.getByRole("button", { name: msg(m, "ClientSpace.procedure.archive") })).toHaveCount(0);
  await expect(sisterPage.getByRole("form", { name: msg(m, "ClientSpace.situation.title") })).toHaveCount(0);
  await expect(sisterPage.getByRole("button", { name: msg(m, "Family.panel.send") })).toHaveCount(0);
  await expectAccessible(sisterPage, "procedure as a reader");
  await shot(sisterPage, `${locale}-procedure-reader`);
  // And the server agrees: a change sent anyway is refused.
  const procedureId = Number(new URL(procedureUrl).pathname.split("/").pop());
  const refused = await sisterPage.evaluate(async (id) => {
    const tokens = JSON.parse(localStorage.getItem("paisible.auth-tokens") ?? "{}") as Record<string, string>;
    const response = await fetch(`/api/v1/administrative_procedures/${id}/archive`, { method: "POST", headers: { ...tokens, "token-type": "Bearer", accept: "application/json" } });
    return response.status;
  }, procedureId);
  expect(refused).toBe(403);
  await sisterContext.close();

  // Back home, the next deadlines now come from this file's checklist.
  await page.getByRole("link", { name: msg(m, "ClientSpace.procedure.back") }).click();
  await expect(page.getByRole("link", { name: "Pierre Martin" })).toBeVisible();
  await expect(page.getByText(msg(m, "ClientSpace.dashboard.dueNoFile"))).toHaveCount(0);
  await expectAccessible(page, "dashboard with a file");
  await shot(page, `${locale}-dashboard-file`);
}

test.describe.configure({ mode: "serial" });

test("a family on a phone: quote, password, procedure, three companies, documents and a letter, in French @phone-only", async ({ page, request, browser, baseURL }) => {
  test.setTimeout(300_000);
  await familyJourney(page, request, browser, baseURL, "fr");
});

test("the same journey in Arabic, right to left, on the Arabic host @phone-only", async ({ page, request, browser, baseURL }) => {
  test.setTimeout(300_000);
  await familyJourney(page, request, browser, baseURL, "ar");
});
