import { FUNERAL_COSTS_FROM_ACCOUNT } from "@/domain/financial-aid";
import { formatMoney } from "@/domain/quote/money";
import type { MailRedaction, MailRedactionFields, MailTemplate } from "@/domain/schemas/chat";

/**
 * Letters the assistant drafts for a family after a death, filled from what they typed.
 * They are written in French whatever the page's language: they go to French banks,
 * employers, landlords, notaries, funds and insurers. Pure: the date of the day is given.
 * Plain text only; nothing the family typed is ever read as markup.
 */

/** What the template's `reference` field is, printed before it in the letter. */
export const MAIL_TEMPLATE_REFERENCE: Record<MailTemplate, string> = {
  bank: "Numéro de compte",
  employer: "Matricule",
  landlord: "Référence du bail",
  notary: "Référence du dossier",
  pension_fund: "Numéro de pensionné",
  insurer: "Numéro de contrat",
  health_insurance: "Numéro de sécurité sociale",
  utility: "Numéro de contrat ou de client",
};

const FRENCH_DATE = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11-12" → "12 novembre 2026" ("1er" for the first of the month, as French letters write it). */
export function frenchDate(iso: string): string {
  const text = FRENCH_DATE.format(new Date(`${iso}T12:00:00Z`));
  return text.replace(/^1 /, "1er ");
}

interface LetterParts {
  subject: string;
  paragraphs: string[];
  enclosures: string[];
}

type Writer = (f: MailRedactionFields, who: string, died: string) => LetterParts;

const DEATH_CERTIFICATE = "Copie de l'acte de décès";

const WRITERS: Record<MailTemplate, Writer> = {
  bank: (f, who, died) => ({
    subject: `Décès de ${f.deceased_name} – information et blocage des comptes`,
    paragraphs: [
      `J'ai la tristesse de vous informer du décès de ${f.deceased_name}${died}.`,
      `${who}je vous remercie de bien vouloir prendre acte de ce décès, procéder au blocage de ses comptes et m'indiquer la liste des comptes, contrats et coffres qu'il ou elle détenait dans votre établissement, avec leur solde à la date du décès.`,
      `Je vous rappelle que les frais d'obsèques peuvent être réglés par prélèvement sur les comptes de la personne défunte, dans la limite de ${formatMoney(FUNERAL_COSTS_FROM_ACCOUNT.ceilingCents, "fr")} et du solde disponible, sur présentation de la facture des obsèques (article L312-1-4 du code monétaire et financier).`,
      "Je vous remercie de me faire savoir quels documents vous seront nécessaires pour la suite du règlement de la succession.",
    ],
    enclosures: [DEATH_CERTIFICATE, "Facture des obsèques (pour un règlement sur les comptes)", "Copie de ma pièce d'identité"],
  }),
  employer: (f, who, died) => ({
    subject: `Décès de ${f.deceased_name}, membre de votre personnel`,
    paragraphs: [
      `J'ai la tristesse de vous informer du décès de ${f.deceased_name}${died}, qui faisait partie de votre personnel.`,
      `${who}je vous remercie de bien vouloir établir le solde de tout compte (salaire, congés payés et primes restant dus) et de m'indiquer à qui et comment il sera versé.`,
      "Je vous serais également reconnaissant(e) de me transmettre l'attestation de salaire nécessaire à la demande de capital décès auprès de la caisse d'assurance maladie, ainsi que les coordonnées de l'organisme de prévoyance de l'entreprise, si un contrat collectif prévoit un capital ou une rente en cas de décès.",
    ],
    enclosures: [DEATH_CERTIFICATE],
  }),
  landlord: (f, who, died) => ({
    subject: `Décès de ${f.deceased_name}, locataire – fin du bail`,
    paragraphs: [
      `J'ai la tristesse de vous informer du décès de ${f.deceased_name}${died}, locataire du logement que vous lui louiez.`,
      `${who}je vous informe que, en l'absence de personne pouvant prétendre au transfert du bail, celui-ci est résilié de plein droit du fait de ce décès (article 14 de la loi n° 89-462 du 6 juillet 1989).`,
      "Je vous propose de convenir d'une date pour l'état des lieux de sortie et la remise des clés, et vous remercie de m'indiquer les modalités de restitution du dépôt de garantie.",
    ],
    enclosures: [DEATH_CERTIFICATE],
  }),
  notary: (f, who, died) => ({
    subject: `Succession de ${f.deceased_name}`,
    paragraphs: [
      `J'ai la tristesse de vous informer du décès de ${f.deceased_name}${died}.`,
      `${who}je souhaite vous confier le règlement de sa succession et vous remercie de bien vouloir me proposer un rendez-vous.`,
      "Je vous serais reconnaissant(e) de m'indiquer la liste des documents à réunir d'ici là (état civil, livret de famille, titres de propriété, relevés bancaires, contrats d'assurance, testament éventuel).",
    ],
    enclosures: [DEATH_CERTIFICATE, "Copie du livret de famille"],
  }),
  pension_fund: (f, who, died) => ({
    subject: `Décès de ${f.deceased_name}, titulaire d'une pension`,
    paragraphs: [
      `J'ai la tristesse de vous informer du décès de ${f.deceased_name}${died}, qui percevait une pension de votre caisse.`,
      `${who}je vous remercie de bien vouloir prendre acte de ce décès pour l'arrêt des versements, et de m'indiquer le montant des arrérages restant dus ainsi que les modalités de leur versement.`,
      "Je vous remercie également de m'adresser les informations et le formulaire nécessaires à une éventuelle demande de pension de réversion.",
    ],
    enclosures: [DEATH_CERTIFICATE],
  }),
  insurer: (f, who, died) => ({
    subject: `Décès de ${f.deceased_name}, assuré(e)`,
    paragraphs: [
      `J'ai la tristesse de vous informer du décès de ${f.deceased_name}${died}.`,
      `${who}je vous remercie de bien vouloir m'indiquer les contrats souscrits par la personne défunte auprès de votre compagnie et, pour chacun, s'il prévoit le versement d'un capital ou d'une rente, ou s'il prend fin avec le décès.`,
      "Je vous remercie de me préciser les pièces nécessaires au versement des sommes dues aux bénéficiaires et à la résiliation des contrats qui doivent l'être.",
    ],
    enclosures: [DEATH_CERTIFICATE, "Copie du contrat, si vous l'avez"],
  }),
  health_insurance: (f, who, died) => ({
    subject: `Décès de ${f.deceased_name} – demande de capital décès`,
    paragraphs: [
      `J'ai la tristesse de vous informer du décès de ${f.deceased_name}${died}, affilié(e) à votre caisse.`,
      `${who}je vous remercie de bien vouloir prendre acte de ce décès et, si la situation de la personne défunte y ouvre droit, d'examiner ma demande de capital décès, que je joins sur le formulaire S3180.`,
      "Je vous remercie de m'indiquer si d'autres pièces vous sont nécessaires.",
    ],
    enclosures: [DEATH_CERTIFICATE, "Formulaire de demande de capital décès (S3180)", "Relevé d'identité bancaire", "Justificatif de mon lien avec la personne défunte"],
  }),
  utility: (f, who, died) => ({
    subject: `Décès de ${f.deceased_name} – résiliation du contrat`,
    paragraphs: [
      `J'ai la tristesse de vous informer du décès de ${f.deceased_name}${died}, titulaire d'un contrat auprès de votre société.`,
      `${who}je vous remercie de bien vouloir résilier ce contrat à compter de la date du décès, sans frais de résiliation, et de m'adresser la facture de clôture.`,
      "Pour un contrat d'énergie ou d'eau, je vous communiquerai le relevé du compteur à la date que vous m'indiquerez.",
    ],
    enclosures: [DEATH_CERTIFICATE],
  }),
};

