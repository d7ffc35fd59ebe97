import { mkdirSync, readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { escapeRegExp, expectAccessible, familyAddress, label, msg, type Tree } from "./family-journey";

/**
 * The assistant's widget in the built app (issue 17): on a public page the launcher opens
 * the panel, which answers the three held questions with links to the right pages, in
 * French and in English (the en. host); a source link is followed; the advisor hand-off
 * records a call-back lead. Once more in the family's space. Keyboard only: the launcher,
 * the question, Escape, focus back on the launcher. axe finds nothing serious with the
 * panel open. SHOTS=1 saves phone and desktop screenshots (fr, ar) under /tmp/assistant-shots.
 */

type Held = { question: string; page: RegExp };
const load = (locale: string) => JSON.parse(readFileSync(new URL(`../messages/${locale}.json`, import.meta.url), "utf8")) as Tree;

const HELD: Record<"fr" | "en", Held[]> = {
  fr: [
    { question: "délai pour organiser des obsèques", page: /^\/devis-obseques(#.*)?$/ },
    { question: "capital décès", page: /^\/guides-obseques\/aides-financieres\/capital-deces-cpam(#.*)?$/ },
    { question: "rapatrier un corps au Maroc", page: /^\/rapatriement-corps-pays\/maroc(#.*)?$/ },
  ],
  en: [
    { question: "deadline to organise a funeral", page: /^\/devis-obseques(#.*)?$/ },
    { question: "death grant", page: /^\/guides-obseques\/aides-financieres\/capital-deces-cpam(#.*)?$/ },
    { question: "repatriate a body to Morocco", page: /^\/rapatriement-corps-pays\/maroc(#.*)?$/ },
  ],
};

const UNKNOWN = "Quelle est la recette de la tarte tatin ?";

function hostUrl(baseURL: string | undefined, locale: string, path = "/"): string {
  const url = new URL(path, baseURL);
  if (locale !== "fr") url.hostname = `${locale}.${url.hostname}`;
  return url.toString();
}

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  mkdirSync("/tmp/assistant-shots", { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: `/tmp/assistant-shots/${name}-${(size?.width ?? 0) < 600 ? "phone" : "desktop"}.png` });
}

async function openAssistant(page: Page, m: Tree): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: msg(m, "Assistant.title") });
  // A press before the page has hydrated (just after a client-side navigation, on a loaded machine) does nothing: press again.
  await expect(async () => {
    await page.getByRole("button", { name: msg(m, "Assistant.launcher.open") }).click();
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return dialog;
}

/** Asks a question and returns the answer's article once it is complete. */
async function ask(dialog: Locator, m: Tree, question: string): Promise<Locator> {
  const answers = dialog.getByRole("log").locator("article");
  const before = await answers.count();
  const field = dialog.getByRole("textbox", { name: msg(m, "Assistant.chat.question") });
  await field.fill(question);
  await field.press("Enter");
  const answer = answers.nth(before);
  await expect(answer).toBeVisible();
  await expect(answer).not.toHaveAttribute("aria-busy", "true");
  await expect(field).toHaveValue("");
  return answer;
}

/** The three held questions, each answered with a link to its page; returns the last answer (Morocco). */
async function askHeld(dialog: Locator, m: Tree, held: Held[]): Promise<Locator> {
  let last: Locator | null = null;
  for (const { question, page } of held) {
    const answer = await ask(dialog, m, question);
    const hrefs = await answer.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(hrefs.some((href) => page.test(href)), `${question} → ${hrefs.join(", ")}`).toBe(true);
    last = answer;
  }
  return last!;
}

test.beforeEach(async ({ page }) => {
  // Each run's questions count against their own address (the service limits per caller).
  await page.setExtraHTTPHeaders(familyAddress());
});

test("@phone on a public page in French: the held questions answered with links, a link followed, a call-back lead", async ({ page }) => {
  test.setTimeout(120_000);
  const m = load("fr");
  await page.goto("/guides-obseques");
  // Nothing of the panel is loaded before the launcher is pressed.
  const loaded: string[] = [];
  page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
  const dialog = await openAssistant(page, m);
  expect(loaded.filter((path) => path.startsWith("/assistant/messages/"))).toEqual(["/assistant/messages/fr.json"]);
  await expectAccessible(page, "panel open");

  const morocco = await askHeld(dialog, m, HELD.fr);
  await expectAccessible(page, "answers");
  await shot(page, "fr-answers");

  // A source link is followed: the panel closes and the page is there.
  await morocco.locator(`a[href^="/rapatriement-corps-pays/maroc"]`).first().click();
  await expect(page).toHaveURL(/\/rapatriement-corps-pays\/maroc/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Maroc/);

  // The conversation is still there. A question the site's pages do not answer: the
  // assistant says so plainly and offers an advisor, who the family asks to call back.
  const again = await openAssistant(page, m);
  await expect(again.getByRole("log").locator("article")).toHaveCount(3);
  const unknown = await ask(again, m, UNKNOWN);
  await expect(unknown.getByRole("link")).toHaveCount(0);
  await unknown.getByRole("button", { name: msg(m, "Assistant.answer.toAdvisor") }).click();
  await expect(again.getByRole("button", { name: msg(m, "Assistant.modes.advisor") })).toHaveAttribute("aria-pressed", "true");
  await expect(again.getByRole("link", { name: new RegExp(escapeRegExp(msg(m, "Assistant.advisor.callAria").replace("{phone}", ""))) })).toHaveAttribute("href", "tel:+33184604242");
  await expect(again.getByLabel(label(msg(m, "Assistant.advisor.fields.message")))).toHaveValue(UNKNOWN);
  await again.getByLabel(label(msg(m, "Assistant.advisor.fields.lastname"))).fill("Benali");
  await again.getByLabel(label(msg(m, "Assistant.advisor.fields.phone"))).fill("06 12 34 56 78");
  const lead = page.waitForResponse((response) => response.url().endsWith("/api/v1/leads") && response.request().method() === "POST");
  await again.getByRole("button", { name: msg(m, "Assistant.advisor.submit") }).click();
  const created = await lead;
  expect(created.status()).toBe(201);
  expect(((await created.json()) as { id: number; contact_channel: string }).contact_channel).toBe("phone");
  await expect(again.getByText(msg(m, "Assistant.advisor.sentText").replace("{phone}", "06 12 34 56 78"))).toBeVisible();
  await expectAccessible(page, "advisor");
  await shot(page, "fr-advisor");
});

test("@phone in English on the en. host: the same three questions, answered with links to the right pages", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const m = load("en");
  await page.goto(hostUrl(baseURL, "en", "/"));
  const dialog = await openAssistant(page, m);
  await askHeld(dialog, m, HELD.en);
});

test("keyboard only: Tab to the launcher, ask, Escape closes and focus returns to the launcher", async ({ page }) => {
  const m = load("fr");
  await page.goto("/");
  const launcher = page.getByRole("button", { name: msg(m, "Assistant.launcher.open") });
  await launcher.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: msg(m, "Assistant.title") });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: msg(m, "Assistant.chat.question") })).toBeFocused();
  await page.keyboard.type("capital décès");
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("log").locator("article a").first()).toBeVisible();
  // Focus stays inside the modal panel.
  for (let i = 0; i < 15; i += 1) await page.keyboard.press("Tab");
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
});

test("@phone in the family's space: the assistant answers there too", async ({ page }) => {
  const m = load("fr");
  await page.goto(`/me-connecter?retour=${encodeURIComponent("/app")}`);
  await page.getByLabel("Adresse e-mail").fill("client@demo.test");
  await page.getByLabel(/^Mot de passe\*?$/).fill("Demo-password-2026");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/app$/);
  const dialog = await openAssistant(page, m);
  const answer = await ask(dialog, m, HELD.fr[1]!.question);
  const hrefs = await answer.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.some((href) => HELD.fr[1]!.page.test(href))).toBe(true);
  await expectAccessible(page, "client space");
});

test("@phone right to left in Arabic: the launcher and the panel, with a question answered", async ({ page, baseURL }) => {
  const m = load("ar");
  await page.goto(hostUrl(baseURL, "ar", "/"));
  await shot(page, "ar-home");
  const dialog = await openAssistant(page, m);
  await expectAccessible(page, "ar panel");
  await shot(page, "ar-panel");
  await ask(dialog, m, HELD.fr[2]!.question);
  await shot(page, "ar-answer");
});

test("the panel's words: one small static file per locale, a file that nothing may run in, none for other names", async ({ request }) => {
  const english = await request.get("/assistant/messages/en.json");
  expect(english.status()).toBe(200);
  expect(english.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  const body = (await english.json()) as { Assistant: Tree; Errors: Record<string, string> };
  expect(msg(body.Assistant, "launcher.open")).toBe(msg(load("en"), "Assistant.launcher.open"));
  expect(body.Errors.rate_limited).toBe(msg(load("en"), "Errors.rate_limited"));
  for (const path of ["/assistant/messages/xx.json", "/assistant/messages/fr", "/assistant/messages/..%2Fen.json"]) expect((await request.get(path)).status(), path).toBe(404);
});
