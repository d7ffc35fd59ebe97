import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/**
 * What the family journeys share (client space, payments): the messages a label is read
 * from, the development outbox, and the funeral funnel answered up to the password chosen
 * from the quote e-mail's link — a new family, as it arrives.
 */

export type Tree = { [key: string]: string | Tree };
export type Locale = "fr" | "ar";

export function messages(locale: Locale): Tree {
  return JSON.parse(readFileSync(new URL(`../messages/${locale}.json`, import.meta.url), "utf8")) as Tree;
}

/** A message by its dotted path ("ClientSpace.form.submit"). */
export function msg(tree: Tree, path: string): string {
  let node: string | Tree | undefined = tree;
  for (const key of path.split(".")) node = typeof node === "object" ? node[key] : undefined;
  if (typeof node !== "string") throw new Error(`no message ${path}`);
  return node;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A label as a pattern: required fields add a star, ICU placeholders match anything. */
export const label = (text: string) => new RegExp(`^${escapeRegExp(text).replace(/\\\{\w+\\\}/g, ".*")}\\*?$`);

export function isoDaysAgo(days: number): string {
  const date = new Date(Date.now() - days * 24 * 3600 * 1000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
}

export function originOf(baseURL: string | undefined, locale: Locale): string {
  const url = new URL(baseURL ?? "http://localhost:3100");
  if (locale !== "fr") url.hostname = `${locale}.${url.hostname}`;
  return url.origin;
}

export interface OutboxMail {
  id: string;
  subject: string;
  text: string;
  tag?: string;
}

export async function mailTo(request: APIRequestContext, to: string, match: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        found = ((await response.json()) as { data: OutboxMail[] }).data.find(match);
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * The funnel answered the way a hurried family would: the first choice of each question
 * (a commune where one is asked, a death two days ago), until the contact step.
 */
export async function answerFunnel(page: Page, m: Tree) {
  const submit = page.getByRole("button", { name: msg(m, "Quote.funnel.contact.submit") });
  for (let step = 0; step < 20; step++) {
    if (await submit.isVisible()) return;
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (let pass = 0; pass < 3; pass++) {
      const names = new Set(await page.locator("main input[type=radio]").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).name)));
      for (const name of names) {
        const group = page.locator(`main input[type=radio][name="${name}"]`);
        if ((await group.evaluateAll((inputs) => inputs.some((i) => (i as HTMLInputElement).checked))) === false) await group.first().evaluate((input) => (input as HTMLInputElement).click());
      }
      for (const combobox of await page.locator("main input[role=combobox]").all()) {
        if ((await combobox.inputValue()) !== "") continue;
        await combobox.fill("Lyon");
        await page.getByRole("option", { name: /Lyon/ }).first().click();
      }
      for (const date of await page.locator("main input[type=date]").all()) {
        if ((await date.inputValue()) === "") await date.fill(isoDaysAgo(2));
      }
    }
    await page.getByRole("button", { name: msg(m, "Quote.funnel.continue"), exact: true }).click();
  }
  await expect(submit).toBeVisible();
}

export async function getQuoteAndPassword(page: Page, request: APIRequestContext, origin: string, m: Tree, family: { firstname: string; email: string; password: string }) {
  await page.goto(`${origin}/devis-obseques/ceremonie`);
  await answerFunnel(page, m);
  await page.getByLabel(label(msg(m, "Quote.funnel.contact.firstname"))).fill(family.firstname);
  await page.getByRole("textbox", { name: label(msg(m, "Quote.funnel.contact.lastname")) }).fill("Martin");
  await page.getByLabel(label(msg(m, "Quote.funnel.contact.email"))).fill(family.email);
  await page.getByRole("textbox", { name: label(msg(m, "Quote.funnel.contact.phone")) }).fill("06 12 34 56 78");
  await page.getByText(msg(m, "Quote.funnel.contact.channels.email"), { exact: true }).click();
  await page.locator("main input[type=checkbox]").last().evaluate((input) => (input as HTMLInputElement).click());
  await page.getByRole("button", { name: msg(m, "Quote.funnel.contact.submit") }).click();
  await expect(page.getByTestId("confirmation-total")).toBeVisible();

  // The quote's e-mail carries the link to choose the password of the account made with it.
  const mail = await mailTo(request, family.email, (candidate) => candidate.tag === "funeral_quote");
  const link = /(https?:\/\/\S+\/password\/edit\?\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: msg(m, "Auth.reset.heading") })).toBeVisible();
  await page.getByLabel(label(msg(m, "Auth.password.new"))).fill(family.password);
  await page.getByLabel(label(msg(m, "Auth.password.confirm"))).fill(family.password);
  await page.getByRole("button", { name: msg(m, "Auth.reset.submit") }).click();
  await page.getByRole("link", { name: msg(m, "Auth.reset.continue") }).click();
}

/**
 * A family's own address for a request a test sends through the API. The e2e server trusts
 * its loopback proxy (scripts/e2e-server.mjs sets TRUST_PROXY=loopback, as production trusts
 * its load balancer), so each test family counts against its own per-address limits (ten new
 * accounts an hour) rather than every spec's families adding up on 127.0.0.1 in one run.
 */
export function familyAddress(): { "x-forwarded-for": string } {
  return { "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 254)}` };
}

/** No serious or critical axe issue (WCAG 2.1 A and AA rules) on the page as it stands. */
export async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
