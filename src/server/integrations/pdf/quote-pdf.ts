import { LEGAL_QUOTE_MODEL, COLUMN_TITLES, SUBCONTRACTED_MARK, legalNote, subcontractingNote } from "@/domain/quote/legal-model";
import { formatEuros } from "@/domain/quote/money";
import type { Quote, QuoteLine, QuoteSection } from "@/domain/quote/pricing";
import type { InlineSpan } from "./markdown-blocks";
import { ensureSpace, PDF_FONTS, PDF_THEME, renderPdf, writeHeading, writeParagraph, writeSpans, writeTitleBlock, type Pdf } from "./pdf-layout";
import { cellMoney, cellText, drawTableRow, writeKeyValues, type Cell } from "./pdf-table";

/**
 * The funeral quote as the legal model prints it (arrêté of 11 February 2025): the
 * operator's identity and licence number, the nine sections each with its mandatory and
 * optional columns, the costs advanced on the family's behalf, the totals with VAT by
 * rate, the legal deadlines and the explanatory notes. It is drawn from the same Quote
 * object the family sees on screen, in the same order, so the two never differ.
 */

export interface QuotePdfInput {
  quote: Quote;
  /** Short reference printed on every page (the start of the deal's uuid). */
  reference: string;
  issuedAt: Date;
  /** "Mme Marie Dupont": who asked for the quote. */
  family?: string | null;
  /** Name of the deceased, when the family gave it. */
  deceased?: string | null;
  /** Commune the quote was priced for. */
  commune?: string | null;
  /** Date of death, YYYY-MM-DD. */
  deathDate?: string | null;
}

const DISPOSITION_LABELS = { burial: "Inhumation", cremation: "Crémation" } as const;

/** Column widths of a section table, in points (A4 content width is 483 pt). */
const COLUMNS = [205, 34, 62, 91, 91] as const;

function frenchDate(date: Date | string): string {
  const value = typeof date === "string" ? new Date(`${date}T12:00:00Z`) : date;
  return new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Paris" }).format(value);
}

function vatLabel(line: QuoteLine): string {
  if (line.advanced) return "–";
  return `${line.vatRate} %`;
}

function lineSpans(line: QuoteLine): InlineSpan[] {
  const spans: InlineSpan[] = [{ text: `${line.label}${line.subcontracted ? ` ${SUBCONTRACTED_MARK}` : ""}` }];
  const details: string[] = [];
  if (line.quantity > 1) details.push(`${line.quantity} × ${formatEuros(line.unitPriceHtCents)}`);
  if (line.detail) details.push(line.detail);
  if (details.length > 0) spans.push({ text: `\n${details.join(" – ")}`, italic: true });
  return spans;
}

const drawRow = (doc: Pdf, cells: readonly Cell[], options: { fill?: string; header?: readonly Cell[] } = {}) => drawTableRow(doc, COLUMNS, cells, options);
const text = cellText;
const money = cellMoney;

function sectionHeader(section: QuoteSection): Cell[] {
  const advanced = section.id === "advanced-costs";
  return [
    text(advanced ? "Frais avancés" : "Désignation", { bold: true }),
    text("TVA", { bold: true, align: "right" }),
    text("Prix HT", { bold: true, align: "right" }),
    text(advanced ? "Frais obligatoires" : COLUMN_TITLES.mandatory, { bold: true, align: "right" }),
    text(advanced ? "Frais non obligatoires" : COLUMN_TITLES.optional, { bold: true, align: "right" }),
  ];
}

