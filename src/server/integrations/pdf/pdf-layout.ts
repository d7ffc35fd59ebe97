import PDFDocument from "pdfkit";
import { BRAND, OPERATOR } from "@/config/brand";
import type { Block, InlineSpan } from "./markdown-blocks";
import { toWinAnsi } from "./win-ansi";

/**
 * Layout primitives shared by the product's printed documents (legal documents today,
 * funeral quotes later): A4 pages, a brand header, an operator footer with page numbers,
 * and writers for headings, paragraphs, lists and tables. Only the PDF standard fonts are
 * used, so nothing is loaded from disk or the network.
 */

export const PDF_THEME = {
  brand: "#2f4f5f",
  text: "#1f2933",
  muted: "#52606d",
  rule: "#bcccdc",
  tableHeader: "#e4ebf0",
  fontSize: 10.5,
  lineGap: 2.5,
} as const;

export const PDF_FONTS = {
  regular: "Helvetica",
  bold: "Helvetica-Bold",
  italic: "Helvetica-Oblique",
  boldItalic: "Helvetica-BoldOblique",
} as const;

const MARGINS = { top: 76, bottom: 80, left: 56, right: 56 };
const HEADING_SIZES = { 1: 16, 2: 13, 3: 11.5 } as const;

export type Pdf = PDFKit.PDFDocument;

export interface PdfFrameOptions {
  /** Document title: the PDF's title and the running header. */
  title: string;
  /** Left of the running header; the brand by default. */
  header?: string;
  /** Lines printed at the foot of every page; the operator's identity by default. */
  footerLines?: readonly string[];
  /** BCP 47 language of the text. */
  lang?: string;
  subject?: string;
  keywords?: string;
  /**
   * TrueType files standing in for the four Helvetica faces, for text the standard fonts
   * cannot draw (letters outside WinAnsi, e.g. Turkish ğ ı ş or Serbian č ć đ). Left to
   * right scripts only: nothing here reorders right-to-left text.
   */
  fonts?: PdfFontFiles;
}

export interface PdfFontFiles {
  regular: string;
  bold: string;
  italic: string;
  boldItalic: string;
}

/** Documents drawn with embedded Unicode fonts: their text is written as is. */
const UNICODE_DOCS = new WeakSet<Pdf>();

/**
 * The font of a face in this document: the embedded file when it has some (registered under
 * its own name: pdfkit caches the standard Helvetica under "Helvetica" from the start).
 */
function face(doc: Pdf, kind: keyof typeof PDF_FONTS): string {
  return UNICODE_DOCS.has(doc) ? `paisible-unicode-${kind}` : PDF_FONTS[kind];
}

/** Text as the document's fonts can draw it: as is with embedded fonts, else brought into WinAnsi. */
function drawable(doc: Pdf, text: string): string {
  return UNICODE_DOCS.has(doc) ? text.normalize("NFC") : toWinAnsi(text);
}

/** Who publishes the document, as the law asks of a funeral operator's paperwork. */
export function operatorFooterLines(): string[] {
  return [`${OPERATOR.legalName} — ${OPERATOR.address} — SIREN ${OPERATOR.siren}`, OPERATOR.licence];
}

function fontFor(doc: Pdf, span: { bold?: boolean; italic?: boolean }): string {
  if (span.bold && span.italic) return face(doc, "boldItalic");
  if (span.bold) return face(doc, "bold");
  if (span.italic) return face(doc, "italic");
  return face(doc, "regular");
}

