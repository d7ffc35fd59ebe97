import { eq } from "drizzle-orm";
import { paths } from "@/config/paths";
import { escapeHtml } from "@/domain/escape-html";
import { planSplit, type PaymentSharesBody } from "@/domain/payments/payment-split";
import type { Db } from "@/server/db/client";
import { dealAbilities } from "@/server/db/schema/deals";
import { paymentShares } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { sendEmailOnce } from "@/server/jobs/deliveries";
import { enqueue } from "@/server/jobs/queue";
import type { AuthSession } from "@/server/services/auth-tokens";
import { dealBalance } from "@/server/services/payments/deal-payments";
import { dealShares, type PaymentShareView } from "@/server/services/payments/share-views";

/** Job: send one relative the link to pay their part of a deal. */
export const PAYMENT_SHARE_EMAIL_JOB = "payments.share_email";

/**
 * PUT …/deals/{id}/shares: the deal's owner splits what remains to pay between the deal's
 * holders (an empty list removes the split). Another holder gets 403, anyone else 404.
 * Each payer is sent their link through the job queue, in the same transaction.
 */
export async function setPaymentShares(db: Db, auth: AuthSession, dealId: number, body: PaymentSharesBody, now = new Date()): Promise<PaymentShareView[]> {
  if (auth.realm !== "client") throw notFoundError();
  await db.transaction(async (tx) => {
    const holders = await tx.select({ clientId: dealAbilities.clientId, role: dealAbilities.role }).from(dealAbilities).where(eq(dealAbilities.dealId, dealId));
    const mine = holders.find((h) => h.clientId === auth.userId);
    if (!mine) throw notFoundError();
    if (mine.role !== "owner") throw new ApiError(403, "forbidden");
    const balance = (await dealBalance(tx, dealId)).data;
    const plan = planSplit(balance.remaining_cents, body, new Set(holders.map((h) => h.clientId)));
    if (!plan.ok) throw new ApiError(422, plan.codes);
    await tx.delete(paymentShares).where(eq(paymentShares.dealId, dealId));
    if (plan.parts.length === 0) return;
    const inserted = await tx
      .insert(paymentShares)
      .values(plan.parts.map((part) => ({ dealId, payerClientId: part.clientId, amountCents: part.amountCents, share: part.share, createdById: auth.userId, createdAt: now, updatedAt: now })))
      .returning({ id: paymentShares.id, amountCents: paymentShares.amountCents });
    const jobs = inserted.filter((s) => s.amountCents > 0).map((s) => ({ kind: PAYMENT_SHARE_EMAIL_JOB, payload: { share_id: s.id }, idempotencyKey: `payment-share:${s.id}` }));
    if (jobs.length > 0) await enqueue(tx, jobs, now);
  });
  return dealShares(db, dealId);
}

const euros = (cents: number) => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);

/** Sends one payer their part and the link to /paiement for the deal, once per share (a new split sends anew). */
export async function deliverPaymentShareEmail(db: Db, shareId: number, mailer: Mailer, siteUrl: string): Promise<void> {
  const [row] = await db
    .select({ share: paymentShares, email: clients.email, firstname: clients.firstname })
    .from(paymentShares)
    .innerJoin(clients, eq(clients.id, paymentShares.payerClientId))
    .where(eq(paymentShares.id, shareId))
    .limit(1);
  // The split was changed since (this share is gone) or the payer has no address: nothing to send.
  if (!row?.email) return;
  const [owner] = row.share.createdById
    ? await db.select({ firstname: clients.firstname, lastname: clients.lastname }).from(clients).where(eq(clients.id, row.share.createdById))
    : [];
  const who = [owner?.firstname, owner?.lastname].filter(Boolean).join(" ") || "Un membre de votre famille";
  const link = `${siteUrl}${paths.dealPayment(row.share.dealId)}`;
  const greeting = row.firstname ? `Bonjour ${row.firstname},` : "Bonjour,";
  const summary = `${who} a réparti le règlement des obsèques (dossier n° ${row.share.dealId}) entre les proches. Votre part est de ${euros(row.share.amountCents)}.`;
  const how = "Vous pouvez la régler en ligne, par carte, en plusieurs fois ou par virement, une fois connecté à votre espace :";
  await sendEmailOnce(db, mailer, `payment-share:${row.share.id}`, async () => ({
    to: row.email!,
    subject: `Votre part des obsèques – dossier n° ${row.share.dealId}`,
    text: `${greeting}\n\n${summary}\n\n${how}\n${link}\n\nAvec toute notre sympathie,\nL'équipe Paisible`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(summary)}</p><p>${escapeHtml(how)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Avec toute notre sympathie,<br>L'équipe Paisible</p>`,
    locale: "fr",
    tag: "payment_share",
  }));
}
