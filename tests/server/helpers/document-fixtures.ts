import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import type { Db } from "@/server/db/client";
import { procedureAbilities } from "@/server/db/schema/family";
import { administrativeProcedures, companies, companiesFormalities, defuncts, ongoingFormalities } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { createSession } from "@/server/services/auth/sessions";

/**
 * Files built in code (no binary fixture is downloaded or committed) and a family around
 * one administrative procedure: an owner, an editor, a reader, a notary and a stranger.
 */

/** A small valid PDF; `padding` bytes of random data in a stream make it as large as wanted; `extra` goes in the catalogue dictionary. */
export function makePdf(options: { padding?: number; extra?: string; trailer?: Buffer; objectStream?: string; objectStreamFilter?: string } = {}): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk;
    parts.push(buffer);
    length += buffer.length;
  };
  push("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  const object = (n: number, body: string | Buffer[]) => {
    offsets[n] = length;
    push(`${n} 0 obj\n`);
    if (typeof body === "string") push(body);
    else for (const b of body) push(b);
    push("\nendobj\n");
  };
  object(1, `<< /Type /Catalog /Pages 2 0 R ${options.extra ?? ""} >>`);
  object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  object(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>");
  const content = Buffer.from("BT /F1 12 Tf 72 770 Td (Acte de deces) Tj ET", "latin1");
  object(4, [Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from("\nendstream")]);
  const padding = randomBytes(options.padding ?? 0);
  object(5, [Buffer.from(`<< /Length ${padding.length} >>\nstream\n`), padding, Buffer.from("\nendstream")]);
  if (options.objectStream !== undefined) {
    // PDF 1.5 object stream: dictionaries compressed out of sight of a plain text scan.
    const packed = deflateSync(Buffer.from(`7 0 ${options.objectStream}`, "latin1"));
    object(6, [Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter ${options.objectStreamFilter ?? "/FlateDecode"} /Length ${packed.length} >>\nstream\n`, "latin1"), packed, Buffer.from("\nendstream")]);
  }
  const xref = length;
  push(`xref\n0 6\n0000000000 65535 f \n${offsets.slice(1).map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`);
  push(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  if (options.trailer) push(options.trailer);
  return Buffer.concat(parts);
}

/** A photo as a phone takes it: JPEG with EXIF (camera, date) and a GPS position, lying on its side (orientation 6). */
export async function makeJpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 700/100" },
    })
    .toBuffer();
}

export async function makePng(width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 1 } } }).png().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A decompression bomb: a tiny PNG announcing 100 000 × 100 000 pixels (10 gigapixels). */
export function makePngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc(100_001 * 16)); // a few rows of zeros, compressed to almost nothing
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", header), pngChunk("IDAT", rows), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A minimal ZIP archive holding one stored file (what a zip bomb looks like from outside). */
export function makeZip(name = "bomb.txt", content = Buffer.alloc(1024)): Buffer {
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

/** The first bytes of an iPhone HEIC photo (ftyp box, brand heic): recognised, refused. */
export function makeHeicHead(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic", "latin1"), Buffer.from([0, 0, 0, 0]), Buffer.from("mif1heic", "latin1")]);
  return Buffer.concat([ftyp, randomBytes(2048)]);
}

export const SVG_WITH_SCRIPT = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>\n');

export interface Family {
  procedureId: number;
  formalityId: number;
  defunctId: number;
  clients: Record<"owner" | "editor" | "reader" | "notary" | "stranger", { id: number; email: string }>;
}

/** A procedure with its four family roles, one ongoing formality, and a client holding nothing. */
export async function createFamily(db: Db, tag: string): Promise<Family> {
  const made = {} as Family["clients"];
  for (const role of ["owner", "editor", "reader", "notary", "stranger"] as const) {
    const email = `${role}-${tag}@famille.test`;
    const [row] = await db.insert(clients).values({ email, firstname: role, lastname: "Martin" }).returning({ id: clients.id });
    made[role] = { id: row!.id, email };
  }
  const [defunct] = await db.insert(defuncts).values({ firstname: "Jeanne", lastname: "Martin", deathDate: "2026-10-01" }).returning({ id: defuncts.id });
  const [procedure] = await db
    .insert(administrativeProcedures)
    .values({ clientId: made.owner.id, defunctId: defunct!.id, defunctFamilyLink: "child" })
    .returning({ id: administrativeProcedures.id });
  for (const role of ["owner", "editor", "reader", "notary"] as const) {
    await db.insert(procedureAbilities).values({ administrativeProcedureId: procedure!.id, clientId: made[role].id, role });
  }
  const [company] = await db.insert(companies).values({ name: `Banque ${tag}`, slug: `banque-${tag}`, demo: true, source: "demo" }).returning({ id: companies.id });
  const [formality] = await db.insert(companiesFormalities).values({ companyId: company!.id, name: "Clôture du compte", kind: "close" }).returning({ id: companiesFormalities.id });
  const [ongoing] = await db
    .insert(ongoingFormalities)
    .values({ administrativeProcedureId: procedure!.id, companiesFormalityId: formality!.id })
    .returning({ id: ongoingFormalities.id });
  return { procedureId: procedure!.id, formalityId: ongoing!.id, defunctId: defunct!.id, clients: made };
}

/** Token headers of a client created by createFamily. */
export async function clientHeaders(db: Db, client: { id: number; email: string }): Promise<Record<string, string>> {
  const session = await createSession(db, { realm: "client", userId: client.id, now: new Date() });
  return { "access-token": session.token, client: session.clientId, uid: client.email, "token-type": "Bearer" };
}

/** A multipart body as a browser sends it. */
export function uploadForm(file: Buffer | null, fields: Record<string, string> = {}, fileName = "document.pdf", declaredType = "application/pdf"): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([new Uint8Array(file)], { type: declaredType }), fileName);
  return form;
}
