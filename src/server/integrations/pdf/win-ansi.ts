/**
 * The PDF standard fonts (Helvetica…) only draw Windows-1252 characters. French text
 * fits, but typographic spaces, non-breaking hyphens or a stray emoji would print as
 * garbage, so text is brought into that set first: close equivalents where they exist,
 * accents stripped for other Latin letters, "?" as a last resort.
 */

// Unicode characters of Windows-1252 outside Latin-1 (0x80–0x9F block).
const CP1252_EXTRAS = new Set(
  [0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178].map(
    (c) => String.fromCodePoint(c),
  ),
);

const REPLACEMENTS: Record<string, string> = {
  "\u202f": "\u00a0", // narrow no-break space (French punctuation)
  "\u2007": "\u00a0",
  "\u2009": " ",
  "\u200a": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\u200b": "",
  "\u200c": "",
  "\u200d": "",
  "\u2060": "",
  "\ufeff": "",
  "\u00ad": "",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "–",
  "\u2015": "—",
  "\u2212": "-",
  "\u2032": "'",
  "\u2033": '"',
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "!=",
  "\u2192": "->",
  "\u2190": "<-",
  "\u2794": "->",
  "\u2713": "v",
  "\u2714": "v",
  "\u25cf": "•",
  "\u25aa": "•",
  "\u2023": "•",
  "\u2043": "-",
  "\u2116": "No",
  // Letters with a stroke have no decomposition to fall back on.
  "\u0141": "L",
  "\u0142": "l",
  "\u0110": "D",
  "\u0111": "d",
  "\u0131": "i",
  "\u0126": "H",
  "\u0127": "h",
  "\u2248": "~",
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  if (code === 0x0a) return true;
  if (code >= 0x20 && code <= 0x7e) return true;
  if (code >= 0xa0 && code <= 0xff) return true;
  return CP1252_EXTRAS.has(char);
}

export function toWinAnsi(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    if (char === "\t") {
      out += " ";
      continue;
    }
    if (isWinAnsi(char)) {
      out += char;
      continue;
    }
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    // Other Latin letters (ł, ő, ș…) lose their accent rather than becoming "?".
    const base = char.normalize("NFD").replace(/\p{M}/gu, "");
    out += base && [...base].every(isWinAnsi) ? base : "?";
  }
  return out;
}
