import type { QuoteCatalog, QuotePartners } from "@/domain/quote/catalog";
import type { OperatorIdentity } from "@/domain/quote/legal-model";

/**
 * DEMO DATA. A plausible catalogue, partner set and operator so tests, the PDF
 * and the funnel work before the database is seeded. Prices are realistic
 * orders of magnitude for France in 2025, not any real company's tariff; every
 * object is flagged `isDemo` and every partner name says "démo", so nothing here
 * can be shown as a real offer.
 *
 * With these prices and the demo distances, an "Essentiel" cremation without
 * options comes to about 3,750 € TTC and an "Essentiel" burial in a family grave
 * to about 4,050 € TTC, within the usual French ranges.
 */

export const DEMO_CATALOG: QuoteCatalog = {
  id: "demo-catalog-2025",
  isDemo: true,
  coffins: [
    { code: "DEMO-CERC-ESS-CREM", label: "Cercueil en pin massif, finition vernie, pour crémation", range: "essential", dispositions: ["cremation"], priceHtCents: 95_000, vatRate: 20 },
    { code: "DEMO-CERC-ESS-INH", label: "Cercueil en pin massif, finition vernie, pour inhumation", range: "essential", dispositions: ["burial"], priceHtCents: 115_000, vatRate: 20 },
    { code: "DEMO-CERC-TRA-CREM", label: "Cercueil en chêne, forme parisienne, pour crémation", range: "tradition", dispositions: ["cremation"], priceHtCents: 145_000, vatRate: 20 },
    { code: "DEMO-CERC-TRA-INH", label: "Cercueil en chêne, forme parisienne, pour inhumation", range: "tradition", dispositions: ["burial"], priceHtCents: 175_000, vatRate: 20 },
    { code: "DEMO-CERC-PRE", label: "Cercueil en chêne massif mouluré, forme tombeau", range: "prestige", dispositions: ["burial", "cremation"], priceHtCents: 275_000, vatRate: 20 },
  ],
  urns: [
    { code: "DEMO-URNE-ESS", label: "Urne biodégradable en fibres végétales", range: "essential", priceHtCents: 9_500, vatRate: 20 },
    { code: "DEMO-URNE-TRA", label: "Urne en céramique émaillée", range: "tradition", priceHtCents: 18_000, vatRate: 20 },
    { code: "DEMO-URNE-PRE", label: "Urne en laiton brossé", range: "prestige", priceHtCents: 32_000, vatRate: 20 },
  ],
  flowers: [
    { code: "DEMO-FLEUR-BOUQUET", label: "Bouquet de fleurs naturelles", variant: "bouquet", priceHtCents: 6_000, vatRate: 10 },
    { code: "DEMO-FLEUR-GERBE", label: "Gerbe de fleurs naturelles", variant: "spray", priceHtCents: 12_000, vatRate: 10 },
    { code: "DEMO-FLEUR-COURONNE", label: "Couronne de fleurs naturelles", variant: "wreath", priceHtCents: 18_000, vatRate: 10 },
    { code: "DEMO-FLEUR-DESSUS", label: "Dessus de cercueil en fleurs naturelles", variant: "coffin-top", priceHtCents: 22_000, vatRate: 10 },
  ],
  accessories: {
    watertightLining: { code: "DEMO-CUVETTE", label: "Garniture étanche (cuvette)", priceHtCents: 4_500, vatRate: 20 },
    handles: { code: "DEMO-POIGNEE", label: "Poignée de cercueil", priceHtCents: 1_500, vatRate: 20 },
    identityPlate: { code: "DEMO-PLAQUE", label: "Plaque d'identité gravée", priceHtCents: 2_500, vatRate: 20 },
    padding: { code: "DEMO-CAPITON", label: "Capitonnage en satin", priceHtCents: 9_000, vatRate: 20 },
    emblem: { code: "DEMO-EMBLEME", label: "Emblème sur le couvercle", priceHtCents: 4_500, vatRate: 20 },
  },
  services: {
    organisation: { code: "DEMO-DEMARCHES", label: "Démarches et formalités administratives", priceHtCents: 39_000, vatRate: 20 },
    coffining: { code: "DEMO-MISE-EN-BIERE", label: "Mise en bière et fermeture du cercueil", priceHtCents: 19_000, vatRate: 20 },
    bearers: { code: "DEMO-PORTEURS", label: "Porteurs (4 personnes)", priceHtCents: 38_000, vatRate: 20 },
    burialStaff: { code: "DEMO-INHUMATION", label: "Inhumation : personnel et matériel de descente du cercueil", priceHtCents: 30_000, vatRate: 20 },
    cremationStaff: { code: "DEMO-CREMATION", label: "Conduite au crématorium et remise de l'urne", priceHtCents: 18_000, vatRate: 20 },
    embalming: { code: "DEMO-SOINS", label: "Soins de conservation (thanatopraxie)", priceHtCents: 35_000, vatRate: 20, subcontracted: true },
    ceremonyMaster: { code: "DEMO-MAITRE-CEREMONIE", label: "Maître de cérémonie", priceHtCents: 25_000, vatRate: 20 },
    onlineNotice: { code: "DEMO-AVIS-EN-LIGNE", label: "Avis de décès en ligne", priceHtCents: 3_000, vatRate: 20 },
    memorialPage: { code: "DEMO-PAGE-SOUVENIR", label: "Page de souvenir en ligne", priceHtCents: 2_500, vatRate: 20 },
    scattering: { code: "DEMO-DISPERSION", label: "Dispersion des cendres", priceHtCents: 12_000, vatRate: 20 },
    urnPlacement: { code: "DEMO-DEPOT-URNE", label: "Dépôt ou scellement de l'urne", priceHtCents: 15_000, vatRate: 20 },
  },
  thirdParty: {
    pressNotice: { code: "DEMO-AVIS-PRESSE", label: "Avis de décès dans la presse locale", amountCents: 18_000 },
  },
};

