import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { isoDaysAgo, label, messages, msg } from "./family-journey";

/**
 * Issue 15's journey: an advisor keeps the directory true and the public pages follow.
 * They find the Lyon crematorium, change the price of a ceremony room and the adult age
 * band's price, disable a funeral parlour the Lyon commune page listed; the commune page
 * and a new quote reflect it all; then the parlour is enabled again.
 */

const PASSWORD = "Demo-password-2026";
const FR = messages("fr");
const t = (path: string) => msg(FR, `Directory.${path}`);
const LYON_PAGE = "/pompes-funebres/lyon-69123";
const PARLOUR = "Chambre funéraire de Lyon Nord (démo)";
const CREMATORIUM = "Crématorium de Lyon (démo)";
const SHOTS = process.env.SHOTS === "1";

const euros = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `/tmp/directory-shots/${name}.png`, fullPage: true });
}

/** The commune page as a visitor sees it, asked again until the server's short page cache lets the change through. */
async function communePage(page: Page, check: (page: Page) => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        await page.goto(LYON_PAGE);
        return check(page);
      },
      { timeout: 90_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(true);
}

test("an advisor changes the Lyon crematorium's prices and disables a parlour; the commune page and a new quote follow", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const visitor = await browser.newPage({ baseURL });

  // Before: the commune page lists the parlour and prices a cremation.
  await visitor.goto(LYON_PAGE);
  await expect(visitor.getByText(PARLOUR)).toBeVisible();
  const estimateBefore = euros(await visitor.getByTestId("estimate-amount").first().innerText());

  // The advisor signs in and opens the directory.
  await page.goto("/pro/annuaire");
  await expect(page).toHaveURL(/\/pro\/connexion\?retour=/);
  await page.getByLabel("Adresse e-mail").fill("conseiller@demo.test");
  await page.getByLabel(/^Mot de passe\*?$/).fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: t("index.title") })).toBeVisible();
  await expect(page.getByTestId("directory-count-crematoriums")).toHaveText(/\d+ fiches/);
  await shot(page, "index");
  await noSeriousViolations(page);

  // Finds the Lyon crematorium by searching, accents and case aside.
  await page.getByRole("link", { name: /^Crématoriums/ }).click();
  await page.getByLabel(label(t("list.search"))).fill("LYON");
  await expect(page).toHaveURL(/q=LYON/);
  const link = page.getByRole("link", { name: CREMATORIUM });
  await expect(link).toBeVisible();
  await shot(page, "list");
  await noSeriousViolations(page);
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: CREMATORIUM })).toBeVisible();

  // The quote calls the crematorium's ceremonies its rooms: the one-hour room gets a new price.
  const roomPrice = page.getByLabel(/^Prix, Cérémonie d'une heure \(€\)/);
  await roomPrice.fill("333,00");
  // The adult band (13 and over) gets a new reduced price, the one Lyon's residents pay.
  const adultReduced = page.getByLabel(/^Prix réduit, Âge minimum 13 \(€\)/);
  const reducedBefore = euros(await adultReduced.inputValue());
  await adultReduced.fill("612,34");
  await expect(page.getByText(t("subEditor.willChange"))).toHaveCount(2);
  // A wrong amount is refused next to its cell, and nothing typed is lost.
  const otherRoom = page.getByLabel(/^Prix, Salle de cérémonie \(€\)/);
  const otherRoomPrice = await otherRoom.inputValue();
  await otherRoom.fill("cent");
  await page.getByRole("button", { name: t("entry.save") }).click();
  await expect(page.getByText(t("entry.refusedTitle"))).toBeVisible();
  await expect(page.getByText("Prix : cette valeur n'est pas valable.")).toBeVisible();
  await expect(adultReduced).toHaveValue("612,34");
  await otherRoom.fill(otherRoomPrice);
  await page.getByRole("button", { name: t("entry.save") }).click();
  await expect(page.getByText(t("entry.saved"))).toBeVisible();
  // The history says who changed what.
  const history = page.getByRole("region", { name: t("history.title") }).or(page.locator("section[aria-labelledby=directory-history]"));
  await expect(history).toContainText("Nadia Benali");
  await expect(history).toContainText(/612,34/);
  await shot(page, "crematorium");
  await noSeriousViolations(page);

  // Disables the parlour, after seeing what depends on it.
  await page.goto("/pro/annuaire/funeral_parlors?q=lyon%20nord");
  await page.getByRole("link", { name: PARLOUR }).click();
  await expect(page.getByTestId("entry-state")).toHaveText(t("entry.enabled"));
  await page.getByRole("button", { name: t("entry.disable") }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(/pages? de communes?/)).toBeVisible();
  await shot(page, "disable-dialog");
  await noSeriousViolations(page);
  await dialog.getByRole("button", { name: t("disable.confirmDisable") }).click();
  await expect(dialog.getByText(`« ${PARLOUR} » est désactivée.`)).toBeVisible();
  await dialog.getByRole("button", { name: t("disable.close") }).last().click();
  await expect(page.getByTestId("entry-state")).toHaveText(t("entry.disabled"));
  await page.goto("/pro/annuaire/funeral_parlors?etat=disabled");
  await expect(page.getByRole("link", { name: PARLOUR })).toBeVisible();

  // The commune page no longer lists the parlour, and prices the cremation with the new fee.
  await communePage(visitor, async (p) => (await p.getByText(PARLOUR).count()) === 0);
  const estimateAfter = euros(await visitor.getByTestId("estimate-amount").first().innerText());
  expect(estimateAfter).toBeCloseTo(estimateBefore + 612.34 - reducedBefore, 2);

  // A new quote: the room at its new price, the new fee, and a single parlour left to choose.
  await visitor.goto("/devis-obseques");
  await visitor.getByRole("link", { name: "Commencer mon devis" }).first().click();
  await visitor.getByText("Oui, le décès a eu lieu", { exact: true }).click();
  await visitor.getByRole("button", { name: "Continuer" }).click();
  await visitor.getByText("À l'hôpital ou en clinique", { exact: true }).click();
  await visitor.getByRole("combobox", { name: "Commune du décès" }).fill("Lyon");
  await visitor.getByRole("option", { name: /^Lyon/ }).first().click();
  await visitor.getByRole("button", { name: "Continuer" }).click();
  await visitor.getByLabel("Date du décès").fill(isoDaysAgo(2));
  await visitor.getByRole("button", { name: "Continuer" }).click();
  await visitor.getByText("Crémation", { exact: true }).click();
  await visitor.getByRole("button", { name: "Continuer" }).click();
  await visitor.getByText("Une cérémonie civile", { exact: true }).click();
  await visitor.getByText("Au crématorium", { exact: true }).click();
  await expect(visitor.getByLabel("Salle du crématorium").locator("option", { hasText: /Cérémonie d'une heure.*333,00/ })).toHaveCount(1);
  await expect(visitor.getByText(/612,34/).first()).toBeAttached();
  await visitor.getByRole("button", { name: "Continuer" }).click();
  await visitor.getByText("Disperser les cendres", { exact: true }).click();
  await visitor.getByText("Au jardin du souvenir", { exact: true }).click();
  await visitor.getByRole("button", { name: "Continuer" }).click();
  await visitor.getByText("Essentiel", { exact: true }).click();
  await visitor.getByRole("button", { name: "Continuer" }).click();
  await visitor.getByLabel(/Séjour en chambre funéraire/).check();
  // One parlour left in Lyon: no choice to make, and the disabled one is named nowhere.
  await expect(visitor.getByLabel("Chambre funéraire", { exact: true })).toHaveCount(0);
  await expect(visitor.getByText(PARLOUR)).toHaveCount(0);

  // Enables the parlour again; the commune page lists it again.
  await page.goto("/pro/annuaire/funeral_parlors?etat=disabled");
  await page.getByRole("link", { name: PARLOUR }).click();
  await page.getByRole("button", { name: t("entry.enable") }).click();
  await page.getByRole("dialog").getByRole("button", { name: t("disable.confirmEnable") }).click();
  await expect(page.getByRole("dialog").getByText(`« ${PARLOUR} » est réactivée.`)).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: t("disable.close") }).last().click();
  await expect(page.getByTestId("entry-state")).toHaveText(t("entry.enabled"));
  await expect(page.locator("section[aria-labelledby=directory-history]")).toContainText(msg(FR, "Directory.history.actions.enable"));
  await communePage(visitor, async (p) => (await p.getByText(PARLOUR).count()) === 1);
  await visitor.close();
});

