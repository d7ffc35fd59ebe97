import { BRAND_SLUG } from "./brand";

/** Typed path builders for every route of SPEC §2; links never spell paths by hand. */
export const paths = {
  home: () => "/",
  guides: () => "/guides-obseques",
  guideCategory: (category: string) => `/guides-obseques/${encodeURIComponent(category)}`,
  guideArticle: (category: string, article: string) =>
    `/guides-obseques/${encodeURIComponent(category)}/${encodeURIComponent(article)}`,
  commitments: () => "/a-propos-des-pompes-funebres-autrement",
  funeralIndex: () => "/pompes-funebres",
  funeralPlace: (place: string) => `/pompes-funebres/${encodeURIComponent(place)}`,
  funeralQuote: () => "/devis-obseques",
  funeralQuoteConfirmation: () => "/devis-obseques/confirmation",
  funnelStart: () => "/devis-obseques/ceremonie",
  tombstone: () => "/pierre-tombale",
  tombstoneCatalogue: () => "/catalogue-pierres-tombales",
  tombstoneCatalogueConfirmation: () => "/catalogue-pierres-tombales/confirmation",
  flowers: () => "/fleurs-obseques",
  flowersConfirmation: () => "/fleurs-obseques/confirmation",
  payment: () => "/paiement",
  /** /paiement for one deal: its numeric id (client space) or its uuid (quote confirmation, e-mail). */
  dealPayment: (deal: string | number) => `/paiement?${new URLSearchParams({ deal: String(deal) }).toString()}`,
  /** The deal's owner paying what remains for the whole family, beyond their part of the split. */
  dealPaymentForEveryone: (deal: string | number) => `/paiement?${new URLSearchParams({ deal: String(deal), everyone: "1" }).toString()}`,
  paymentConfirmation: (id: string | number) => `/paiement/confirmation/${encodeURIComponent(String(id))}`,
  press: () => "/presse",
  professionals: () => "/professionnels-funeraire",
  genericQuote: () => "/devis",
  repatriation: () => "/rapatriement-corps-pays",
  repatriationCountry: (country: string) => `/rapatriement-corps-pays/${encodeURIComponent(country)}`,
  reviews: () => `/avis-${BRAND_SLUG}`,
  services: () => "/nos-services-funeraires",
  glossary: () => "/lexique-obseques",
  smsDocuments: (id: string) => `/documents/sms/${encodeURIComponent(id)}`,
  detailedServices: () => "/prestations-obseques-en-details",
  ecological: () => "/obseques-ecologiques",
  financialAid: () => "/aides-financieres",
  login: () => "/me-connecter",
  clientSpace: () => "/app",
  newProcedure: () => "/app/demarches/nouvelle",
  procedure: (id: string | number) => `/app/demarches/${encodeURIComponent(String(id))}`,
  account: () => "/app/mon-compte",
  changePassword: () => "/app/changer-mot-de-passe",
  /** A family invitation's accept page; the token rides in the fragment (#invitation=…), never in the path. */
  invitation: () => "/invitation",
  signature: (token: string) => `/signature/${token}`,
  /** The family's review of a deal, asked by e-mail after the funeral (DealReviews). */
  dealReview: (dealId: string | number) => `/app/avis/${encodeURIComponent(String(dealId))}`,
  /** The extra services suggested to the family for a deal, to accept or decline (DealExtras). */
  dealSuggestions: (dealId: string | number) => `/app/prestations/${encodeURIComponent(String(dealId))}`,
  /** A supplier's answer to a price request: the secret stays in the fragment, out of logs and referrers. */
  priceRequestAnswer: () => "/reponse-fournisseur",
  memorial: (id: string | number) => `/app/memoire/${encodeURIComponent(String(id))}`,
  /** A memorial's visitors' page (link or public visibility): its random slug is the only key. */
  memorialPage: (slug: string) => `/hommage/${encodeURIComponent(slug)}`,
  proHome: () => "/pro",
  /** The funeral home's way in to a deal's payments: its number asked in a form. */
  proPayments: () => "/pro/paiements",
  /** A deal's payments seen by the funeral home (due, paid, pending, refunded, per payer; refunds). */
  proDealPayments: (dealId: string | number) => `/pro/paiements/${encodeURIComponent(String(dealId))}`,
  /** The deals board (list and kanban by state) of the funeral home. */
  proDeals: () => "/pro/dossiers",
  proDeal: (dealId: string | number) => `/pro/dossiers/${encodeURIComponent(String(dealId))}`,
  proNotifications: () => "/pro/notifications",
  proTeam: () => "/pro/equipe",
  /** Aggregated figures only: the one page an analytics guest (role 3) may open. */
  proStatistics: () => "/pro/statistiques",
  /** The directory of partners, suppliers, warehouses and flights (issue 15). */
  proDirectory: () => "/pro/annuaire",
  proDirectoryType: (type: string) => `/pro/annuaire/${encodeURIComponent(type)}`,
  proDirectoryNew: (type: string) => `/pro/annuaire/${encodeURIComponent(type)}/nouveau`,
  proDirectoryEntry: (type: string, id: string | number) =>
    `/pro/annuaire/${encodeURIComponent(type)}/${encodeURIComponent(String(id))}`,
  notFound: () => "/404",
  omniauth: (provider: string) => `/omniauth/${encodeURIComponent(provider)}`,
  legal: (doc: LegalDocument) => `/documents/legal/${doc}.pdf`,
} as const;

export const LEGAL_DOCUMENTS = ["conditions-generales", "politique-de-confidentialite", "mentions-legales", "documentation-generale"] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** Login path carrying where to come back to, and why the visitor was sent there. */
export function loginPath(options: { returnTo?: string; reason?: "session_expired" } = {}): string {
  const query = new URLSearchParams();
  if (options.returnTo && options.returnTo.startsWith("/") && !options.returnTo.startsWith("//")) {
    query.set("retour", options.returnTo);
  }
  if (options.reason) query.set("motif", options.reason);
  const qs = query.toString();
  return qs ? `${paths.login()}?${qs}` : paths.login();
}
