import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { escapeHtml } from "@/domain/escape-html";
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
export const SANDBOX_BANKS: Readonly<Record<string, { name: string; outcome: "captured" | "pending" }>> = {
  "sandbox-instant": { name: "Banque Sandbox (virement instantané)", outcome: "captured" },
  "sandbox-standard": { name: "Banque Sandbox (virement standard, en cours)", outcome: "pending" },
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

/** Nothing but this page's own style block and forms posting to itself. */
export const SANDBOX_PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const euros = (cents: number) => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);

type Row = typeof paymentSandboxCheckouts.$inferSelect;

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><p><span class="badge">Sandbox</span> Prestataire de paiement simulé : aucun vrai paiement.</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": SANDBOX_PAGE_CSP, "cache-control": "no-store", "referrer-policy": "no-referrer", "x-frame-options": "DENY" },
  });
}

const TITLES: Record<PaymentProviderName, string> = { worldline: "Paiement par carte", alma: "Paiement en plusieurs fois", fintecture: "Virement bancaire" };

function monthsLater(months: number): string {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

function formFor(row: Row, error?: string): string {
  const err = error ? `<p class="error" role="alert" id="form-error">${escapeHtml(error)}</p>` : "";
  const described = error ? ' aria-describedby="form-error"' : "";
  const amount = `<p>Montant : <strong>${euros(row.amountCents)}</strong></p>`;
  const cancel = `<button class="secondary" name="action" value="cancel">Annuler et revenir</button>`;
  if (row.provider === "worldline") {
    return `${amount}${err}<form method="post"><label for="card">Numéro de carte</label><input id="card" name="card_number" inputmode="numeric" autocomplete="off" required${described}>
<label for="exp">Expiration (MM/AA)</label><input id="exp" name="expiry" autocomplete="off" required placeholder="12/30">
<label for="cvc">Cryptogramme</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="off" required>
<button name="action" value="pay">Payer ${euros(row.amountCents)}</button>${cancel}</form>
<h2>Cartes de test</h2><ul><li><code>4242 4242 4242 4242</code> : paiement accepté</li><li><code>5555 5555 5555 4444</code> : paiement accepté</li><li><code>4000 0000 0000 0002</code> : paiement refusé</li></ul>`;
  }
  if (row.provider === "alma") {
    const count = row.plan?.startsWith("p") ? Number(row.plan.slice(1, -1)) : 1;
    const part = Math.floor(row.amountCents / count);
    const rows = Array.from({ length: count }, (_, i) => `<tr><td>${i === 0 && !row.plan?.startsWith("d") ? "Aujourd'hui" : escapeHtml(row.plan?.startsWith("d") ? monthsLater(1) : monthsLater(i))}</td><td>${euros(i === 0 ? row.amountCents - part * (count - 1) : part)}</td></tr>`).join("");
    return `${amount}${err}<table><caption>Échéancier</caption><thead><tr><th scope="col">Date</th><th scope="col">Montant</th></tr></thead><tbody>${rows}</tbody></table><p>Frais : 0 €</p>
<form method="post"><button name="action" value="accept">Accepter l'échéancier</button><button class="secondary" name="action" value="refuse">Simuler un refus</button>${cancel}</form>`;
  }
  if (row.status === "pending") {
    return `${amount}<p>Votre virement est en cours de traitement par la banque.</p><form method="post"><button name="action" value="settle">Simuler l'arrivée des fonds</button><button class="secondary" name="action" value="reject">Simuler un rejet</button></form>`;
  }
  const banks = Object.entries(SANDBOX_BANKS)
    .map(([id, bank]) => `<option value="${escapeHtml(id)}">${escapeHtml(bank.name)}</option>`)
    .join("");
  return `${amount}${err}<form method="post"><label for="bank">Votre banque</label><select id="bank" name="bank" required${described}>${banks}</select><button name="action" value="pay">Payer par virement</button>${cancel}</form>`;
}

async function load(db: Db, provider: string, id: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(paymentSandboxCheckouts)
    .where(and(eq(paymentSandboxCheckouts.id, id), eq(paymentSandboxCheckouts.provider, provider)))
    .limit(1);
  return row ?? null;
}

/** GET /sandbox-psp/{provider}/{id} – the hosted page. */
export async function renderSandboxPage(db: Db, provider: string, id: string): Promise<Response> {
  const row = await load(db, provider, id);
  if (!row) return page("Paiement introuvable", "<p>Ce lien de paiement n'existe pas ou a expiré.</p>", 404);
  const name = row.provider as PaymentProviderName;
  if (row.status !== "created" && !(name === "fintecture" && row.status === "pending")) return returnTo(row);
  return page(TITLES[name], formFor(row));
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

type Decision = { status: Row["status"]; bank?: string } | { error: string };

function decide(row: Row, form: FormData): Decision {
  const action = String(form.get("action") ?? "");
  if (action === "cancel" && row.status === "created") return { status: "cancelled" };
  if (row.provider === "worldline" && action === "pay") {
    const digits = String(form.get("card_number") ?? "").replace(/[\s-]/g, "");
    const outcome = SANDBOX_TEST_CARDS[digits];
    if (!outcome) return { error: "Seules les cartes de test ci-dessous sont acceptées par la sandbox." };
    if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(String(form.get("expiry") ?? "").trim())) return { error: "Date d'expiration invalide (MM/AA)." };
    if (!/^\d{3,4}$/.test(String(form.get("cvc") ?? "").trim())) return { error: "Cryptogramme invalide (3 ou 4 chiffres)." };
    return { status: outcome };
  }
  if (row.provider === "alma" && (action === "accept" || action === "refuse")) return { status: action === "accept" ? "captured" : "failed" };
  if (row.provider === "fintecture") {
    if (action === "pay" && row.status === "created") {
      const bank = String(form.get("bank") ?? "");
      const chosen = SANDBOX_BANKS[bank];
      return chosen ? { status: chosen.outcome, bank } : { error: "Choisissez votre banque." };
    }
    if ((action === "settle" || action === "reject") && row.status === "pending") return { status: action === "settle" ? "captured" : "failed" };
  }
  return { error: "Action inconnue." };
}

/** POST /sandbox-psp/{provider}/{id} – the payer's choice on the hosted page. */
export async function submitSandboxPage(db: Db, provider: string, id: string, form: FormData): Promise<Response> {
  const row = await load(db, provider, id);
  if (!row) return page("Paiement introuvable", "<p>Ce lien de paiement n'existe pas ou a expiré.</p>", 404);
  const decision = decide(row, form);
  if ("error" in decision) return page(TITLES[row.provider as PaymentProviderName], formFor(row, decision.error), 422);
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
