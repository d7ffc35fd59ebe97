import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { familyAddress, getQuoteAndPassword, mailTo, messages, originOf, uniqueEmail } from "./family-journey";

/**
 * Payments end to end in the built app, against the embedded sandbox: a family member
 * with a quote pays on /paiement, goes through the sandbox's hosted page like a
 * provider's, and lands on the confirmation. Card, instalments, bank transfer; a split
 * between two relatives who each pay their part; a refund by the funeral director.
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
    headers: { ...headers, ...familyAddress() },
    data: { answers: ANSWERS, client: { firstname: "Marie", lastname: "Dupont", email: EMAIL, phone: "0600000000", contact_channel: "email", consent: true } },
  });
  expect(created.status()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };
  const list = (await (await request.get("/api/v1/deals?per_page=100", { headers })).json()) as { data: Array<{ id: number; uuid: string }> };
  return list.data.find((d) => d.uuid === uuid)!.id;
}

async function signIn(page: Page, returnTo: string, email = EMAIL, password = PASSWORD) {
  await page.goto(`/me-connecter?retour=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/^Mot de passe\*?$/).fill(password);
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
  await payByCard(page);
  await noSeriousViolations(page);
  // The receipt downloads with the session cookie alone.
  const href = await page.getByRole("link", { name: "Télécharger le reçu (PDF)" }).getAttribute("href");
  const receipt = await page.request.get(href!);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  await page.goto(`/paiement?deal=${dealId}`);
  await expect(page.getByText("Il n'y a rien à payer pour le moment.")).toBeVisible();
});

test("a new family: a quote from the funnel, the password from its e-mail, its country, then a card payment and the receipt", async ({ page, request, baseURL }) => {
  const m = messages("fr");
  const family = { firstname: "Odile", email: uniqueEmail("paiement-nouvelle-famille"), password: "Tilleul-du-jardin-2026" };
  await getQuoteAndPassword(page, request, originOf(baseURL, "fr"), m, family);
  await expect(page).toHaveURL(/\/app$/);
  // The client space's latest quote opens the payment page; an account fresh from the funnel has no country yet.
  await page.goto("/paiement");
  await expect(page.getByRole("heading", { level: 1, name: "Payer les obsèques" })).toBeVisible();
  await noSeriousViolations(page);
  await page.getByLabel("Votre pays de résidence").selectOption("fr");
  await page.getByRole("button", { name: "Enregistrer et voir les moyens de paiement" }).click();
  await payByCard(page);
  const href = await page.getByRole("link", { name: "Télécharger le reçu (PDF)" }).getAttribute("href");
  const receipt = await page.request.get(href!);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  // The receipt also arrives by e-mail.
  await mailTo(request, family.email, (mail) => mail.tag === "payment_paid");
});

test("a family pays in 3 instalments, and by bank transfer that stays pending until the bank settles", async ({ page, request }) => {
  const dealId = await quoteOfDemoFamily(request);
  await signIn(page, `/paiement?deal=${dealId}`);
  await payMethodsReady(page);
  await page.getByLabel(/En 3 fois/).check();
  await page.getByRole("button", { name: "Continuer vers le paiement sécurisé" }).click();
  await expect(page).toHaveURL(/\/sandbox-psp\/alma\/payment_/);
  await expect(page.getByRole("table", { name: "Échéancier" })).toBeVisible();
  await page.getByRole("button", { name: "Simuler un refus" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Paiement non abouti" })).toBeVisible();
  await page.getByRole("link", { name: "Réessayer le paiement" }).click();
  await payMethodsReady(page);
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

/** Waits until the page's payment forms are hydrated (their buttons stay disabled before, so no plain GET submit nor lost typing). */
async function payMethodsReady(page: Page) {
  await expect(page.locator('form[data-ready="true"]').first()).toBeAttached();
  await expect(page.locator('form[data-ready="false"]')).toHaveCount(0);
}

