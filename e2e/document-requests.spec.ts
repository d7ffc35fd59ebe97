import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/**
 * /documents/sms/{id} (SPEC §2): a relative opens the link of the SMS on a phone, sees
 * first names only, proves the code read from the SMS outbox, and sends a photo. The
 * family side goes through the API: the owner creates a procedure and asks for documents.
 */

const FAMILY = { email: "client@demo.test", password: "Demo-password-2026" };
const PHONE = "06 98 76 54 32";

async function ownerHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const signIn = await request.post("/api/v1/auth/sign_in", { data: FAMILY });
  expect(signIn.status()).toBe(200);
  const h = signIn.headers();
  return { "access-token": h["access-token"]!, client: h.client!, uid: h.uid!, "token-type": "Bearer" };
}

/** A new request for two documents; the SMS link's path and code, read from the development SMS outbox. */
async function requestDocuments(request: APIRequestContext, locale = "fr"): Promise<{ path: string; code: string }> {
  const headers = await ownerHeaders(request);
  const procedure = await request.post("/api/v1/client/administrative_procedures", {
    headers,
    data: { firstname: "Henri", lastname: "Martin", birth_location: "Villeurbanne", birth_postal_code: "69100", birth_country_code: "fr", death_date: "2026-10-02", defunct_family_link: "child" },
  });
  expect(procedure.status()).toBe(201);
  const id = ((await procedure.json()) as { data: { id: number } }).data.id;
  const created = await request.post(`/api/v1/administrative_procedures/${id}/document_requests`, {
    headers,
    data: {
      recipient_firstname: "Sophie",
      phone: PHONE,
      locale,
      message: "Merci pour ton aide avec la banque.",
      items: [
        { document_type: "identity_card", action: "provide" },
        { document_type: "power_of_attorney", action: "sign" },
      ],
    },
  });
  expect(created.status()).toBe(201);
  let text = "";
  await expect
    .poll(async () => {
      const outbox = await request.get(`/api/dev/sms-outbox?to=${encodeURIComponent(PHONE.replace(/\s/g, ""))}&limit=1`);
      const newest = ((await outbox.json()) as { data: { text: string; created_at: string }[] }).data[0];
      text = newest?.text ?? "";
      return newest ? Date.now() - new Date(newest.created_at).getTime() < 30_000 && text.includes(locale === "fr" ? "Sophie" : "Sophie") : false;
    })
    .toBe(true);
  const link = /https?:\/\/[^\s/]+(\/documents\/sms\/[A-Za-z0-9_-]{43})/.exec(text);
  const code = /\b(\d{6})\b/.exec(text);
  expect(link && code).toBeTruthy();
  return { path: link![1]!, code: code![1]! };
}

/** Serious or critical WCAG 2.1 A/AA violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// A 1×1 PNG, as a phone's camera would hand over a picture.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("the relative proves the code from the SMS and sends a photo @phone", async ({ page, request }) => {
  const { path, code } = await requestDocuments(request);
  const response = await page.goto(path);
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'self'");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  await expect(page.getByRole("heading", { level: 1, name: "Bonjour Sophie," })).toBeVisible();
  await expect(page.getByText("Marie vous demande 2 documents")).toBeVisible();
  // Nothing of the file before the code.
  await expect(page.getByText("Henri")).toHaveCount(0);
  await expect(page.getByText("Merci pour ton aide")).toHaveCount(0);

  const field = page.getByLabel("Code à 6 chiffres reçu par SMS");
  expect(await seriousViolations(page)).toEqual([]);
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await expect(field).toHaveAttribute("inputmode", "numeric");
  const wrong = code === "000000" ? "111111" : "000000";
  await field.fill(wrong);
  await page.getByRole("button", { name: "Voir les documents" }).click();
  await expect(page.getByText("Ce code ne correspond pas.")).toBeVisible();
  await expect(field).toHaveValue(wrong);
  await expect(field).toBeFocused();

  await field.fill(code);
  await page.getByRole("button", { name: "Voir les documents" }).click();
  await expect(page.getByRole("heading", { name: "Documents demandés" })).toBeVisible();
  await expect(page.getByText("Merci pour ton aide avec la banque.")).toBeVisible();
  const items = page.getByRole("region", { name: "Documents demandés" }).getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("En attente");

  await items.first().locator('input[type="file"]:not([capture])').setInputFiles({ name: "carte.png", mimeType: "image/png", buffer: PNG });
  await expect(items.first()).toContainText("Reçu");
  await expect(items.first()).toContainText("Document bien reçu, merci.");
  expect(await seriousViolations(page)).toEqual([]);
  // The camera button opens the camera directly (photos only); the other takes files too.
  await expect(items.nth(1).locator("input[capture]")).toHaveAttribute("accept", "image/*");
  await expect(items.nth(1).locator('input[type="file"]:not([capture])')).toHaveAttribute("accept", "image/*,application/pdf");

  // Reloading keeps this tab's proof.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Documents demandés" })).toBeVisible();
});

test("an unknown link says so, in words @phone", async ({ page }) => {
  await page.goto(`/documents/sms/${"x".repeat(43)}`);
  await expect(page.getByText("Lien introuvable")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the Arabic page reads right to left", async ({ page, request, baseURL }) => {
  const { path } = await requestDocuments(request, "ar");
  const url = new URL(path, baseURL);
  url.hostname = `ar.${url.hostname}`;
  await page.goto(url.toString());
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByLabel("الرمز المكوّن من 6 أرقام الوارد في الرسالة القصيرة")).toBeVisible();
});
