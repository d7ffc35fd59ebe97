import { expect, test, type Page } from "@playwright/test";
import { PARAMETERLESS_PAGES } from "./public-pages";

/**
 * Security headers on every kind of answer (a public page, a signed-in page, an API
 * answer, a PDF), and pages that run under their Content-Security-Policy without a
 * single violation: Next.js's inline scripts, hydration, the funnel, sign-in.
 */

const DEMO_PASSWORD = "Demo-password-2026";

function expectFixedHeaders(headers: Record<string, string>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // Served over http here: no HSTS (browsers ignore it there, and it must not leak into plain-http set-ups).
  expect(headers["strict-transport-security"]).toBeUndefined();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  // The internal header carrying the policy template never leaves the server.
  expect(headers["x-paisible-page-csp"]).toBeUndefined();
}

/** script-src of a page policy: its own origin and hashes, never 'unsafe-inline' nor 'unsafe-eval'. */
function expectPagePolicy(response: { headers(): Record<string, string> } | null) {
  const headers = response!.headers();
  expectFixedHeaders(headers);
  const policy = headers["content-security-policy"]!;
  const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
  expect(scriptSrc).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
  expect(policy).not.toContain("unsafe-eval");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  return policy;
}

/** Collects every CSP violation the page reports, from its very first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname} (${event.sample})`,
      );
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("a public page, its cached copy and a signed-in page carry the headers and run without a CSP violation", async ({ page }) => {
  const violations = await watchViolations(page);

  // Twice: the second answer comes from server.mjs's page cache and must carry the same policy.
  const first = await page.goto("/");
  const policy = expectPagePolicy(first);
  await expect(page.getByRole("banner")).toBeVisible();
  const again = await page.goto("/");
  expect(again!.headers()["content-security-policy"]).toBe(policy);

  // The funnel hydrates and answers under the policy.
  await page.goto("/devis-obseques/ceremonie");
  await page.waitForLoadState("networkidle");
  await page.goto("/guides-obseques");
  await page.waitForLoadState("networkidle");

  // Sign-in (the strict policy: no data: images, no other origin to call) and a signed-in page.
  const login = await page.goto("/me-connecter?retour=%2Fapp%2Fmon-compte");
  expect(expectPagePolicy(login)).toContain("img-src 'self';");
  await page.getByLabel("Adresse e-mail").fill("client@demo.test");
  await page.getByLabel(/^Mot de passe\*?$/).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/app\/mon-compte$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bonjour Marie" })).toBeVisible();
  const account = await page.reload();
  expectPagePolicy(account);
  await expect(page.getByRole("heading", { level: 1, name: "Bonjour Marie" })).toBeVisible();

  expect(violations).toEqual([]);
});

test("every parameterless public page, in French and in Arabic, runs under its policy without a violation", async ({ page, baseURL }) => {
  const violations = await watchViolations(page);
  const arabic = new URL(baseURL!);
  arabic.hostname = `ar.${arabic.hostname}`;
  for (const path of [...PARAMETERLESS_PAGES, `${arabic.origin}/`, `${arabic.origin}/devis-obseques/ceremonie`]) {
    const response = await page.goto(path, { waitUntil: "networkidle" });
    expect(response!.status(), path).toBeLessThan(400);
    expectPagePolicy(response);
  }
  expect(violations).toEqual([]);
});

test("API answers and PDFs carry the headers and a policy that lets nothing run", async ({ request }) => {
  for (const path of ["/api/v1/health", "/api/v1/this-does-not-exist", "/documents/legal/mentions-legales.pdf"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expectFixedHeaders(headers);
    expect(headers["content-security-policy"], path).toContain("default-src 'none'");
  }
  const pdf = await request.get("/documents/legal/mentions-legales.pdf");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  // One copy of each header, not Next's and the API's side by side.
  const api = await request.get("/api/v1/health");
  expect(api.headersArray().filter((h) => h.name.toLowerCase() === "x-frame-options")).toHaveLength(1);
});

test("the development outbox answers a browser on this machine, with a policy for its own page", async ({ request }) => {
  const response = await request.get("/api/dev/outbox", { headers: { accept: "text/html" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-security-policy"]).toContain("style-src 'unsafe-inline'");
  // Claiming to be someone else does not change who the connection is.
  const relayed = await request.get("/api/dev/outbox", { headers: { "x-forwarded-for": "203.0.113.7", "x-paisible-peer-address": "127.0.0.1" } });
  expect(relayed.status()).toBe(404);
});
