/** Lower case, accents and ligatures removed: "Éloge funèbre" and "eloge funebre" match. Safe for client and server. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .toLowerCase();
}
