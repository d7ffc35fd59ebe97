import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { familyAddress, mailTo } from "./family-journey";

/**
 * Issue 14's deal extras in the built app: the advisor suggests a service, asks a marble
 * mason for a price and the family for a review from the deal page; the supplier answers on
 * its link; the family accepts the service and leaves its review from the client space.
 */
const PASSWORD = "Demo-password-2026";
const FAMILY = "client@demo.test";

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

async function apiHeaders(request: APIRequestContext, path: string, email: string) {
  const response = await request.post(path, { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  const h = response.headers();
  return { "access-token": h["access-token"]!, client: h.client!, uid: h.uid!, "token-type": "Bearer" };
}

/** A demo family's funeral deal, taken by the advisor to "ceremony done"; its id. */
async function finishedDeal(request: APIRequestContext): Promise<number> {
  const family = await apiHeaders(request, "/api/v1/auth/sign_in", FAMILY);
  const answers = { situation: "death-occurred", placeOfDeath: "hospital", deathCommuneInsee: "69123", deathDate: "2026-03-02", disposition: "cremation", finalRestingPlace: "scattering", scatteringPlace: "memorial-garden" };
  const created = await request.post("/api/v1/funeral_funnel/deals", { headers: { ...family, ...familyAddress() }, data: { answers, client: { firstname: "Marie", lastname: "Dupont", email: FAMILY, phone: "0600000000", contact_channel: "email", consent: true } } });
  expect(created.status()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };
  const list = (await (await request.get("/api/v1/deals?per_page=100", { headers: family })).json()) as { data: Array<{ id: number; uuid: string }> };
  const id = list.data.find((d) => d.uuid === uuid)!.id;
  const advisor = await apiHeaders(request, "/api/v1/pro/auth/sign_in", "conseiller@demo.test");
  for (const state of ["quote_sent", "signed", "organising", "ceremony_done"]) {
    const moved = await request.put(`/api/v1/deals/${id}/state`, { headers: advisor, data: { state } });
    expect([200, 422]).toContain(moved.status());
  }
  return id;
}

async function signIn(page: Page, path: string, email: string, returnTo: string) {
  await page.goto(`${path}?retour=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/^Mot de passe\*?$/).fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo}$`));
}

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

test("suggested services, a supplier's price and the family's review, from the deal page to the family and the supplier", async ({ page, request, browser, baseURL }) => {
  test.setTimeout(180_000);
  const dealId = await finishedDeal(request);
  const job = `Gravure de 40 lettres, dossier ${dealId}`;

  await signIn(page, "/pro/connexion", "conseiller@demo.test", `/pro/dossiers/${dealId}`);
  const suggestions = page.getByTestId("deal-suggestions");
  await suggestions.getByRole("textbox", { name: "Prestation" }).fill("Violoncelliste à la cérémonie");
  await suggestions.getByLabel(/^Prix TTC/).fill("350");
  await suggestions.getByRole("button", { name: "Proposer à la famille" }).click();
  await expect(suggestions.getByText("En attente de la famille")).toBeVisible();

  const prices = page.getByTestId("deal-prices");
  await prices.getByLabel(/^Chercher un fournisseur/).fill("marbrerie lyon");
  await prices.getByRole("button", { name: "Chercher", exact: true }).click();
  await prices.getByRole("checkbox", { name: /Marbrerie de Lyon/ }).check();
  await prices.getByLabel(/^Prestation demandée/).fill(job);
  await prices.getByLabel(/^Lieu/).fill("Cimetière de Loyasse, Lyon");
  await prices.getByRole("button", { name: "Envoyer la demande de prix" }).click();
  await expect(prices.getByText("Envoyée, en attente de réponse")).toBeVisible();

  const reviews = page.getByTestId("deal-reviews");
  await reviews.getByRole("button", { name: "Demander un avis à la famille" }).click();
  await expect(reviews.getByText(/^Avis demandé le/)).toBeVisible();
  await noSeriousViolations(page);

  // The supplier answers on its link: the job, never the family.
  const mail = await mailTo(request, "marbrerie.lyon@demo.test", (m) => m.tag === "price_request" && m.text.includes(job));
  expect(mail.text).not.toContain("Dupont");
  const link = /(http\S+#cle=[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  const supplier = await freshPage(browser, baseURL);
  await supplier.goto(link);
  await expect(supplier.getByRole("heading", { level: 1, name: "Demande de prix" })).toBeVisible();
  await expect(supplier.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(supplier.getByText(job)).toBeVisible();
  await supplier.getByLabel(/^Votre prix TTC/).fill("680");
  await supplier.getByLabel(/^Délai en jours/).fill("21");
  await supplier.getByRole("button", { name: "Envoyer mon prix" }).click();
  await expect(supplier.getByTestId("price-answer-status")).toHaveText(/Votre prix envoyé : \u2068?680,00\s€\u2069?, délai 21 jours\./);
  await noSeriousViolations(supplier);

  await page.reload();
  await page.getByTestId("deal-prices").getByRole("button", { name: /^Retenir le prix de Marbrerie de Lyon/ }).click();
  await expect(page.getByTestId("deal-prices").getByText("Retenue, réservation créée")).toBeVisible();

  // The family accepts the service, then leaves its review.
  const family = await freshPage(browser, baseURL);
  await signIn(family, "/me-connecter", FAMILY, `/app/prestations/${dealId}`);
  await family.getByRole("button", { name: "Accepter la prestation Violoncelliste à la cérémonie" }).click();
  await expect(family.getByText("Acceptée par la famille")).toBeVisible();
  await noSeriousViolations(family);
  await family.goto(`/app/avis/${dealId}`);
  await family.getByRole("radio", { name: "5 étoiles sur 5" }).check();
  await family.getByLabel(/^Votre avis/).fill("Une équipe présente à chaque étape. Merci.");
  await family.getByLabel(/^Signé/).fill("Marie D.");
  await noSeriousViolations(family);
  await family.getByRole("button", { name: "Envoyer mon avis" }).click();
  await expect(family.getByText("Merci pour votre avis.")).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("deal-suggestions").getByText("Acceptée par la famille")).toBeVisible();
  await expect(page.getByTestId("deal-reviews").getByText("Une équipe présente à chaque étape. Merci.")).toBeVisible();
});