function contentWidth(doc: Pdf): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function bottomLimit(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `height` points still fit on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

export interface SpanOptions {
  x?: number;
  y?: number;
  width?: number;
  fontSize?: number;
  color?: string;
  /** Makes every span bold (headings, table headers). */
  bold?: boolean;
  align?: "left" | "right" | "center" | "justify";
}

/** Writes styled spans as one flowing paragraph, breaking pages as needed. */
export function writeSpans(doc: Pdf, spans: readonly InlineSpan[], options: SpanOptions = {}): void {
  const fontSize = options.fontSize ?? PDF_THEME.fontSize;
  const x = options.x ?? doc.page.margins.left;
  const width = options.width ?? doc.page.width - doc.page.margins.right - x;
  const parts = spans.map((s) => ({ ...s, bold: s.bold || options.bold, text: drawable(doc, s.text) })).filter((s) => s.text.length > 0);
  doc.fillColor(options.color ?? PDF_THEME.text).fontSize(fontSize);
  if (parts.length === 0) return;
  parts.forEach((part, index) => {
    doc.font(fontFor(doc, part));
    const textOptions: PDFKit.Mixins.TextOptions = {
      width,
      lineGap: PDF_THEME.lineGap,
      align: options.align ?? "left",
      continued: index < parts.length - 1,
    };
    if (index === 0) doc.text(part.text, x, options.y ?? doc.y, textOptions);
    else doc.text(part.text, textOptions);
  });
}

/** Height the spans take at a width, to keep a block or a table row on one page. */
export function measureSpans(doc: Pdf, spans: readonly InlineSpan[], width: number, options: { fontSize?: number; bold?: boolean } = {}): number {
  const text = drawable(doc, spans.map((s) => s.text).join(""));
  if (!text) return 0;
  doc.font(face(doc, options.bold ? "bold" : "regular")).fontSize(options.fontSize ?? PDF_THEME.fontSize);
  return doc.heightOfString(text, { width, lineGap: PDF_THEME.lineGap });
}

/** The document's title block on its first page. */
export function writeTitleBlock(doc: Pdf, title: string, description?: string): void {
  writeSpans(doc, [{ text: title, bold: true }], { fontSize: 20, color: PDF_THEME.brand });
  doc.y += 4;
  if (description) {
    writeSpans(doc, [{ text: description }], { fontSize: 11, color: PDF_THEME.muted });
    doc.y += 4;
  }
  const y = doc.y + 6;
  doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(1).strokeColor(PDF_THEME.brand).stroke();
  doc.y = y + 14;
}

/**
 * A heading kept on the same page as at least two lines of what follows it;
 * `keepWithNext` adds room for more (a sub-heading right below, for instance).
 */
export function writeHeading(doc: Pdf, level: 1 | 2 | 3, spans: readonly InlineSpan[], keepWithNext = 0): void {
  const fontSize = HEADING_SIZES[level];
  doc.y += level === 1 ? 10 : level === 2 ? 8 : 6;
  ensureSpace(doc, measureSpans(doc, spans, contentWidth(doc), { fontSize, bold: true }) + 2 * (PDF_THEME.fontSize + PDF_THEME.lineGap) + 6 + keepWithNext);
  writeSpans(doc, spans, { fontSize, bold: true, color: level === 3 ? PDF_THEME.text : PDF_THEME.brand });
  doc.y += level === 3 ? 3 : 5;
}

export function writeParagraph(doc: Pdf, spans: readonly InlineSpan[], options: { indent?: number; color?: string; italic?: boolean } = {}): void {
  const x = doc.page.margins.left + (options.indent ?? 0);
  ensureSpace(doc, PDF_THEME.fontSize * 2);
  writeSpans(doc, options.italic ? spans.map((s) => ({ ...s, italic: true })) : spans, { x, color: options.color });
  doc.y += 6;
}

export function writeListItem(doc: Pdf, marker: string, depth: number, spans: readonly InlineSpan[]): void {
  const markerWidth = 16;
  const x = doc.page.margins.left + 6 + depth * 16;
  ensureSpace(doc, PDF_THEME.fontSize + PDF_THEME.lineGap);
  const y = doc.y;
  doc.font(face(doc, "regular")).fontSize(PDF_THEME.fontSize).fillColor(PDF_THEME.brand);
  doc.text(drawable(doc, marker), x, y, { width: markerWidth, lineBreak: false });
  writeSpans(doc, spans, { x: x + markerWidth, y });
  doc.y += 3;
}

export function writeRule(doc: Pdf): void {
  ensureSpace(doc, 16);
  const y = doc.y + 6;
  doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(0.5).strokeColor(PDF_THEME.rule).stroke();
  doc.y = y + 10;
}

/** A grid with equal columns; a row never splits across pages and the header repeats. */
export function writeTable(doc: Pdf, header: readonly InlineSpan[][], rows: readonly InlineSpan[][][]): void {
  const columns = Math.max(1, header.length);
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const columnWidth = width / columns;
  const padding = 4;
  const fontSize = PDF_THEME.fontSize - 1;

  const drawRow = (cells: readonly InlineSpan[][], isHeader: boolean) => {
    const height =
      Math.max(...cells.map((cell) => measureSpans(doc, cell, columnWidth - 2 * padding, { fontSize, bold: isHeader })), fontSize) + 2 * padding;
    if (doc.y + height > bottomLimit(doc)) {
      doc.addPage();
      if (!isHeader) drawRow(header, true);
    }
    const top = doc.y;
    if (isHeader) doc.rect(left, top, width, height).fillColor(PDF_THEME.tableHeader).fill();
    cells.forEach((cell, index) => {
      writeSpans(doc, cell, { x: left + index * columnWidth + padding, y: top + padding, width: columnWidth - 2 * padding, fontSize, bold: isHeader });
    });
    doc.lineWidth(0.5).strokeColor(PDF_THEME.rule);
    doc.rect(left, top, width, height).stroke();
    for (let index = 1; index < columns; index++) {
      doc.moveTo(left + index * columnWidth, top).lineTo(left + index * columnWidth, top + height).stroke();
    }
    doc.x = left;
    doc.y = top + height;
  };

  doc.y += 4;
  drawRow(header, true);
  for (const row of rows) drawRow(row, false);
  doc.y += 10;
}

/** Writes parsed Markdown blocks in order. */
export function writeBlocks(doc: Pdf, blocks: readonly Block[]): void {
  blocks.forEach((block, index) => {
    switch (block.kind) {
      case "heading": {
        const next = blocks[index + 1];
        writeHeading(doc, block.level, block.spans, next?.kind === "heading" ? HEADING_SIZES[next.level] * 1.6 + 12 : 0);
        break;
      }
      case "paragraph":
        writeParagraph(doc, block.spans);
        break;
      case "quote":
        writeParagraph(doc, block.spans, { indent: 16, color: PDF_THEME.muted, italic: true });
        break;
      case "list-item":
        writeListItem(doc, block.marker, block.depth, block.spans);
        // Space after the list, as after a paragraph.
        if (blocks[index + 1]?.kind !== "list-item") doc.y += 4;
        break;
      case "table":
        writeTable(doc, block.header, block.rows);
        break;
      case "rule":
        writeRule(doc);
        break;
    }
  });
}

/** Running header, footer and "Page n / N" on every page, once the page count is known. */
function decoratePages(doc: Pdf, options: PdfFrameOptions): void {
  const range = doc.bufferedPageRange();
  const header = drawable(doc, options.header ?? BRAND);
  const title = drawable(doc, options.title);
  const footer = (options.footerLines ?? operatorFooterLines()).map((line) => drawable(doc, line));
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const { width, height } = doc.page;
    const left = MARGINS.left;
    const right = width - MARGINS.right;
    // Writing in the margins would otherwise make pdfkit open a new page.
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;

    doc.font(face(doc, "bold")).fontSize(12).fillColor(PDF_THEME.brand).text(header, left, 34, { lineBreak: false });
    doc.font(face(doc, "regular")).fontSize(8.5).fillColor(PDF_THEME.muted);
    const titleWidth = Math.min(doc.widthOfString(title), right - left - 120);
    doc.text(title, right - titleWidth, 37, { width: titleWidth, lineBreak: false, ellipsis: true });
    doc.moveTo(left, 54).lineTo(right, 54).lineWidth(0.5).strokeColor(PDF_THEME.rule).stroke();

    const footerTop = height - 56;
    doc.moveTo(left, footerTop).lineTo(right, footerTop).lineWidth(0.5).strokeColor(PDF_THEME.rule).stroke();
    const pageLabel = `Page ${i - range.start + 1} / ${range.count}`;
    doc.font(face(doc, "regular")).fontSize(7.5).fillColor(PDF_THEME.muted);
    const labelWidth = doc.widthOfString(pageLabel);
    footer.forEach((line, index) => {
      doc.text(line, left, footerTop + 8 + index * 10, { width: right - left - labelWidth - 16, lineBreak: false, ellipsis: true });
    });
    doc.text(pageLabel, right - labelWidth, footerTop + 8, { lineBreak: false });

    doc.page.margins.bottom = savedBottom;
  }
}

/**
 * Creates an A4 document, lets `draw` write the body, then frames every page and
 * returns the finished PDF bytes.
 */
export function renderPdf(options: PdfFrameOptions, draw: (doc: Pdf) => void): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margins: MARGINS,
      bufferPages: true,
      pdfVersion: "1.7",
      lang: options.lang ?? "fr-FR",
      displayTitle: true,
      info: {
        Title: options.title,
        Author: OPERATOR.legalName,
        Creator: BRAND,
        Producer: BRAND,
        ...(options.subject ? { Subject: options.subject } : {}),
        ...(options.keywords ? { Keywords: options.keywords } : {}),
      },
    });
    if (options.fonts) {
      UNICODE_DOCS.add(doc);
      for (const kind of ["regular", "bold", "italic", "boldItalic"] as const) doc.registerFont(face(doc, kind), options.fonts[kind]);
      doc.font(face(doc, "regular"));
    }
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      draw(doc);
      decoratePages(doc, options);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
