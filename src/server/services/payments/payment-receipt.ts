import { eq } from "drizzle-orm";
import { OPERATOR } from "@/config/brand";
import { CAPTURED_STATES, type PaymentState } from "@/domain/payments/payment-machine";
import type { Db } from "@/server/db/client";
import { payments } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";
import { notFoundError } from "@/server/http/errors";
import { renderMarkdownPdf } from "@/server/integrations/pdf/markdown-pdf";
import type { AuthSession } from "@/server/services/auth-tokens";
import { mayReadDealPayments } from "@/server/services/payments/payment-access";
import { methodOf } from "@/server/services/payments/payment-view";
import { personName } from "@/domain/person-name";

const METHOD_LABELS = { card: "Carte bancaire", instalments: "Paiement en plusieurs fois (Alma)", bank_transfer: "Virement bancaire (Fintecture)" } as const;

const euros = (cents: number) => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100).replace(/\u202f|\u00a0/g, " ");
const day = (date: Date) => new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" }).format(date);
/** Markdown-safe text: a name typed by a family must not become formatting. */
const plain = (text: string) => text.replace(/[\\`*_[\]#<>|]/g, "\\$&");

/**
 * The receipt of a paid payment (PDF): amount, method, date, deal, payer, refunds, and
 * the operator's legal mentions in the footer. Only the deal's holders and advisors get
 * it; a payment not (yet) captured has no receipt (404).
 */
export async function paymentReceipt(db: Db, auth: AuthSession, paymentId: number): Promise<{ pdf: Buffer; filename: string }> {
  const [row] = await db
    .select({ payment: payments, firstname: clients.firstname, lastname: clients.lastname })
    .from(payments)
    .leftJoin(clients, eq(clients.id, payments.payerClientId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row || !(await mayReadDealPayments(db, auth, row.payment.dealId))) throw notFoundError();
  const payment = row.payment;
  if (!CAPTURED_STATES.includes(payment.status as PaymentState) || !payment.paidAt) throw notFoundError();
  const payer = personName(row);
  const lines = [
    `**Reçu n° ${payment.id}**`,
    "",
    `- Montant reçu : **${euros(payment.capturedCents)}** (TTC)`,
    `- Moyen de paiement : ${METHOD_LABELS[methodOf(payment.provider)]}${payment.plan ? ` — formule ${payment.plan}` : ""}`,
    `- Date du paiement : ${day(payment.paidAt)}`,
    `- Dossier : n° ${payment.dealId}`,
    ...(payer ? [`- Payé par : ${plain(payer)}`] : []),
    ...(payment.refundedCents > 0 ? [`- Remboursé depuis : ${euros(payment.refundedCents)} — reste acquis : ${euros(payment.capturedCents - payment.refundedCents)}`] : []),
    "",
    `Ce reçu atteste le paiement reçu par ${plain(OPERATOR.legalName)} au titre du devis du dossier ci-dessus. Il ne vaut pas facture : la facture détaillée est remise à la fin des prestations.`,
    "",
    "Aucune donnée de carte ou de compte bancaire n'est conservée par nos services : le paiement a été saisi sur la page sécurisée du prestataire de paiement.",
  ];
  const pdf = await renderMarkdownPdf({ title: "Reçu de paiement", description: `Paiement n° ${payment.id}`, markdown: lines.join("\n"), lang: "fr-FR" });
  return { pdf, filename: `recu-paiement-${payment.id}.pdf` };
}
