import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { familyAddress, isoDaysAgo, mailTo } from "./family-journey";

/**
 * Issue 14's "Done when" journey in the built app: a new advisor signs in, opens from the
 * board a deal a family made through the funnel, plans its steps, ticks its todos, writes
 * the cremation authorisation request from its template, sends it in a batch to the
 * crematorium, asks the family to sign it and moves the deal to its next state; an
 * analytics guest sees the statistics and no name; a partner professional sees only the
 * deal given to them. axe finds nothing serious on any of these pages.
 */
const PASSWORD = "Demo-password-2026";

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

/** A family's funeral request, sent from the funnel as a visitor (cremation in Lyon, the deceased named). */
async function funnelDeal(request: APIRequestContext, family: { lastname: string; email: string }): Promise<string> {
  const response = await request.post("/api/v1/funeral_funnel/deals", {
    headers: familyAddress(),
    data: {
      answers: { situation: "death-occurred", placeOfDeath: "hospital", deathCommuneInsee: "69123", deathDate: isoDaysAgo(1), disposition: "cremation", ceremony: { type: "civil", place: "crematorium" }, finalRestingPlace: "scattering", scatteringPlace: "memorial-garden", coffinRange: "essential" },
      client: { firstname: "Lucie", lastname: family.lastname, email: family.email, phone: "0611223344", contact_channel: "phone", consent: true },
      defunct: { firstname: "Henri", lastname: family.lastname },
      submit: true,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

async function proSignIn(page: Page, email: string, returnTo = "/pro") {
  await page.goto(`/pro/connexion?retour=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/^Mot de passe\*?$/).fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo}$`));
}

/** Headers of an API session of a business user, and their id. */
async function proApi(request: APIRequestContext, email: string) {
  const response = await request.post("/api/v1/pro/auth/sign_in", { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  const h = response.headers();
  const body = (await response.json()) as { data: { id: number } };
  return { id: body.data.id, headers: { "access-token": h["access-token"]!, client: h.client!, uid: h.uid!, "token-type": "Bearer" } };
}

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

/** A day a few days ahead as the date field takes it. */
function isoDaysAhead(days: number): string {
  return isoDaysAgo(-days);
}

test("a new advisor runs a funnel's funeral case: steps, todos, the cremation request sent and signed, the next state", async ({ page, request, browser, baseURL }) => {
  test.setTimeout(180_000);
  const lastname = `Vasseur${Date.now().toString(36)}`;
  const familyEmail = `famille.${lastname.toLowerCase()}@example.org`;
  await funnelDeal(request, { lastname, email: familyEmail });

  // Sign in, then find the request on the board by the family's name.
  await proSignIn(page, "conseiller@demo.test");
  await page.goto("/pro/dossiers");
  await page.getByLabel(/^Rechercher/).fill(lastname);
  // The board keeps its search in the address: wait until it has, so the click is not overtaken.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${lastname}`));
  const open = page.getByRole("link", { name: /^Ouvrir le dossier n° \d+$/ });
  await expect(open).toHaveCount(1);
  const dealId = Number(await open.getAttribute("data-deal-link"));
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/pro/dossiers/${dealId}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Dossier n° ${dealId}` })).toBeVisible();
  await expect(page.getByTestId("deal-summary")).toContainText(`Obsèques · Henri ${lastname}`);
  await expect(page.getByTestId("deal-state")).toHaveText("Devis envoyé");
  await expect(page.getByTestId("deal-client-name")).toContainText(`Lucie ${lastname}`);
  await expect(page.getByTestId("quote-total")).toBeVisible();
  await expect(page.getByTestId("section-famille").getByRole("heading", { name: "Proches et notaire" })).toBeVisible();
  // The legal quote opens with the advisor's session cookie alone.
  const pdf = await page.request.get((await page.getByRole("link", { name: "Devis légal (PDF)" }).getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await noSeriousViolations(page);

  // Plan the steps the funnel laid out (ceremony, cremation at the crematorium of Lyon), and add the urn's handover.
  const steps = page.getByTestId("section-etapes");
  await steps.getByRole("button", { name: "Modifier l'étape Cérémonie" }).click();
  let dialog = page.getByRole("dialog", { name: "Modifier l'étape" });
  await dialog.getByLabel("Date", { exact: true }).fill(isoDaysAhead(4));
  await dialog.getByLabel("Heure").fill("10:00");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(steps.getByRole("status")).toHaveText("Étape « Cérémonie » enregistrée.");
  await steps.getByRole("button", { name: "Modifier l'étape Crémation" }).click();
  dialog = page.getByRole("dialog", { name: "Modifier l'étape" });
  await dialog.getByLabel("Date", { exact: true }).fill(isoDaysAhead(4));
  await dialog.getByLabel("Heure").fill("14:30");
  await dialog.getByLabel("Lieu", { exact: true }).selectOption("Crematorium");
  await dialog.getByRole("combobox", { name: "Établissement" }).fill("Lyon");
  await page.getByRole("option", { name: /Crématorium de Lyon/ }).first().click();
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(steps.getByRole("status")).toHaveText("Étape « Crémation » enregistrée.");
  await steps.getByRole("button", { name: "Ajouter une étape" }).click();
  dialog = page.getByRole("dialog", { name: "Nouvelle étape" });
  await dialog.getByLabel(/^Étape/).selectOption("urn_pickup");
  await dialog.getByLabel("Date", { exact: true }).fill(isoDaysAhead(6));
  await dialog.getByLabel("Heure").fill("11:00");
  await dialog.getByLabel("Lieu", { exact: true }).selectOption("Crematorium");
  await dialog.getByRole("combobox", { name: "Établissement" }).fill("Lyon");
  await page.getByRole("option", { name: /Crématorium de Lyon/ }).first().click();
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(steps.getByRole("status")).toHaveText("Étape « Remise de l'urne » ajoutée.");
  // Sorted by date: the ceremony, then the cremation at the crematorium, then the urn.
  const rows = await steps.getByRole("row").allInnerTexts();
  const at = (type: string, time: string) => rows.findIndex((row) => row.startsWith(type) && row.includes(time));
  expect(at("Cérémonie", "10:00")).toBeGreaterThan(0);
  expect(at("Crémation", "14:30")).toBeGreaterThan(at("Cérémonie", "10:00"));
  expect(at("Remise de l'urne", "11:00")).toBeGreaterThan(at("Crémation", "14:30"));
  expect(rows[at("Crémation", "14:30")]).toContain("Crématorium de Lyon");

  // Todos: two added, one ticked; still ticked after a reload.
  const todos = page.getByTestId("section-taches");
  for (const title of ["Réserver le crématorium", "Prévenir la famille de l'horaire"]) {
    await todos.getByLabel("Nouvelle tâche").fill(title);
    await todos.getByRole("button", { name: "Ajouter la tâche" }).click();
    await expect(todos.getByRole("checkbox", { name: title })).toBeEnabled();
  }
  await todos.getByRole("checkbox", { name: "Réserver le crématorium" }).check();
  await expect(todos.getByRole("status")).toHaveText("Tâche « Réserver le crématorium » cochée.");
  await page.reload();
  await expect(page.getByTestId("section-taches").getByRole("checkbox", { name: "Réserver le crématorium" })).toBeChecked();
  await expect(page.getByTestId("section-taches").getByRole("checkbox", { name: "Prévenir la famille de l'horaire" })).not.toBeChecked();

  // The cremation authorisation request, from its template, completed by hand where the deal says nothing.
  await page.getByLabel("Modèle", { exact: true }).selectOption({ label: "Demande d'autorisation de crémation" });
  await page.getByRole("button", { name: "Préremplir avec les données du dossier" }).click();
  const editor = page.getByLabel(/^Texte de « Demande d'autorisation de crémation/);
  await expect(editor).toBeVisible();
  const text = await editor.inputValue();
  expect(text).toContain("Henri");
  await editor.fill(text.replace(/\[à compléter : [^\]]*\]/g, "Non communiqué"));
  await page.getByRole("button", { name: "Enregistrer en PDF dans le dossier" }).click();
  await expect(page.getByText(/« Demande d'autorisation de crémation.* » a été ajouté aux documents du dossier\./)).toBeVisible();

  // A batch to the crematorium with that PDF.
  // The panel reads its documents again after the PDF: wait for it in the list before starting the batch.
  await expect(page.getByRole("link", { name: /^Télécharger Demande d'autorisation de crémation/ })).toBeVisible();
  const subject = page.getByLabel("Objet de l'envoi (facultatif)");
  await subject.fill("Demande d'autorisation de crémation");
  await expect(subject).toHaveValue("Demande d'autorisation de crémation");
  await page.getByRole("button", { name: "Créer l'envoi" }).click();
  const batch = page.getByTestId("document-batch");
  await expect(batch).toBeVisible();
  await batch.getByLabel("Document à joindre").selectOption({ index: 1 });
  await batch.getByRole("button", { name: "Joindre" }).click();
  await batch.getByLabel("Nom du destinataire").fill("Crématorium de Lyon");
  await batch.getByLabel("Adresse e-mail du destinataire").fill("crematorium.lyon@example.org");
  await batch.getByRole("button", { name: "Ajouter cette adresse" }).click();
  await expect(batch.getByText("crematorium.lyon@example.org")).toBeVisible();
  await batch.getByRole("button", { name: "Envoyer…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Envoyer maintenant" }).click();
  await expect(page.getByText("L'envoi est parti.")).toBeVisible();
  await mailTo(request, "crematorium.lyon@example.org", (mail) => mail.tag === "document_batch");

  // The family's signature on the same PDF.
  await page.getByLabel("Document à signer (PDF)").selectOption({ index: 1 });
  await page.getByLabel("Signataire").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Demander la signature" }).click();
  await expect(page.getByText(/La demande de signature a été envoyée à/)).toBeVisible();
  await mailTo(request, familyEmail, (mail) => mail.tag === "signature_request");

  // Next state, confirmed.
  const state = page.getByTestId("section-etat");
  await state.getByLabel("Nouvel état").selectOption("signed");
  await state.getByRole("button", { name: "Changer l'état" }).click();
  await page.getByRole("dialog", { name: "Confirmer le changement d'état" }).getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByTestId("deal-state")).toHaveText("Signé");
  // The batch's e-mail is in the deal's log once the section reads it again.
  const log = page.getByTestId("section-communications");
  await expect(async () => {
    await log.getByRole("button", { name: "Actualiser" }).click();
    await expect(log).toContainText("crematorium.lyon@example.org", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await noSeriousViolations(page);

  // Role 3: aggregated statistics, never a name; no deal page.
  const guest = await freshPage(browser, baseURL);
  await proSignIn(guest, "analyste@demo.test");
  await guest.goto("/pro/statistiques");
  await expect(guest.getByRole("heading", { level: 1, name: "Statistiques" })).toBeVisible();
  await expect(guest.getByText("Dossiers par état actuel")).toBeVisible();
  expect(await guest.locator("body").innerText()).not.toContain(lastname);
  await noSeriousViolations(guest);
  await guest.goto(`/pro/dossiers/${dealId}`);
  await expect(guest.getByTestId("deal-forbidden")).toBeVisible();
  expect(await guest.locator("body").innerText()).not.toContain(lastname);

  // Role 4: given this deal, sees its steps and todos, and nothing of another deal.
  const advisorApi = await proApi(request, "conseiller@demo.test");
  const pro = await proApi(request, "pro@demo.test");
  const assigned = await request.put(`/api/v1/deals/${dealId}/user`, { headers: advisorApi.headers, data: { user_id: pro.id } });
  expect(assigned.status()).toBe(200);
  const partner = await freshPage(browser, baseURL);
  await proSignIn(partner, "pro@demo.test", `/pro/dossiers/${dealId}`);
  await expect(partner.getByRole("heading", { level: 1, name: `Dossier n° ${dealId}` })).toBeVisible();
  await expect(partner.getByTestId("section-etapes").getByRole("rowheader", { name: "Remise de l'urne" })).toBeVisible();
  await expect(partner.getByTestId("section-taches").getByRole("checkbox", { name: "Réserver le crématorium" })).toBeChecked();
  await expect(partner.getByTestId("section-famille")).toHaveCount(0);
  // No family contact: the documents panel (theirs to see) names the signer of a request, never an address or phone.
  await expect(partner.getByTestId("deal-client-name")).toHaveCount(0);
  expect(await partner.locator("body").innerText()).not.toContain(familyEmail);
  await noSeriousViolations(partner);
  const otherUuid = await funnelDeal(request, { lastname: `${lastname}b`, email: `autre.${lastname.toLowerCase()}@example.org` });
  const list = (await (await request.get(`/api/v1/deals?q=${lastname}b`, { headers: advisorApi.headers })).json()) as { data: Array<{ id: number; uuid: string }> };
  const otherId = list.data.find((deal) => deal.uuid === otherUuid)!.id;
  await partner.goto(`/pro/dossiers/${otherId}`);
  await expect(partner.getByTestId("deal-not_found")).toContainText("Ce dossier est introuvable, ou il ne vous est pas confié.");
});

test("the deal page on a phone: sections stacked, nothing wider than the screen @phone-only", async ({ page, request }) => {
  const lastname = `Morel${Date.now().toString(36)}`;
  const uuid = await funnelDeal(request, { lastname, email: `famille.${lastname.toLowerCase()}@example.org` });
  const advisorApi = await proApi(request, "conseiller@demo.test");
  const list = (await (await request.get(`/api/v1/deals?q=${lastname}`, { headers: advisorApi.headers })).json()) as { data: Array<{ id: number; uuid: string }> };
  const dealId = list.data.find((deal) => deal.uuid === uuid)!.id;
  await proSignIn(page, "conseiller@demo.test", `/pro/dossiers/${dealId}`);
  await expect(page.getByTestId("deal-state")).toHaveText("Devis envoyé");
  await expect(page.getByTestId("section-etapes")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await noSeriousViolations(page);
});
