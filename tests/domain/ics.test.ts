import { describe, expect, it } from "vitest";
import { escapeIcsText, foldIcsLine, icsUtc, renderIcs } from "@/domain/ics";

describe("RFC 5545 writer", () => {
  it("escapes TEXT values: backslash, semicolon, comma and line breaks", () => {
    expect(escapeIcsText("Église Saint-Jean; salle 2, Lyon\\Est\nentrée B")).toBe("Église Saint-Jean\\; salle 2\\, Lyon\\\\Est\\nentrée B");
  });

  it("folds at 75 octets without cutting a UTF-8 character", () => {
    const line = `SUMMARY:${"é".repeat(60)}${"字".repeat(30)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    parts.slice(1).forEach((part) => expect(part.startsWith(" ")).toBe(true));
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(folded).not.toContain("\uFFFD");
  });

  it("writes a calendar with UTC times and CRLF line ends", () => {
    const now = new Date("2026-11-25T08:00:00Z");
    const ics = renderIcs({ prodId: "-//Paisible//Memorial//FR", name: "Jean", now, events: [{ uid: "memorial-1-step-2@paisible.fr", start: new Date("2026-12-03T13:30:00Z"), durationMinutes: 90, summary: "Cérémonie – Jean", location: "Église, Lyon" }] });
    expect(icsUtc(now)).toBe("20261125T080000Z");
    expect(ics.split("\r\n")).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Paisible//Memorial//FR",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:Jean",
      "BEGIN:VEVENT",
      "UID:memorial-1-step-2@paisible.fr",
      "DTSTAMP:20261125T080000Z",
      "DTSTART:20261203T133000Z",
      "DURATION:PT1H30M",
      "SUMMARY:Cérémonie – Jean",
      "LOCATION:Église\\, Lyon",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ]);
  });
});
