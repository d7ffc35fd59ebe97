import { readFile } from "node:fs/promises";
import { join } from "node:path";
import matter from "gray-matter";
import { LEGAL_DOCUMENTS, type LegalDocument } from "@/config/paths";
import { renderMarkdownPdf } from "@/server/integrations/pdf/markdown-pdf";

/** Used when a document's front matter has no title, so a PDF is never untitled. */
export const LEGAL_DOCUMENT_TITLES: Record<LegalDocument, string> = {
  "conditions-generales": "Conditions générales",
  "politique-de-confidentialite": "Politique de confidentialité",
  "mentions-legales": "Mentions légales",
  "documentation-generale": "Documentation générale",
};

export function defaultLegalContentDir(): string {
  return join(process.cwd(), "src", "content", "pages", "fr", "legal");
}

/** "mentions-legales.pdf" → "mentions-legales"; null for anything that is not one of the documents. */
export function legalDocumentFromFile(file: string): LegalDocument | null {
  const match = /^([a-z-]+)\.pdf$/.exec(file);
  const name = match?.[1];
  return name && (LEGAL_DOCUMENTS as readonly string[]).includes(name) ? (name as LegalDocument) : null;
}

export interface LegalDocumentSource {
  title: string;
  description?: string;
  markdown: string;
}

/** Reads src/content/pages/fr/legal/<doc>.md; null when the file does not exist. */
export async function loadLegalDocumentSource(doc: LegalDocument, contentDir: string = defaultLegalContentDir()): Promise<LegalDocumentSource | null> {
  let raw: string;
  try {
    raw = await readFile(join(contentDir, `${doc}.md`), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const { data, content } = matter(raw);
  const title = typeof data.title === "string" && data.title.trim() ? data.title.trim() : LEGAL_DOCUMENT_TITLES[doc];
  const description = typeof data.description === "string" && data.description.trim() ? data.description.trim() : undefined;
  return { title, ...(description ? { description } : {}), markdown: content };
}

const cache = new Map<string, Promise<Buffer | null>>();

/**
 * The PDF of a legal document, rendered once per process and content folder. A
 * missing file is not cached, so a document published later is picked up; a failed
 * rendering is not cached either.
 */
export function legalDocumentPdf(doc: LegalDocument, contentDir: string = defaultLegalContentDir()): Promise<Buffer | null> {
  const key = `${contentDir}\0${doc}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const pending = (async () => {
    const source = await loadLegalDocumentSource(doc, contentDir);
    if (!source) return null;
    return renderMarkdownPdf({ title: source.title, description: source.description, markdown: source.markdown, lang: "fr-FR" });
  })();
  cache.set(key, pending);
  pending.then(
    (pdf) => {
      if (!pdf) cache.delete(key);
    },
    () => cache.delete(key),
  );
  return pending;
}
