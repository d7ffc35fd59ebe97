import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { familyAddress } from "./family-journey";

/**
 * The flowers funnel as a family uses it on a phone (@phone-only): signed in with a funeral
 * deal whose ceremony an advisor has scheduled in the back-office (a weekday at least three
 * days ahead, 11:00, in a church), it opens /fleurs-obseques for that deal, picks the
 * ceremony, sees its place and date filled read-only, orders a wreath delivered there, sees
 * the confirmation with the ceremony's place, date and delivery time and its amounts, and
 * reaches /paiement. The same in Arabic, right to left. An order to another address with a
 * date too soon is refused with its sentence and nothing typed is lost. Every page passes
 * axe with no serious issue and is never wider than the screen.
 */
const EMAIL = "client@demo.test";
const PASSWORD = "Demo-password-2026";
const ANSWERS = {
  situation: "death-occurred",
  placeOfDeath: "hospital",
  deathCommuneInsee: "69123",
  deathDate: "2026-03-02",
  disposition: "cremation",
  finalRestingPlace: "scattering",
  scatteringPlace: "memorial-garden",
  ceremony: { type: "religious", worship: "catholic", place: "place-of-worship" },
};

async function apiHeaders(request: APIRequestContext, prefix: string, email: string) {
  const signIn = await request.post(`${prefix}/sign_in`, { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  const h = signIn.headers();
  return { "access-token": h["access-token"]!, client: h.client!, uid: h.uid!, "token-type": "Bearer" };
}

/** The ceremony as the advisor scheduled it, as the pages must show it. */
interface Ceremony {
  uuid: string;
  date: string;
  church: string;
}

/** A Paris wall-clock time as an instant, whatever the season's offset. */
function parisInstant(date: string, time: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat("en", { timeZone: "Europe/Paris", timeZoneName: "longOffset" }).formatToParts(noon).find((p) => p.type === "timeZoneName")!.value;
  return `${date}T${time}:00${offset.replace("GMT", "") || "+00:00"}`;
}

/** A weekday at least three days ahead (Saturday and Sunday move to Monday). */
function ceremonyDay(): string {
  const day = new Date(Date.now() + 4 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * A funeral deal of the demo family, made through the funnel's API, whose ceremony the
 * advisor then schedules through the back-office API: a date at 11:00 in a Lyon church.
 */
async function funeralDeal(request: APIRequestContext): Promise<Ceremony> {
  const headers = await apiHeaders(request, "/api/v1/auth", EMAIL);
  const created = await request.post("/api/v1/funeral_funnel/deals", {
    headers: { ...headers, ...familyAddress() },
    data: { answers: ANSWERS, client: { firstname: "Marie", lastname: "Dupont", email: EMAIL, phone: "0600000000", contact_channel: "email", consent: true } },
  });
  expect(created.status()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };
  const list = (await (await request.get("/api/v1/deals?per_page=100", { headers })).json()) as { data: Array<{ id: number; uuid: string }> };
  const dealId = list.data.find((d) => d.uuid === uuid)!.id;

  const advisor = await apiHeaders(request, "/api/v1/pro/auth", "conseiller@demo.test");
  const places = await request.get("/api/v1/autocompletes/worships?q=Lyon", { headers: advisor });
  expect(places.status()).toBe(200);
  const churches = (await places.json()) as Array<{ id: number; name: string; worship_type: string }>;
  const church = churches.find((w) => w.worship_type === "catholic" && w.name.startsWith("Église Saint-Martin de Lyon"));
  expect(church, JSON.stringify(churches)).toBeDefined();

  const steps = await request.get(`/api/v1/deals/${dealId}/deal_steps`, { headers: advisor });
  expect(steps.status()).toBe(200);
  const step = ((await steps.json()) as { data: Array<{ id: number; step_type: string }> }).data.find((s) => s.step_type === "ceremony");
  expect(step).toBeDefined();
  const date = ceremonyDay();
  const planned = await request.put(`/api/v1/deals/${dealId}/deal_steps/${step!.id}`, {
    headers: advisor,
    data: { scheduled_at: parisInstant(date, "11:00"), location_type: "Worship", location_id: church!.id },
  });
  expect(planned.status(), await planned.text()).toBe(200);
  return { uuid, date, church: church!.name };
}

/** Signs in from the page itself, so the session cookie belongs to that page's host. */
async function signIn(page: Page, origin: string) {
  await page.goto(new URL("/me-connecter", origin).toString());
  const status = await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch("/api/v1/auth/sign_in", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
      const h = response.headers;
      const tokens = { "access-token": h.get("access-token") ?? "", client: h.get("client") ?? "", uid: h.get("uid") ?? "", "token-type": "Bearer" };
      const cookie = await fetch("/api/v1/auth/cookie", { method: "POST", headers: tokens });
      // As the sign-in form does: the API calls carry the tokens, the pages read the cookie.
      localStorage.setItem("paisible.auth-tokens", JSON.stringify(tokens));
      return [response.status, cookie.status];
    },
    { email: EMAIL, password: PASSWORD },
  );
  expect(status[0]).toBe(200);
  expect(status[1]).toBeLessThan(300);
}

async function checkPage(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  const { content, viewport } = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(content).toBeLessThanOrEqual(viewport);
}

function today(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
}

interface Words {
  locale: string;
  choose: RegExp;
  next: string;
  toAddress: string;
  placeKind: string;
  worship: string;
  address: string;
  postalCode: string;
  city: string;
  date: string;
  time: string;
  sameDay: string;
  messageKind: string;
  ribbon: string;
  messageText: string;
  order: string;
  confirmation: string;
  pay: string;
}

const FR: Words = {
  locale: "fr",
  choose: /^Choisir$/,
  next: "Continuer",
  toAddress: "À une autre adresse",
  placeKind: "Type de lieu",
  worship: "Lieu de culte",
  address: "Adresse",
  postalCode: "Code postal",
  city: "Ville",
  date: "Date de livraison",
  time: "Heure de livraison",
  sameDay: "Nous ne livrons pas le jour même",
  messageKind: "Ajouter un message",
  ribbon: "Ruban",
  messageText: "Texte du message",
  order: "Commander",
  confirmation: "Votre commande de fleurs est enregistrée",
  pay: "Payer la commande",
};

const AR: Words = {
  locale: "ar",
  choose: /^اختيار$/,
  next: "متابعة",
  toAddress: "إلى عنوان آخر",
  placeKind: "نوع المكان",
  worship: "دار عبادة",
  address: "العنوان",
  postalCode: "الرمز البريدي",
  city: "المدينة",
  date: "تاريخ التسليم",
  time: "ساعة التسليم",
  sameDay: "",
  messageKind: "إضافة رسالة",
  ribbon: "شريط",
  messageText: "نص الرسالة",
  order: "تأكيد الطلب",
  confirmation: "تم تسجيل طلب الزهور",
  pay: "دفع الطلب",
};

/** The day as the pages write it, in the page's language. */
function longDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC", numberingSystem: "latn" }).format(new Date(`${date}T00:00:00Z`));
}

async function orderWreath(page: Page, origin: string, ceremony: Ceremony, w: Words, checkTooSoon: boolean) {
  await page.goto(new URL(`/fleurs-obseques?deal=${ceremony.uuid}`, origin).toString());
  await expect(page.getByTestId("flower-card").first()).toBeVisible();
  await checkPage(page);
  // A wreath from the catalogue, filtered by type.
  await page.getByLabel(w === FR ? "Type" : "النوع", { exact: true }).selectOption("wreath");
  await expect(page.getByTestId("flower-card").first()).toHaveAttribute("data-code", /COURONNE/);
  const code = await page.getByTestId("flower-card").first().getAttribute("data-code");
  // Named in the page's language (FlowerCatalog), not with the catalogue's French name.
  if (w === AR) await expect(page.getByTestId("flower-card").first().getByRole("heading")).not.toHaveText(/Couronne/);
  await page.getByTestId("flower-card").first().getByRole("button", { name: w.choose }).click();
  await page.getByRole("button", { name: w.next }).click();

  await expect(page.getByTestId("flower-step")).toHaveAttribute("data-step", "delivery");
  const day = longDay(ceremony.date, w.locale);
  if (checkTooSoon) {
    // Another address first: a date too soon is refused, and what was typed stays.
    await page.getByLabel(w.toAddress).check();
    await page.getByLabel(w.placeKind).selectOption("worship");
    await page.getByRole("textbox", { name: w.address, exact: true }).fill("1 place Saint-Jean");
    await page.getByLabel(w.postalCode).fill("69005");
    await page.getByLabel(w.city).fill("Lyon");
    await page.getByLabel(w.time).fill("10:00");
    await page.getByLabel(w.date).fill(today());
    await page.getByRole("button", { name: w.next }).click();
    await expect(page.getByText(w.sameDay)).toBeVisible();
    await expect(page.getByLabel(w.date)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: w.address, exact: true })).toHaveValue("1 place Saint-Jean");
    await checkPage(page);
  }
  // The deal's ceremony, as the advisor scheduled it: picked, then shown read-only.
  await page.getByRole("radio", { name: new RegExp(ceremony.church.replace(/[()]/g, "\\$&")) }).check();
  const shown = page.getByTestId("flower-ceremony");
  await expect(shown).toContainText(ceremony.church);
  await expect(shown).toContainText(`${day} · 11:00`);
  await expect(shown).toContainText("10:00");
  await expect(shown.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByLabel(w.date)).toHaveCount(0);
  await checkPage(page);
  await page.getByRole("button", { name: w.next }).click();

  await expect(page.getByTestId("flower-step")).toHaveAttribute("data-step", "message");
  await page.getByLabel(w.messageKind).selectOption("ribbon");
  await page.getByLabel(w.messageText).fill("À notre ami, avec toute notre affection");
  await expect(page.getByTestId("flower-preview")).toHaveText("À notre ami, avec toute notre affection");
  await checkPage(page);
  await page.getByRole("button", { name: w.next }).click();

  await expect(page.getByTestId("flower-step")).toHaveAttribute("data-step", "review");
  await checkPage(page);
  await page.getByRole("button", { name: w.order }).click();

  await expect(page).toHaveURL(/\/fleurs-obseques\/confirmation$/);
  await expect(page.getByRole("heading", { level: 1, name: w.confirmation })).toBeVisible();
  const confirmation = page.getByTestId("flower-confirmation");
  await expect(confirmation).toContainText(ceremony.church);
  await expect(page.getByTestId("flower-delivery-when")).toContainText(day);
  await expect(page.getByTestId("flower-delivery-when")).toContainText("10:00");
  await expect(confirmation).toContainText("11:00");
  await expect(confirmation.locator(`img[src="/catalogue/fleurs/${code}.svg"]`)).toBeVisible();
  await expect(page.getByTestId("flower-total")).toContainText("€");
  await checkPage(page);
  await page.getByRole("link", { name: w.pay }).click();
  await expect(page).toHaveURL(/\/paiement\?deal=\d+$/);
}

test("@phone-only a family orders a wreath delivered to its funeral deal's scheduled ceremony, sees the confirmation and reaches the payment", async ({ page, request, baseURL }) => {
  const deal = await funeralDeal(request);
  await signIn(page, baseURL!);
  await orderWreath(page, baseURL!, deal, FR, true);
  await expect(page.getByText("Reste à payer")).toBeVisible();
});

test("@phone-only the same order to the ceremony in Arabic, right to left", async ({ page, request, baseURL }) => {
  const deal = await funeralDeal(request);
  const ar = new URL(baseURL!);
  ar.hostname = `ar.${ar.hostname}`;
  await signIn(page, ar.toString());
  await page.goto(new URL("/fleurs-obseques", ar).toString());
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await orderWreath(page, ar.toString(), deal, AR, false);
});

test("@phone-only the flower pictures are the product's own drawings, served from this site", async ({ page, baseURL }) => {
  await page.goto("/fleurs-obseques");
  const sources = await page.getByTestId("flower-card").locator("img").evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
  expect(sources.length).toBeGreaterThan(0);
  for (const src of sources) expect(src.startsWith(`${baseURL}/catalogue/fleurs/`)).toBe(true);
  const svg = await page.request.get(sources[0]!);
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
});
