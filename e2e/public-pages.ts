/**
 * The public pages of SPEC §2 that take no parameter: every browser test that walks
 * "all the pages" starts from this one list.
 */
export const PARAMETERLESS_PAGES = [
  "/",
  "/guides-obseques",
  "/a-propos-des-pompes-funebres-autrement",
  "/pompes-funebres",
  "/devis-obseques",
  "/devis-obseques/confirmation",
  "/devis-obseques/ceremonie",
  "/pierre-tombale",
  "/catalogue-pierres-tombales",
  "/catalogue-pierres-tombales/confirmation",
  "/fleurs-obseques",
  "/fleurs-obseques/confirmation",
  "/paiement",
  "/presse",
  "/professionnels-funeraire",
  "/devis",
  "/rapatriement-corps-pays",
  "/avis-paisible",
  "/nos-services-funeraires",
  "/lexique-obseques",
  "/prestations-obseques-en-details",
  "/obseques-ecologiques",
  "/aides-financieres",
] as const;
