import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { familyAddress, label, messages, msg, originOf, uniqueEmail } from "./family-journey";

/**
 * Issue 16's journey: a director groups a month's prestations for the Lyon crematorium (two
 * families' requests sent through the funnel and signed), validates the invoice, downloads its
 * Factur-X and the SEPA transfer file paying it, then records the transfer.
 */
const PASSWORD = "Demo-password-2026";
const FR = messages("fr");
const t = (path: string) => msg(FR, `ProInvoices.${path}`);
const CREMATORIUM = "Crématorium de Lyon (démo)";
// The partner's account as printed on its invoice (a valid French test IBAN, mod-97 checked).
const IBAN = "FR7630006000011234567890189";
const ANSWERS = { situation: "death-occurred", placeOfDeath: "hospital", deathCommuneInsee: "69123", deathDate: "2026-03-02", disposition: "cremation", ceremony: { type: "civil", place: "crematorium" }, finalRestingPlace: "scattering", scatteringPlace: "memorial-garden" };
const SHOTS = process.env.SHOTS === "1";

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `/tmp/inv-ui/shots/${name}-${test.info().project.name}.png`, fullPage: true });
}

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function proHeaders(request: APIRequestContext, email: string) {
  const response = await request.post("/api/v1/pro/auth/sign_in", { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  const h = response.headers();
  return { "access-token": h["access-token"]!, client: h.client!, uid: h.uid!, "token-type": "Bearer" };
}

/** A family's cremation in Lyon asked through the funnel, then signed: the crematorium is owed its fee. */
async function signedDeal(request: APIRequestContext, headers: Record<string, string>, lastname: string): Promise<number> {
  const created = await request.post("/api/v1/funeral_funnel/deals", {
    headers: familyAddress(),
    data: { answers: ANSWERS, client: { firstname: "Odile", lastname, email: uniqueEmail("facture"), phone: "0611223344", contact_channel: "phone", consent: true }, defunct: { firstname: "Gaspard", lastname }, submit: true },
  });
  expect(created.status()).toBe(201);
  const list = (await (await request.get(`/api/v1/deals?q=${lastname}`, { headers })).json()) as { data: Array<{ id: number }> };
  const id = list.data[0]!.id;
  expect((await request.put(`/api/v1/deals/${id}/state`, { headers, data: { state: "signed" } })).status()).toBe(200);
  return id;
}

function uniqueName(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let name = "";
  for (let i = 0; i < 8; i += 1) name += letters[Math.floor(Math.random() * letters.length)];
  return `Facturier${name}`;
}

test("a director groups a month's prestations for the Lyon crematorium, validates the invoice and downloads its Factur-X and the transfer file @phone", async ({ page, request }) => {
  test.setTimeout(240_000);
  const headers = await proHeaders(request, "directeur@demo.test");
  const deals = [await signedDeal(request, headers, uniqueName()), await signedDeal(request, headers, uniqueName())];

  await page.emulateMedia({ reducedMotion: "reduce" });
  await signIn(page, "directeur@demo.test");
  await expect(page.getByRole("heading", { level: 1, name: t("list.title") })).toBeVisible();
  await shot(page, "list");
  await noSeriousViolations(page);

  // New invoice: the Lyon crematorium, this month.
  await page.getByRole("link", { name: t("list.new") }).click();
  await expect(page.getByRole("heading", { level: 1, name: t("create.title") })).toBeVisible();
  await page.getByLabel(label(t("fields.entityType"))).selectOption("Crematorium");
  await page.getByRole("combobox", { name: label(t("fields.entity")) }).fill("Lyon");
  await page.getByRole("option", { name: new RegExp(CREMATORIUM.replace(/[()]/g, "\\$&")) }).first().click();
  await page.getByRole("button", { name: t("create.load") }).click();
  for (const id of deals) {
    const line = page.getByRole("checkbox", { name: new RegExp(`Dossier n° ${id} —`) });
    await expect(line.first()).toBeChecked();
  }
  await shot(page, "new");
  await noSeriousViolations(page);
  await page.getByRole("button", { name: t("create.submit") }).click();

  // The draft: the deals' prestations, linked to their deals, with the totals.
  await expect(page).toHaveURL(/\/pro\/factures\/\d+$/);
  await expect(page.getByText(t("states.draft"), { exact: true })).toBeVisible();
  for (const id of deals) await expect(page.getByRole("link", { name: `Dossier n° ${id}`, exact: true }).first()).toHaveAttribute("href", `/pro/dossiers/${id}`);
  await shot(page, "draft");
  await noSeriousViolations(page);

  // The crematorium's account from its invoice, then validation, confirmed.
  await page.getByLabel(label(t("detail.iban"))).fill(IBAN);
  await page.getByLabel(label(t("detail.bic"))).fill("AGRIFRPP");
  await page.getByRole("button", { name: t("detail.savePayee") }).click();
  await expect(page.getByText(t("detail.payeeSaved"))).toBeVisible();
  await page.getByRole("button", { name: t("detail.validate") }).click();
  const dialog = page.getByRole("dialog", { name: t("detail.confirmTitle") });
  await expect(dialog).toContainText(t("detail.confirmImmutable"));
  await noSeriousViolations(page);
  await dialog.getByRole("button", { name: t("detail.confirmValidate") }).click();
  await expect(page.getByText(t("detail.validatedNotice"))).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/\d{4}-\d{5}/);
  await expect(page.getByRole("button", { name: t("detail.addPrestation") })).toHaveCount(0);
  await shot(page, "validated");
  await noSeriousViolations(page);

  // Its Factur-X: a PDF carrying factur-x.xml, and the XML itself.
  const pdf = await page.request.get((await page.getByRole("link", { name: t("detail.downloadPdf") }).getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.toString("latin1")).toContain("factur-x.xml");
  const xml = await page.request.get((await page.getByRole("link", { name: t("detail.downloadXml") }).getAttribute("href"))!);
  expect(await xml.text()).toContain("urn:cen.eu:en16931:2017");

  // Pending payments: the transfer file pays the crematorium's IBAN, then the transfer is recorded.
  await page.getByRole("link", { name: t("detail.back") }).click();
  await page.getByRole("link", { name: t("list.payments") }).click();
  await expect(page.getByRole("heading", { level: 1, name: t("payments.title") })).toBeVisible();
  await shot(page, "payments");
  await noSeriousViolations(page);
  const transfer = await page.request.get((await page.getByRole("link", { name: t("payments.download") }).getAttribute("href"))!);
  expect(transfer.status()).toBe(200);
  const file = await transfer.text();
  expect(file).toContain("urn:iso:std:iso:20022:tech:xsd:pain.001.001.09");
  expect(file).toContain(`<IBAN>${IBAN}</IBAN>`);
  await page.getByLabel(label(t("payments.label"))).fill("VIR PARTENAIRES E2E");
  await page.getByRole("button", { name: /^Enregistrer le virement/ }).click();
  await expect(page.getByText(t("payments.recorded"))).toBeVisible();

  // The list finds the paid invoice by partner and state, with its totals.
  await page.goto("/pro/factures?etat=paid&type=Crematorium");
  await expect(page.getByRole("table")).toContainText(CREMATORIUM);
  await shot(page, "list-paid");
  await noSeriousViolations(page);
});

test("the invoices list in Arabic on a phone reads right to left @phone-only", async ({ browser, baseURL }) => {
  const AR = messages("ar");
  const page = await (await browser.newContext({ ...devices["Pixel 7"], baseURL: originOf(baseURL, "ar") })).newPage();
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`/pro/connexion?retour=${encodeURIComponent("/pro/factures?etat=paid")}`);
  await page.locator("input[type=email]").fill("directeur@demo.test");
  await page.locator("input[type=password]").fill(PASSWORD);
  await page.locator("form button[type=submit]").first().click();
  await expect(page.getByRole("heading", { level: 1, name: msg(AR, "ProInvoices.list.title") })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  if (SHOTS) await page.screenshot({ path: "/tmp/inv-ui/shots/list-ar-phone.png", fullPage: true });
  await noSeriousViolations(page);
});

async function signIn(page: Page, email: string) {
  await page.goto(`/pro/connexion?retour=${encodeURIComponent("/pro/factures")}`);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/^Mot de passe\*?$/).fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

test("an advisor reads the invoices without a write button; an analytics guest is sent to the statistics", async ({ page, browser, baseURL }) => {
  await signIn(page, "conseiller@demo.test");
  await expect(page.getByRole("heading", { level: 1, name: t("list.title") })).toBeVisible();
  await expect(page.getByRole("link", { name: t("list.new") })).toHaveCount(0);
  await page.goto("/pro/factures/nouvelle");
  await expect(page).toHaveURL(/\/pro\/factures$/);
  const guest = await (await browser.newContext({ baseURL })).newPage();
  await signIn(guest, "analyste@demo.test");
  await expect(guest).toHaveURL(/\/pro\/statistiques$/);
});
