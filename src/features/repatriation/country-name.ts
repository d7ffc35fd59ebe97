import type { Locale } from "@/domain/locales";
import type { CountryNames } from "@/domain/schemas/country";

/**
 * Country names in the page's language. The Serbian pages are written in the Latin
 * script while the country list names countries in Cyrillic: Serbian maps one to the
 * other letter by letter, so the name is transliterated rather than left in another script.
 */
const SERBIAN_LATIN: Record<string, string> = {
  А: "A", Б: "B", В: "V", Г: "G", Д: "D", Ђ: "Đ", Е: "E", Ж: "Ž", З: "Z", И: "I", Ј: "J", К: "K", Л: "L", Љ: "Lj", М: "M",
  Н: "N", Њ: "Nj", О: "O", П: "P", Р: "R", С: "S", Т: "T", Ћ: "Ć", У: "U", Ф: "F", Х: "H", Ц: "C", Ч: "Č", Џ: "Dž", Ш: "Š",
  а: "a", б: "b", в: "v", г: "g", д: "d", ђ: "đ", е: "e", ж: "ž", з: "z", и: "i", ј: "j", к: "k", л: "l", љ: "lj", м: "m",
  н: "n", њ: "nj", о: "o", п: "p", р: "r", с: "s", т: "t", ћ: "ć", у: "u", ф: "f", х: "h", ц: "c", ч: "č", џ: "dž", ш: "š",
};

export function serbianToLatin(text: string): string {
  return [...text].map((ch) => SERBIAN_LATIN[ch] ?? ch).join("");
}

export function countryName(names: CountryNames, locale: Locale): string {
  const name = names[locale] || names.fr;
  return locale === "sr" ? serbianToLatin(name) : name;
}
