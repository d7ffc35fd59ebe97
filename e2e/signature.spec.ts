import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { LYON_CREMATION as ANSWERS } from "../tests/server/helpers/funnel-fixtures";
import { familyAddress, mailTo, messages, msg, originOf, uniqueEmail, type Locale } from "./family-journey";

/**
 * Issue 14: the advisor asks a family member to sign a document from the deal page's
 * documents panel; the member opens the link of the e-mail on a phone, in French or in
 * Arabic (the language of the funnel the family used), reads what this signature is, signs
 * and gets the signed copy; the advisor then sees it signed. A bad link shows one neutral page.
 */
const ADVISOR = "conseiller@demo.test";
const PASSWORD = "Demo-password-2026";
const fr = messages("fr");

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

async function apiHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const signIn = await request.post("/api/v1/pro/auth/sign_in", { data: { email: ADVISOR, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  const h = signIn.headers();
  return { "access-token": h["access-token"]!, client: h.client!, uid: h.uid!, "token-type": "Bearer" };
}

/** A deal a family made through the funnel in `locale`, as the back-office lists it; its id. */
async function familyDeal(request: APIRequestContext, locale: Locale, person: { firstname: string; lastname: string; email: string }): Promise<number> {
  const created = await request.post("/api/v1/funeral_funnel/deals", {
    headers: familyAddress(),
    data: { locale, answers: ANSWERS, client: { ...person, phone: "0611223344", contact_channel: "email", consent: true }, defunct: { firstname: "Henri", lastname: person.lastname }, submit: true },
  });
  expect(created.status()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };
  const list = await request.get(`/api/v1/deals?q=${encodeURIComponent(person.email)}`, { headers: await apiHeaders(request) });
  const deal = ((await list.json()) as { data: Array<{ id: number; uuid: string }> }).data.find((d) => d.uuid === uuid);
  expect(deal).toBeDefined();
  return deal!.id;
}

async function samplePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText("Pouvoir – dossier de test", { x: 60, y: 760, size: 16, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

async function advisorOnDeal(page: Page, dealId: number) {
  const path = `/pro/dossiers/${dealId}`;
  await page.goto(`/pro/connexion?retour=${encodeURIComponent(path)}`);
  if (!page.url().endsWith(path)) {
    await page.getByLabel("Adresse e-mail").fill(ADVISOR);
    await page.getByLabel(/^Mot de passe\*?$/).fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId("deal-documents-panel")).toBeVisible();
}

/** On the deal page: adds the PDF, asks `signer` to sign it; the request shows as sent. */
async function requestSignature(page: Page, signer: string) {
  const panel = page.getByTestId("deal-documents-panel");
  await panel.getByLabel(msg(fr, "DealDocuments.upload.chooseFile")).setInputFiles({ name: "pouvoir.pdf", mimeType: "application/pdf", buffer: await samplePdf() });
  await panel.getByRole("button", { name: msg(fr, "DealDocuments.upload.submit") }).click();
  await expect(panel.getByText("« pouvoir.pdf » a été ajouté au dossier.")).toBeVisible();
  await panel.getByLabel(msg(fr, "DealDocuments.signatures.document")).selectOption({ label: "pouvoir.pdf" });
  await panel.getByLabel(msg(fr, "DealDocuments.signatures.signer")).selectOption({ label: signer });
  await panel.getByRole("button", { name: msg(fr, "DealDocuments.signatures.send") }).click();
  await expect(panel.getByText(`La demande de signature a été envoyée à ${signer}.`)).toBeVisible();
  await expect(panel.getByTestId("signature-status")).toHaveText(msg(fr, "DealDocuments.signatures.status.requested"));
}

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  return context.newPage();
}

for (const [locale, person] of [
  ["fr", { firstname: "Élise", lastname: "Bernard" }],
  ["ar", { firstname: "Amal", lastname: "Haddad" }],
] as const) {
  test(`a family member signs from the e-mail on a phone (${locale}), and the advisor sees it signed`, async ({ page, browser, request, baseURL }) => {
    const m = messages(locale);
    const email = uniqueEmail(`signature-${locale}`);
    const signer = `${person.firstname} ${person.lastname}`;
    const dealId = await familyDeal(request, locale, { ...person, email });
    await advisorOnDeal(page, dealId);
    await requestSignature(page, signer);
    await noSeriousViolations(page);

    const mail = await mailTo(request, email, (candidate) => candidate.tag === "signature_request");
    const link = /(https?:\/\/\S+\/signature\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    expect(new URL(link!).origin).toBe(originOf(baseURL, locale));
    if (locale === "ar") expect(mail.subject).not.toContain("Document à signer");

    const phone = await phonePage(browser);
    await phone.goto(link!);
    await expect(phone.getByRole("heading", { level: 1, name: msg(m, "SignaturePage.title") })).toBeVisible();
    await expect(phone.getByText(msg(m, "SignaturePage.meaningIsNot"))).toBeVisible();
    const read = phone.getByRole("link", { name: msg(m, "SignaturePage.read") });
    // Fetched by the page itself: Node does not resolve the Arabic host, Chromium does.
    expect(await phone.evaluate(async (href) => (await fetch(href)).headers.get("content-type"), (await read.getAttribute("href"))!)).toBe("application/pdf");
    if (locale === "ar") {
      await expect(phone.locator("html")).toHaveAttribute("dir", "rtl");
      expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await noSeriousViolations(phone);

    await phone.getByRole("textbox", { name: new RegExp(msg(m, "SignaturePage.nameLabel")) }).fill(signer);
    await phone.getByRole("checkbox").check();
    await phone.getByRole("button", { name: msg(m, "SignaturePage.sign") }).click();
    await expect(phone.getByTestId("signature-signed")).toBeVisible();
    await expect(phone.getByRole("link", { name: msg(m, "SignaturePage.downloadSigned") })).toBeVisible();
    await noSeriousViolations(phone);

    // The same link again: the calm "signed" page, never a second signature.
    await phone.reload();
    await expect(phone.getByTestId("signature-signed")).toBeVisible();
    await phone.context().close();

    await page.reload();
    const panel = page.getByTestId("deal-documents-panel");
    await expect(panel.getByTestId("signature-status")).toHaveText(msg(fr, "DealDocuments.signatures.status.signed"));
    await expect(panel.getByRole("link", { name: msg(fr, "DealDocuments.signatures.openSigned") })).toBeVisible();
  });
}

test("a guessed signing link shows one neutral page, with nothing personal, noindex", async ({ browser }) => {
  const phone = await phonePage(browser);
  const response = await phone.goto(`/signature/${"Q".repeat(43)}`);
  expect(response!.headers()["cache-control"] ?? "").not.toContain("public");
  await expect(phone.getByTestId("signature-unavailable")).toBeVisible();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(msg(fr, "SignaturePage.unavailable"));
  await expect(phone.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await noSeriousViolations(phone);
  await phone.context().close();
});
