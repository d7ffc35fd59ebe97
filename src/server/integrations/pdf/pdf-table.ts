import { formatEuros } from "@/domain/quote/money";
import type { InlineSpan } from "./markdown-blocks";
import { ensureSpace, measureSpans, PDF_THEME, writeSpans, type Pdf } from "./pdf-layout";

/**
 * Ruled tables and key–value blocks of the quotes (funeral, monument): fixed column widths,
 * rows kept whole on a page, the header drawn again on top of each new page.
 */

export interface Cell {
  spans: InlineSpan[];
  align?: "left" | "right";
  bold?: boolean;
}

export const cellText = (value: string, extra: Partial<Cell> = {}): Cell => ({ spans: [{ text: value }], ...extra });
export const cellMoney = (cents: number, extra: Partial<Cell> = {}): Cell => cellText(formatEuros(cents), { align: "right", ...extra });

const PADDING = 4;
export const TABLE_FONT_SIZE = PDF_THEME.fontSize - 1.5;

function rowHeight(doc: Pdf, columns: readonly number[], cells: readonly Cell[]): number {
  let height = TABLE_FONT_SIZE;
  cells.forEach((cell, index) => {
    const width = (columns[index] ?? 60) - 2 * PADDING;
    height = Math.max(height, measureSpans(doc, cell.spans, width, { fontSize: TABLE_FONT_SIZE, bold: cell.bold === true }));
  });
  return height + 2 * PADDING;
}

/** One row of a table whose column widths (points) are `columns`. */
export function drawTableRow(doc: Pdf, columns: readonly number[], cells: readonly Cell[], options: { fill?: string; header?: readonly Cell[] } = {}): void {
  const height = rowHeight(doc, columns, cells);
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    if (options.header) drawTableRow(doc, columns, options.header, { fill: PDF_THEME.tableHeader });
  }
  const left = doc.page.margins.left;
  const top = doc.y;
  const width = columns.reduce((sum, w) => sum + w, 0);
  if (options.fill) doc.rect(left, top, width, height).fillColor(options.fill).fill();
  let x = left;
  cells.forEach((cell, index) => {
    const columnWidth = columns[index] ?? 60;
    writeSpans(doc, cell.spans, {
      x: x + PADDING,
      y: top + PADDING,
      width: columnWidth - 2 * PADDING,
      fontSize: TABLE_FONT_SIZE,
      bold: cell.bold === true,
      align: cell.align ?? "left",
    });
    x += columnWidth;
  });
  doc.lineWidth(0.5).strokeColor(PDF_THEME.rule).rect(left, top, width, height).stroke();
  x = left;
  for (let index = 0; index < columns.length - 1; index++) {
    x += columns[index]!;
    doc.moveTo(x, top).lineTo(x, top + height).stroke();
  }
  doc.x = left;
  doc.y = top + height;
}

/** Bold keys in a left column, their values beside them. */
export function writeKeyValues(doc: Pdf, rows: ReadonlyArray<readonly [string, string]>, layout: { keyWidth?: number; valueWidth?: number } = {}): void {
  const keyWidth = layout.keyWidth ?? 170;
  for (const [key, value] of rows) {
    ensureSpace(doc, PDF_THEME.fontSize * 1.6);
    const y = doc.y;
    writeSpans(doc, [{ text: key, bold: true }], { x: doc.page.margins.left, y, width: keyWidth });
    const after = doc.y;
    writeSpans(doc, [{ text: value }], { x: doc.page.margins.left + keyWidth + 5, y, width: layout.valueWidth ?? 483 - keyWidth - 5 });
    doc.y = Math.max(doc.y, after) + 2;
  }
  doc.y += 6;
}
