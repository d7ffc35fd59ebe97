import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pdfTextRuns } from "../tests/server/integrations/pdf/pdf-text";

/**
 * The funeral quote as a family lives it: the questions one by one, the price moving
 * with each answer, the quote sent, the PDF, and coming back from the e-mail link.
 */

function isoDaysAgo(days: number): string {
  const date = new Date(Date.now() - days * 24 * 3600 * 1000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
}

const digits = (text: string) => text.replace(/\D/g, "");

async function question(page: Page, title: string) {
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

async function choose(page: Page, label: string) {
  await page.getByText(label, { exact: true }).click();
}

async function next(page: Page) {
  await page.getByRole("button", { name: "Continuer" }).click();
}

/** The total as shown (side panel on a large screen, bottom bar on a phone). */
async function shownTotal(page: Page): Promise<string> {
  const panel = page.getByTestId("quote-total");
  const bar = page.getByTestId("quote-total-bar");
  return (await panel.isVisible()) ? panel.innerText() : bar.innerText();
}

async function quoteMail(request: APIRequestContext, email: string) {
  let mail: { text: string; subject: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const body = (await response.json()) as { data: Array<{ text: string; subject: string; tag?: string }> };
      mail = body.data.find((m) => m.tag === "funeral_quote");
      return mail !== undefined;
    })
    .toBe(true);
  return mail!;
}

test("a family gets an itemised quote, downloads the PDF and comes back from the e-mail @phone", async ({ page, request, browser, baseURL }) => {
  const email = uniqueEmail("famille");
  await page.goto("/devis-obseques");
  await page.getByRole("link", { name: "Commencer mon devis" }).first().click();

  await question(page, "Le décès a-t-il eu lieu ?");
  await choose(page, "Oui, le décès a eu lieu");
  await next(page);

  await question(page, "Où le décès a-t-il eu lieu ?");
  await next(page);
  await expect(page.getByText("Choisissez le lieu du décès.")).toBeVisible();
  await choose(page, "À l'hôpital ou en clinique");
  await page.getByRole("combobox", { name: "Commune du décès" }).fill("Lyon");
  await page.getByRole("option", { name: /^Lyon/ }).first().click();
  await next(page);

  await question(page, "Quand le décès a-t-il eu lieu ?");
  await page.getByLabel("Date du décès").fill(isoDaysAgo(2));
  await expect(page.getByText(/Les obsèques doivent avoir lieu au plus tard le/)).toBeVisible();
  await next(page);

  await question(page, "Inhumation ou crémation ?");
  await choose(page, "Crémation");
  await next(page);

  // Back and forth without losing answers.
  await question(page, "Souhaitez-vous une cérémonie ?");
  await page.getByRole("button", { name: "Retour" }).click();
  await question(page, "Inhumation ou crémation ?");
  await expect(page.getByRole("radio", { name: "Crémation" })).toBeChecked();
  await next(page);

  await choose(page, "Une cérémonie civile");
  await choose(page, "Au crématorium");
  await next(page);

  await question(page, "Que deviendront les cendres ?");
  await page.getByText("Peut-on garder l'urne à la maison ?").click();
  await expect(page.getByText(/la loi ne le permet plus en France/)).toBeVisible();
  await choose(page, "Disperser les cendres");
  await choose(page, "Au jardin du souvenir");
  await next(page);

  await question(page, "Quel cercueil choisir ?");
  await choose(page, "Essentiel");
  await next(page);

  await question(page, "Souhaitez-vous d'autres services ?");
  await expect.poll(() => shownTotal(page)).toMatch(/\d/);
  const before = digits(await shownTotal(page));
  await page.getByLabel(/Soins de conservation/).check();
  await expect.poll(async () => digits(await shownTotal(page))).not.toBe(before);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");
  await next(page);

  await question(page, "À qui envoyer le devis ?");
  await page.getByRole("button", { name: "Recevoir mon devis" }).click();
  await expect(page.getByText("Indiquez votre prénom.")).toBeVisible();
  await page.getByLabel("Prénom").fill("Claire");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Martin");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("textbox", { name: "Téléphone" }).fill("06 12 34 56 78");
  await choose(page, "Par e-mail");
  await page.getByLabel(/J'accepte d'être contacté/).check();
  await page.getByRole("button", { name: "Recevoir mon devis" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Votre devis est prêt" })).toBeVisible();
  const total = await page.getByTestId("confirmation-total").innerText();
  expect(digits(total)).not.toBe(before);

  // The PDF is the same quote: it opens and carries the same total.
  const pdfHref = await page.getByTestId("quote-pdf-link").getAttribute("href");
  const pdfResponse = await request.get(pdfHref!);
  expect(pdfResponse.status()).toBe(200);
  const pdf = Buffer.from(await pdfResponse.body());
  expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
  const pdfText = pdfTextRuns(pdf).join(" ");
  expect(digits(pdfText)).toContain(digits(total));
  expect(pdfText).toContain("Prestations obligatoires");

  // The e-mail brings the family back to their answers, on another device.
  const mail = await quoteMail(request, email);
  // Its key is a resume token in the fragment (never sent to a server), not the deal's uuid.
  const resume = /https?:\/\/\S+\/devis-obseques\/ceremonie#devis=[0-9a-f-]{36}&cle=[A-Za-z0-9_-]{43,}/.exec(mail.text)?.[0];
  expect(resume).toBeDefined();
  const other = await browser.newContext({ baseURL });
  const elsewhere = await other.newPage();
  await elsewhere.goto(new URL(resume!).pathname + new URL(resume!).hash);
  await expect(elsewhere.getByText("Voici votre devis, tel que vous l'avez laissé.")).toBeVisible();
  // Read once, the key leaves the address bar (and so history, analytics and Referers).
  expect(elsewhere.url()).not.toContain("cle=");
  await question(elsewhere, "À qui envoyer le devis ?");
  // The link alone does not say who the family is: the contact details need their account.
  await expect(elsewhere.getByLabel("Adresse e-mail")).toHaveValue("");
  await elsewhere.getByRole("button", { name: "Retour" }).click();
  await question(elsewhere, "Souhaitez-vous d'autres services ?");
  await expect(elsewhere.getByLabel(/Soins de conservation/)).toBeChecked();
  await other.close();
});

test("the funnel works with the keyboard alone: planning ahead, a burial in a new concession", async ({ page }) => {
  await page.goto("/devis-obseques/ceremonie");
  await question(page, "Le décès a-t-il eu lieu ?");

  // Tab into the group, arrows move the choice; Enter on "Continuer".
  const tabTo = async (name: RegExp | string, role: "radio" | "button" | "combobox" | "checkbox" = "button") => {
    const target = page.getByRole(role, { name });
    for (let i = 0; i < 40; i++) {
      if (await target.first().evaluate((el) => el === document.activeElement).catch(() => false)) return;
      await page.keyboard.press("Tab");
    }
    throw new Error(`could not reach ${String(name)} with Tab`);
  };
  await tabTo("Oui, le décès a eu lieu", "radio");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Non, je prépare à l'avance" })).toBeChecked();
  await tabTo("Continuer");
  await page.keyboard.press("Enter");

  await question(page, "Où les obsèques auraient-elles lieu ?");
  await tabTo("Commune des obsèques", "combobox");
  await page.keyboard.type("Marseille");
  await expect(page.getByRole("option", { name: /^Marseille/ }).first()).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("combobox", { name: "Commune des obsèques" })).toHaveValue("Marseille");
  await tabTo("Continuer");
  await page.keyboard.press("Enter");

  await question(page, "Inhumation ou crémation ?");
  await tabTo("Inhumation en France", "radio");
  await page.keyboard.press("Space");
  await tabTo("Continuer");
  await page.keyboard.press("Enter");

  await question(page, "Souhaitez-vous une cérémonie ?");
  await tabTo("Pas de cérémonie", "radio");
  await page.keyboard.press("Space");
  await tabTo("Continuer");
  await page.keyboard.press("Enter");

  await question(page, "Où le défunt reposera-t-il ?");
  await tabTo("Dans une sépulture familiale existante", "radio");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Dans une nouvelle concession" })).toBeChecked();
  await tabTo("Continuer");
  await page.keyboard.press("Enter");

  await question(page, "Quel cercueil choisir ?");
  await tabTo("Essentiel", "radio");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Tradition" })).toBeChecked();
  await tabTo("Continuer");
  await page.keyboard.press("Enter");

  await question(page, "Souhaitez-vous d'autres services ?");
  await tabTo("Continuer");
  await page.keyboard.press("Enter");
  await question(page, "À qui envoyer le devis ?");
  // The price is there, burial in Marseille: the concession is a mandatory cost advanced for the family.
  await expect(page.getByTestId("quote-total")).toHaveText(/\d/);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");
});

test("nothing typed is lost when the connection drops, and an address already in use offers to sign in", async ({ page, context }) => {
  await page.goto("/devis-obseques/ceremonie");
  await choose(page, "Non, je prépare à l'avance");
  await next(page);
  await page.getByRole("combobox", { name: "Commune des obsèques" }).fill("Lyon");
  await page.getByRole("option", { name: /^Lyon/ }).first().click();
  await next(page);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");

  await context.setOffline(true);
  await choose(page, "Crémation");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "retrying");
  await expect(page.getByTestId("save-status")).toContainText("vos réponses restent sur cet appareil");
  // A reload while offline keeps the answer (it lives on this device until the server has it).
  await context.setOffline(false);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 20_000 });
  await page.reload();
  await expect(page.getByText("Nous avons retrouvé vos réponses.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Crémation" })).toBeChecked();
  await next(page);

  await choose(page, "Pas de cérémonie");
  await next(page);
  await choose(page, "Décider plus tard");
  await next(page);
  await choose(page, "Essentiel");
  await next(page);
  await next(page);
  await page.getByLabel("Prénom").fill("Marie");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Dupont");
  await page.getByLabel("Adresse e-mail").fill("client@demo.test");
  await choose(page, "Par e-mail");
  await page.getByLabel(/J'accepte d'être contacté/).check();
  await page.getByRole("button", { name: "Recevoir mon devis" }).click();
  await expect(page.getByText("Vous avez déjà un espace avec cette adresse.")).toBeVisible();
  const signIn = page.getByRole("link", { name: "Me connecter et garder mon devis" });
  // Back from signing in, this device's stored funnel resumes: no deal id nor key in the address.
  await expect(signIn).toHaveAttribute("href", /\/me-connecter\?retour=%2Fdevis-obseques%2Fceremonie%3Fetape%3D[a-z-]+$/);
  // What was typed is still there.
  await expect(page.getByLabel("Prénom")).toHaveValue("Marie");
});
