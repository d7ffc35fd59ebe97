import { join } from "node:path";
import type { PdfFontFiles } from "./pdf-layout";

/**
 * DejaVu Sans (npm package dejavu-fonts-ttf, Bitstream Vera licence: free to embed) for
 * the documents whose letters the PDF standard fonts lack: Latin Extended (Turkish,
 * Serbian Latin), Greek, Cyrillic. Read from node_modules at run time, like any file the
 * server ships with.
 */
export function dejaVuSans(root = process.cwd()): PdfFontFiles {
  const file = (name: string) => join(root, "node_modules", "dejavu-fonts-ttf", "ttf", `${name}.ttf`);
  return { regular: file("DejaVuSans"), bold: file("DejaVuSans-Bold"), italic: file("DejaVuSans-Oblique"), boldItalic: file("DejaVuSans-BoldOblique") };
}