function writeSection(doc: Pdf, section: QuoteSection): void {
  const lines = [...section.mandatory, ...section.optional];
  writeHeading(doc, 3, [{ text: `${section.number}. ${section.title}` }], 40);
  if (!section.applicable && lines.length === 0) {
    writeParagraph(doc, [{ text: "Sans objet pour ces obsèques.", italic: true }], { color: PDF_THEME.muted });
    return;
  }
  if (lines.length === 0) {
    writeParagraph(doc, [{ text: "Aucune prestation dans cette rubrique.", italic: true }], { color: PDF_THEME.muted });
    return;
  }
  const header = sectionHeader(section);
  drawRow(doc, header, { fill: PDF_THEME.tableHeader });
  for (const line of lines) {
    const mandatory = line.kind === "mandatory";
    drawRow(
      doc,
      [
        { spans: lineSpans(line) },
        text(vatLabel(line), { align: "right" }),
        money(line.amountHtCents),
        mandatory ? money(line.amountTtcCents) : text(""),
        mandatory ? text("") : money(line.amountTtcCents),
      ],
      { header },
    );
  }
  drawRow(
    doc,
    [
      text(`Sous-total ${section.number} (TTC)`, { bold: true }),
      text(""),
      money(section.subtotals.totalHtCents, { bold: true }),
      money(section.subtotals.mandatoryTtcCents, { bold: true }),
      money(section.subtotals.optionalTtcCents, { bold: true }),
    ],
    { header },
  );
  doc.y += 6;
}

function writeTotals(doc: Pdf, quote: Quote): void {
  const totals = quote.totals;
  writeHeading(doc, 2, [{ text: "Récapitulatif" }], 120);
  const rows: Array<readonly [string, number, boolean?]> = [
    ["Prestations obligatoires (rubriques 1 à 7)", totals.mandatoryTtc],
    [`${COLUMN_TITLES.optional} (rubriques 1 à 7)`, totals.optionalTtc],
    ["Frais avancés obligatoires (rubrique 8)", totals.advancedMandatoryTtc],
    ["Frais avancés optionnels (rubrique 8)", totals.advancedOptionalTtc],
    ["Coût minimum des obsèques (obligatoire uniquement)", totals.minimumTtc, true],
    ["Total hors taxes", totals.totalHt],
    ...totals.byVatRate.filter((r) => r.rate > 0).map((r) => [`TVA ${r.rate} % (sur ${formatEuros(r.baseHtCents)} HT)`, r.vatCents] as const),
    ["Total TTC du devis", totals.totalTtc, true],
  ];
  const left = doc.page.margins.left;
  for (const [label, cents, strong] of rows) {
    ensureSpace(doc, PDF_THEME.fontSize * 1.8);
    const y = doc.y;
    writeSpans(doc, [{ text: label, bold: strong === true }], { x: left, y, width: 360 });
    doc.y = y;
    writeSpans(doc, [{ text: formatEuros(cents), bold: strong === true }], { x: left + 363, y, width: 120, align: "right" });
    doc.y = y + PDF_THEME.fontSize + PDF_THEME.lineGap + 4;
  }
  doc.y += 6;
}

