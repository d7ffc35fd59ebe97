/**
 * The data an editable document (a template) may ask for, as `{{key}}` in its Markdown
 * text, with the French label shown when the deal does not hold it yet. Filling never
 * invents: a missing value stays visible as "[à compléter : label]" and is listed, so the
 * advisor completes the deal (or edits the text) before the PDF is produced.
 */
export const PLACEHOLDERS = {
  "deal.number": "numéro du dossier",
  "today": "date du jour",
  "defunct.full_name": "nom et prénom du défunt",
  "defunct.birth_name": "nom de naissance du défunt",
  "defunct.birth_date": "date de naissance du défunt",
  "defunct.birth_place": "lieu de naissance du défunt",
  "defunct.death_date": "date du décès",
  "defunct.death_place": "commune du décès",
  "family.full_name": "nom et prénom de la personne qui organise les obsèques",
  "family.address": "adresse de la personne qui organise les obsèques",
  "family.phone": "téléphone de la personne qui organise les obsèques",
  "family.email": "e-mail de la personne qui organise les obsèques",
  "transport.departure": "lieu de départ du corps",
  "transport.arrival": "lieu d'arrivée du corps",
  "transport.date": "date et heure du transport",
  "closing.place": "lieu de fermeture du cercueil",
  "closing.date": "date et heure de la fermeture du cercueil",
  "ceremony.place": "lieu de la cérémonie",
  "ceremony.date": "date et heure de la cérémonie",
  "cremation.place": "crématorium",
  "cremation.date": "date et heure de la crémation",
  "interment.place": "cimetière",
  "interment.date": "date et heure de l'inhumation",
  "operator.name": "nom de l'opérateur funéraire",
  "operator.address": "adresse de l'opérateur funéraire",
  "operator.habilitation": "numéro d'habilitation funéraire",
  "operator.siren": "numéro SIREN de l'opérateur",
  "advisor.full_name": "nom du conseiller funéraire",
} as const;

export type PlaceholderKey = keyof typeof PLACEHOLDERS;
export type PlaceholderValues = Partial<Record<PlaceholderKey, string | null>>;

const PATTERN = /\{\{\s*([a-z_]+(?:\.[a-z_]+)?)\s*\}\}/g;

export function isPlaceholderKey(key: string): key is PlaceholderKey {
  return Object.hasOwn(PLACEHOLDERS, key);
}

/** What a filled-in text still lacks, marked so that neither the advisor nor the PDF can miss it. */
export function missingMark(key: PlaceholderKey): string {
  return `[à compléter : ${PLACEHOLDERS[key]}]`;
}

/** The keys a template uses, in order of first use (unknown keys are kept out: the template check refuses them). */
export function templateKeys(template: string): PlaceholderKey[] {
  const keys = new Set<PlaceholderKey>();
  for (const match of template.matchAll(PATTERN)) if (isPlaceholderKey(match[1]!)) keys.add(match[1]);
  return [...keys];
}

/** The unknown `{{…}}` of a template (a typo would otherwise print as is). */
export function unknownKeys(template: string): string[] {
  return [...new Set([...template.matchAll(PATTERN)].map((m) => m[1]!).filter((key) => !isPlaceholderKey(key)))];
}

/** Fills a template: each value, or a visible mark and the key in `missing`. Markdown in values is neutralised. */
export function fillTemplate(template: string, values: PlaceholderValues): { content: string; missing: PlaceholderKey[] } {
  const missing = new Set<PlaceholderKey>();
  const content = template.replace(PATTERN, (whole, key: string) => {
    if (!isPlaceholderKey(key)) return whole;
    const value = values[key]?.replace(/\s+/g, " ").trim();
    if (!value) {
      missing.add(key);
      return missingMark(key);
    }
    // A value is data, never layout: the Markdown marks a name could carry are escaped.
    return value.replace(/([\\*_`#[\]|<>])/g, "\\$1");
  });
  return { content, missing: [...missing] };
}

/** Whether an edited text still holds a mark left by fillTemplate. */
export function hasMissingMark(content: string): boolean {
  return /\[à compléter : [^\]]+\]/.test(content);
}
