import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { endsWithZipDirectory, pdfHasActiveContent } from "@/server/services/supporting-documents/inspect-file";
import { makePdf, makeZip } from "../../helpers/document-fixtures";

const dir = mkdtempSync(join(tmpdir(), "paisible-inspect-"));
let serial = 0;
function file(bytes: Buffer): string {
  serial += 1;
  const path = join(dir, `f${serial}`);
  writeFileSync(path, bytes);
  return path;
}
const CHUNK = 1 << 20;

/** "%PDF-1.7" then a comment long enough to put `at` bytes of the file before `tail`. */
function placed(tail: Buffer, at: number): Buffer {
  const head = Buffer.from("%PDF-1.7\n%", "latin1");
  return Buffer.concat([head, Buffer.alloc(at - head.length - 1, "x"), Buffer.from("\n"), tail]);
}

describe("pdfHasActiveContent reads across the 1 MiB chunks it reads the file by", () => {
  it.each([-12, -6, -3, 0, 2])("finds /JavaScript cut by a chunk boundary (offset %i)", async (offset) => {
    const tail = Buffer.from("1 0 obj << /OpenAction << /S /JavaScript >> >> endobj\n%%EOF\n", "latin1");
    const index = tail.indexOf("/JavaScript");
    expect(await pdfHasActiveContent(file(placed(tail, CHUNK + offset - index)))).toBe(true);
  });

  it.each([-40, -20, -5, 3])("finds JavaScript in an object stream cut by a chunk boundary (offset %i)", async (offset) => {
    const packed = deflateSync(Buffer.from("7 0 << /S /JavaScript /JS (x) >>", "latin1"));
    const tail = Buffer.concat([Buffer.from(`6 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`, "latin1"), packed, Buffer.from("\nendstream\nendobj\n%%EOF\n")]);
    expect(await pdfHasActiveContent(file(placed(tail, CHUNK + offset - tail.indexOf("stream\n"))))).toBe(true);
  });

  it("skips names inside ordinary streams (page contents, pictures)", async () => {
    const content = Buffer.from("/JavaScript /Launch BT ET", "latin1");
    const tail = Buffer.concat([Buffer.from(`4 0 obj\n<< /Length ${content.length} >>\nstream\n`), content, Buffer.from("\nendstream\nendobj\n%%EOF\n")]);
    expect(await pdfHasActiveContent(file(placed(tail, CHUNK - 10)))).toBe(false);
  });

  it("passes a large ordinary PDF of random stream data", async () => {
    expect(await pdfHasActiveContent(file(makePdf({ padding: 5 * CHUNK })))).toBe(false);
  });
});

describe("endsWithZipDirectory", () => {
  it("tells a ZIP tail from a PDF that merely contains the letters PK", async () => {
    const zip = makeZip();
    expect(await endsWithZipDirectory(file(zip), zip.length)).toBe(true);
    const pdf = makePdf({ extra: "/PK (PK\x05\x06 not at the end)" });
    expect(await endsWithZipDirectory(file(pdf), pdf.length)).toBe(false);
  });
});