/** The quote as a PDF (A4, standard fonts, French as the legal model requires). */
export function renderQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  const { quote } = input;
  const operator = quote.operator;
  const title = "Devis obsèques";
  const footerLines = operator
    ? [
        `${operator.legalName} – ${operator.address.line1}, ${operator.address.postalCode} ${operator.address.city}${operator.siret ? ` – SIRET ${operator.siret}` : ""}`,
        `Habilitation funéraire n° ${operator.habilitationNumber} – Devis n° ${input.reference}`,
      ]
    : undefined;
  return renderPdf({ title: `${title} n° ${input.reference}`, subject: LEGAL_QUOTE_MODEL.shortReference, keywords: "devis obsèques, modèle légal", ...(footerLines ? { footerLines } : {}) }, (doc) => {
    writeTitleBlock(doc, title, `${LEGAL_QUOTE_MODEL.shortReference} (${LEGAL_QUOTE_MODEL.legalBasis})`);
    if (quote.isDemo) {
      writeParagraph(
        doc,
        [{ text: "Document de démonstration : les prix et les partenaires de ce devis sont des données d'exemple, pas une offre réelle.", bold: true }],
        { color: "#9b2c2c" },
      );
    }

    writeHeading(doc, 2, [{ text: "Opérateur funéraire" }], 60);
    const operatorRows: Array<readonly [string, string]> = operator
      ? [
          ["Raison sociale", operator.tradeName ? `${operator.legalName} (${operator.tradeName})` : operator.legalName],
          ["Adresse", [operator.address.line1, operator.address.line2, `${operator.address.postalCode} ${operator.address.city}`].filter(Boolean).join(", ")],
          ["Habilitation funéraire", `n° ${operator.habilitationNumber}${operator.habilitationPrefecture ? ` (${operator.habilitationPrefecture})` : ""}`],
          ...(operator.siret ? [["SIRET", operator.siret] as const] : []),
          ...(operator.phone ? [["Téléphone", operator.phone] as const] : []),
        ]
      : [["Opérateur", "Non renseigné"]];
    writeKeyValues(doc, operatorRows);

    writeHeading(doc, 2, [{ text: "Devis" }], 60);
    const disposition = quote.sections.find((s) => s.id === "cremation")?.applicable ? "cremation" : quote.sections.find((s) => s.id === "burial")?.applicable ? "burial" : null;
    writeKeyValues(doc, [
      ["Devis n°", input.reference],
      ["Établi le", frenchDate(input.issuedAt)],
      ...(input.family ? [["Demandé par", input.family] as const] : []),
      ...(input.deceased ? [["Obsèques de", input.deceased] as const] : []),
      ...(input.deathDate ? [["Date du décès", frenchDate(input.deathDate)] as const] : []),
      ...(input.commune ? [["Commune", input.commune] as const] : []),
      ...(disposition ? [["Mode de sépulture", DISPOSITION_LABELS[disposition]] as const] : []),
    ]);
    writeParagraph(doc, [
      { text: "Lecture du devis : ", bold: true },
      {
        text: `chaque prestation figure dans la colonne « ${COLUMN_TITLES.mandatory} » ou « ${COLUMN_TITLES.optional} ». Les montants sont en euros ; le prix TTC figure dans la colonne de la prestation. Les prestations marquées d'un astérisque (${SUBCONTRACTED_MARK}) sont sous-traitées.`,
      },
    ]);

    writeHeading(doc, 2, [{ text: "Prestations" }], 60);
    for (const section of quote.sections) writeSection(doc, section);

    writeTotals(doc, quote);

    if (quote.deadlines && quote.deadlines.deadlines.length + quote.deadlines.pending.length > 0) {
      writeHeading(doc, 2, [{ text: "Délais légaux" }], 40);
      for (const deadline of quote.deadlines.deadlines) {
        const when = `${frenchDate(deadline.at.date)}${deadline.at.time ? ` à ${deadline.at.time.replace(":", " h ")}` : ""}`;
        const prefix = deadline.kind === "not-before" ? "Pas avant le" : deadline.kind === "until" ? "Jusqu'au" : "Au plus tard le";
        writeParagraph(doc, [{ text: `${prefix} ${when} : `, bold: true }, { text: `${deadline.label}. ` }, { text: deadline.legalReference, italic: true }]);
      }
      for (const pending of quote.deadlines.pending) {
        const from = pending.reason === "prosecutor-authorisation-unknown" ? "de l'autorisation du procureur" : "de l'arrivée du corps en France";
        writeParagraph(doc, [{ text: `${pending.label} (à compter ${from}). ` }, { text: pending.legalReference, italic: true }]);
      }
      for (const notice of quote.deadlines.notices) writeParagraph(doc, [{ text: notice.message, italic: true }], { color: PDF_THEME.muted });
    }

    const information = quote.warnings.filter((w) => w.code !== "coffin_range_defaulted");
    if (information.length > 0) {
      writeHeading(doc, 2, [{ text: "Informations sur votre devis" }], 40);
      for (const warning of information) writeParagraph(doc, [{ text: `• ${warning.message}` }]);
    }

    writeHeading(doc, 2, [{ text: "Mentions obligatoires" }], 60);
    for (const id of quote.notes) {
      const note = legalNote(id);
      const body = id === "subcontracting" && operator ? subcontractingNote(operator.habilitationNumber) : note.text;
      writeParagraph(doc, [{ text: `${note.title}. `, bold: true }, { text: body }]);
    }
    doc.font(PDF_FONTS.regular);
    writeParagraph(doc, [{ text: `${LEGAL_QUOTE_MODEL.reference}.`, italic: true }], { color: PDF_THEME.muted });
  });
}
