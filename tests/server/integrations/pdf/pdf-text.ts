import { inflateSync } from "node:zlib";

/**
 * Reads back what a reader of a pdfkit PDF sees: the text runs drawn on each page
 * (standard fonts, WinAnsi hex strings in TJ arrays) and the document title.
 */
// Node's "windows-1252" TextDecoder is Latin-1 in some builds, so the 0x80–0x9F block is mapped by hand.
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = {
  decode: (bytes: Uint8Array) =>
    Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b))).join(""),
};

function streams(pdf: Buffer): string[] {
  const source = pdf.toString("latin1");
  const found: string[] = [];
  const marker = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = marker.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf("endstream", start);
    if (end < 0) break;
    try {
      found.push(inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // Not a deflated stream (fonts are built in, so there is nothing else to read).
    }
    marker.lastIndex = end + "endstream".length;
  }
  return found;
}

/** Each TJ array's text, in drawing order, pages concatenated. */
export function pdfTextRuns(pdf: Buffer): string[] {
  const runs: string[] = [];
  for (const stream of streams(pdf)) {
    for (const tj of stream.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join("");
      runs.push(winAnsi.decode(Buffer.from(hex, "hex")));
    }
  }
  return runs;
}

export function pdfText(pdf: Buffer): string {
  return pdfTextRuns(pdf).join("\n");
}

function decodePdfString(literal: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < literal.length; i++) {
    let code = literal.charCodeAt(i);
    if (literal[i] === "\\") {
      const next = literal[++i]!;
      const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, "(": 40, ")": 41, "\\": 92 };
      if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(literal.slice(i))![0];
        code = parseInt(octal, 8);
        i += octal.length - 1;
      } else code = escapes[next] ?? next.charCodeAt(0);
    }
    bytes.push(code & 0xff);
  }
  const buffer = Buffer.from(bytes);
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder("utf-16be").decode(buffer.subarray(2));
  return winAnsi.decode(buffer);
}

/** The document information Title. */
export function pdfTitle(pdf: Buffer): string | undefined {
  const source = pdf.toString("latin1");
  const ref = /\/Title (\d+) 0 R/.exec(source);
  const literal = ref
    ? new RegExp(`\\n${ref[1]} 0 obj\\n\\(((?:\\\\.|[^\\\\)])*)\\)`, "s").exec(source)?.[1]
    : /\/Title \(((?:\\.|[^\\)])*)\)/s.exec(source)?.[1];
  return literal === undefined ? undefined : decodePdfString(literal);
}

export function pdfPageCount(pdf: Buffer): number {
  const counts = [...pdf.toString("latin1").matchAll(/\/Type \/Pages[\s\S]*?\/Count (\d+)/g)].map((m) => Number(m[1]));
  return Math.max(0, ...counts);
}

/** Object number → its inflated stream, for the streams a PDF holds. */
function streamsByObject(pdf: Buffer): Map<string, string> {
  const source = pdf.toString("latin1");
  const found = new Map<string, string>();
  // An object's own dictionary only: never across an "endobj" into the next object's stream.
  for (const match of source.matchAll(/\n(\d+) 0 obj\n<<(?:(?!endobj)[\s\S])*?>>\nstream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf("endstream", start);
    try {
      found.set(match[1]!, inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // Not deflated (an embedded font file is, but it is never text).
    }
  }
  return found;
}

/** A ToUnicode CMap as pdfkit writes it (bfrange arrays and bfchar pairs): glyph code → text. */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  // A ligature maps to several characters, written "<0066 0069>" (spaces inside).
  const utf16 = (hex: string) => String.fromCharCode(...(hex.replace(/\s/g, "").match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    const first = parseInt(range[1]!, 16);
    [...range[3]!.matchAll(/<([0-9a-f\s]+)>/gi)].forEach((m, i) => map.set(first + i, utf16(m[1]!)));
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) map.set(parseInt(pair[1]!, 16), utf16(pair[2]!));
  }
  return map;
}

/**
 * The text runs of a PDF drawn with embedded (Type0, Identity-H) fonts, read back through
 * each font's ToUnicode map as a reader's copy-paste would; standard-font runs as pdfTextRuns.
 */
export function pdfUnicodeTextRuns(pdf: Buffer): string[] {
  const source = pdf.toString("latin1");
  const streams = streamsByObject(pdf);
  const fontObjects = new Map<string, string>();
  for (const dict of source.matchAll(/\/Font <<([^>]*)>>/g)) for (const ref of dict[1]!.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontObjects.set(ref[1]!, ref[2]!);
  const cmaps = new Map<string, Map<number, string>>();
  for (const [name, object] of fontObjects) {
    const toUnicode = new RegExp(`\\n${object} 0 obj\\n<<[^>]*?/ToUnicode (\\d+) 0 R`).exec(source)?.[1];
    const cmap = toUnicode ? streams.get(toUnicode) : undefined;
    if (cmap) cmaps.set(name, parseToUnicode(cmap));
  }
  const runs: string[] = [];
  // Page content only (a CMap's "[<…> <…>]" arrays are no text), read with an unambiguous
  // pattern: "<" only ever opens a hex string, so a failed match cannot backtrack at length.
  for (const content of [...streams.values()].filter((s) => /\bBT\b/.test(s) && !s.includes("begincmap"))) {
    let font: string | undefined;
    for (const token of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[^\]<])*)\]\s*TJ/g)) {
      if (token[1]) {
        font = token[1];
        continue;
      }
      const hex = [...token[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join("");
      const cmap = font ? cmaps.get(font) : undefined;
      runs.push(cmap ? (hex.match(/.{4}/g) ?? []).map((code) => cmap.get(parseInt(code, 16)) ?? "\uFFFD").join("") : winAnsi.decode(Buffer.from(hex, "hex")));
    }
  }
  return runs;
}