/** The letter, ready to print or copy: sender, recipient, place and date, subject, body, signature, enclosures. */
export function draftLetter(template: MailTemplate, fields: MailRedactionFields, today: string): MailRedaction {
  const born = fields.deceased_birth_date ? `, né(e) le ${frenchDate(fields.deceased_birth_date)},` : "";
  const died = `${born} survenu le ${frenchDate(fields.date_of_death)}`;
  const who = fields.relationship ? `En ma qualité de ${fields.relationship} de la personne défunte, ` : "";
  const parts = WRITERS[template](fields, who, died);
  const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const paragraphs = parts.paragraphs.map(capitalise);

  const lines: string[] = [
    fields.sender_name,
    fields.sender_address,
    ...(fields.sender_email ? [fields.sender_email] : []),
    ...(fields.sender_phone ? [fields.sender_phone] : []),
    "",
    fields.recipient_name,
    ...(fields.recipient_address ? [fields.recipient_address] : []),
    "",
    fields.place ? `À ${fields.place}, le ${frenchDate(today)}` : `Le ${frenchDate(today)}`,
    "",
    `Objet : ${parts.subject}`,
    ...(fields.reference ? [`${MAIL_TEMPLATE_REFERENCE[template]} : ${fields.reference}`] : []),
    "",
    "Madame, Monsieur,",
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    "Je vous prie d'agréer, Madame, Monsieur, l'expression de mes salutations distinguées.",
    "",
    fields.sender_name,
    "",
    "Pièces jointes :",
    ...parts.enclosures.map((e) => `- ${e}`),
  ];
  return { template, language: "fr", subject: parts.subject, body: lines.join("\n"), enclosures: parts.enclosures };
}
