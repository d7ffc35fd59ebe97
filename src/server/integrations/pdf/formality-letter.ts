import { BRAND } from "@/config/brand";
import type { FamilyLink, FormalityKind } from "@/domain/schemas/administrative-procedure";
import { PDF_THEME, renderPdf, writeListItem, writeParagraph, writeSpans, type Pdf } from "./pdf-layout";

/**
 * The letter a family sends a company after a death: sender and recipient blocks, place
 * and date, subject, the references the company asked for, the wording of the formality's
 * kind (close, transfer, claim, notify), the enclosed documents and a signature line.
 * Always in French: it goes to French organisations, whatever language the family reads
 * the site in.
 */

export interface LetterPerson {
  civility: string | null;
  firstname: string | null;
  lastname: string | null;
}

export interface FormalityLetterInput {
  sender: LetterPerson & {
    address: string | null;
    addressL2: string | null;
    postalCode: string | null;
    city: string | null;
    phone: string | null;
    email: string | null;
  };
  deceased: LetterPerson & {
    birthName: string | null;
    birthDate: string | null;
    birthLocation: string | null;
    deathDate: string | null;
    deathCity: string | null;
  };
  familyLink: FamilyLink | null;
  company: { name: string; address: string | null };
  formality: { name: string; kind: FormalityKind };
  /** Label and value of each reference the company asked for (account number, contract...). */
  references: ReadonlyArray<{ label: string; value: string }>;
  /** Documents enclosed (attached to the formality), or asked for when none is attached yet. */
  enclosures: ReadonlyArray<string>;
  /** Whether `enclosures` are documents already attached (true) or the company's usual list (false). */
  enclosuresAttached: boolean;
  issuedOn: Date;
}

const LINKS: Record<FamilyLink, string> = {
  spouse: "conjoint(e)",
  partner: "partenaire de Pacs ou concubin(e)",
  child: "enfant",
  parent: "parent",
  sibling: "frère ou sœur",
  grandchild: "petit-enfant",
  other_family: "proche parent",
  friend: "proche",
  notary: "notaire chargé(e) de la succession",
  other: "proche",
};

export function frenchDate(value: Date | string): string {
  const date = typeof value === "string" ? new Date(`${value}T12:00:00Z`) : value;
  return new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Paris" }).format(date);
}

export function fullName(person: LetterPerson, withCivility = true): string {
  return [withCivility ? person.civility : null, person.firstname, person.lastname?.toUpperCase()].filter((p) => p && p.trim()).join(" ");
}

/** Masculine or feminine form after the deceased's civility; both when it is unknown. */
function agree(civility: string | null, masculine: string, feminine: string, both: string): string {
  if (civility === "M.") return masculine;
  if (civility === "Mme") return feminine;
  return both;
}

/** "de enfant" → "d'enfant": French elision before a vowel or a mute h. */
export function elide(word: "de" | "le", next: string): string {
  return /^[aeiouyàâéèêëîïôûh]/i.test(next) ? `${word.slice(0, -1)}'${next}` : `${word} ${next}`;
}

/** The sentence that introduces the deceased: name, birth, death. */
export function deceasedSentence(input: FormalityLetterInput): string {
  const d = input.deceased;
  const born = agree(d.civility, "né", "née", "né(e)");
  const parts = [fullName(d)];
  if (d.birthName && d.birthName.trim() && d.birthName.trim().toUpperCase() !== (d.lastname ?? "").trim().toUpperCase()) parts.push(`${born} ${d.birthName.toUpperCase()}`);
  const birth = [d.birthDate ? `le ${frenchDate(d.birthDate)}` : null, d.birthLocation ? `à ${d.birthLocation}` : null].filter(Boolean).join(" ");
  if (birth) parts.push(`${born} ${birth}`);
  const death = [d.deathDate ? `le ${frenchDate(d.deathDate)}` : null, d.deathCity ? `à ${d.deathCity}` : null].filter(Boolean).join(" ");
  return `${parts.join(", ")}${death ? `, ${agree(d.civility, "décédé", "décédée", "décédé(e)")} ${death}` : ""}`;
}

export const LETTER_SUBJECTS: Record<FormalityKind, string> = {
  close: "Décès du titulaire – demande de clôture",
  transfer: "Décès du titulaire – demande de transfert du contrat",
  claim: "Décès de l'assuré(e) – demande de versement",
  notify: "Déclaration de décès",
};

