import PDFDocument from "pdfkit";
import { BRAND } from "@/config/brand";
import { formatMoney } from "@/domain/quote/money";
import { dejaVuSans } from "@/server/integrations/pdf/unicode-fonts";
import type { CiiInvoice } from "./cii-xml";

/**
 * The Factur-X PDF: a PDF/A-3b (pdfkit's subset: sRGB output intent, pdfaid in the XMP,
 * embedded DejaVu fonts) showing the invoice, with the CII XML attached as factur-x.xml
 * (AFRelationship Alternative, listed in the catalogue's AF) and the Factur-X XMP extension
 * schema (fx: DocumentType INVOICE, DocumentFileName, Version 1.0, ConformanceLevel EN 16931).
 */

export const FACTURX_FILE_NAME = "factur-x.xml";

/** The fx namespace and its PDF/A extension schema description, which PDF/A requires for any custom XMP property. */
const FACTURX_XMP = `
        <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
            <pdfaExtension:schemas>
                <rdf:Bag>
                    <rdf:li rdf:parseType="Resource">
                        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                        <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                        <pdfaSchema:property>
                            <rdf:Seq>
                                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The name of the embedded XML document</pdfaProperty:description></rdf:li>
                                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The type of the hybrid document in capital letters, e.g. INVOICE or ORDER</pdfaProperty:description></rdf:li>
                                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the standard applying to the embedded XML document</pdfaProperty:description></rdf:li>
                                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded XML document</pdfaProperty:description></rdf:li>
                            </rdf:Seq>
                        </pdfaSchema:property>
                    </rdf:li>
                </rdf:Bag>
            </pdfaExtension:schemas>
        </rdf:Description>`;

const euros = (cents: number) => formatMoney(cents, "fr");

export function renderFacturxPdf(invoice: CiiInvoice, xml: string, root = process.cwd()): Promise<Buffer> {
  const title = `${invoice.creditNoteOf ? "Avoir" : "Facture"} n° ${invoice.number}`;
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 56, pdfVersion: "1.7", subset: "PDF/A-3b", lang: "fr-FR", displayTitle: true, info: { Title: title, Author: invoice.seller.name, Creator: BRAND, Producer: BRAND, CreationDate: invoice.issueDate } });
    const fonts = dejaVuSans(root);
    doc.registerFont("regular", fonts.regular);
    doc.registerFont("bold", fonts.bold);
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      doc.font("bold").fontSize(18).text(title);
      doc.font("regular").fontSize(10).text(`Date : ${invoice.issueDate.toISOString().slice(0, 10)}`);
      if (invoice.creditNoteOf) doc.text(`Corrige la facture n° ${invoice.creditNoteOf}`);
      doc.moveDown();
      for (const [label, party] of [["Émetteur", invoice.seller], ["Destinataire", invoice.buyer]] as const) {
        doc.font("bold").text(label);
        const ids = [party.siret ? `SIRET ${party.siret}` : party.siren ? `SIREN ${party.siren}` : null, party.vatId ? `TVA ${party.vatId}` : null].filter(Boolean).join(" · ");
        const address = [party.address?.line, [party.address?.postcode, party.address?.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
        doc.font("regular").text([party.name, address, ids].filter(Boolean).join("\n"));
        doc.moveDown(0.5);
      }
      doc.moveDown();
      doc.font("bold").text("Prestations");
      doc.font("regular");
      for (const line of invoice.lines) doc.text(`${line.description} — ${euros(line.costHt)} HT, TVA ${(line.vatRateBp / 100).toLocaleString("fr-FR")} %`);
      doc.moveDown();
      for (const v of invoice.vat) doc.text(`TVA ${(v.rateBp / 100).toLocaleString("fr-FR")} % : base ${euros(v.baseCents)}, taxe ${euros(v.taxCents)}`);
      doc.font("bold").text(`Total HT : ${euros(invoice.costTaxExcl)}`);
      doc.text(`Total TVA : ${euros(invoice.costTaxIncl - invoice.costTaxExcl)}`);
      doc.text(`Total TTC : ${euros(invoice.costTaxIncl)}`);
      // pdfkit writes AFRelationship from `relationship`; its type definitions predate the option.
      const attachment = { name: FACTURX_FILE_NAME, type: "text/xml", relationship: "Alternative", description: "Factur-X invoice (EN 16931)", creationDate: invoice.issueDate, modifiedDate: invoice.issueDate };
      doc.file(Buffer.from(xml, "utf8"), attachment);
      doc.appendXML(FACTURX_XMP);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
