import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { escapeHtml } from "@/domain/escape-html";
import { DEFAULT_LOCALE, directionOf, localeOrDefault, type Locale } from "@/domain/locales";
import { isolatedMoney, paymentDay } from "@/domain/payments/payment-format";
import { loadMessages } from "@/i18n/load-messages";
import type { PaymentProviderName } from "@/domain/payments/payment-methods";
import type { Db } from "@/server/db/client";
import { paymentSandboxCheckouts } from "@/server/db/schema/payment-sandbox";
import { redirectPayload, sign, signWebhook, SANDBOX_SIGNATURE_HEADER } from "@/server/integrations/payments/sandbox/sandbox-signature";

/**
 * The sandbox acting as the provider: its hosted pages (card form, instalment schedule,
 * bank choice), served by app/sandbox-psp/… outside the product's API. A card number
 * typed here is compared with the published test numbers and dropped: it is never
 * stored, logged or sent on, and any other number is refused, so no real card is ever
 * taken. After the payer's choice the sandbox does what the provider does: it sends the
 * payer back with a signed redirect and notifies the product server to server (signed
 * webhook).
 */

/** Published test cards: the outcome each gives. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, "captured" | "failed">> = {
  "4242424242424242": "captured",
  "5555555555554444": "captured",
  "4000000000000002": "failed",
};

/** Banks of the sandbox's bank choice: one settles at once, one leaves the transfer pending. */
export const SANDBOX_BANKS: Readonly<Record<string, { label: "instant" | "standard"; outcome: "captured" | "pending" }>> = {
  "sandbox-instant": { label: "instant", outcome: "captured" },
  "sandbox-standard": { label: "standard", outcome: "pending" },
};

/** The query parameter each provider names its id with when it sends the payer back. */
export const RETURN_ID_PARAM: Record<PaymentProviderName, string> = { worldline: "hosted_checkout_id", alma: "pid", fintecture: "session_id" };

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f1ea;color:#1f2933}main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.badge{display:inline-block;background:#7c2d12;color:#fff;border-radius:.25rem;padding:0 .5rem;font-size:.875rem}label{display:block;margin-top:1rem;font-weight:600}
input,select{width:100%;box-sizing:border-box;font:inherit;padding:.625rem;border:1px solid #52606d;border-radius:.375rem;background:#fff}
button{margin-top:1.25rem;width:100%;font:inherit;font-weight:600;padding:.75rem;border-radius:.375rem;border:2px solid #1f2933;background:#1f2933;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f2933}table{width:100%;border-collapse:collapse}td,th{padding:.375rem;border-bottom:1px solid #cbd2d9;text-align:start}
.error{color:#9b1c1c;font-weight:600}code{background:#fff;padding:0 .25rem}`;
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

/**
 * Nothing but this page's own style block and forms posting to itself. The form's answer
 * redirects the payer back to the product, on the host of their language: browsers hold
 * that redirect to form-action too, so the return URL's origin is allowed beside 'self'.
 */
export function sandboxPageCsp(returnUrl?: string): string {
  const back = returnUrl ? new URL(returnUrl).origin : null;
  return `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'${back ? ` ${back}` : ""}; frame-ancestors 'none'; base-uri 'none'`;
}

type Row = typeof paymentSandboxCheckouts.$inferSelect;

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The sandbox's pages speak the language of the page that sent the payer there (the
 * checkout passes it on as `?lang=`, as real hosted pages take a locale), right to left
 * for Arabic and Hebrew; amounts and dates keep Latin digits as in the product.
 */
interface SandboxText {
  locale: Locale;
  t: Translate;
  euros: (cents: number) => string;
}

async function sandboxText(lang: string | null | undefined): Promise<SandboxText> {
  const locale = localeOrDefault(lang ?? DEFAULT_LOCALE);
  // Messages are loaded at run time, so their keys are unknown to the type checker.
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "PaymentSandbox" }) as unknown as Translate;
  return { locale, t, euros: (cents) => isolatedMoney(cents, locale) };
}

