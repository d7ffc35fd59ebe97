import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/**
 * Accounts, end to end in the built app, for a family and for an advisor: sign in (and
 * back to the page that asked), session expiry and return, password change, sign-out,
 * and a reset through the link of the e-mail read from the development outbox. Each
 * journey leaves the demo password as it found it.
 */

const DEMO_PASSWORD = "Demo-password-2026";

interface Realm {
  api: string;
  email: string;
}

const FAMILY: Realm = { api: "/api/v1/auth", email: "client@demo.test" };
const ADVISOR: Realm = { api: "/api/v1/pro/auth", email: "conseiller@demo.test" };

/** Another device changes the password: every other session (this browser's) ends. */
async function changePasswordElsewhere(request: APIRequestContext, realm: Realm, from: string, to: string) {
  const signIn = await request.post(`${realm.api}/sign_in`, { data: { email: realm.email, password: from } });
  expect(signIn.status()).toBe(200);
  const headers = signIn.headers();
  const changed = await request.put(`${realm.api}/password`, {
    headers: { "access-token": headers["access-token"]!, client: headers.client!, uid: headers.uid!, "token-type": "Bearer" },
    data: { current_password: from, password: to, password_confirmation: to },
  });
  expect(changed.status()).toBe(200);
}

interface OutboxMail {
  id: string;
  subject: string;
  text: string;
}

async function newestMail(request: APIRequestContext, to: string): Promise<OutboxMail | undefined> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: OutboxMail[] }).data[0];
}

/** The reset link of the e-mail that arrives after `before`. */
async function resetLinkFromOutbox(request: APIRequestContext, to: string, before: string | undefined): Promise<string> {
  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      mail = await newestMail(request, to);
      return mail && mail.id !== before;
    })
    .toBe(true);
  const link = /(https?:\/\/\S+\/password\/edit\?\S+)/.exec(mail!.text)?.[1];
  expect(link).toBeTruthy();
  return link!;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/^Mot de passe\*?$/).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

async function forgotAndReset(page: Page, request: APIRequestContext, realm: Realm, forgotPath: string, expectedHome: RegExp) {
  const before = (await newestMail(request, realm.email))?.id;
  await page.goto(forgotPath);
  await page.getByLabel("Adresse e-mail").fill(realm.email);
  await page.getByRole("button", { name: "Recevoir le lien" }).click();
  await expect(page.getByText("Vérifiez votre boîte de réception")).toBeVisible();

  const link = await resetLinkFromOutbox(request, realm.email, before);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choisir un nouveau mot de passe" })).toBeVisible();
  // The token is taken out of the address bar once the page holds it.
  await expect(page).not.toHaveURL(/reset_password_token/);
  await page.getByLabel(/^Nouveau mot de passe\*?$/).fill(DEMO_PASSWORD);
  await expect(page.getByText(/Solidité du mot de passe/)).toBeVisible();
  await page.getByLabel("Confirmez le nouveau mot de passe").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Votre mot de passe est changé")).toBeVisible();
  await page.getByRole("link", { name: "Accéder à mon espace" }).click();
  await expect(page).toHaveURL(expectedHome);
}

test.describe.configure({ mode: "serial" });

test("a family signs in, comes back after an expired session, changes and resets the password", async ({ page, request }) => {
  // A signed-in page sends a visitor to sign in, remembering where to come back.
  await page.goto("/app/mon-compte");
  await expect(page).toHaveURL(/\/me-connecter\?retour=%2Fapp%2Fmon-compte$/);
  await expect(page.getByText("Connectez-vous pour accéder à cette page.")).toBeVisible();

  // A wrong password: a sentence in French, and what was typed stays.
  await signIn(page, FAMILY.email, "not-the-password");
  await expect(page.getByText("Adresse e-mail ou mot de passe incorrect")).toBeVisible();
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue(FAMILY.email);

  await page.getByLabel(/^Mot de passe\*?$/).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/app\/mon-compte$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bonjour Marie" })).toBeVisible();
  await expect(page.getByText(FAMILY.email).first()).toBeVisible();
  await expect(page.getByText("Compte de démonstration")).toBeVisible();

  // The session ends elsewhere (password changed on another device) while the form is open.
  await page.getByRole("link", { name: "Changer de mot de passe" }).first().click();
  await expect(page).toHaveURL(/\/app\/changer-mot-de-passe$/);
  await changePasswordElsewhere(request, FAMILY, DEMO_PASSWORD, "Lilas-au-jardin-2026");
  await page.getByLabel("Mot de passe actuel").fill("Lilas-au-jardin-2026");
  await page.getByLabel(/^Nouveau mot de passe\*?$/).fill("Glycine-sous-la-pluie");
  await page.getByLabel("Confirmez le nouveau mot de passe").fill("Glycine-sous-la-pluie");
  await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page).toHaveURL(/\/me-connecter\?retour=%2Fapp%2Fchanger-mot-de-passe&motif=session_expired$/);
  await expect(page.getByText("Session expirée")).toBeVisible();

  // Back to the page that was open, after signing in again.
  await signIn(page, FAMILY.email, "Lilas-au-jardin-2026");
  await expect(page).toHaveURL(/\/app\/changer-mot-de-passe$/);

  // Change the password: the current one first, a refused weak one, then a good one.
  await page.getByLabel("Mot de passe actuel").fill("Lilas-au-jardin-2026");
  await page.getByLabel(/^Nouveau mot de passe\*?$/).fill("motdepasse123");
  await page.getByLabel("Confirmez le nouveau mot de passe").fill("motdepasse123");
  await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page.getByText("Ce mot de passe fait partie des plus utilisés")).toBeVisible();
  await page.getByLabel(/^Nouveau mot de passe\*?$/).fill("Glycine-sous-la-pluie");
  await page.getByLabel("Confirmez le nouveau mot de passe").fill("Glycine-sous-la-pluie");
  await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page.getByText("Mot de passe changé", { exact: true })).toBeVisible();

  // Sign out from the header menu, on any page.
  await page.goto("/pompes-funebres");
  await page.getByRole("button", { name: "Menu du compte de Marie" }).click();
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/me-connecter$/);
  await page.goto("/app/mon-compte");
  await expect(page).toHaveURL(/\/me-connecter\?retour=%2Fapp%2Fmon-compte$/);

  // Forgotten password: the e-mail's link leads to the reset page, which signs the family in.
  await forgotAndReset(page, request, FAMILY, "/me-connecter/mot-de-passe-oublie", /\/app$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bonjour Marie" })).toBeVisible();
});

