/**
 * A minimal RFC 5545 writer for the calendar files the product hands out (a memorial's
 * ceremony): CRLF line ends, TEXT values escaped (backslash, semicolon, comma, line
 * breaks), content lines folded at 75 octets without cutting a UTF-8 character, times in
 * UTC ("Z" form, so no VTIMEZONE is needed).
 */

export interface IcsEvent {
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
}

export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** 20251125T093000Z */
export function icsUtc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** Folds one content line: at most 75 octets per physical line, continuation lines start with a space. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation's leading space counts, so 74 more.
    const limit = parts.length === 0 ? 75 : 74;
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
    }
    current += char;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function durationOf(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ""}${rest || !hours ? `${rest}M` : ""}`;
}

export function renderIcs(input: { prodId: string; name?: string; events: readonly IcsEvent[]; now: Date }): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${input.prodId}`, "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  if (input.name) lines.push(`X-WR-CALNAME:${escapeIcsText(input.name)}`);
  for (const event of input.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${icsUtc(input.now)}`,
      `DTSTART:${icsUtc(event.start)}`,
      `DURATION:${durationOf(event.durationMinutes)}`,
      `SUMMARY:${escapeIcsText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}
