import SEPA from "sepa";
import { OPERATOR, OPERATOR_BANK_ACCOUNT } from "@/config/brand";
import { ApiError } from "@/server/http/errors";
import type { Db } from "@/server/db/client";
import { pendingPayments } from "@/server/services/invoices/entity-invoices";

/**
 * The SEPA credit-transfer file (ISO 20022 pain.001.001.09, the 2019 message the EPC SCT
 * rulebook moved to in November 2025) paying a period's pending invoices, made with the `sepa`
 * package. One transaction per partner account: its pending invoices and credit notes are
 * netted, the remittance information lists their numbers; an account whose net is not
 * positive is left out (nothing to pay).
 */

export const PAIN_FORMAT = "pain.001.001.09";

/** SEPA's restricted Latin character set: accents dropped, anything else a space, cut to the field's length. */
export function sepaText(value: string, max: number): string {
  const plain = value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return plain.slice(0, max).trim();
}

export interface TransferFile {
  xml: string;
  count: number;
  totalCents: number;
}

export async function transferFile(db: Db, period: { from?: string | undefined; to?: string | undefined }, now: Date): Promise<TransferFile> {
  const pending = await pendingPayments(db, period);
  const missing = pending.filter((invoice) => !invoice.payee_iban);
  if (missing.length > 0) throw new ApiError(422, "entity_invoice__payee_iban__missing");
  const byAccount = new Map<string, { name: string; iban: string; bic: string | null; cents: number; numbers: string[] }>();
  for (const invoice of pending) {
    const key = `${invoice.entity.type}:${invoice.entity.id}:${invoice.payee_iban}`;
    const entry = byAccount.get(key) ?? { name: invoice.entity.name, iban: invoice.payee_iban!, bic: invoice.payee_bic, cents: 0, numbers: [] };
    entry.cents += invoice.cost_tax_incl;
    entry.numbers.push(invoice.number!);
    byAccount.set(key, entry);
  }
  const payable = [...byAccount.values()].filter((entry) => entry.cents > 0);
  if (payable.length === 0) throw new ApiError(422, "entity_invoice__transfer__empty");

  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  const doc = new SEPA.Document(PAIN_FORMAT);
  doc.grpHdr.id = `PSB-${stamp}`;
  doc.grpHdr.created = now;
  doc.grpHdr.initiatorName = sepaText(OPERATOR_BANK_ACCOUNT.demo ? `${OPERATOR.legalName} DEMO` : OPERATOR.legalName, 70);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = now;
  info.debtorIBAN = OPERATOR_BANK_ACCOUNT.iban;
  info.debtorBIC = OPERATOR_BANK_ACCOUNT.bic;
  info.debtorName = sepaText(OPERATOR.legalName, 70);
  doc.addPaymentInfo(info);
  payable.forEach((entry, index) => {
    const tx = info.createTransaction();
    tx.creditorName = sepaText(entry.name, 70) || "Partenaire";
    tx.creditorIBAN = entry.iban;
    if (entry.bic) tx.creditorBIC = entry.bic;
    // Cents to euros once, at the edge the library needs; every sum above stays in integers.
    tx.amount = entry.cents / 100;
    tx.remittanceInfo = sepaText(`Factures ${entry.numbers.join(" ")}`, 140);
    tx.end2endId = `PSB-${stamp}-${index + 1}`;
    info.addTransaction(tx);
  });
  return { xml: doc.toString(), count: payable.length, totalCents: payable.reduce((sum, entry) => sum + entry.cents, 0) };
}
