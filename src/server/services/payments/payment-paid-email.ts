import { eq } from "drizzle-orm";
import { escapeHtml } from "@/domain/escape-html";
import type { Db } from "@/server/db/client";
import { payments } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { sendEmailOnce } from "@/server/jobs/deliveries";
import { methodOf } from "@/server/services/payments/payment-view";

/** Job: tell the payer their payment was received, with the link to its receipt. */
export const PAYMENT_PAID_EMAIL_JOB = "payments.paid_email";

const METHODS = { card: "carte bancaire", instalments: "paiement en plusieurs fois", bank_transfer: "virement bancaire" } as const;
const euros = (cents: number) => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);

/** Sends the e-mail once per payment (the delivery key), whatever the job's retries. */
export async function deliverPaymentPaidEmail(db: Db, paymentId: number, mailer: Mailer, siteUrl: string): Promise<void> {
  const [row] = await db
    .select({ payment: payments, email: clients.email, firstname: clients.firstname })
    .from(payments)
    .leftJoin(clients, eq(clients.id, payments.payerClientId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  // No payer address (an advisor's client without e-mail): nothing to send, nothing to retry.
  if (!row?.email || !row.payment.paidAt) return;
  const { payment } = row;
  const link = `${siteUrl}/paiement/confirmation/${payment.id}`;
  const greeting = row.firstname ? `Bonjour ${row.firstname},` : "Bonjour,";
  const summary = `Nous avons bien reçu votre paiement de ${euros(payment.capturedCents)} par ${METHODS[methodOf(payment.provider)]} pour le dossier n° ${payment.dealId}.`;
  const receipt = "Votre reçu est disponible sur la page de confirmation, une fois connecté à votre espace :";
  await sendEmailOnce(db, mailer, `payment-paid:${payment.id}`, async () => ({
    to: row.email!,
    subject: `Paiement reçu – dossier n° ${payment.dealId}`,
    text: `${greeting}\n\n${summary}\n\n${receipt}\n${link}\n\nAvec toute notre sympathie,\nL'équipe Paisible`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(summary)}</p><p>${escapeHtml(receipt)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Avec toute notre sympathie,<br>L'équipe Paisible</p>`,
    locale: "fr",
    tag: "payment_paid",
  }));
}
