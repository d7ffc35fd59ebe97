import { formatEuros } from "@/domain/quote/money";
import type { MonumentLine, MonumentPricing } from "@/domain/marble/pricing";
import type { OperatorIdentity } from "@/domain/quote/legal-model";
import type { InlineSpan } from "./markdown-blocks";
import { ensureSpace, measureSpans, PDF_THEME, renderPdf, writeHeading, writeParagraph, writeSpans, writeTitleBlock, type Pdf } from "./pdf-layout";

/**
 * The monument quote (issue 13): the operator, the family, the configured monument with its
 * drawing, one line per priced item with its VAT, the totals excluding tax, VAT by rate and
 * including tax, the workshop and its delay, the cemetery and the plot, the quote's validity
 * and the rules that apply to placing a monument. Drawn from the same MonumentPricing the
 * family sees on screen, so the two never differ. French only: the standard PDF fonts cover
 * WinAnsi, and a quote is a French commercial document.
 */

export interface MonumentQuotePdfInput {
  pricing: MonumentPricing;
  operator: OperatorIdentity;
  /** Short reference printed on every page (the start of the deal's uuid). */
  reference: string;
  issuedAt: Date;
  /** YYYY-MM-DD. */
  validUntil: string | null;
  validityMonths: number;
  family: string | null;
  monument: { model: string; granite: string; graniteOrigin: string | null; finish: string | null; dimensions: string; engraving: { lines: readonly string[]; font: string; gilded: boolean } | null };
  /** PNG of the monument's front elevation. */
  drawingPng: Buffer | null;
  workshop: { name: string; supplier: string; place: string | null } | null;
  leadTimeDays: number | null;
  cemetery: { name: string; place: string | null } | null;
  concession: { type: string | null; plot: string | null } | null;
  demo: boolean;
}

/** Column widths, in points (A4 content width is 483 pt). */
const COLUMNS = [187, 34, 66, 40, 78, 78] as const;
const PADDING = 4;
const FONT_SIZE = PDF_THEME.fontSize - 1.5;
const DRAWING_SIZE = 190;

function frenchDate(date: Date | string): string {
  const value = typeof date === "string" ? new Date(`${date}T12:00:00Z`) : date;
  return new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Paris" }).format(value);
}

/** "20 %", "5,5 %": a rate in basis points as French writes it. */
export function vatRateLabel(bp: number): string {
  return `${(bp / 100).toLocaleString("fr-FR", { maximumFractionDigits: 2 })} %`;
}

interface Cell {
  spans: InlineSpan[];
  align?: "left" | "right";
  bold?: boolean;
}

const cell = (value: string, extra: Partial<Cell> = {}): Cell => ({ spans: [{ text: value }], ...extra });
const money = (cents: number, extra: Partial<Cell> = {}): Cell => cell(formatEuros(cents), { align: "right", ...extra });

function rowHeight(doc: Pdf, cells: readonly Cell[]): number {
  let height = FONT_SIZE;
  cells.forEach((c, index) => {
    height = Math.max(height, measureSpans(doc, c.spans, (COLUMNS[index] ?? 60) - 2 * PADDING, { fontSize: FONT_SIZE, bold: c.bold === true }));
  });
  return height + 2 * PADDING;
}

function drawRow(doc: Pdf, cells: readonly Cell[], options: { fill?: string; header?: readonly Cell[] } = {}): void {
  const height = rowHeight(doc, cells);
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    if (options.header) drawRow(doc, options.header, { fill: PDF_THEME.tableHeader });
  }
  const left = doc.page.margins.left;
  const top = doc.y;
  const width = COLUMNS.reduce((sum, w) => sum + w, 0);
  if (options.fill) doc.rect(left, top, width, height).fillColor(options.fill).fill();
  let x = left;
  cells.forEach((c, index) => {
    const columnWidth = COLUMNS[index] ?? 60;
    writeSpans(doc, c.spans, { x: x + PADDING, y: top + PADDING, width: columnWidth - 2 * PADDING, fontSize: FONT_SIZE, bold: c.bold === true, align: c.align ?? "left" });
    x += columnWidth;
  });
  doc.lineWidth(0.5).strokeColor(PDF_THEME.rule).rect(left, top, width, height).stroke();
  x = left;
  for (let index = 0; index < COLUMNS.length - 1; index++) {
    x += COLUMNS[index]!;
    doc.moveTo(x, top).lineTo(x, top + height).stroke();
  }
  doc.x = left;
  doc.y = top + height;
}

