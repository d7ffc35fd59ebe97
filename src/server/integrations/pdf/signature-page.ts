import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { BRAND, OPERATOR } from "@/config/brand";
import { toWinAnsi } from "./win-ansi";

/**
 * The signed copy of a document: the original pages untouched, then one page that records
 * the signature (who typed which name, when, a hash of their address, and the SHA-256 of
 * the original file, so the copy can be checked against what was shown).
 */
export interface SignatureRecord {
  documentName: string;
  signerName: string;
  typedName: string;
  signedAt: Date;
  ipHash: string | null;
  documentSha256: string;
  requestId: number;
}

const PARIS = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "medium", timeZone: "Europe/Paris" });

export async function appendSignaturePage(original: Buffer, record: SignatureRecord): Promise<Buffer> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 770;
  const line = (text: string, options: { font?: typeof regular; size?: number; gap?: number } = {}) => {
    const size = options.size ?? 10.5;
    const font = options.font ?? regular;
    // Long values (a hash) are cut into lines that fit the page.
    const words = toWinAnsi(text).split(" ");
    let current = "";
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) > 480 && current) {
        page.drawText(current, { x: 56, y, size, font, color: rgb(0.12, 0.16, 0.2) });
        y -= size + 5;
        current = word;
      } else current = candidate;
    }
    if (current) page.drawText(current, { x: 56, y, size, font, color: rgb(0.12, 0.16, 0.2) });
    y -= size + (options.gap ?? 8);
  };
  line("Signature électronique du document", { font: bold, size: 16, gap: 18 });
  line(`Document : ${record.documentName}`);
  line(`Signataire attendu : ${record.signerName}`);
  line(`Nom saisi par le signataire : ${record.typedName}`);
  line(`Signé le ${PARIS.format(record.signedAt)} (heure de Paris)`);
  line(`Empreinte de l'adresse IP (SHA-256) : ${record.ipHash ?? "non disponible"}`);
  line(`Empreinte SHA-256 du document original : ${record.documentSha256}`, { gap: 18 });
  line("Le signataire a lu le document, saisi son nom et coché la case par laquelle il consent à le signer électroniquement.");
  line(`Demande de signature n° ${record.requestId}, recueillie par ${BRAND} (${OPERATOR.legalName}, ${OPERATOR.address}).`);
  return Buffer.from(await pdf.save());
}