/** Demo partners around Lyon (INSEE 69123). */
export const DEMO_PARTNERS: QuotePartners = {
  isDemo: true,
  commune: { inseeCode: "69123", name: "Lyon", policeSupervisionFeeCents: 2_500 },
  funeralParlors: [
    {
      id: "demo-parlor-lyon",
      name: "Chambre funéraire (démo) – Lyon",
      communeInsee: "69123",
      admissionHtCents: 12_000,
      pricePerDayHtCents: 9_000,
      ceremonyRoomHtCents: 20_000,
    },
  ],
  crematoriums: [
    {
      id: "demo-crematorium-lyon",
      name: "Crématorium (démo) – Lyon",
      communeInsee: "69123",
      ageRanges: [
        { minAgeYears: 0, maxAgeYears: 0, priceCents: 15_000 },
        { minAgeYears: 1, maxAgeYears: 12, priceCents: 35_000 },
        { minAgeYears: 13, maxAgeYears: null, priceCents: 72_000 },
      ],
      rooms: [
        { id: "salon", label: "Salon de recueillement", durationMinutes: 30, priceCents: 12_000 },
        { id: "grande-salle", label: "Grande salle de cérémonie", durationMinutes: 45, priceCents: 22_000 },
      ],
      memorialGardenFeeCents: 6_000,
    },
  ],
  graveyards: [
    {
      id: "demo-graveyard-lyon",
      name: "Cimetière communal (démo) – Lyon",
      communeInsee: "69123",
      concessions: [
        { kind: "ground", label: "Pleine terre, 2 m², 15 ans", termYears: 15, priceCents: 45_000 },
        { kind: "ground", label: "Pleine terre, 2 m², 30 ans", termYears: 30, priceCents: 110_000 },
        { kind: "ground", label: "Pleine terre, 2 m², 50 ans", termYears: 50, priceCents: 220_000 },
        { kind: "vault", label: "Emplacement pour caveau, 30 ans", termYears: 30, priceCents: 180_000 },
        { kind: "vault", label: "Emplacement pour caveau, 50 ans", termYears: 50, priceCents: 350_000 },
        { kind: "urn-plot", label: "Cavurne, 15 ans", termYears: 15, priceCents: 40_000 },
        { kind: "urn-plot", label: "Cavurne, 30 ans", termYears: 30, priceCents: 90_000 },
        { kind: "columbarium", label: "Case de columbarium, 10 ans", termYears: 10, priceCents: 50_000 },
        { kind: "columbarium", label: "Case de columbarium, 15 ans", termYears: 15, priceCents: 80_000 },
        { kind: "columbarium", label: "Case de columbarium, 30 ans", termYears: 30, priceCents: 150_000 },
      ],
      opening: { amountCents: 65_000, performedBy: "operator", subcontracted: true },
      memorialGardenFeeCents: 5_000,
    },
    {
      id: "demo-graveyard-lyon-est",
      name: "Cimetière de l'Est (démo) – Lyon",
      communeInsee: "69123",
      concessions: [
        { kind: "ground", label: "Pleine terre, 2 m², 15 ans", termYears: 15, priceCents: 39_000 },
        { kind: "ground", label: "Pleine terre, 2 m², 30 ans", termYears: 30, priceCents: 95_000 },
        { kind: "columbarium", label: "Case de columbarium, 15 ans", termYears: 15, priceCents: 70_000 },
      ],
      opening: { amountCents: 38_000, performedBy: "commune" },
      memorialGardenFeeCents: 0,
    },
  ],
  transport: { flatFeeHtCents: 18_000, perKmHtCents: 190 },
  distances: { toFuneralParlorKm: 8, toFinalPlaceKm: 14, ceremonyDetourKm: 6, airportKm: 27 },
  repatriation: [
    { countryCode: "MA", countryName: "Maroc", airFreightHtCents: 160_000, hermeticCaseHtCents: 55_000, formalitiesHtCents: 45_000, consularFeeCents: 0, urnShippingHtCents: 35_000 },
    {
      countryCode: "DZ",
      countryName: "Algérie",
      airFreightHtCents: 150_000,
      hermeticCaseHtCents: 55_000,
      formalitiesHtCents: 45_000,
      consularFeeCents: 0,
      urnShippingHtCents: 35_000,
      note: "L'Algérie prend en charge, sous conditions, le rapatriement du corps de ses ressortissants : renseignez-vous auprès du consulat avant de signer.",
    },
    { countryCode: "TN", countryName: "Tunisie", airFreightHtCents: 145_000, hermeticCaseHtCents: 55_000, formalitiesHtCents: 45_000, consularFeeCents: 0, urnShippingHtCents: 35_000 },
    { countryCode: "PT", countryName: "Portugal", airFreightHtCents: 125_000, hermeticCaseHtCents: 55_000, formalitiesHtCents: 40_000, consularFeeCents: 3_000, urnShippingHtCents: 30_000 },
    { countryCode: "ES", countryName: "Espagne", airFreightHtCents: 115_000, hermeticCaseHtCents: 55_000, formalitiesHtCents: 40_000, consularFeeCents: 0, urnShippingHtCents: 28_000 },
    { countryCode: "TR", countryName: "Turquie", airFreightHtCents: 185_000, hermeticCaseHtCents: 55_000, formalitiesHtCents: 50_000, consularFeeCents: 6_000, urnShippingHtCents: 40_000 },
    { countryCode: "SN", countryName: "Sénégal", airFreightHtCents: 230_000, hermeticCaseHtCents: 55_000, formalitiesHtCents: 55_000, consularFeeCents: 5_000, urnShippingHtCents: 45_000 },
  ],
  worshipFees: [
    { worship: "catholic", label: "Offrande à la paroisse", amountCents: 20_000 },
    { worship: "protestant", label: "Participation au temple", amountCents: 15_000 },
    { worship: "orthodox", label: "Offrande à la paroisse orthodoxe", amountCents: 20_000 },
    { worship: "jewish", label: "Participation à la communauté", amountCents: 20_000 },
    { worship: "muslim", label: "Participation à la mosquée", amountCents: 10_000 },
    { worship: "buddhist", label: "Offrande au temple", amountCents: 15_000 },
    { worship: "hindu", label: "Offrande au temple", amountCents: 15_000 },
  ],
};

export const DEMO_OPERATOR: OperatorIdentity = {
  legalName: "Paisible – opérateur funéraire de démonstration",
  tradeName: "Paisible (démo)",
  address: { line1: "Adresse de démonstration", postalCode: "69001", city: "Lyon" },
  habilitationNumber: "DÉMO-00-0000",
  habilitationPrefecture: "Préfecture (démo)",
  isDemo: true,
};