function writeKeyValues(doc: Pdf, rows: ReadonlyArray<readonly [string, string]>, width = 308): void {
  const left = doc.page.margins.left;
  for (const [key, value] of rows) {
    ensureSpace(doc, PDF_THEME.fontSize * 1.6);
    const y = doc.y;
    writeSpans(doc, [{ text: key, bold: true }], { x: left, y, width: 150 });
    const after = doc.y;
    writeSpans(doc, [{ text: value }], { x: left + 155, y, width });
    doc.y = Math.max(doc.y, after) + 2;
  }
  doc.y += 6;
}

function lineLabel(line: MonumentLine): InlineSpan[] {
  const spans: InlineSpan[] = [{ text: line.label }];
  if (line.kind === "engraving" || line.kind === "gilding") spans.push({ text: `\n${line.quantity} lettre${line.quantity > 1 ? "s" : ""}`, italic: true });
  return spans;
}

const HEADER: Cell[] = [
  cell("Désignation", { bold: true }),
  cell("Qté", { bold: true, align: "right" }),
  cell("PU HT", { bold: true, align: "right" }),
  cell("TVA", { bold: true, align: "right" }),
  cell("Total HT", { bold: true, align: "right" }),
  cell("Total TTC", { bold: true, align: "right" }),
];

function writeLines(doc: Pdf, pricing: MonumentPricing): void {
  drawRow(doc, HEADER, { fill: PDF_THEME.tableHeader });
  for (const line of pricing.lines) {
    drawRow(
      doc,
      [{ spans: lineLabel(line) }, cell(String(line.quantity), { align: "right" }), money(line.unit_price_ht_cents), cell(vatRateLabel(line.vat_rate_bp), { align: "right" }), money(line.total_ht_cents), money(line.total_ttc_cents)],
      { header: HEADER },
    );
  }
  doc.y += 8;
}

function writeTotals(doc: Pdf, pricing: MonumentPricing): void {
  const { totals } = pricing;
  const rows: Array<readonly [string, number, boolean]> = [
    ["Total hors taxes", totals.ht_cents, false],
    ...totals.vat_by_rate.map((r) => [`TVA ${vatRateLabel(r.vat_rate_bp)} (sur ${formatEuros(r.base_ht_cents)} HT)`, r.vat_cents, false] as const),
    ["Total TTC du devis", totals.ttc_cents, true],
  ];
  ensureSpace(doc, rows.length * (PDF_THEME.fontSize + 8) + 10);
  const left = doc.page.margins.left;
  for (const [label, cents, strong] of rows) {
    const y = doc.y;
    writeSpans(doc, [{ text: label, bold: strong }], { x: left + 120, y, width: 240 });
    doc.y = y;
    writeSpans(doc, [{ text: formatEuros(cents), bold: strong }], { x: left + 363, y, width: 120, align: "right" });
    doc.y = y + PDF_THEME.fontSize + PDF_THEME.lineGap + 4;
  }
  doc.y += 6;
}

