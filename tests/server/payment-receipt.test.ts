import { describe, expect, it } from "vitest";
import { receiptLocales, renderPaymentReceipt } from "@/server/services/payments/payment-receipt";
import type { PaymentRow } from "@/server/services/payments/payment-view";
import { pdfText, pdfTitle, pdfUnicodeTextRuns } from "./integrations/pdf/pdf-text";

const paid: PaymentRow = {
  id: 41,
  dealId: 7,
  payerClientId: 3,
  provider: "worldline",
  status: "partially_refunded",
  amountCents: 123_456,
  capturedCents: 123_456,
  refundedCents: 10_000,
  currency: "EUR",
  countryCode: "fr",
  plan: null,
  externalId: "hc_1",
  redirectUrl: null,
  failureCode: null,
  paidAt: new Date("2026-03-12T10:00:00Z"),
  createdAt: new Date("2026-03-12T09:58:00Z"),
  updatedAt: new Date("2026-03-12T10:00:00Z"),
} as PaymentRow;

/** The receipt's text as a reader sees it, spaces of every kind made plain. */
async function receipt(locale: string, payment: PaymentRow = paid) {
  const { pdf } = await renderPaymentReceipt(payment, "Lucie Bernard", locale);
  return { text: pdfText(pdf).replace(/[\s\u00a0\u202f]+/g, " "), title: pdfTitle(pdf) };
}

describe("the payment receipt in the payer's language", () => {
  it("is printed in the languages the PDF fonts draw, else in French and English", () => {
    expect(["fr", "en", "de", "es", "it", "pt", "tr", "sr"].map(receiptLocales)).toEqual([["fr"], ["en"], ["de"], ["es"], ["it"], ["pt"], ["tr"], ["sr"]]);
    // Arabic and Hebrew need right-to-left reordering, Chinese a CJK font.
    for (const locale of ["ar", "he", "zh"]) expect(receiptLocales(locale)).toEqual(["fr", "en"]);
    expect(receiptLocales("xx")).toEqual(["fr"]);
  });

  it("carries the French labels, amounts and date", async () => {
    const { text, title } = await receipt("fr");
    expect(title).toBe("Reçu de paiement");
    for (const label of ["Reçu n° 41", "Montant reçu : 1 234,56 € (TTC)", "Moyen de paiement : Carte bancaire", "Date du paiement : 12 mars 2026", "Dossier : n° 7", "Payé par : Lucie Bernard", "Remboursé depuis : 100,00 € — reste acquis : 1 134,56 €", "Il ne vaut pas facture"]) {
      expect(text).toContain(label);
    }
    expect(text).not.toMatch(/Payment|Amount/);
  });

  it("translates every label for a German and an English payer", async () => {
    const de = (await receipt("de")).text;
    for (const label of ["Beleg Nr. 41", "Erhaltener Betrag: 1.234,56 € (inkl. MwSt.)", "Zahlungsart: Bankkarte", "Zahlungsdatum: 12. März 2026", "Akte: Nr. 7", "Bezahlt von: Lucie Bernard", "keine Rechnung"]) expect(de).toContain(label);
    expect(de).not.toMatch(/Montant|Reçu/);
    const en = await receipt("en", { ...paid, provider: "alma", plan: "p3x", refundedCents: 0, status: "captured" } as PaymentRow);
    expect(en.title).toBe("Payment receipt");
    for (const label of ["Receipt no. 41", "Amount received: €1,234.56 (incl. VAT)", "Payment method: Payment in instalments (Alma) — plan p3x", "Payment date: March 12, 2026", "Paid by: Lucie Bernard"]) expect(en.text).toContain(label);
    expect(en.text).not.toContain("Refunded");
  });

  it("draws Turkish and Serbian letters with the embedded DejaVu Sans, read back as typed", async () => {
    const tr = await renderPaymentReceipt(paid, "Işıl Çağlar", "tr");
    expect(tr.pdf.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\n/);
    expect(pdfTitle(tr.pdf)).toBe("Ödeme makbuzu");
    // Runs are lines as drawn: compared without spaces, so a sentence wrapped anywhere still reads.
    const trText = pdfUnicodeTextRuns(tr.pdf).join("").replace(/\s+/g, "");
    for (const label of ["Makbuz no. 41", "Alınan tutar: €1.234,56 (KDV dahil)", "Ödeme yöntemi: Banka kartı", "Ödeme tarihi: 12 Mart 2026", "Ödeyen: Işıl Çağlar", "ayrıntılı fatura hizmetler tamamlandığında verilir"]) expect(trText).toContain(label.replace(/\s+/g, ""));
    expect(trText).not.toContain("\uFFFD");
    const srText = pdfUnicodeTextRuns((await renderPaymentReceipt(paid, "Đorđe Petrović", "sr")).pdf).join("").replace(/\s+/g, "");
    for (const label of ["Potvrda br. 41", "Primljeni iznos: 1.234,56 € (sa PDV-om)", "Način plaćanja: Platna kartica", "Datum plaćanja: 12. mart 2026.", "Platio/la: Đorđe Petrović", "zaštićenoj stranici"]) expect(srText).toContain(label.replace(/\s+/g, ""));
  });

  it("is French and English for an Arabic, Hebrew or Chinese payer, never garbled", async () => {
    for (const locale of ["ar", "he", "zh"]) {
      const { text, title } = await receipt(locale);
      expect(title).toBe("Reçu de paiement / Payment receipt");
      expect(text).toContain("Montant reçu : 1 234,56 € (TTC)");
      expect(text).toContain("Amount received: €1,234.56 (incl. VAT)");
      expect(text).not.toContain("?");
    }
  });

  it("has no receipt before the payment is captured", async () => {
    await expect(renderPaymentReceipt({ ...paid, status: "pending", capturedCents: 0, paidAt: null } as PaymentRow, "", "fr")).rejects.toMatchObject({ status: 404 });
  });
});