/** The body of the letter for the formality's kind. */
export function letterBody(input: FormalityLetterInput): string[] {
  const quality = input.familyLink ? `En ma qualité ${elide("de", LINKS[input.familyLink])} ${agree(input.deceased.civility, "du défunt", "de la défunte", "du (de la) défunt(e)")}, ` : "";
  const opening = `J'ai le regret de vous informer du décès de ${deceasedSentence(input)}.`;
  const refs = input.references.length > 0 ? "référencé ci-dessus" : "à son nom";
  switch (input.formality.kind) {
    case "close":
      return [
        opening,
        `${quality}je vous demande de bien vouloir procéder à la clôture du compte ou du contrat ${refs} à la date du décès, de cesser tout prélèvement et toute facturation à compter de cette date, et de m'adresser le décompte final ainsi que, le cas échéant, le remboursement des sommes dues.`,
      ];
    case "transfer":
      return [
        opening,
        `${quality}je vous demande de bien vouloir transférer à mon nom le contrat ${refs}, à compter de la date du décès, aux mêmes conditions. Je reste à votre disposition pour vous communiquer les informations nécessaires à ce transfert.`,
      ];
    case "claim":
      return [
        opening,
        `${quality}je sollicite le versement de la prestation « ${input.formality.name} » ouverte par ce décès. Je vous remercie de bien vouloir m'indiquer, le cas échéant, les pièces complémentaires nécessaires à l'instruction de ma demande.`,
      ];
    case "notify":
      return [
        opening,
        `${quality}je vous remercie de bien vouloir prendre note de ce décès, mettre à jour vos dossiers en conséquence et me faire connaître les démarches éventuelles qui restent à accomplir.`,
      ];
  }
}

function addressLines(text: string | null): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

function block(doc: Pdf, lines: readonly string[], x: number, y: number, width: number, boldFirst = true): number {
  let cursor = y;
  lines.forEach((line, index) => {
    writeSpans(doc, [{ text: line, bold: boldFirst && index === 0 }], { x, y: cursor, width });
    cursor = doc.y;
  });
  return cursor;
}

/** The letter as PDF bytes (A4, one or two pages). */
export function renderFormalityLetter(input: FormalityLetterInput): Promise<Buffer> {
  const sender = input.sender;
  const senderName = fullName(sender) || "—";
  const subject = `${LETTER_SUBJECTS[input.formality.kind]} – ${fullName(input.deceased, false)}`.trim();
  return renderPdf(
    {
      title: subject,
      header: senderName,
      footerLines: [`Courrier préparé par la famille avec ${BRAND}. Les réponses sont à adresser à l'expéditeur ci-dessus.`],
      subject: input.formality.name,
      lang: "fr-FR",
    },
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
      const top = doc.y;
      const senderLines = [
        senderName,
        ...[sender.address, sender.addressL2].filter((l): l is string => Boolean(l && l.trim())),
        [sender.postalCode, sender.city].filter(Boolean).join(" "),
        sender.phone ? `Tél. : ${sender.phone}` : "",
        sender.email ?? "",
      ].filter((l) => l.trim());
      const senderBottom = block(doc, senderLines, left, top, width / 2 - 10);
      const recipientLines = [input.company.name, ...addressLines(input.company.address)];
      const recipientBottom = block(doc, recipientLines, left + width / 2 + 20, senderBottom + 16, width / 2 - 20);
      doc.y = Math.max(senderBottom, recipientBottom) + 24;

      const place = sender.city ? `${sender.city}, le ${frenchDate(input.issuedOn)}` : `Le ${frenchDate(input.issuedOn)}`;
      writeSpans(doc, [{ text: place }], { x: left, width, align: "right" });
      doc.y += 18;

      writeParagraph(doc, [{ text: "Objet : ", bold: true }, { text: subject }]);
      for (const ref of input.references) writeParagraph(doc, [{ text: `${ref.label} : `, bold: true }, { text: ref.value }]);
      doc.y += 8;

      writeParagraph(doc, [{ text: "Madame, Monsieur," }]);
      for (const paragraph of letterBody(input)) writeParagraph(doc, [{ text: paragraph }]);

      if (input.enclosures.length > 0) {
        writeParagraph(doc, [{ text: input.enclosuresAttached ? "Vous trouverez ci-joint :" : "Pièces à joindre :", bold: true }]);
        for (const enclosure of input.enclosures) writeListItem(doc, "•", 0, [{ text: enclosure }]);
        doc.y += 6;
      }
      writeParagraph(doc, [
        { text: "Je vous remercie par avance de votre diligence et vous prie d'agréer, Madame, Monsieur, l'expression de mes salutations distinguées." },
      ]);

      doc.y += 24;
      const signatureX = left + width / 2 + 20;
      writeSpans(doc, [{ text: senderName, bold: true }], { x: signatureX, width: width / 2 - 20 });
      doc.y += 30;
      writeSpans(doc, [{ text: "Signature", italic: true }], { x: signatureX, width: width / 2 - 20, color: PDF_THEME.muted });
      const lineY = doc.y + 2;
      doc.moveTo(signatureX, lineY).lineTo(signatureX + width / 2 - 40, lineY).lineWidth(0.5).strokeColor(PDF_THEME.rule).stroke();
      doc.y = lineY + 8;
    },
  );
}
