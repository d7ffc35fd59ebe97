import { expect, test } from "@playwright/test";
import { familyAddress } from "./family-journey";
import { signInPro, wellBuilt } from "./pro-session";

/**
 * The leads' pro side in the built app (issue 16): a visitor leaves a call-back request, an
 * advisor finds it at /pro/demandes, assigns it, records the call and turns it into a funeral
 * deal, then opens the deal. The imported reviews' page and the cleaning reset's dry run are
 * checked for accessibility as they stand (neither is run here: they would change the demo
 * data the other journeys read).
 */
function uniqueName(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let name = "Rappel";
  for (let i = 0; i < 6; i += 1) name += letters[Math.floor(Math.random() * letters.length)];
  return name;
}

test("a visitor's call-back request is assigned, called and converted into a deal by an advisor @phone", async ({ page, request, isMobile }) => {
  const lastname = uniqueName();
  const left = await request.post("/api/v1/leads", {
    headers: familyAddress(),
    data: { kind: "funeral", firstname: "Agathe", lastname, phone: "0611223344", contact_channel: "phone", postal_code: "69003", message: "Mon père est décédé ce matin, pouvez-vous me rappeler ?" },
  });
  expect(left.status()).toBe(201);

  // Unfiltered, newest first: the card stays in view as its state changes.
  await signInPro(page, "/pro/demandes", "conseiller@demo.test");
  await expect(page).toHaveURL(/\/pro\/demandes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Demandes de rappel" })).toBeVisible();
  // On a phone the workspace navigation sits behind the menu button.
  if (!isMobile) await expect(page.getByRole("navigation", { name: "Navigation de l'espace professionnel" }).getByRole("link", { name: "Demandes" })).toHaveAttribute("aria-current", "page");
  const card = page.getByRole("article", { name: `Agathe ${lastname}` });
  await expect(card).toContainText("Souhaite être rappelée par téléphone");
  await expect(card).toContainText("Pas encore attribuée");
  await wellBuilt(page);

  await card.getByLabel("Attribuer à").selectOption({ label: "Nadia Benali" });
  await card.getByRole("button", { name: "Attribuer" }).click();
  await expect(card).toContainText(/Attribuée à Nadia Benali le/);

  await card.getByLabel("Note d'appel").fill("Rappelée : souhaite une crémation à Lyon, devis à envoyer.");
  await card.getByRole("button", { name: "Noter l'appel" }).click();
  await expect(card).toContainText(/appelée par Nadia Benali le/);
  await expect(card).toContainText("Rappelée");

  await card.getByRole("button", { name: "Ouvrir un dossier obsèques" }).click();
  const dealLink = card.getByRole("link", { name: /^Ouvrir le dossier n° \d+$/ });
  await expect(dealLink).toBeVisible();
  const dealId = /(\d+)$/.exec((await dealLink.textContent()) ?? "")![1];
  await dealLink.click();
  await expect(page).toHaveURL(new RegExp(`/pro/dossiers/${dealId}$`));

  // The lead now sits among the converted ones, and cannot be converted twice.
  await page.goto("/pro/demandes?state=converted");
  const converted = page.getByRole("article", { name: `Agathe ${lastname}` });
  await expect(converted.getByRole("link", { name: `Ouvrir le dossier n° ${dealId}` })).toBeVisible();
  await expect(converted.getByRole("button", { name: "Ouvrir un dossier obsèques" })).toHaveCount(0);
});

test("the imported reviews and the cleaning reset's dry run are well built, for the roles they belong to", async ({ page }) => {
  await signInPro(page, "/pro/nettoyage", "admin@demo.test");
  await expect(page.getByRole("heading", { level: 1, name: "Nettoyage des données de démonstration" })).toBeVisible();
  const report = page.getByTestId("cleaning-report");
  await expect(report.getByRole("row", { name: /business_users/ })).toContainText("admin@demo.test");
  // The run needs the confirmation ticked.
  await expect(page.getByRole("button", { name: "Supprimer les données de démonstration" })).toBeDisabled();
  await page.getByLabel("Je confirme la suppression définitive des données de démonstration").check();
  await expect(page.getByRole("button", { name: "Supprimer les données de démonstration" })).toBeEnabled();
  await wellBuilt(page);

  await page.goto("/pro/avis-externes");
  await expect(page.getByRole("heading", { level: 1, name: "Avis externes" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Vérifier le fichier" })).toBeDisabled();
  await page.getByLabel("Fichier CSV").setInputFiles({
    name: "avis.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("source;external_id;author_name;rating;published_on;body\ngoogle;e2e-1;Luc M.;9;2026-02-01;Très bien\n"),
  });
  await page.getByRole("button", { name: "Vérifier le fichier" }).click();
  await expect(page.getByRole("row", { name: /e2e-1/ })).toContainText("La note doit être un nombre entier de 1 à 5.");
  await expect(page.getByText("Corrigez les lignes en erreur dans le fichier, puis vérifiez-le à nouveau.")).toBeVisible();
  await wellBuilt(page);
});
