import { expect, test, type APIRequestContext } from "@playwright/test";

// What a first visit downloads and sees before any JavaScript runs (issue 10, parts 1-2).
// The speed figures themselves come from `node scripts/lighthouse.mjs --runs 3`.

const LANDING_PAGES = [
  "/",
  "/pompes-funebres/lyon-69123",
  "/rapatriement-corps-pays/maroc",
  "/guides-obseques/rapatriement-de-corps/rapatrier-un-corps-a-l-etranger",
];

// Strings that survive minification: Redux's init action type and next-intl's error code.
const REDUX = "@@redux";
const MESSAGE_RUNTIME = "MISSING_MESSAGE";

async function scriptsOf(request: APIRequestContext, path: string): Promise<string[]> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
  expect(sources.length, path).toBeGreaterThan(0);
  return Promise.all(sources.map(async (src) => (await request.get(src)).text()));
}

test("a landing page's first load ships neither Redux nor the message runtime", async ({ request }) => {
  for (const path of LANDING_PAGES) {
    const scripts = await scriptsOf(request, path);
    expect(scripts.filter((code) => code.includes(REDUX)).length, `${path}: Redux`).toBe(0);
    expect(scripts.filter((code) => code.includes(MESSAGE_RUNTIME)).length, `${path}: next-intl client runtime`).toBe(0);
  }
});

test("the funnel's first question is in the server's HTML, so nothing moves when the page hydrates", async ({ request }) => {
  const html = await (await request.get("/devis-obseques/ceremonie")).text();
  expect(html).toMatch(/<h1 id="funnel-question"[^>]*>Le décès a-t-il eu lieu\s\?<\/h1>/);
  expect(html).toContain("Continuer");
});

test("a signed-in visitor still gets the account menu, loaded on demand", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Se connecter" }).first()).toBeAttached();
  await page.evaluate(() => {
    localStorage.setItem("paisible.auth-tokens", JSON.stringify({ "access-token": "t", client: "c", uid: "u", expiry: "1" }));
    localStorage.setItem("paisible.user", JSON.stringify({ user: { id: 1, firstname: "Marie" }, userType: "client" }));
  });
  // The stored tokens are not valid on this server: the menu loads, checks them and signs the visitor out.
  const validate = page.waitForResponse((response) => response.url().includes("/auth/validate_token"));
  await page.reload();
  expect((await validate).status()).toBe(401);
});
