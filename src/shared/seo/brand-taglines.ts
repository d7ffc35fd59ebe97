import type { Locale } from "@/domain/locales";

/**
 * The brand promise in each language: drawn on the default share image and used as
 * its alternative text, so both say the same thing.
 */
export const BRAND_TAGLINES: Record<Locale, string> = {
  fr: "Des obsèques sereines, des prix transparents",
  ar: "جنازة بهدوء وأسعار واضحة",
  de: "Eine würdevolle Bestattung zu klaren Preisen",
  en: "Peaceful funerals, transparent prices",
  es: "Funerales serenos, precios transparentes",
  he: "הלוויה בשקט, מחירים שקופים",
  it: "Funerali sereni, prezzi trasparenti",
  pt: "Funerais serenos, preços transparentes",
  sr: "Sahrana u miru, jasne cene",
  tr: "Huzurlu cenaze hizmetleri, şeffaf fiyatlar",
  zh: "安心办理丧事，价格公开透明",
};