test("an advisor signs in to the professional space, is greeted by name and role, and goes through the same journeys", async ({ page, request }) => {
  await page.goto("/pro");
  await expect(page).toHaveURL(/\/pro\/connexion\?retour=%2Fpro$/);
  await expect(page.getByRole("heading", { level: 1, name: "Espace professionnel" })).toBeVisible();
  await signIn(page, ADVISOR.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/pro$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bonjour Nadia" })).toBeVisible();
  await expect(page.getByText("Vous êtes connecté avec le rôle « Conseiller funéraire ».")).toBeVisible();

  // Expired on the server: the next page load goes to the professional sign-in and back.
  await changePasswordElsewhere(request, ADVISOR, DEMO_PASSWORD, "Lilas-au-jardin-2026");
  await page.reload();
  await expect(page).toHaveURL(/\/pro\/connexion\?retour=%2Fpro&motif=session_expired$/);
  await expect(page.getByText("Session expirée")).toBeVisible();
  await signIn(page, ADVISOR.email, "Lilas-au-jardin-2026");
  await expect(page).toHaveURL(/\/pro$/);

  await page.getByRole("link", { name: "Changer de mot de passe" }).first().click();
  await expect(page).toHaveURL(/\/pro\/changer-mot-de-passe$/);
  await page.getByLabel("Mot de passe actuel").fill("pas-le-bon-mot-de-passe");
  await page.getByLabel(/^Nouveau mot de passe\*?$/).fill("Glycine-sous-la-pluie");
  await page.getByLabel("Confirmez le nouveau mot de passe").fill("Glycine-sous-la-pluie");
  await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page.getByText("Le mot de passe actuel saisi n'est pas le bon.")).toBeVisible();
  await page.getByLabel("Mot de passe actuel").fill("Lilas-au-jardin-2026");
  await page.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page.getByText("Mot de passe changé", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Retour à l'espace professionnel" }).click();

  await page.getByRole("main").getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/pro\/connexion$/);

  await forgotAndReset(page, request, ADVISOR, "/pro/connexion/mot-de-passe-oublie", /\/pro$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bonjour Nadia" })).toBeVisible();
});

test("a family signs in on a phone, with the password shown to check it @phone", async ({ page, isMobile }) => {
  await page.goto("/me-connecter");
  await page.getByLabel("Adresse e-mail").fill(FAMILY.email);
  const password = page.getByLabel(/^Mot de passe\*?$/);
  await password.fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Afficher le mot de passe" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Masquer le mot de passe" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  // Signed in, the phone menu leads to the family's space instead of offering to sign in.
  if (!isMobile) return;
  await page.goto("/");
  await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  const menu = page.locator("header").getByRole("navigation").last();
  await expect(menu.getByRole("link", { name: "Mon compte" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Se connecter" })).toHaveCount(0);
});

test("the sign-in page speaks Arabic, right to left, on the Arabic host", async ({ page, baseURL }) => {
  const url = new URL("/me-connecter", baseURL);
  url.hostname = `ar.${url.hostname}`;
  await page.goto(url.toString());
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "مساحة العائلة" })).toBeVisible();
  await page.getByLabel("البريد الإلكتروني").fill("client@demo.test");
  await page.getByLabel(/^كلمة المرور\*?$/).fill("wrong-password");
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  await expect(page.getByText("البريد الإلكتروني أو كلمة المرور غير صحيحة")).toBeVisible();
});
