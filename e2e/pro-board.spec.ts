import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { familyAddress, uniqueEmail } from "./family-journey";
import { signInPro, wellBuilt } from "./pro-session";

/**
 * The back-office workspace of issue 14 in the built app: the frame, the deals board (search,
 * filters, kanban moved with the keyboard), the notifications count, the team, and the
 * statistics an analytics guest reads without a single name of a family.
 */
const PASSWORD = "Demo-password-2026";
const ANSWERS = { situation: "death-occurred", placeOfDeath: "hospital", deathCommuneInsee: "69123", deathDate: "2026-03-02", disposition: "cremation", finalRestingPlace: "scattering", scatteringPlace: "memorial-garden" };

/** A surname no other test uses, in letters only (the search matches the start of a word). */
function uniqueName(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let name = "";
  for (let i = 0; i < 8; i += 1) name += letters[Math.floor(Math.random() * letters.length)];
  return `Vermeil${name}`;
}

/** A family's request sent through the funnel's API (it notifies the funeral team). */
async function familyRequest(request: APIRequestContext, defunct: string, client: string, email: string): Promise<string> {
  const created = await request.post("/api/v1/funeral_funnel/deals", {
    headers: familyAddress(),
    data: { answers: ANSWERS, client: { firstname: "Odile", lastname: client, email, phone: "0611223344", contact_channel: "phone", consent: true }, defunct: { firstname: "Gaspard", lastname: defunct }, submit: true },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { uuid: string }).uuid;
}

async function unviewedCount(page: Page): Promise<number> {
  const button = page.getByRole("button", { name: /^Notifications, / });
  await expect(button).toBeVisible();
  // The button's name ends with the count said in words ("…, 2 non lues").
  const match = /(\d+) non lue/.exec((await button.getAttribute("aria-label")) ?? "");
  return match ? Number(match[1]) : 0;
}

test("an advisor finds a family's request on the board, moves it on the kanban with the keyboard and reads a notification @phone", async ({ page, request, isMobile }) => {
  const defunct = uniqueName();
  const client = uniqueName();
  await familyRequest(request, defunct, client, uniqueEmail("tableau"));
  await familyRequest(request, uniqueName(), uniqueName(), uniqueEmail("tableau-bis"));

  await signInPro(page, "/pro/dossiers", "conseiller@demo.test");
  await expect(page).toHaveURL(/\/pro\/dossiers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dossiers" })).toBeVisible();
  if (isMobile) {
    await page.getByRole("button", { name: "Ouvrir le menu de l'espace pro" }).click();
    await expect(page.getByRole("navigation", { name: "Navigation de l'espace professionnel" }).getByRole("link", { name: "Dossiers" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("button", { name: "Fermer le menu de l'espace pro" }).click();
  } else {
    await expect(page.getByRole("navigation", { name: "Navigation de l'espace professionnel" }).getByRole("link", { name: "Dossiers" })).toHaveAttribute("aria-current", "page");
  }
  await wellBuilt(page);

  // Search by the deceased's name: typed, debounced, in the URL.
  await page.getByLabel("Rechercher").fill(defunct);
  await expect(page).toHaveURL(new RegExp(`q=${defunct}`));
  await expect(page.getByRole("status").filter({ hasText: /^1 dossier$/ })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `Gaspard ${defunct}` });
  await expect(row).toContainText(`Odile ${client}`);
  await expect(row).toContainText("Lyon");
  const dealId = Number(await row.getByRole("link").first().textContent());

  await page.getByLabel("Type").selectOption("funeral");
  await expect(page).toHaveURL(/type=funeral/);
  await expect(page.getByRole("row").filter({ hasText: `Gaspard ${defunct}` })).toBeVisible();

  // v switches to the kanban, but not while typing in the search box, where it is a letter.
  await page.getByLabel("Rechercher").press("End");
  await page.getByLabel("Rechercher").press("v");
  await expect(page).toHaveURL(new RegExp(`q=${defunct}v`));
  await expect(page).not.toHaveURL(/vue=kanban/);
  await page.getByLabel("Rechercher").press("Backspace");
  await expect(page).toHaveURL(new RegExp(`q=${defunct}&`));
  await page.getByRole("heading", { level: 1, name: "Dossiers" }).click();
  await page.keyboard.press("v");
  await expect(page).toHaveURL(/vue=kanban/);
  const quoted = page.getByRole("region", { name: /^Devis envoyé/ });
  await expect(quoted.getByRole("link", { name: new RegExp(`N° ${dealId}`) })).toBeVisible();
  await wellBuilt(page);

  // Move it with the keyboard only: choose the state, Tab to the button, confirm in the dialog.
  const choice = page.getByLabel(`Déplacer le n° ${dealId} vers`);
  await choice.focus();
  await page.keyboard.press("ArrowDown");
  await expect(choice).toHaveValue("signed");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `Déplacer le dossier n° ${dealId}` })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Changer l'état du dossier" });
  await expect(dialog).toContainText(`Faire passer le dossier n° ${dealId} de « Devis envoyé » à « Signé » ?`);
  await dialog.getByRole("button", { name: "Confirmer" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Le dossier n° ${dealId} est passé à l'état « Signé ».`)).toBeVisible();
  await expect(page.getByRole("region", { name: /^Signé/ }).getByRole("link", { name: new RegExp(`N° ${dealId}`) })).toBeVisible();
  const state = await request.get(`/api/v1/deals?q=${dealId}`, { headers: await proHeaders(request) });
  expect(((await state.json()) as { data: Array<{ state: string }> }).data[0]!.state).toBe("signed");

  // The family's requests notified the team: opening one lowers the count.
  await expect.poll(() => unviewedCount(page), { timeout: 20_000 }).toBeGreaterThan(0);
  const before = await unviewedCount(page);
  await page.getByRole("button", { name: /^Notifications, / }).click();
  const first = page.getByRole("region", { name: "Notifications" }).getByRole("link", { name: /Nouveau/ }).first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/pro\/dossiers\/\d+$/);
  await page.goto("/pro/dossiers");
  await expect.poll(() => unviewedCount(page)).toBe(before - 1);

  // The team and the notifications pages.
  await page.goto("/pro/equipe");
  await expect(page.getByRole("heading", { level: 1, name: "Équipe funéraire" })).toBeVisible();
  await expect(page.getByRole("link", { name: "conseiller@demo.test" })).toHaveAttribute("href", "mailto:conseiller@demo.test");
  await wellBuilt(page);
  await page.goto("/pro/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await wellBuilt(page);
});

async function proHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const signIn = await request.post("/api/v1/pro/auth/sign_in", { data: { email: "conseiller@demo.test", password: PASSWORD } });
  const h = signIn.headers();
  return { "access-token": h["access-token"]!, client: h.client!, uid: h.uid!, "token-type": "Bearer" };
}

test("the analytics guest lands on the statistics, sees figures and no name of a family @phone", async ({ page, request }) => {
  const defunct = uniqueName();
  const client = uniqueName();
  const email = uniqueEmail("statistiques");
  await familyRequest(request, defunct, client, email);

  await signInPro(page, "/pro/dossiers", "analyste@demo.test");
  await expect(page).toHaveURL(/\/pro\/statistiques$/);
  await expect(page.getByRole("heading", { level: 1, name: "Statistiques" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Dossiers par semaine" })).toBeVisible();
  await expect(page.getByRole("table").first()).toBeVisible();
  const text = await page.evaluate(() => document.body.innerText);
  for (const personal of [defunct, client, email, "Gaspard", "Odile", "0611223344"]) expect(text).not.toContain(personal);
  expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  await wellBuilt(page);
  // A reversed period is refused with its reason, the dates stay typed.
  await page.getByLabel("Du", { exact: true }).fill("2026-02-01");
  await page.getByLabel("Au", { exact: true }).fill("2026-01-01");
  await page.getByRole("button", { name: "Afficher" }).click();
  await expect(page.getByText("La date de début doit précéder la date de fin.")).toBeVisible();
  await expect(page.getByLabel("Du", { exact: true })).toHaveValue("2026-02-01");
  // The guest's only section is the statistics.
  await page.goto("/pro/equipe");
  await expect(page).toHaveURL(/\/pro\/statistiques$/);
});
