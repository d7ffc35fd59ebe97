import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";
import remarkRehype from "remark-rehype";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import type { Element, ElementContent, Root, RootContent } from "hast";

/** One entry of an article's table of contents: a ## (depth 2) or ### (depth 3) heading. */
export interface TocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
}

export interface RenderedMarkdown {
  /** Sanitised HTML, safe to inject. */
  html: string;
  toc: TocEntry[];
  /** Words of running text, for the reading time. */
  wordCount: number;
}

/**
 * What editorial Markdown may contain once rendered: GitHub's safe subset, plus
 * `tel:` links (the advisors' number appears in texts). Raw HTML in the source is
 * already dropped by remark-rehype; sanitising still runs so that a dangerous URL
 * (javascript:, data:) or an attribute slipped into Markdown syntax never survives.
 */
const SANITIZE_SCHEMA = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), "tel"] },
};

function isElement(node: RootContent | ElementContent | Root): node is Element {
  return node.type === "element";
}

function textOf(node: Root | RootContent | ElementContent): string {
  if (node.type === "text") return node.value;
  if ("children" in node) return (node.children as (RootContent | ElementContent)[]).map(textOf).join("");
  return "";
}

function walk(node: Root | Element, visit: (element: Element, parent: Root | Element, index: number) => void): void {
  // `visit` may replace the child it is given (one node for one), so indexes stay valid;
  // the walk goes on inside the original element, wherever it now sits.
  [...node.children].forEach((child, index) => {
    if (!isElement(child)) return;
    visit(child, node, index);
    walk(child, visit);
  });
}

/** The page's <h1> is the article title, so a stray "# heading" in a text becomes a section heading. */
function demoteTitles() {
  return (tree: Root) => {
    walk(tree, (element) => {
      if (element.tagName === "h1") element.tagName = "h2";
    });
  };
}

/**
 * French puts a space before : ; ? ! and inside « »; made non-breaking, so a line never
 * starts with the sign. Other languages are left untouched.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/ ([:;?!»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
}

function applyFrenchSpacing(node: Root | RootContent | ElementContent): void {
  if (node.type === "text") node.value = frenchSpacing(node.value);
  else if ("children" in node && !(node.type === "element" && (node.tagName === "code" || node.tagName === "pre"))) {
    (node.children as (RootContent | ElementContent)[]).forEach(applyFrenchSpacing);
  }
}

/** "qui-ouvre-droit-au-capital-décès" → "qui-ouvre-droit-au-capital-deces": anchors that read the same in any address bar. */
export function asciiId(id: string): string {
  const folded = id
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[œ]/g, "oe")
    .replace(/[æ]/g, "ae")
    .replace(/[^a-z0-9_-]+/gi, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return folded || "section";
}

function uniqueId(id: string, taken: Set<string>): string {
  let candidate = id;
  for (let n = 1; taken.has(candidate); n++) candidate = `${id}-${n}`;
  taken.add(candidate);
  return candidate;
}

/**
 * After sanitising and slugging: collect the table of contents, keep images to our
 * own host (no file is ever fetched from elsewhere), mark links leaving the site and
 * let wide tables scroll sideways instead of widening the page on a phone.
 */
function finishTree(toc: TocEntry[], words: { count: number }, french: boolean) {
  return (tree: Root) => {
    if (french) applyFrenchSpacing(tree);
    words.count = textOf(tree).split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    let lastHeading = "";
    const ids = new Set<string>();
    walk(tree, (element, parent, index) => {
      const { tagName, properties } = element;
      if (typeof properties.id === "string") {
        properties.id = uniqueId(asciiId(properties.id), ids);
      }
      if (/^h[2-6]$/.test(tagName)) lastHeading = textOf(element).trim();
      if ((tagName === "h2" || tagName === "h3") && typeof properties.id === "string") {
        toc.push({ id: properties.id, text: textOf(element).trim(), depth: tagName === "h2" ? 2 : 3 });
      }
      if (tagName === "img" && !(typeof properties.src === "string" && properties.src.startsWith("/") && !properties.src.startsWith("//"))) {
        parent.children.splice(index, 1, { type: "text", value: typeof properties.alt === "string" ? properties.alt : "" });
      }
      if (tagName === "a" && typeof properties.href === "string" && /^https?:\/\//i.test(properties.href)) {
        properties.rel = ["noopener", "noreferrer", "external"];
      }
      if (tagName === "table") {
        parent.children.splice(index, 1, {
          type: "element",
          tagName: "div",
          // Focusable so keyboard users can scroll it; a region only when it can be named.
          properties: { className: ["table-scroll"], tabIndex: 0, ...(lastHeading ? { role: "region", ariaLabel: lastHeading } : {}) },
          children: [element],
        });
      }
    });
  };
}

/**
 * Editorial Markdown (guides, content pages) → sanitised HTML with an id on every
 * heading and the table of contents built from the ## and ### headings. Runs at
 * build time in server components; nothing of it reaches the browser bundle.
 */
export async function renderMarkdown(markdown: string, options: { locale?: string } = {}): Promise<RenderedMarkdown> {
  const toc: TocEntry[] = [];
  const words = { count: 0 };
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(demoteTitles)
    .use(rehypeSanitize, SANITIZE_SCHEMA)
    // Ids are added after sanitising, so they keep their plain form (no "user-content-" prefix).
    .use(rehypeSlug)
    .use(finishTree, toc, words, options.locale === "fr")
    .use(rehypeStringify)
    .process(markdown);
  return { html: String(file), toc, wordCount: words.count };
}

/** Minutes to read a text at a calm pace (about 200 words a minute), at least one. */
export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / 200));
}
