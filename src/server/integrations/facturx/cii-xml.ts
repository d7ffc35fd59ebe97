import { XMLBuilder } from "fast-xml-parser";
import type { VatBreakdownLine } from "@/domain/invoices/totals";

/**
 * The Factur-X / ZUGFeRD CII XML (UN/CEFACT CrossIndustryInvoice D16B) of an entity invoice,
 * EN 16931 profile (guideline urn:cen.eu:en16931:2017). Element order follows the Factur-X
 * 1.07.3 EN16931 XSD, which the tests validate against with xmllint. A credit note is type
 * 381 with positive amounts and a reference to the invoice it corrects (BT-25).
 */

export interface CiiParty {
  name: string;
  /** SIREN (scheme 0002) when known. */
  siren?: string | null;
  /** SIRET (scheme 0009) when known; BT-30 takes the SIRET before the SIREN. */
  siret?: string | null;
  vatId?: string | null;
  address?: { line?: string | null; postcode?: string | null; city?: string | null; country: string };
}

export interface CiiInvoice {
  number: string;
  issueDate: Date;
  creditNoteOf?: string | null;
  seller: CiiParty;
  buyer: CiiParty;
  lines: { description: string; costHt: number; vatRateBp: number }[];
  vat: VatBreakdownLine[];
  costTaxExcl: number;
  costTaxIncl: number;
  note?: string | null;
  /** The account the seller asks to be paid to (BG-17): a credit transfer, payment means 58. */
  payee?: { iban: string; bic?: string | null } | null;
}

export const FACTURX_GUIDELINE_EN16931 = "urn:cen.eu:en16931:2017";

const amount = (cents: number) => (cents / 100).toFixed(2);
const percent = (bp: number) => (bp / 100).toFixed(2);
const dateString = (date: Date) => date.toISOString().slice(0, 10).replaceAll("-", "");
/** Standard rate (S) above zero; zero-rated lines are exempt (E) and need a reason (BT-120). */
const category = (bp: number) => (bp > 0 ? "S" : "E");
const EXEMPTION_REASON = "Exonération de TVA";

function party(p: CiiParty) {
  const legalId = p.siret ? { "@_schemeID": "0009", "#text": p.siret.replace(/\s/g, "") } : p.siren ? { "@_schemeID": "0002", "#text": p.siren.replace(/\s/g, "") } : null;
  return {
    "ram:Name": p.name,
    ...(legalId ? { "ram:SpecifiedLegalOrganization": { "ram:ID": legalId } } : {}),
    "ram:PostalTradeAddress": {
      ...(p.address?.postcode ? { "ram:PostcodeCode": p.address.postcode } : {}),
      ...(p.address?.line ? { "ram:LineOne": p.address.line } : {}),
      ...(p.address?.city ? { "ram:CityName": p.address.city } : {}),
      "ram:CountryID": (p.address?.country ?? "FR").toUpperCase(),
    },
    ...(p.vatId ? { "ram:SpecifiedTaxRegistration": { "ram:ID": { "@_schemeID": "VA", "#text": p.vatId } } } : {}),
  };
}

export function buildCiiXml(invoice: CiiInvoice): string {
  const isCredit = Boolean(invoice.creditNoteOf);
  // A credit note states its amounts positively; its type code (381) carries the sign.
  const sign = isCredit ? -1 : 1;
  const lines = invoice.lines.map((line, index) => ({
    "ram:AssociatedDocumentLineDocument": { "ram:LineID": String(index + 1) },
    "ram:SpecifiedTradeProduct": { "ram:Name": line.description },
    "ram:SpecifiedLineTradeAgreement": { "ram:NetPriceProductTradePrice": { "ram:ChargeAmount": amount(sign * line.costHt) } },
    "ram:SpecifiedLineTradeDelivery": { "ram:BilledQuantity": { "@_unitCode": "C62", "#text": "1" } },
    "ram:SpecifiedLineTradeSettlement": {
      "ram:ApplicableTradeTax": { "ram:TypeCode": "VAT", "ram:CategoryCode": category(line.vatRateBp), "ram:RateApplicablePercent": percent(line.vatRateBp) },
      "ram:SpecifiedTradeSettlementLineMonetarySummation": { "ram:LineTotalAmount": amount(sign * line.costHt) },
    },
  }));
  const taxes = invoice.vat.map((v) => ({
    "ram:CalculatedAmount": amount(sign * v.taxCents),
    "ram:TypeCode": "VAT",
    ...(v.rateBp === 0 ? { "ram:ExemptionReason": EXEMPTION_REASON } : {}),
    "ram:BasisAmount": amount(sign * v.baseCents),
    "ram:CategoryCode": category(v.rateBp),
    "ram:RateApplicablePercent": percent(v.rateBp),
  }));
  const taxTotal = invoice.costTaxIncl - invoice.costTaxExcl;
  const document = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    "rsm:CrossIndustryInvoice": {
      "@_xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
      "@_xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
      "@_xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
      "@_xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
      "rsm:ExchangedDocumentContext": { "ram:GuidelineSpecifiedDocumentContextParameter": { "ram:ID": FACTURX_GUIDELINE_EN16931 } },
      "rsm:ExchangedDocument": {
        "ram:ID": invoice.number,
        "ram:TypeCode": isCredit ? "381" : "380",
        "ram:IssueDateTime": { "udt:DateTimeString": { "@_format": "102", "#text": dateString(invoice.issueDate) } },
        ...(invoice.note ? { "ram:IncludedNote": { "ram:Content": invoice.note } } : {}),
      },
      "rsm:SupplyChainTradeTransaction": {
        "ram:IncludedSupplyChainTradeLineItem": lines,
        "ram:ApplicableHeaderTradeAgreement": { "ram:SellerTradeParty": party(invoice.seller), "ram:BuyerTradeParty": party(invoice.buyer) },
        "ram:ApplicableHeaderTradeDelivery": "",
        "ram:ApplicableHeaderTradeSettlement": {
          "ram:InvoiceCurrencyCode": "EUR",
          ...(invoice.payee
            ? {
                "ram:SpecifiedTradeSettlementPaymentMeans": {
                  "ram:TypeCode": "58",
                  "ram:PayeePartyCreditorFinancialAccount": { "ram:IBANID": invoice.payee.iban },
                  ...(invoice.payee.bic ? { "ram:PayeeSpecifiedCreditorFinancialInstitution": { "ram:BICID": invoice.payee.bic } } : {}),
                },
              }
            : {}),
          "ram:ApplicableTradeTax": taxes,
          "ram:SpecifiedTradeSettlementHeaderMonetarySummation": {
            "ram:LineTotalAmount": amount(sign * invoice.costTaxExcl),
            "ram:TaxBasisTotalAmount": amount(sign * invoice.costTaxExcl),
            "ram:TaxTotalAmount": { "@_currencyID": "EUR", "#text": amount(sign * taxTotal) },
            "ram:GrandTotalAmount": amount(sign * invoice.costTaxIncl),
            "ram:DuePayableAmount": amount(sign * invoice.costTaxIncl),
          },
          ...(invoice.creditNoteOf ? { "ram:InvoiceReferencedDocument": { "ram:IssuerAssignedID": invoice.creditNoteOf } } : {}),
        },
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", format: true, suppressEmptyNode: false, processEntities: true });
  return builder.build(document) as string;
}
