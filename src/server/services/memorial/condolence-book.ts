import { createRequire } from "node:module";
import type { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { localeOrDefault, type Locale } from "@/domain/locales";
import type { Db } from "@/server/db/client";
import { memorialCondolences } from "@/server/db/schema/memorials";
import { ensureSpace, measureSpans, PDF_THEME, renderPdf, writeRule, writeSpans, writeTitleBlock, type Pdf } from "@/server/integrations/pdf/pdf-layout";
import { dejaVuSans } from "@/server/integrations/pdf/unicode-fonts";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import { loadMessages } from "@/i18n/load-messages";
import type { AuthSession } from "@/server/services/auth-tokens";
import { condolencePhotos } from "@/server/services/memorial/condolences";
import { requireMemorial } from "@/server/services/memorial/memorial-access";

/**
 * The condolence book (GET /api/v1/deals/{id}/memorial/condolence_book.pdf): the
 * approved condolences only, oldest first, each with its author's name, the day it was
 * published, its text and its photo. Drawn with DejaVu Sans (embedded), which covers the
 * Latin, Greek, Cyrillic, Arabic and Hebrew letters of the 11 locales; a right-to-left
 * message is set right-aligned, wrapped here and shaped by fontkit (a Latin word or number
 * inside it is not reordered: no full bidirectional algorithm). Chinese characters are not in DejaVu Sans: they print as □ and the message
 * carries a note that it reads in full on the page. The book's own labels are in the
 * caller's language, in French for ar, he and zh (their labels mix directions or scripts
 * the font cannot draw).
 */

type Translate = (key: string, values?: Record<string, string>) => string;
const require = createRequire(import.meta.url);

const LABEL_LOCALES: readonly Locale[] = ["fr", "de", "en", "es", "it", "pt", "sr", "tr"];
const REPLACEMENT = "□";
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const STRONG_CHAR = /[\p{L}]/u;

interface CoverageFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
let coverage: CoverageFont | null = null;
function font(): CoverageFont {
  // fontkit is pdfkit's own font engine: the same tables decide what can be drawn.
  coverage ??= (require("fontkit") as { openSync(path: string): CoverageFont }).openSync(dejaVuSans().regular);
  return coverage;
}

/** The text with every character the font lacks replaced, and whether any was. */
export function printable(text: string): { text: string; replaced: boolean } {
  let replaced = false;
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 && char !== "\n") continue;
    if (char === "\n" || font().hasGlyphForCodePoint(code)) out += char;
    else {
      out += REPLACEMENT;
      replaced = true;
    }
  }
  return { text: out, replaced };
}

/** Right to left when the first letter is Arabic or Hebrew. */
export function isRightToLeft(text: string): boolean {
  for (const char of text) if (STRONG_CHAR.test(char)) return RTL_CHAR.test(char);
  return false;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface BookEntry {
  author: string;
  day: string;
  message: string;
  photo: Buffer | null;
}

function dayOf(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Paris", numberingSystem: "latn" }).format(date);
}

/**
 * A right-to-left paragraph, wrapped here line by line: pdfkit shapes and reverses a whole
 * line through fontkit, but drops the space before a line's last word unless the line
 * ends with one, so each line is drawn on its own with a trailing space.
 */
function writeRightToLeft(doc: Pdf, paragraph: string, options: { fontSize?: number; bold?: boolean } = {}): void {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  // measureSpans selects the document's face and size, so widthOfString measures with them.
  const lineHeight = measureSpans(doc, [{ text: "ا" }], width, options);
  const lines: string[] = [];
  let current = "";
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && doc.widthOfString(`${candidate} `) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  for (const line of lines) {
    ensureSpace(doc, lineHeight);
    writeSpans(doc, [{ text: `${line} `, bold: options.bold }], { align: "right", fontSize: options.fontSize });
  }
}

function writeEntry(doc: Pdf, entry: BookEntry, note: string): void {
  ensureSpace(doc, 60);
  const author = printable(entry.author);
  if (isRightToLeft(author.text)) writeRightToLeft(doc, author.text, { fontSize: 12, bold: true });
  else writeSpans(doc, [{ text: author.text, bold: true }], { fontSize: 12 });
  writeSpans(doc, [{ text: entry.day }], { fontSize: 9, color: PDF_THEME.muted });
  doc.y += 4;
  const message = printable(entry.message);
  const rightToLeft = isRightToLeft(message.text);
  for (const paragraph of message.text.split(/\n+/).filter((line) => line.trim())) {
    ensureSpace(doc, PDF_THEME.fontSize * 2);
    if (rightToLeft) writeRightToLeft(doc, paragraph);
    else writeSpans(doc, [{ text: paragraph }]);
    doc.y += 3;
  }
  if (message.replaced || author.replaced) writeSpans(doc, [{ text: note, italic: true }], { fontSize: 8.5, color: PDF_THEME.muted });
  if (entry.photo) {
    const size = 180;
    ensureSpace(doc, size + 8);
    try {
      doc.image(entry.photo, doc.page.margins.left, doc.y + 4, { fit: [size, size] });
      doc.y += size + 8;
    } catch {
      // A photo the PDF engine cannot embed leaves the text alone in the book.
    }
  }
  writeRule(doc);
}

export async function condolenceBookPdf(db: Db, storage: FileStorage, auth: AuthSession, dealId: number, requestedLocale: string): Promise<{ pdf: Buffer; filename: string }> {
  const { memorial } = await requireMemorial(db, auth, dealId, "read");
  const locale = LABEL_LOCALES.includes(localeOrDefault(requestedLocale)) ? localeOrDefault(requestedLocale) : "fr";
  // Messages are loaded at run time, so their keys are unknown to the type checker.
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "MemorialBook" }) as unknown as Translate;
  const rows = await db
    .select()
    .from(memorialCondolences)
    .where(and(eq(memorialCondolences.memorialId, memorial.id), eq(memorialCondolences.status, "published")))
    .orderBy(asc(memorialCondolences.publishedAt), asc(memorialCondolences.id));
  const photos = await condolencePhotos(
    db,
    rows.map((row) => row.id),
  );
  const entries: BookEntry[] = [];
  for (const row of rows) {
    const photo = photos.get(row.id);
    // The smallest JPEG: enough for print at this size, and the PDF engine embeds JPEG as is.
    const variant = photo && photo.status === "published" ? photo.variants.find((v) => v.format === "jpg") : undefined;
    const bytes = variant ? await storage.get(variant.key).then(readAll, () => null) : null;
    entries.push({ author: row.authorName, day: dayOf(row.publishedAt ?? row.createdAt, locale), message: row.message, photo: bytes });
  }
  const name = printable(memorial.displayName).text;
  const lifespan = [memorial.birthDate, memorial.deathDate].every(Boolean) ? t("lifespan", { birth: dayOf(new Date(`${memorial.birthDate}T12:00:00Z`), locale), death: dayOf(new Date(`${memorial.deathDate}T12:00:00Z`), locale) }) : undefined;
  const pdf = await renderPdf({ title: t("title", { name }), lang: locale, fonts: dejaVuSans(), footerLines: [t("footer")] }, (doc) => {
    writeTitleBlock(doc, t("title", { name }), lifespan);
    writeSpans(doc, [{ text: t("count", { count: String(entries.length) }) }], { color: PDF_THEME.muted });
    doc.y += 10;
    if (entries.length === 0) writeSpans(doc, [{ text: t("empty") }]);
    for (const entry of entries) writeEntry(doc, entry, t("notPrintable"));
  });
  return { pdf, filename: `livre-de-condoleances-${memorial.id}.pdf` };
}