/** The monument quote as a PDF (A4, standard fonts, French). */
export function renderMonumentQuotePdf(input: MonumentQuotePdfInput): Promise<Buffer> {
  const { operator, pricing } = input;
  const title = "Devis de monument funéraire";
  const footerLines = [
    `${operator.legalName} – ${operator.address.line1}, ${operator.address.postalCode} ${operator.address.city}${operator.siret ? ` – SIRET ${operator.siret}` : ""}`,
    `Habilitation funéraire n° ${operator.habilitationNumber} – Devis n° ${input.reference}`,
  ];
  return renderPdf({ title: `${title} n° ${input.reference}`, subject: "Devis de monument funéraire", keywords: "devis, monument funéraire, pierre tombale", footerLines }, (doc) => {
    writeTitleBlock(doc, title, `Devis n° ${input.reference} établi le ${frenchDate(input.issuedAt)}`);
    if (input.demo) {
      writeParagraph(doc, [{ text: "Document de démonstration : les modèles, les prix et les marbreries de ce devis sont des données d'exemple, pas une offre réelle.", bold: true }], { color: "#9b2c2c" });
    }

    writeHeading(doc, 2, [{ text: "Opérateur funéraire" }], 60);
    writeKeyValues(doc, [
      ["Raison sociale", operator.tradeName ? `${operator.legalName} (${operator.tradeName})` : operator.legalName],
      ["Adresse", [operator.address.line1, operator.address.line2, `${operator.address.postalCode} ${operator.address.city}`].filter(Boolean).join(", ")],
      ["Habilitation funéraire", `n° ${operator.habilitationNumber}${operator.habilitationPrefecture ? ` (${operator.habilitationPrefecture})` : ""}`],
      ...(operator.siret ? [["SIRET", operator.siret] as const] : []),
      ...(operator.phone ? [["Téléphone", operator.phone] as const] : []),
    ]);

    writeHeading(doc, 2, [{ text: "Votre monument" }], DRAWING_SIZE);
    const top = doc.y;
    const left = doc.page.margins.left;
    const engraving = input.monument.engraving;
    const rows: Array<readonly [string, string]> = [
      ...(input.family ? [["Demandé par", input.family] as const] : []),
      ["Modèle", input.monument.model],
      ["Granit", input.monument.graniteOrigin ? `${input.monument.granite} (${input.monument.graniteOrigin})` : input.monument.granite],
      ...(input.monument.finish ? [["Finition", input.monument.finish] as const] : []),
      ["Dimensions au sol", input.monument.dimensions],
      ...(engraving && engraving.lines.some((l) => l.trim())
        ? [["Gravure", `${engraving.lines.filter((l) => l.trim()).join(" / ")} (lettres ${engraving.font}${engraving.gilded ? ", dorées à la feuille" : ""})`] as const]
        : []),
    ];
    writeKeyValues(doc, rows, input.drawingPng ? 118 : 308);
    const textBottom = doc.y;
    if (input.drawingPng) {
      doc.image(input.drawingPng, left + 483 - DRAWING_SIZE, top, { fit: [DRAWING_SIZE, DRAWING_SIZE] });
      doc.y = Math.max(textBottom, top + DRAWING_SIZE + 8);
    }

    writeHeading(doc, 2, [{ text: "Détail du prix" }], 80);
    writeLines(doc, pricing);
    writeTotals(doc, pricing);

    writeHeading(doc, 2, [{ text: "Fabrication, pose et cimetière" }], 60);
    writeKeyValues(doc, [
      ["Marbrerie", input.workshop ? `${input.workshop.name} (${input.workshop.supplier})${input.workshop.place ? `, ${input.workshop.place}` : ""}` : "Attribuée par votre conseiller"],
      ["Délai indicatif", input.leadTimeDays !== null ? `${input.leadTimeDays} jours à compter de la commande et de l'accord du cimetière` : "Précisé par votre conseiller"],
      ["Cimetière", input.cemetery ? `${input.cemetery.name}${input.cemetery.place ? `, ${input.cemetery.place}` : ""}` : "À préciser"],
      ["Concession", input.concession ? [input.concession.type, input.concession.plot ? `emplacement ${input.concession.plot}` : null].filter(Boolean).join(", ") || "À préciser" : "À préciser"],
      ["Validité du devis", input.validUntil ? `${input.validityMonths} mois, jusqu'au ${frenchDate(input.validUntil)}` : `${input.validityMonths} mois`],
    ]);

    writeHeading(doc, 2, [{ text: "Mentions" }], 60);
    const notes: Array<[string, string]> = [
      ["Devis gratuit", `Ce devis est gratuit et ne vous engage pas. Ses prix sont garantis ${input.validityMonths} mois ; les montants sont en euros, la TVA de chaque ligne figure dans le détail du prix.`],
      ["Règlement du cimetière", "Le monument respecte le règlement du cimetière (dimensions, matériaux, semelle). Selon la commune, une déclaration ou une autorisation de travaux est demandée à la mairie avant la pose ; le maire assure la police du cimetière (art. L. 2213-8 du CGCT)."],
      ["Titulaire de la concession", "Le monument appartient au titulaire de la concession ou à ses ayants droit : leur accord est nécessaire avant toute pose ou modification."],
      ["Tassement du sol", "Après une inhumation en pleine terre, la pose d'un monument attend que le sol se soit tassé, en général six mois à un an ; sur un caveau, elle peut avoir lieu plus tôt."],
      ["Commande personnalisée", "Un monument gravé est fabriqué selon vos indications : une fois la commande confirmée, le droit de rétractation ne s'applique pas (art. L. 221-28, 3° du Code de la consommation)."],
    ];
    for (const [heading, body] of notes) writeParagraph(doc, [{ text: `${heading}. `, bold: true }, { text: body }]);
  });
}
