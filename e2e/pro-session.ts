import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** What the back-office journeys share: signing a demo professional in, and the accessibility check of a page as it stands. */

export const PRO_PASSWORD = "Demo-password-2026";

export async function signInPro(page: Page, returnTo: string, email: string) {
  // Buttons fade their colours when a view switches: axe must see them settled.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`/pro/connexion?retour=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/^Mot de passe\*?$/).fill(PRO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** No serious or critical axe issue (WCAG 2.1 A and AA) and no sideways scrolling. */
export async function wellBuilt(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}