function page(text: SandboxText, title: string, body: string, status = 200, returnUrl?: string): Response {
  const { locale, t } = text;
  const html = `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><p><span class="badge">${escapeHtml(t("badge"))}</span> ${escapeHtml(t("notice"))}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": sandboxPageCsp(returnUrl), "cache-control": "no-store", "referrer-policy": "no-referrer", "x-frame-options": "DENY" },
  });
}

function monthsLater(months: number): Date {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** Test card numbers in groups of four, kept left to right whatever the page's direction. */
const cardCode = (digits: string) => `<code dir="ltr">${digits.replace(/(\d{4})(?=\d)/g, "$1 ")}</code>`;

function formFor(text: SandboxText, row: Row, error?: string): string {
  const { t, euros, locale } = text;
  const h = (key: string, values?: Record<string, string>) => escapeHtml(t(key, values));
  const err = error ? `<p class="error" role="alert" id="form-error">${h(`errors.${error}`)}</p>` : "";
  const described = error ? ' aria-describedby="form-error"' : "";
  const amount = `<p>${h("amount", { amount: euros(row.amountCents) })}</p>`;
  const cancel = `<button class="secondary" name="action" value="cancel">${h("cancel")}</button>`;
  if (row.provider === "worldline") {
    const cards = Object.entries(SANDBOX_TEST_CARDS)
      .map(([digits, outcome]) => `<li>${cardCode(digits)} ${h(outcome === "captured" ? "cardAccepted" : "cardRefused")}</li>`)
      .join("");
    return `${amount}${err}<form method="post"><label for="card">${h("cardNumber")}</label><input id="card" name="card_number" inputmode="numeric" autocomplete="off" dir="ltr" required${described}>
<label for="exp">${h("expiry")}</label><input id="exp" name="expiry" autocomplete="off" dir="ltr" required placeholder="12/30">
<label for="cvc">${h("cvc")}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="off" dir="ltr" required>
<button name="action" value="pay">${h("pay", { amount: euros(row.amountCents) })}</button>${cancel}</form>
<h2>${h("testCards")}</h2><ul>${cards}</ul>`;
  }
  if (row.provider === "alma") {
    const deferred = row.plan?.startsWith("d") ?? false;
    const count = row.plan?.startsWith("p") ? Number(row.plan.slice(1, -1)) : 1;
    const part = Math.floor(row.amountCents / count);
    const when = (i: number) => (i === 0 && !deferred ? h("today") : escapeHtml(paymentDay(deferred ? monthsLater(1) : monthsLater(i), locale)));
    const rows = Array.from({ length: count }, (_, i) => `<tr><td>${when(i)}</td><td>${euros(i === 0 ? row.amountCents - part * (count - 1) : part)}</td></tr>`).join("");
    return `${amount}${err}<table><caption>${h("schedule")}</caption><thead><tr><th scope="col">${h("date")}</th><th scope="col">${h("amountColumn")}</th></tr></thead><tbody>${rows}</tbody></table><p>${h("fees", { amount: euros(0) })}</p>
<form method="post"><button name="action" value="accept">${h("accept")}</button><button class="secondary" name="action" value="refuse">${h("refuse")}</button>${cancel}</form>`;
  }
  if (row.status === "pending") {
    return `${amount}<p>${h("transferPending")}</p><form method="post"><button name="action" value="settle">${h("settle")}</button><button class="secondary" name="action" value="reject">${h("reject")}</button></form>`;
  }
  const banks = Object.entries(SANDBOX_BANKS)
    .map(([id, bank]) => `<option value="${escapeHtml(id)}">${h(`banks.${bank.label}`)}</option>`)
    .join("");
  return `${amount}${err}<form method="post"><label for="bank">${h("bank")}</label><select id="bank" name="bank" required${described}>${banks}</select><button name="action" value="pay">${h("payByTransfer")}</button>${cancel}</form>`;
}

const title = (text: SandboxText, provider: string) => text.t(`titles.${provider}`);
const notFound = (text: SandboxText) => page(text, text.t("notFoundTitle"), `<p>${escapeHtml(text.t("notFoundText"))}</p>`, 404);

async function load(db: Db, provider: string, id: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(paymentSandboxCheckouts)
    .where(and(eq(paymentSandboxCheckouts.id, id), eq(paymentSandboxCheckouts.provider, provider)))
    .limit(1);
  return row ?? null;
}

/** GET /sandbox-psp/{provider}/{id}?lang= – the hosted page, in the payer's language. */
export async function renderSandboxPage(db: Db, provider: string, id: string, lang?: string | null): Promise<Response> {
  const text = await sandboxText(lang);
  const row = await load(db, provider, id);
  if (!row) return notFound(text);
  const name = row.provider as PaymentProviderName;
  if (row.status !== "created" && !(name === "fintecture" && row.status === "pending")) return returnTo(row);
  return page(text, title(text, name), formFor(text, row), 200, row.returnUrl);
}

/** Where the sandbox sends the payer back: the return URL with the id and the redirect's signature. */
export function signedReturnUrl(row: Pick<Row, "provider" | "id" | "returnUrl">): string {
  const url = new URL(row.returnUrl);
  const provider = row.provider as PaymentProviderName;
  url.searchParams.set(RETURN_ID_PARAM[provider], row.id);
  url.searchParams.set("signature", sign(redirectPayload(provider, row.id)));
  return url.toString();
}

function returnTo(row: Row): Response {
  return new Response(null, { status: 303, headers: { location: signedReturnUrl(row), "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

/** The notification the provider would send: its body, and the signed headers. */
export function sandboxWebhook(row: Pick<Row, "provider" | "id" | "status" | "bank">, now = new Date()): { body: string; headers: Record<string, string> } {
  const provider = row.provider as PaymentProviderName;
  const body = JSON.stringify(provider === "fintecture" ? { session_id: row.id, provider: row.bank ?? "", status: row.status } : { [RETURN_ID_PARAM[provider]]: row.id, status: row.status });
  return { body, headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signWebhook(body, now) } };
}

/** How the sandbox delivers a notification: fetch by default; tests deliver into the app under test. */
export type SandboxNotifier = (url: string, init: { method: "GET" | "POST"; headers?: Record<string, string>; body?: string }) => Promise<unknown>;
const fetchNotifier: SandboxNotifier = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
let notifier: SandboxNotifier = fetchNotifier;

export function setSandboxNotifier(next: SandboxNotifier | null): void {
  notifier = next ?? fetchNotifier;
}

/** Sends the webhook; a lost one is caught up by the reconciliation job. */
async function notify(row: Row): Promise<void> {
  const { body, headers } = sandboxWebhook(row);
  const provider = row.provider as PaymentProviderName;
  try {
    if (provider === "alma") {
      // Alma's IPN is a GET of the callback with the payment id.
      const url = new URL(row.notifyUrl);
      url.searchParams.set("pid", row.id);
      url.searchParams.set("signature", sign(redirectPayload(provider, row.id)));
      await notifier(url.toString(), { method: "GET" });
    } else {
      await notifier(row.notifyUrl, { method: "POST", headers, body });
    }
  } catch {
    console.warn(`[payment-sandbox] ${provider} notification not delivered; reconciliation will fetch the status`);
  }
}

/** A refusal names its message in PaymentSandbox.errors. */
type Decision = { status: Row["status"]; bank?: string } | { error: "testCardsOnly" | "expiryInvalid" | "cvcInvalid" | "chooseBank" | "unknownAction" };

function decide(row: Row, form: FormData): Decision {
  const action = String(form.get("action") ?? "");
  if (action === "cancel" && row.status === "created") return { status: "cancelled" };
  if (row.provider === "worldline" && action === "pay") {
    const digits = String(form.get("card_number") ?? "").replace(/[\s-]/g, "");
    const outcome = SANDBOX_TEST_CARDS[digits];
    if (!outcome) return { error: "testCardsOnly" };
    if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(String(form.get("expiry") ?? "").trim())) return { error: "expiryInvalid" };
    if (!/^\d{3,4}$/.test(String(form.get("cvc") ?? "").trim())) return { error: "cvcInvalid" };
    return { status: outcome };
  }
  if (row.provider === "alma" && (action === "accept" || action === "refuse")) return { status: action === "accept" ? "captured" : "failed" };
  if (row.provider === "fintecture") {
    if (action === "pay" && row.status === "created") {
      const bank = String(form.get("bank") ?? "");
      const chosen = SANDBOX_BANKS[bank];
      return chosen ? { status: chosen.outcome, bank } : { error: "chooseBank" };
    }
    if ((action === "settle" || action === "reject") && row.status === "pending") return { status: action === "settle" ? "captured" : "failed" };
  }
  return { error: "unknownAction" };
}

/** POST /sandbox-psp/{provider}/{id}?lang= – the payer's choice on the hosted page. */
export async function submitSandboxPage(db: Db, provider: string, id: string, form: FormData, lang?: string | null): Promise<Response> {
  const row = await load(db, provider, id);
  if (!row) return notFound(await sandboxText(lang));
  const decision = decide(row, form);
  if ("error" in decision) {
    const text = await sandboxText(lang);
    return page(text, title(text, row.provider), formFor(text, row, decision.error), 422, row.returnUrl);
  }
  // Only from an open state: a second submission (double click, back button) changes nothing.
  const [updated] = await db
    .update(paymentSandboxCheckouts)
    .set({ status: decision.status, ...(decision.bank ? { bank: decision.bank } : {}) })
    .where(and(eq(paymentSandboxCheckouts.id, row.id), inArray(paymentSandboxCheckouts.status, row.status === "pending" ? ["pending"] : ["created"])))
    .returning();
  const current = updated ?? (await load(db, provider, id))!;
  if (updated) await notify(updated);
  return returnTo(current);
}