/** From /paiement, pays what the page offers by card on the sandbox's hosted page; the payment's id. */
async function payByCard(page: Page): Promise<number> {
  await payMethodsReady(page);
  await page.getByLabel(/Carte bancaire/).check();
  await page.getByRole("button", { name: "Continuer vers le paiement sécurisé" }).click();
  await expect(page).toHaveURL(/\/sandbox-psp\/worldline\/hc_/);
  await page.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiration (MM/AA)").fill("12/30");
  await page.getByLabel("Cryptogramme").fill("123");
  await page.getByRole("button", { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/paiement\/confirmation\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Paiement reçu" })).toBeVisible();
  return Number(/(\d+)$/.exec(page.url())![1]);
}

test("a family pays in 3 instalments through the sandbox's schedule and lands on the confirmation", async ({ page, request }) => {
  const dealId = await quoteOfDemoFamily(request);
  await signIn(page, `/paiement?deal=${dealId}`);
  await payMethodsReady(page);
  await page.getByLabel(/En 3 fois/).check();
  await page.getByRole("button", { name: "Continuer vers le paiement sécurisé" }).click();
  await expect(page).toHaveURL(/\/sandbox-psp\/alma\/payment_/);
  await expect(page.getByRole("table", { name: "Échéancier" })).toBeVisible();
  await page.getByRole("button", { name: "Accepter l'échéancier" }).click();
  await expect(page).toHaveURL(/\/paiement\/confirmation\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Paiement reçu" })).toBeVisible();
  await noSeriousViolations(page);
  await page.goto(`/paiement?deal=${dealId}`);
  await expect(page.getByText("Il n'y a rien à payer pour le moment.")).toBeVisible();
});

/** A relative invited to the deal by its owner, with an account of their own and a country (the card needs one). */
async function invitedRelative(request: APIRequestContext, dealId: number): Promise<{ email: string; password: string }> {
  const owner = await request.post("/api/v1/auth/sign_in", { data: { email: EMAIL, password: PASSWORD } });
  const h = owner.headers();
  const headers = { "access-token": h["access-token"]!, client: h.client!, uid: h.uid!, "token-type": "Bearer" };
  const email = `proche-${dealId}-${Date.now()}@example.test`;
  const password = "Glycine-sous-la-pluie-26";
  const invited = await request.post(`/api/v1/deals/${dealId}/abilities`, { headers, data: { email, role: "editor", link: null } });
  expect(invited.status()).toBeLessThan(300);
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = ((await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: Array<{ text: string }> }).data;
        token = mails.map((m) => /#invitation=([^\s"]+)/.exec(m.text)?.[1]).find(Boolean);
        return token !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const accepted = await request.post(`/api/v1/invitations/${decodeURIComponent(token!)}/accept`, { data: { firstname: "Luc", lastname: "Dupont", password, password_confirmation: password } });
  expect(accepted.status()).toBeLessThan(300);
  const relative = await request.post("/api/v1/auth/sign_in", { data: { email, password } });
  expect(relative.status()).toBe(200);
  const r = relative.headers();
  const { data } = (await relative.json()) as { data: { id: number } };
  const put = await request.put(`/api/v1/clients/${data.id}`, { headers: { "access-token": r["access-token"]!, client: r.client!, uid: r.uid!, "token-type": "Bearer" }, data: { country_code: "fr" } });
  expect(put.status()).toBe(200);
  return { email, password };
}

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test("the owner splits the balance with a relative, and each pays their part by card", async ({ page, request, browser, baseURL }) => {
  const dealId = await quoteOfDemoFamily(request);
  const relative = await invitedRelative(request, dealId);
  await signIn(page, `/paiement?deal=${dealId}`);
  await payMethodsReady(page);
  const shares = page.getByLabel(/^Nombre de parts pour/);
  await expect(shares).toHaveCount(2);
  await shares.nth(0).fill("1");
  await shares.nth(1).fill("1");
  await page.getByRole("button", { name: "Enregistrer et envoyer les liens" }).click();
  await expect(page.getByTestId("payment-shares").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("my-part")).toContainText("Votre part à régler");
  await noSeriousViolations(page);
  await payByCard(page);

  const other = await freshPage(browser, baseURL);
  await signIn(other, `/paiement?deal=${dealId}`, relative.email, relative.password);
  await expect(other.getByTestId("my-part")).toContainText("Votre part à régler");
  await expect(other.getByTestId("payment-shares")).toContainText("part réglée");
  await noSeriousViolations(other);
  await payByCard(other);
  await other.goto(`/paiement?deal=${dealId}`);
  await expect(other.getByText("Il n'y a rien à payer pour le moment.")).toBeVisible();
  await expect(other.getByTestId("payment-shares").getByText("part réglée")).toHaveCount(2);
  await other.context().close();
});

test("the funeral director refunds part of a card payment from the professional space, and the family sees it", async ({ page, request, browser, baseURL }) => {
  const dealId = await quoteOfDemoFamily(request);
  await signIn(page, `/paiement?deal=${dealId}`);
  const paymentId = await payByCard(page);

  const pro = await freshPage(browser, baseURL);
  await pro.goto("/pro");
  await expect(pro).toHaveURL(/\/pro\/connexion\?retour=/);
  await pro.getByLabel("Adresse e-mail").fill("directeur@demo.test");
  await pro.getByLabel(/^Mot de passe\*?$/).fill(PASSWORD);
  await pro.getByRole("button", { name: "Se connecter" }).click();
  await expect(pro).toHaveURL(/\/pro$/);
  await pro.getByRole("link", { name: "Paiements des familles" }).click();
  await expect(pro).toHaveURL(/\/pro\/paiements$/);
  await noSeriousViolations(pro);
  // A number that is not one is said so, and stays typed.
  await pro.getByLabel("Numéro du dossier").fill("douze");
  await pro.getByRole("button", { name: "Voir les paiements" }).click();
  await expect(pro.getByRole("main").getByRole("alert")).toHaveText("Indiquez le numéro du dossier en chiffres (par exemple 1234).");
  await expect(pro.getByLabel("Numéro du dossier")).toHaveValue("douze");
  await pro.getByLabel("Numéro du dossier").fill(String(dealId));
  await pro.getByRole("button", { name: "Voir les paiements" }).click();
  await expect(pro).toHaveURL(new RegExp(`/pro/paiements/${dealId}$`));
  await expect(pro.getByRole("heading", { level: 1, name: `Paiements du dossier n° ${dealId}` })).toBeVisible();
  await noSeriousViolations(pro);
  const card = pro.getByTestId(`pro-payment-${paymentId}`);
  await expect(card).toContainText("Encaissé");
  const amount = card.getByLabel("Montant à rembourser (€)");
  // Above what was captured: refused before anything is sent, and the typed amount stays.
  await amount.fill("999999");
  await card.getByRole("button", { name: "Vérifier le remboursement" }).click();
  await expect(card.getByRole("alert")).toHaveText("Le remboursement ne peut pas dépasser ce qui a été encaissé et pas encore remboursé.");
  await expect(amount).toHaveValue("999999");
  await amount.fill("10");
  await card.getByRole("button", { name: "Vérifier le remboursement" }).click();
  await expect(card.getByRole("status")).toContainText("Le remboursement est définitif");
  await noSeriousViolations(pro);
  await card.getByRole("button", { name: "Confirmer le remboursement" }).click();
  await expect(pro.getByTestId(`pro-payment-${paymentId}`)).toContainText("Remboursé en partie");
  await expect(pro.getByTestId("pro-total-refunded")).toContainText("10,00");
  await pro.context().close();

  await page.goto(`/paiement?deal=${dealId}`);
  await expect(page.getByTestId("payment-refunded")).toContainText("10,00");
  await noSeriousViolations(page);
});

/** The same site in another language: {locale}.{host} (the browser resolves *.localhost). */
function localeOrigin(baseURL: string | undefined, locale: string): string {
  const url = new URL(baseURL!);
  url.hostname = `${locale}.${url.hostname}`;
  return url.origin;
}

/**
 * Signs in on that host through its own sign-in form (the session's cookie and the
 * browser's header token belong to that host), landing on `returnTo`. Labels in Arabic on
 * the Arabic host.
 */
async function signInOn(page: Page, origin: string, returnTo: string, email: string, password = PASSWORD, realm: "family" | "pro" = "family") {
  const arabic = new URL(origin).hostname.startsWith("ar.");
  await page.goto(new URL(`${realm === "family" ? "/me-connecter" : "/pro/connexion"}?retour=${encodeURIComponent(returnTo)}`, origin).toString());
  await page.getByLabel(arabic ? "البريد الإلكتروني" : "Adresse e-mail").fill(email);
  await page.getByLabel(arabic ? /^كلمة المرور\*?$/ : /^Mot de passe\*?$/).fill(password);
  await page.getByRole("button", { name: arabic ? "تسجيل الدخول" : "Se connecter" }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/[?]/g, "\\?")}$`));
}

/** Right to left, nothing wider than the phone's screen, Latin digits only, and axe content. */
async function readsWellInArabic(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  await noSeriousViolations(page);
}

/** From /paiement in Arabic, pays what the page offers by card on the sandbox's page (in Arabic too); the payment's id. */
async function payByCardInArabic(page: Page, origin: string): Promise<number> {
  await page.getByLabel(/البطاقة المصرفية/).check();
  await page.getByRole("button", { name: "المتابعة إلى الدفع الآمن" }).click();
  await expect(page).toHaveURL(/\/sandbox-psp\/worldline\/hc_[\w-]+\?lang=ar$/);
  await expect(page.getByRole("heading", { level: 1, name: "الدفع بالبطاقة" })).toBeVisible();
  await readsWellInArabic(page);
  await page.getByLabel("رقم البطاقة").fill("4242 4242 4242 4242");
  await page.getByLabel("تاريخ الانتهاء (MM/YY)").fill("12/30");
  await page.getByLabel("رمز الأمان").fill("123");
  await page.getByRole("button", { name: /^ادفع/ }).click();
  // Back on the Arabic host, where the payer's session lives.
  await expect(page).toHaveURL(new RegExp(`^${origin}/paiement/confirmation/\\d+$`));
  await expect(page.getByRole("heading", { level: 1, name: "تم استلام الدفعة" })).toBeVisible();
  await readsWellInArabic(page);
  return Number(/(\d+)$/.exec(page.url())![1]);
}

/** Another person's browser, on the same phone as the test's. */
async function phonePage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize(), isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
  return context.newPage();
}

test("@phone-only in Arabic on a phone, the owner splits the balance with a relative and each pays their part", async ({ page, request, browser, baseURL }) => {
  const dealId = await quoteOfDemoFamily(request);
  const relative = await invitedRelative(request, dealId);
  const ar = localeOrigin(baseURL, "ar");
  await signInOn(page, ar, `/paiement?deal=${dealId}`, EMAIL);
  await expect(page.getByRole("heading", { level: 1, name: "دفع تكاليف الجنازة" })).toBeVisible();
  const shares = page.getByLabel(/^عدد الحصص لـ/);
  await expect(shares).toHaveCount(2);
  // The split form is a client island: typed before it hydrates, a value would be reset.
  await page.waitForLoadState("networkidle");
  await shares.nth(0).fill("1");
  await shares.nth(1).fill("1");
  await readsWellInArabic(page);
  await page.getByRole("button", { name: "حفظ وإرسال الروابط" }).click();
  await expect(page.getByTestId("payment-shares").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("my-part")).toContainText("حصتكم المطلوب دفعها");
  // The owner may also pay for everyone instead of their part.
  await expect(page.getByRole("link", { name: /ادفع بدلًا من ذلك كل المتبقي عن العائلة/ })).toBeVisible();
  await readsWellInArabic(page);
  await payByCardInArabic(page, ar);

  const other = await phonePage(browser, page);
  await signInOn(other, ar, `/paiement?deal=${dealId}`, relative.email, relative.password);
  await expect(other.getByTestId("my-part")).toContainText("حصتكم المطلوب دفعها");
  await expect(other.getByTestId("payment-shares")).toContainText("الحصة مدفوعة");
  await readsWellInArabic(other);
  await payByCardInArabic(other, ar);
  await other.goto(`${ar}/paiement?deal=${dealId}`);
  await expect(other.getByText("لا يوجد ما يُدفع حاليًا.")).toBeVisible();
  await expect(other.getByTestId("payment-shares").getByText("الحصة مدفوعة")).toHaveCount(2);
  await readsWellInArabic(other);
  await other.context().close();
});

test("@phone-only in Arabic on a phone, the funeral director refunds part of a card payment and the family sees it", async ({ page, request, browser, baseURL }) => {
  const dealId = await quoteOfDemoFamily(request);
  const ar = localeOrigin(baseURL, "ar");
  await signInOn(page, ar, `/paiement?deal=${dealId}`, EMAIL);
  const paymentId = await payByCardInArabic(page, ar);

  const pro = await phonePage(browser, page);
  await signInOn(pro, ar, `/pro/paiements/${dealId}`, "directeur@demo.test", PASSWORD, "pro");
  await expect(pro.getByRole("heading", { level: 1, name: `مدفوعات الملف رقم ${dealId}` })).toBeVisible();
  await readsWellInArabic(pro);
  const card = pro.getByTestId(`pro-payment-${paymentId}`);
  await expect(card).toContainText("مُحصَّلة");
  await pro.waitForLoadState("networkidle");
  await card.getByLabel("المبلغ المراد استرداده (€)").fill("10");
  await card.getByRole("button", { name: "مراجعة الاسترداد" }).click();
  await expect(card.getByRole("status")).toContainText("لا يمكن التراجع عن الاسترداد");
  await readsWellInArabic(pro);
  await card.getByRole("button", { name: "تأكيد الاسترداد" }).click();
  await expect(pro.getByTestId(`pro-payment-${paymentId}`)).toContainText("مُستردة جزئياً");
  await expect(pro.getByTestId("pro-total-refunded")).toContainText("10.00");
  await readsWellInArabic(pro);
  await pro.context().close();

  await page.goto(`${ar}/paiement?deal=${dealId}`);
  await expect(page.getByTestId("payment-refunded")).toContainText("10.00");
  await readsWellInArabic(page);
});

test("/pro/paiements/{deal} by role: admin refunds, the advisor only reads, guest and pro are refused, a family is sent to sign in", async ({ page, request, browser, baseURL }) => {
  const dealId = await quoteOfDemoFamily(request);
  await signIn(page, `/paiement?deal=${dealId}`);
  const paymentId = await payByCard(page);
  const origin = new URL(baseURL!).origin;
  const asRole = async (email: string) => {
    const pro = await freshPage(browser, baseURL);
    await signInOn(pro, origin, `/pro/paiements/${dealId}`, email, PASSWORD, "pro");
    await expect(pro.getByRole("heading", { level: 1, name: `Paiements du dossier n° ${dealId}` })).toBeVisible();
    return pro;
  };

  const admin = await asRole("admin@demo.test");
  await expect(admin.getByTestId(`pro-payment-${paymentId}`).getByRole("button", { name: "Vérifier le remboursement" })).toBeVisible();
  await admin.context().close();

  const advisor = await asRole("conseiller@demo.test");
  await expect(advisor.getByTestId(`pro-payment-${paymentId}`)).toContainText("Encaissé");
  await expect(advisor.getByRole("button", { name: "Vérifier le remboursement" })).toHaveCount(0);
  await expect(advisor.getByLabel("Montant à rembourser (€)")).toHaveCount(0);
  await noSeriousViolations(advisor);
  await advisor.context().close();

  for (const email of ["analyste@demo.test", "pro@demo.test"]) {
    const refused = await asRole(email);
    await expect(refused.getByText("Votre rôle ne permet pas de consulter les paiements des familles.")).toBeVisible();
    await expect(refused.getByTestId("pro-payment-totals")).toHaveCount(0);
    await expect(refused.getByTestId(`pro-payment-${paymentId}`)).toHaveCount(0);
    await refused.context().close();
  }

  // The family, signed in as a client, has no business session: the professional sign-in.
  await page.goto(`/pro/paiements/${dealId}`);
  await expect(page).toHaveURL(/\/pro\/connexion\?retour=/);
  await expect(page.getByTestId("pro-payment-totals")).toHaveCount(0);
});
