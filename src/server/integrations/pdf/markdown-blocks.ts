/**
 * A small Markdown reader for printed documents: headings, paragraphs, lists (nested,
 * bulleted or numbered), quotes, rules and simple tables, with bold and italic inline.
 * Links keep only their text: a printed page cannot be clicked. Anything it does not
 * know is printed as plain text rather than dropped or crashing.
 */

export interface InlineSpan {
  text: string;
  bold?: boolean;
  italic?: boolean;
}

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; spans: InlineSpan[] }
  | { kind: "paragraph"; spans: InlineSpan[] }
  | { kind: "quote"; spans: InlineSpan[] }
  | { kind: "list-item"; ordered: boolean; marker: string; depth: number; spans: InlineSpan[] }
  | { kind: "table"; header: InlineSpan[][]; rows: InlineSpan[][][] }
  | { kind: "rule" };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,3}[.)])\s+(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  laquo: "«",
  raquo: "»",
  euro: "€",
  eacute: "é",
  egrave: "è",
  agrave: "à",
  ccedil: "ç",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  rsquo: "’",
  lsquo: "‘",
  ldquo: "“",
  rdquo: "”",
  deg: "°",
  copy: "©",
  reg: "®",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Removes link targets, images, code ticks and HTML tags, keeping what a reader sees. */
function flattenInline(text: string): string {
  return (
    text
      // Images: keep the alternative text.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      // Links, inline and reference style: keep the text.
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1")
      // Autolinks: the address is the text.
      .replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/gi, (_m, url: string) => url.replace(/^mailto:/i, ""))
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/?[a-z][^>]*>/gi, "")
      .replace(/`([^`]*)`/g, "$1")
  );
}

/** Bold (**, __) and italic (*, _) spans; underscores inside words (total_reviews) stay literal. */
export function parseInline(source: string): InlineSpan[] {
  const text = flattenInline(source);
  const spans: InlineSpan[] = [];
  let bold = false;
  let italic = false;
  let buffer = "";
  const flush = () => {
    if (!buffer) return;
    const last = spans[spans.length - 1];
    const decoded = decodeEntities(buffer);
    if (last && Boolean(last.bold) === bold && Boolean(last.italic) === italic) last.text += decoded;
    else spans.push({ text: decoded, ...(bold ? { bold: true } : {}), ...(italic ? { italic: true } : {}) });
    buffer = "";
  };
  // A marker only counts when its closing partner exists; otherwise it is printed.
  const hasCloser = (from: number, marker: string) => text.indexOf(marker, from) !== -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "\\" && i + 1 < text.length && /[\\`*_{}[\]()#+\-.!|>]/.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i++;
      continue;
    }
    if (char === "*" || char === "_") {
      const double = text[i + 1] === char;
      const marker = double ? char + char : char;
      const prev = text[i - 1] ?? " ";
      const next = text[i + marker.length] ?? " ";
      if (char === "_" && /[\p{L}\p{N}]/u.test(prev) && /[\p{L}\p{N}]/u.test(next)) {
        buffer += marker;
        i += marker.length - 1;
        continue;
      }
      const closing = double ? bold : italic;
      const opens = !closing && !/\s/.test(next) && hasCloser(i + marker.length, marker);
      const closes = closing && !/\s/.test(prev);
      if (opens || closes) {
        flush();
        if (double) bold = !bold;
        else italic = !italic;
        i += marker.length - 1;
        continue;
      }
    }
    buffer += char;
  }
  flush();
  // Hard line breaks become spaces except explicit <br>, and runs of spaces collapse.
  return spans
    .map((s) => ({ ...s, text: s.text.replace(/[ \t]+/g, " ") }))
    .filter((s) => s.text.length > 0);
}

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|") && !row.endsWith("\\|")) row = row.slice(0, -1);
  const cells: string[] = [];
  let cell = "";
  for (let i = 0; i < row.length; i++) {
    if (row[i] === "\\" && row[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (row[i] === "|") {
      cells.push(cell.trim());
      cell = "";
    } else cell += row[i];
  }
  cells.push(cell.trim());
  return cells;
}

/** Joins the lines of a paragraph; a line ending in two spaces or a backslash keeps its line break. */
function joinLines(lines: readonly string[]): string {
  return lines
    .map((line, index) => {
      const last = index === lines.length - 1;
      const hardBreak = !last && /( {2,}|\\)$/.test(line);
      const text = line.trim().replace(/\\$/, hardBreak ? "" : "\\");
      return last ? text : `${text.trimEnd()}${hardBreak ? "\n" : " "}`;
    })
    .join("");
}

function trimSpans(spans: InlineSpan[]): InlineSpan[] {
  if (spans.length === 0) return spans;
  const first = spans[0]!;
  first.text = first.text.replace(/^\s+/, "");
  const last = spans[spans.length - 1]!;
  last.text = last.text.replace(/\s+$/, "");
  return spans.filter((s) => s.text.length > 0);
}

export function parseMarkdownBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, "\n").replace(/<!--[\s\S]*?-->/g, "").split("\n");
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let quote: string[] = [];
  let item: { ordered: boolean; marker: string; indent: number; lines: string[] } | null = null;
  const indents: number[] = [];

  const flushParagraph = () => {
    if (paragraph.length) {
      const spans = trimSpans(parseInline(joinLines(paragraph)));
      if (spans.length) blocks.push({ kind: "paragraph", spans });
    }
    paragraph = [];
  };
  const flushQuote = () => {
    if (quote.length) {
      const spans = trimSpans(parseInline(joinLines(quote)));
      if (spans.length) blocks.push({ kind: "quote", spans });
    }
    quote = [];
  };
  const flushItem = () => {
    if (item) {
      while (indents.length && indents[indents.length - 1]! > item.indent) indents.pop();
      if (!indents.length || indents[indents.length - 1]! < item.indent) indents.push(item.indent);
      const depth = Math.min(indents.length - 1, 3);
      blocks.push({ kind: "list-item", ordered: item.ordered, marker: item.marker, depth, spans: trimSpans(parseInline(joinLines(item.lines))) });
    }
    item = null;
  };
  const flushAll = () => {
    flushParagraph();
    flushQuote();
    flushItem();
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") {
      flushParagraph();
      flushQuote();
      flushItem();
      // A blank line between items of one list keeps the list; anything else ends it.
      const next = lines.slice(i + 1).find((l) => l.trim() !== "");
      if (!next || !LIST_ITEM.test(next)) indents.length = 0;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flushAll();
      indents.length = 0;
      const level = Math.min(heading[1]!.length, 3) as 1 | 2 | 3;
      blocks.push({ kind: "heading", level, spans: trimSpans(parseInline(heading[2]!)) });
      continue;
    }
    // Setext headings: a paragraph underlined with === or ---.
    if (paragraph.length && /^\s{0,3}(=+|-+)\s*$/.test(line)) {
      const level = line.trim().startsWith("=") ? 1 : 2;
      const spans = trimSpans(parseInline(joinLines(paragraph)));
      paragraph = [];
      if (spans.length) blocks.push({ kind: "heading", level, spans });
      continue;
    }
    if (RULE.test(line)) {
      flushAll();
      indents.length = 0;
      blocks.push({ kind: "rule" });
      continue;
    }
    const nextLine = lines[i + 1];
    if (line.includes("|") && nextLine !== undefined && TABLE_SEPARATOR.test(nextLine) && nextLine.includes("-")) {
      flushAll();
      indents.length = 0;
      const header = splitRow(line).map((c) => trimSpans(parseInline(c)));
      const rows: InlineSpan[][][] = [];
      i += 1;
      while (i + 1 < lines.length && lines[i + 1]!.includes("|") && lines[i + 1]!.trim() !== "") {
        i += 1;
        const cells = splitRow(lines[i]!).map((c) => trimSpans(parseInline(c)));
        // Rows are padded or cut to the header's width so every row lines up.
        rows.push(header.map((_h, index) => cells[index] ?? []));
      }
      blocks.push({ kind: "table", header, rows });
      continue;
    }
    const listItem = LIST_ITEM.exec(line);
    if (listItem) {
      flushParagraph();
      flushQuote();
      flushItem();
      const marker = listItem[2]!;
      const ordered = /\d/.test(marker);
      item = { ordered, marker: ordered ? `${marker.replace(")", ".")}` : "•", indent: listItem[1]!.replace(/\t/g, "    ").length, lines: [listItem[3]!] };
      continue;
    }
    const quoted = QUOTE.exec(line);
    if (quoted) {
      flushParagraph();
      flushItem();
      quote.push(quoted[1]!);
      continue;
    }
    if (item) {
      // A continuation line of the current item.
      item.lines.push(line);
      continue;
    }
    if (quote.length) flushQuote();
    paragraph.push(line);
  }
  flushAll();
  return blocks;
}

/** The plain text of spans, e.g. to compare a heading with the document title. */
export function spansText(spans: readonly InlineSpan[]): string {
  return spans.map((s) => s.text).join("");
}