test("the directory in Arabic reads right to left, and an analytics guest is told it is not theirs @phone", async ({ page, browser, baseURL }) => {
  const origin = new URL(baseURL ?? "http://localhost:3100");
  origin.hostname = `ar.${origin.hostname}`;
  const AR = messages("ar");
  await page.goto(`${origin.origin}/pro/annuaire/crematoriums`);
  await page.locator("input[type=email]").fill("conseiller@demo.test");
  await page.locator("input[type=password]").fill(PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page.getByRole("heading", { level: 1, name: msg(AR, "DirectoryLabels.types.crematoriums.other") })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("link", { name: CREMATORIUM })).toBeVisible();
  await shot(page, `list-ar-${test.info().project.name}`);
  await noSeriousViolations(page);
  await page.getByRole("link", { name: CREMATORIUM }).click();
  await expect(page.getByRole("heading", { level: 1, name: CREMATORIUM })).toBeVisible();
  await expect(page.getByRole("heading", { name: msg(AR, "DirectoryLabels.subItems.age_ranges") })).toBeVisible();
  await shot(page, `entry-ar-${test.info().project.name}`);
  await noSeriousViolations(page);

  const context = await browser.newContext({ baseURL });
  const guest = await context.newPage();
  await guest.goto("/pro/annuaire");
  await guest.getByLabel("Adresse e-mail").fill("analyste@demo.test");
  await guest.getByLabel(/^Mot de passe\*?$/).fill(PASSWORD);
  await guest.getByRole("button", { name: "Se connecter" }).click();
  await expect(guest.getByText(t("index.forbidden"))).toBeVisible();
  await context.close();
});
