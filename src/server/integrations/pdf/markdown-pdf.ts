import { parseMarkdownBlocks, spansText } from "./markdown-blocks";
import { renderPdf, writeBlocks, writeTitleBlock, type PdfFrameOptions } from "./pdf-layout";

export interface MarkdownPdfOptions extends Omit<PdfFrameOptions, "subject"> {
  markdown: string;
  /** Printed under the title and stored as the PDF's subject. */
  description?: string;
}

function normalise(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
}

/** A branded A4 PDF from Markdown: title block, body, running header and footer. */
export function renderMarkdownPdf(options: MarkdownPdfOptions): Promise<Buffer> {
  const blocks = parseMarkdownBlocks(options.markdown);
  // Authors often repeat the title as a first "# heading"; the title block already shows it.
  const first = blocks[0];
  if (first?.kind === "heading" && first.level === 1 && normalise(spansText(first.spans)) === normalise(options.title)) {
    blocks.shift();
  }
  return renderPdf({ ...options, subject: options.description }, (doc) => {
    writeTitleBlock(doc, options.title, options.description);
    writeBlocks(doc, blocks);
  });
}
