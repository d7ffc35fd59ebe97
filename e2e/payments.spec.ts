import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/**
 * Payments end to end in the built app, against the embedded sandbox: a family member
 * with a quote pays on /paiement, goes through the sandbox's hosted page like a
 * provider's, and lands on the confirmation. Card, instalments, bank transfer.
 */
const EMAIL = "client@demo.test";
const PASSWORD = "Demo-password-2026";
const ANSWERS = { situation: "death-occurred", placeOfDeath: "hospital", deathCommuneInsee: "69123", deathDate: "2026-03-02", disposition: "cremation", finalRestingPlace: "scattering", scatteringPlace: "memorial-garden" };

/** A quote owned by the demo family, through the API as the funnel makes it; its deal id. */
async function quoteOfDemoFamily(request: APIRequestContext): Promise<number> {
  const signIn = await request.post("/api/v1/auth/sign_in", { data: { email: EMAIL, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  const h = signIn.headers();
  const headers = { "access-token": h["access-token"]!, client: h.client!, uid: h.uid!, "token-type": "Bearer" };
  const created = await request.post("/api/v1/funeral_funnel/deals", {
    headers,
    data: { answers: ANSWERS, client: { firstname: "Marie", lastname: "Dupont", email: EMAIL, phone: "0600000000", contact_channel: "email", consent: true } },
  });
  expect(created.status()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };
  const list = (await (await request.get("/api/v1/deals?per_page=100", { headers })).json()) as { data: Array<{ id: number; uuid: string }> };
  return list.data.find((d) => d.uuid === uuid)!.id;
}

async function signIn(page: Page, returnTo: string) {
  await page.goto(`/me-connecter?retour=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Adresse e-mail").fill(EMAIL);
  await page.getByLabel(/^Mot de passe\*?$/).fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/[?]/g, "\\?")}$`));
}

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

test("a family pays part of its quote by card on the sandbox's hosted page and sees it paid", async ({ page, request }) => {
  const dealId = await quoteOfDemoFamily(request);
  await signIn(page, `/paiement?deal=${dealId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Payer les obsèques" })).toBeVisible();
  await expect(page.getByText("Reste à payer")).toBeVisible();
  await noSeriousViolations(page);
  await page.getByLabel(/Carte bancaire/).check();
  await page.getByRole("button", { name: "Continuer vers le paiement sécurisé" }).click();
  await expect(page).toHaveURL(/\/sandbox-psp\/worldline\/hc_/);
  await page.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiration (MM/AA)").fill("12/30");
  await page.getByLabel("Cryptogramme").fill("123");
  await page.getByRole("button", { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/paiement\/confirmation\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Paiement reçu" })).toBeVisible();
  await noSeriousViolations(page);
  // The receipt downloads with the session cookie alone.
  const href = await page.getByRole("link", { name: "Télécharger le reçu (PDF)" }).getAttribute("href");
  const receipt = await page.request.get(href!);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  await page.goto(`/paiement?deal=${dealId}`);
  await expect(page.getByText("Il n'y a rien à payer pour le moment.")).toBeVisible();
});

test("a family pays in 3 instalments, and by bank transfer that stays pending until the bank settles", async ({ page, request }) => {
  const dealId = await quoteOfDemoFamily(request);
  await signIn(page, `/paiement?deal=${dealId}`);
  await page.getByLabel(/En 3 fois/).check();
  await page.getByRole("button", { name: "Continuer vers le paiement sécurisé" }).click();
  await expect(page).toHaveURL(/\/sandbox-psp\/alma\/payment_/);
  await expect(page.getByRole("table", { name: "Échéancier" })).toBeVisible();
  await page.getByRole("button", { name: "Simuler un refus" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Paiement non abouti" })).toBeVisible();
  await page.getByRole("link", { name: "Réessayer le paiement" }).click();
  await page.getByLabel(/Virement bancaire/).check();
  await page.getByRole("button", { name: "Continuer vers le paiement sécurisé" }).click();
  await expect(page).toHaveURL(/\/sandbox-psp\/fintecture\/ses_/);
  await page.getByLabel("Votre banque", { exact: true }).selectOption("sandbox-standard");
  await page.getByRole("button", { name: "Payer par virement" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Paiement en cours" })).toBeVisible();
});

test("the payment page speaks Arabic, right to left, with its amounts and methods, and passes axe", async ({ page, request, baseURL }) => {
  const dealId = await quoteOfDemoFamily(request);
  const ar = new URL(baseURL!);
  ar.hostname = `ar.${ar.hostname}`;
  // The session cookie belongs to the Arabic host: sign in there from the page itself (Node's
  // resolver does not know *.localhost, the browser does), as the sign-in form does.
  await page.goto(new URL("/me-connecter", ar).toString());
  const signedIn = await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch("/api/v1/auth/sign_in", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
      const h = response.headers;
      const cookie = await fetch("/api/v1/auth/cookie", { method: "POST", headers: { "access-token": h.get("access-token") ?? "", client: h.get("client") ?? "", uid: h.get("uid") ?? "", "token-type": "Bearer" } });
      return [response.status, cookie.status];
    },
    { email: EMAIL, password: PASSWORD },
  );
  expect(signedIn[0]).toBe(200);
  expect(signedIn[1]).toBeLessThan(300);
  await page.goto(new URL(`/paiement?deal=${dealId}`, ar).toString());
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "دفع تكاليف الجنازة" })).toBeVisible();
  await expect(page.getByText("المتبقي للدفع")).toBeVisible();
  await expect(page.getByLabel(/البطاقة المصرفية/)).toBeVisible();
  await noSeriousViolations(page);
});
