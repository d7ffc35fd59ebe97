import type { CoffinRange, ConcessionKind, QuoteAnswers } from "@/domain/quote/answers";
import type {
  CatalogItem,
  CrematoriumAgeRange,
  CrematoriumPartner,
  FuneralParlorPartner,
  GraveyardConcession,
  GraveyardPartner,
  QuoteCatalog,
  QuotePartners,
  RepatriationRate,
  ThirdPartyFee,
} from "@/domain/quote/catalog";
import { computeDeadlines, type Deadlines } from "@/domain/quote/deadlines";
import {
  LEGAL_SECTIONS,
  LEGAL_SECTION_INDEX,
  notesFor,
  type LegalNoteId,
  type LegalSection,
  type LegalSectionId,
  type OperatorIdentity,
} from "@/domain/quote/legal-model";
import { sanitizeCents, vatOf, VAT_RATES, type Cents, type VatRate } from "@/domain/quote/money";

/**
 * The pricing engine: answers of the funnel + price data → itemised quote in
 * the legal layout. Pure and deterministic (same input, same output, no clock,
 * no I/O), and cheap enough to run on every keystroke of the funnel.
 *
 * VAT choices (CGI and BOFiP BOI-TVA-LIQ-30-20-30):
 * - Transport of the body before or after coffining in an approved funeral
 *   vehicle is taxed at the reduced rate of 10 % (art. 279 b quater CGI as the
 *   tax administration applies it to body transport); the engine sets this
 *   rate itself for every road transport line.
 * - Everything else the operator supplies (coffin, urn, staff, bearers,
 *   formalities, embalming, parlour, ceremony) is at the normal rate of 20 %;
 *   catalogue items carry their own rate so a florist's natural flowers can be
 *   at 10 %.
 * - International air transport of the deceased is exempt (art. 262 II CGI),
 *   hence 0 %.
 * - Advanced costs (crematorium, commune, consulate, place of worship,
 *   newspaper) are paid to the third party in the family's name and passed on
 *   at cost as disbursements (débours, art. 267 II 2° CGI): they are outside
 *   the operator's VAT base, so the operator adds no VAT (rate 0) and the
 *   amount shown is what the third party charges, its own taxes included.
 */

export type LineKind = "mandatory" | "optional";

/** Stable line codes: the UI, the PDF and tests rely on them, never on labels. */
export const LINE_CODES = {
  organisation: "ORGANISATION",
  repatriationFormalities: "REPATRIATION_FORMALITIES",
  returnFormalities: "RETURN_FORMALITIES",
  embalming: "EMBALMING",
  parlorAdmission: "PARLOR_ADMISSION",
  parlorStay: "PARLOR_STAY",
  onlineNotice: "ONLINE_NOTICE",
  memorialPage: "MEMORIAL_PAGE",
  transportBeforeCoffining: "TRANSPORT_BEFORE_COFFINING",
  coffin: "COFFIN",
  watertightLining: "WATERTIGHT_LINING",
  handles: "HANDLES",
  identityPlate: "IDENTITY_PLATE",
  hermeticCase: "HERMETIC_CASE",
  padding: "COFFIN_PADDING",
  emblem: "COFFIN_EMBLEM",
  coffining: "COFFINING",
  transportAfterCoffining: "TRANSPORT_AFTER_COFFINING",
  bearers: "BEARERS",
  airFreight: "AIR_FREIGHT",
  returnAirFreight: "RETURN_AIR_FREIGHT",
  ceremonyDetour: "CEREMONY_DETOUR",
  ceremonyMaster: "CEREMONY_MASTER",
  parlorCeremonyRoom: "PARLOR_CEREMONY_ROOM",
  flowers: "FLOWERS",
  burialOperation: "BURIAL_OPERATION",
  graveOpening: "GRAVE_OPENING",
  cremationStaff: "CREMATION_STAFF",
  urn: "URN",
  urnShipping: "URN_SHIPPING",
  scattering: "SCATTERING",
  urnPlacement: "URN_PLACEMENT",
  cremationFee: "CREMATION_FEE",
  graveOpeningFee: "GRAVE_OPENING_FEE",
  concession: "CONCESSION",
  policeSupervision: "POLICE_SUPERVISION",
  consularFee: "CONSULAR_FEE",
  returnConsularFee: "RETURN_CONSULAR_FEE",
  crematoriumRoom: "CREMATORIUM_ROOM",
  worshipFee: "WORSHIP_FEE",
  memorialGardenFee: "MEMORIAL_GARDEN_FEE",
  pressNotice: "PRESS_NOTICE",
} as const;
export type LineCode = (typeof LINE_CODES)[keyof typeof LINE_CODES];

export interface QuoteLine {
  code: LineCode;
  /** Catalogue or partner reference the price came from. */
  sourceCode: string;
  /** French label as printed. */
  label: string;
  /** Short French precision (range, days, kilometres, term...). */
  detail?: string;
  sectionId: LegalSectionId;
  kind: LineKind;
  /** Short French explanation of why the line is mandatory or optional. */
  reason: string;
  quantity: number;
  unitPriceHtCents: Cents;
  vatRate: VatRate;
  amountHtCents: Cents;
  vatCents: Cents;
  amountTtcCents: Cents;
  /** Printed with an asterisk. */
  subcontracted: boolean;
  /** Cost advanced on the family's behalf to a third party (section 8). */
  advanced: boolean;
}

export interface Subtotals {
  mandatoryHtCents: Cents;
  mandatoryVatCents: Cents;
  mandatoryTtcCents: Cents;
  optionalHtCents: Cents;
  optionalVatCents: Cents;
  optionalTtcCents: Cents;
  totalHtCents: Cents;
  totalVatCents: Cents;
  totalTtcCents: Cents;
}

export interface QuoteSection {
  id: LegalSectionId;
  number: string;
  /** Official heading of the legal model (PDF). */
  title: string;
  /** Plain-words heading for screens. */
  shortTitle: string;
  /** False for 7A on a cremation quote, 7B on a burial quote, or both when the burial takes place abroad. */
  applicable: boolean;
  mandatory: QuoteLine[];
  optional: QuoteLine[];
  subtotals: Subtotals;
}

export interface VatBreakdown {
  rate: VatRate;
  baseHtCents: Cents;
  vatCents: Cents;
  ttcCents: Cents;
}

export interface QuoteTotals {
  /** Mandatory services of the operator (sections 1 to 7), TTC. */
  mandatoryTtc: Cents;
  /** Optional services of the operator (sections 1 to 7), TTC. */
  optionalTtc: Cents;
  /** All costs advanced on the family's behalf (section 8). */
  advancedTtc: Cents;
  advancedMandatoryTtc: Cents;
  advancedOptionalTtc: Cents;
  /** What the funeral costs at the very least: mandatory services and mandatory advanced costs. */
  minimumTtc: Cents;
  totalHt: Cents;
  totalTva: Cents;
  totalTtc: Cents;
  /** One entry per rate used, in ascending rate order. */
  byVatRate: VatBreakdown[];
}

export type WarningSeverity = "info" | "warning" | "blocking";

export const QUOTE_WARNING_CODES = [
  "disposition_missing",
  "coffin_missing",
  "coffin_range_defaulted",
  "coffin_substituted",
  "urn_missing",
  "crematorium_missing",
  "crematorium_price_missing",
  "graveyard_missing",
  "grave_choice_missing",
  "concession_not_offered",
  "concession_kind_incompatible",
  "vault_construction_separate",
  "funeral_parlor_missing",
  "parlor_ceremony_room_missing",
  "crematorium_room_missing",
  "ceremony_place_incompatible",
  "worship_fee_to_confirm",
  "flowers_missing",
  "partner_not_found",
  "distance_estimated",
  "repatriation_rate_missing",
  "death_country_missing",
  "repatriation_country_note",
  "repatriation_requirements",
  "burial_abroad_not_included",
  "hermetic_coffin_cremation",
  "home_urn_not_allowed",
  "ashes_destination_open",
  "scattering_nature_declaration",
  "memorial_garden_missing",
  "hospital_free_days",
  "deadlines_unavailable",
  "death_date_in_future",
] as const;
export type QuoteWarningCode = (typeof QUOTE_WARNING_CODES)[number];

export interface QuoteWarning {
  code: QuoteWarningCode;
  severity: WarningSeverity;
  /** French message, also the source text of the UI's translations. */
  message: string;
}

export interface QuoteOptions {
  operator?: OperatorIdentity;
  /** Distance used when the server could not compute one, in km (default 15). */
  defaultDistanceKm?: number;
  /** Today's date (YYYY-MM-DD), to flag a death date in the future. Never read from the clock. */
  today?: string;
}

export interface Quote {
  lines: QuoteLine[];
  sections: QuoteSection[];
  totals: QuoteTotals;
  deadlines: Deadlines | null;
  warnings: QuoteWarning[];
  /** False while a blocking warning remains: the quote cannot be signed yet. */
  complete: boolean;
  /** Explanatory notes of the legal model to print with this quote. */
  notes: LegalNoteId[];
  /** True when any price comes from demo data. */
  isDemo: boolean;
  operator?: OperatorIdentity;
}

/** Rate the engine applies to body transport by approved vehicle (see header). */
export const BODY_TRANSPORT_VAT_RATE: VatRate = 10;
/** International air transport of the deceased is exempt (see header). */
export const INTERNATIONAL_AIR_VAT_RATE: VatRate = 0;
/** Police supervision fee when the commune did not publish its own (top of the 20–25 € legal range). */
export const DEFAULT_POLICE_SUPERVISION_FEE_CENTS = 2500;
export const DEFAULT_DISTANCE_KM = 15;
const MAX_DISTANCE_KM = 5000;

const COFFIN_RANGE_LABELS: Record<CoffinRange, string> = {
  essential: "Gamme Essentiel",
  tradition: "Gamme Tradition",
  prestige: "Gamme Prestige",
};

const REASONS = {
  organisation:
    "Obligatoire : la fermeture du cercueil et l'inhumation ou la crémation exigent des autorisations administratives, que nous obtenons pour vous",
  repatriationFormalities:
    "Obligatoire pour le rapatriement : laissez-passer mortuaire, autorisation du consulat et certificat de non-contagion",
  returnFormalities:
    "Obligatoire pour le retour du défunt en France : documents exigés par le pays de décès et par la France",
  embalming: "Optionnel : les soins de conservation ne sont jamais obligatoires",
  parlor: "Optionnel : le séjour en chambre funéraire n'est jamais obligatoire",
  onlineNotice: "Optionnel : la publication d'un avis de décès n'est jamais obligatoire",
  memorialPage: "Optionnel : la page de souvenir est un service facultatif",
  transportBeforePublicPlace:
    "Obligatoire : un défunt trouvé dans un lieu public doit être transféré vers une chambre funéraire ou mortuaire avant la mise en bière",
  transportBeforeOptional:
    "Optionnel : ce transfert n'est nécessaire que parce que vous avez choisi un séjour en chambre funéraire",
  coffin: "Obligatoire : le cercueil est exigé par la loi",
  watertightLining: "Obligatoire : la loi impose une garniture étanche dans tout cercueil",
  handles: "Obligatoire : la loi impose quatre poignées sur tout cercueil",
  identityPlate: "Obligatoire : la loi impose une plaque d'identité sur le cercueil",
  hermeticCase:
    "Obligatoire : un transport international exige un cercueil hermétique muni d'un filtre épurateur (accords de Berlin et de Strasbourg)",
  padding: "Optionnel : le capitonnage est un confort, la loi ne l'exige pas",
  emblem: "Optionnel : l'emblème sur le couvercle est un choix personnel",
  coffining:
    "Obligatoire : le défunt doit être placé dans le cercueil, puis celui-ci fermé, avant le départ vers la sépulture ou le crématorium",
  transportAfter:
    "Obligatoire : après la mise en bière, le défunt ne peut être transporté que dans un véhicule funéraire agréé",
  bearers:
    "Obligatoire : le cercueil doit être porté jusqu'au véhicule puis à la sépulture ou au crématorium par un personnel suffisant",
  airFreight: "Obligatoire pour le rapatriement : le cercueil voyage en fret aérien, confié à un transitaire agréé IATA",
  returnAirFreight: "Obligatoire pour le retour du défunt en France : le cercueil voyage en fret aérien jusqu'en France",
  ceremonyDetour: "Optionnel : ce trajet découle de la cérémonie que vous avez choisie",
  ceremony: "Optionnel : aucune cérémonie n'est obligatoire ; son organisation est libre",
  flowers: "Optionnel : les fleurs sont un choix personnel",
  burialOperation: "Obligatoire : l'inhumation est l'opération funéraire elle-même",
  graveOpening: "Obligatoire : la sépulture doit être ouverte puis refermée pour l'inhumation",
  concessionBurial:
    "Obligatoire pour la sépulture choisie : une nouvelle tombe suppose l'achat d'une concession auprès de la commune",
  cremationStaff: "Obligatoire : le cercueil doit être conduit au crématorium et l'urne remise à la famille",
  urn: "Obligatoire : la loi impose de recueillir les cendres dans une urne",
  urnShipping: "Obligatoire pour la destination choisie : l'urne est envoyée dans le pays de destination avec ses documents",
  ashes: "Optionnel : la destination des cendres est libre et se décide dans l'année qui suit la crémation",
  cremationFee: "Obligatoire : la crémation est l'opération funéraire elle-même ; son prix est fixé par le crématorium",
  policeSupervision:
    "Obligatoire : avant une crémation ou un départ à l'étranger, la fermeture du cercueil se fait sous la surveillance de la police, contre une vacation fixée par le maire",
  consularFee: "Obligatoire pour le rapatriement : frais demandés par le consulat",
  crematoriumRoom: "Optionnel : la salle du crématorium n'est utile que si vous y organisez une cérémonie",
  worshipFee: "Optionnel : l'offrande ou les frais de culte découlent de la cérémonie religieuse choisie",
  pressNotice: "Optionnel : l'avis de décès dans la presse n'est jamais obligatoire",
} as const;

/** Working state of one computation: lines are pushed straight into their section. */
interface Builder {
  bySection: QuoteLine[][];
  warnings: QuoteWarning[];
}

interface LineSpec {
  code: LineCode;
  sourceCode: string;
  label: string;
  detail?: string;
  sectionId: LegalSectionId;
  kind: LineKind;
  reason: string;
  quantity?: number;
  unitPriceHtCents: number;
  vatRate: VatRate;
  subcontracted?: boolean;
  advanced?: boolean;
}

function safeVat(rate: number): VatRate {
  return (VAT_RATES as readonly number[]).includes(rate) ? (rate as VatRate) : 20;
}

function push(builder: Builder, spec: LineSpec): void {
  const quantity = spec.quantity === undefined ? 1 : Math.max(1, Math.floor(spec.quantity));
  const unit = sanitizeCents(spec.unitPriceHtCents);
  const advanced = spec.advanced === true;
  // Disbursements carry no VAT from the operator, whatever the data says.
  const vatRate = advanced ? 0 : safeVat(spec.vatRate);
  const amountHt = unit * quantity;
  const vat = vatOf(amountHt, vatRate);
  const line: QuoteLine = {
    code: spec.code,
    sourceCode: spec.sourceCode,
    label: spec.label,
    sectionId: advanced ? "advanced-costs" : spec.sectionId,
    kind: spec.kind,
    reason: spec.reason,
    quantity,
    unitPriceHtCents: unit,
    vatRate,
    amountHtCents: amountHt,
    vatCents: vat,
    amountTtcCents: amountHt + vat,
    subcontracted: spec.subcontracted === true,
    advanced,
  };
  if (spec.detail !== undefined) line.detail = spec.detail;
  (builder.bySection[LEGAL_SECTION_INDEX[line.sectionId]] as QuoteLine[]).push(line);
}

function pushItem(
  builder: Builder,
  code: LineCode,
  item: CatalogItem,
  sectionId: LegalSectionId,
  kind: LineKind,
  reason: string,
  extra?: { quantity?: number; detail?: string; subcontracted?: boolean },
): void {
  const spec: LineSpec = {
    code,
    sourceCode: item.code,
    label: item.label,
    sectionId,
    kind,
    reason,
    unitPriceHtCents: item.priceHtCents,
    vatRate: item.vatRate,
    subcontracted: extra?.subcontracted ?? item.subcontracted === true,
  };
  if (extra?.quantity !== undefined) spec.quantity = extra.quantity;
  if (extra?.detail !== undefined) spec.detail = extra.detail;
  push(builder, spec);
}

function pushFee(
  builder: Builder,
  code: LineCode,
  fee: ThirdPartyFee,
  kind: LineKind,
  reason: string,
  detail?: string,
): void {
  const spec: LineSpec = {
    code,
    sourceCode: fee.code,
    label: fee.label,
    sectionId: "advanced-costs",
    kind,
    reason,
    unitPriceHtCents: fee.amountCents,
    vatRate: 0,
    advanced: true,
  };
  if (detail !== undefined) spec.detail = detail;
  push(builder, spec);
}

function warn(builder: Builder, code: QuoteWarningCode, severity: WarningSeverity, message: string): void {
  builder.warnings.push({ code, severity, message });
}

/** Partner chosen by id, else the first active one (the server lists partners nearest first). */
function pick<T extends { id: string; disabled?: boolean }>(
  builder: Builder,
  list: readonly T[],
  id: string | undefined,
  what: string,
): T | undefined {
  let first: T | undefined;
  for (const candidate of list) {
    if (candidate.disabled === true) continue;
    if (id !== undefined && candidate.id === id) return candidate;
    if (first === undefined) first = candidate;
  }
  if (id !== undefined && first !== undefined) {
    warn(builder, "partner_not_found", "warning", `${what} choisi n'est pas disponible : le devis utilise l'établissement partenaire le plus proche.`);
  }
  return first;
}

function distanceKm(builder: Builder, value: number | undefined, fallback: number, estimated: { done: boolean }): number {
  if (value === undefined || !Number.isFinite(value) || value < 0) {
    if (!estimated.done) {
      estimated.done = true;
      warn(builder, "distance_estimated", "info", `Certaines distances sont estimées (${fallback} km) : le prix du transport sera confirmé.`);
    }
    return fallback;
  }
  return Math.min(MAX_DISTANCE_KM, Math.ceil(value));
}

function findRate(list: readonly RepatriationRate[], country: string | undefined): RepatriationRate | undefined {
  if (country === undefined) return undefined;
  for (const rate of list) if (rate.countryCode.toUpperCase() === country) return rate;
  return undefined;
}

function isOlderBand(a: CrematoriumAgeRange, b: CrematoriumAgeRange): boolean {
  if (a.maxAgeYears === null) return b.maxAgeYears !== null || a.minAgeYears > b.minAgeYears;
  if (b.maxAgeYears === null) return false;
  return a.minAgeYears > b.minAgeYears;
}

function cremationPrice(crematorium: CrematoriumPartner, ageYears: number | undefined): number | undefined {
  let adult: CrematoriumAgeRange | undefined;
  for (const band of crematorium.ageRanges) {
    if (ageYears !== undefined && band.minAgeYears <= ageYears && (band.maxAgeYears === null || ageYears <= band.maxAgeYears)) {
      return band.priceCents;
    }
    if (adult === undefined || isOlderBand(band, adult)) adult = band;
  }
  // Age unknown (or outside every band): the adult band, i.e. the open-ended or oldest one.
  return adult?.priceCents;
}

function findConcession(
  graveyard: GraveyardPartner,
  kind: ConcessionKind,
  termYears: number | undefined,
): GraveyardConcession | undefined {
  let shortest: GraveyardConcession | undefined;
  for (const concession of graveyard.concessions) {
    if (concession.kind !== kind) continue;
    if (termYears !== undefined && concession.termYears === termYears) return concession;
    if (shortest === undefined || concession.termYears < shortest.termYears) shortest = concession;
  }
  return termYears === undefined ? shortest : undefined;
}

function emptySubtotals(): Subtotals {
  return {
    mandatoryHtCents: 0,
    mandatoryVatCents: 0,
    mandatoryTtcCents: 0,
    optionalHtCents: 0,
    optionalVatCents: 0,
    optionalTtcCents: 0,
    totalHtCents: 0,
    totalVatCents: 0,
    totalTtcCents: 0,
  };
}

function sectionApplies(section: LegalSection, burialInFrance: boolean, cremation: boolean): boolean {
  if (section.appliesTo === "all") return true;
  return section.appliesTo === "burial" ? burialInFrance : cremation;
}

/** A line priced from a repatriation rate (formalities, air freight, hermetic case, urn shipping): normal VAT unless said otherwise. */
function pushRateLine(
  builder: Builder,
  rate: RepatriationRate,
  spec: Omit<LineSpec, "unitPriceHtCents" | "vatRate"> & { price: keyof RepatriationRate & `${string}HtCents`; vatRate?: VatRate },
): void {
  const { price, vatRate, ...rest } = spec;
  push(builder, { ...rest, unitPriceHtCents: rate[price], vatRate: vatRate ?? 20 });
}

/** A road transport of the body in an approved vehicle: the flat fee (unless a detour) plus the distance, always at the reduced rate. */
function pushRoadTransport(
  builder: Builder,
  transport: QuotePartners["transport"],
  km: number,
  spec: Pick<LineSpec, "code" | "sourceCode" | "label" | "sectionId" | "kind" | "reason"> & { flatFee: boolean },
): void {
  const { flatFee, ...rest } = spec;
  push(builder, {
    ...rest,
    detail: `${km} km`,
    unitPriceHtCents: (flatFee ? sanitizeCents(transport.flatFeeHtCents) : 0) + sanitizeCents(transport.perKmHtCents) * km,
    vatRate: BODY_TRANSPORT_VAT_RATE,
  });
}

/** Everything one computation reads, and the facts of the case derived once from the answers. */
interface QuoteContext {
  builder: Builder;
  answers: QuoteAnswers;
  catalog: QuoteCatalog;
  partners: QuotePartners;
  options: QuoteOptions;
  distances: NonNullable<QuotePartners["distances"]>;
  fallbackKm: number;
  /** Whether the "distances estimated" warning was given already (it is given once). */
  estimated: { done: boolean };
  disposition: QuoteAnswers["disposition"];
  diedAbroad: boolean;
  bodyRepatriated: boolean;
  urnRepatriated: boolean;
  burialInFrance: boolean;
  cremation: boolean;
  /** Rate to the destination country (repatriation from France). */
  outboundRate: RepatriationRate | undefined;
  /** Rate from the country of death (return to France). */
  inboundRate: RepatriationRate | undefined;
  /** The body comes back from abroad already coffined by the correspondent there. */
  coffinedAbroad: boolean;
}

function distanceOf(ctx: QuoteContext, value: number | undefined): number {
  return distanceKm(ctx.builder, value, ctx.fallbackKm, ctx.estimated);
}

function createContext(answers: QuoteAnswers, catalog: QuoteCatalog, partners: QuotePartners, options: QuoteOptions): QuoteContext {
  const builder: Builder = { bySection: [[], [], [], [], [], [], [], [], []], warnings: [] };
  const disposition = answers.disposition;
  const destination = answers.repatriation?.destinationCountry;
  const bodyRepatriated = destination !== undefined && disposition === "burial";
  const ctx: QuoteContext = {
    builder,
    answers,
    catalog,
    partners,
    options,
    distances: partners.distances ?? {},
    fallbackKm: Math.min(MAX_DISTANCE_KM, Math.max(0, Math.ceil(options.defaultDistanceKm ?? DEFAULT_DISTANCE_KM))),
    estimated: { done: false },
    disposition,
    diedAbroad: answers.placeOfDeath === "abroad",
    bodyRepatriated,
    urnRepatriated: destination !== undefined && disposition === "cremation",
    burialInFrance: disposition === "burial" && !bodyRepatriated,
    cremation: disposition === "cremation",
    outboundRate: undefined,
    inboundRate: undefined,
    coffinedAbroad: false,
  };
  if (disposition === undefined) {
    warn(builder, "disposition_missing", "blocking", "Choisissez entre inhumation et crémation pour obtenir un devis complet.");
  }
  resolveRepatriation(ctx, destination);
  return ctx;
}

/** Repatriation data, both ways, and the warnings about what is missing. */
function resolveRepatriation(ctx: QuoteContext, destination: string | undefined): void {
  const { builder, answers, partners } = ctx;
  ctx.outboundRate = destination === undefined ? undefined : findRate(partners.repatriation, destination);
  if (destination !== undefined && ctx.outboundRate === undefined) {
    warn(builder, "repatriation_rate_missing", "blocking", "Nous n'avons pas encore de tarif de rapatriement vers ce pays : un conseiller vous le communiquera.");
  }
  if (ctx.diedAbroad) {
    if (answers.deathCountry === undefined) {
      warn(builder, "death_country_missing", "blocking", "Indiquez le pays du décès pour chiffrer le retour du défunt en France.");
    } else {
      ctx.inboundRate = findRate(partners.repatriation, answers.deathCountry);
      if (ctx.inboundRate === undefined) {
        warn(builder, "repatriation_rate_missing", "blocking", "Nous n'avons pas encore de tarif de retour depuis ce pays : un conseiller vous le communiquera.");
      }
    }
  }
  for (const rate of [ctx.outboundRate, ctx.inboundRate]) {
    if (rate?.note !== undefined && rate.note !== "") warn(builder, "repatriation_country_note", "info", rate.note);
  }
  if (ctx.bodyRepatriated || ctx.urnRepatriated || ctx.diedAbroad) {
    warn(builder, "repatriation_requirements", "info", "Les exigences propres au pays concerné (documents, soins, cercueil) sont vérifiées avec vous par notre conseiller.");
  }
  ctx.coffinedAbroad = ctx.diedAbroad && ctx.inboundRate !== undefined;
}

/** Section 1, preparation and organisation. Returns the funeral parlour used (stay or ceremony) and whether a stay was priced. */
function preparationSection(ctx: QuoteContext): { parlor: FuneralParlorPartner | undefined; stayPriced: boolean } {
  const { builder, answers, partners, outboundRate, inboundRate } = ctx;
  const services = ctx.catalog.services;
  pushItem(builder, LINE_CODES.organisation, services.organisation, "preparation", "mandatory", REASONS.organisation);
  if (ctx.bodyRepatriated && outboundRate !== undefined) {
    pushRateLine(builder, outboundRate, {
      code: LINE_CODES.repatriationFormalities,
      sourceCode: `REPAT-${outboundRate.countryCode}`,
      label: "Formalités de rapatriement",
      detail: `Vers : ${outboundRate.countryName}`,
      sectionId: "preparation",
      kind: "mandatory",
      reason: REASONS.repatriationFormalities,
      price: "formalitiesHtCents",
    });
  }
  if (ctx.coffinedAbroad && inboundRate !== undefined) {
    pushRateLine(builder, inboundRate, {
      code: LINE_CODES.returnFormalities,
      sourceCode: `RETURN-${inboundRate.countryCode}`,
      label: "Formalités de retour du défunt en France",
      detail: `Depuis : ${inboundRate.countryName}`,
      sectionId: "preparation",
      kind: "mandatory",
      reason: REASONS.returnFormalities,
      price: "formalitiesHtCents",
      subcontracted: true,
    });
  }
  if (answers.embalming === true) {
    pushItem(builder, LINE_CODES.embalming, services.embalming, "preparation", "optional", REASONS.embalming);
  }
  const stayDays = answers.parlorStayDays ?? 0;
  const parlorNeeded = stayDays > 0 || answers.ceremony?.place === "funeral-parlor";
  const parlor = parlorNeeded ? pick(builder, partners.funeralParlors, answers.funeralParlorId, "Le funérarium") : undefined;
  if (parlorNeeded && parlor === undefined) {
    warn(builder, "funeral_parlor_missing", "warning", "Aucune chambre funéraire partenaire n'est encore référencée dans cette commune : le séjour sera chiffré par un conseiller.");
  }
  let stayPriced = false;
  if (stayDays > 0 && parlor !== undefined) {
    const parlorVat = safeVat(parlor.vatRate ?? 20);
    if (parlor.admissionHtCents > 0) {
      push(builder, {
        code: LINE_CODES.parlorAdmission,
        sourceCode: `PARLOR-${parlor.id}-ADMISSION`,
        label: "Admission en chambre funéraire",
        detail: parlor.name,
        sectionId: "preparation",
        kind: "optional",
        reason: REASONS.parlor,
        unitPriceHtCents: parlor.admissionHtCents,
        vatRate: parlorVat,
      });
    }
    push(builder, {
      code: LINE_CODES.parlorStay,
      sourceCode: `PARLOR-${parlor.id}-DAY`,
      label: "Séjour en chambre funéraire",
      detail: `${parlor.name} – ${stayDays} jour${stayDays > 1 ? "s" : ""}`,
      sectionId: "preparation",
      kind: "optional",
      reason: REASONS.parlor,
      quantity: stayDays,
      unitPriceHtCents: parlor.pricePerDayHtCents,
      vatRate: parlorVat,
    });
    stayPriced = true;
  }
  if (answers.placeOfDeath === "hospital" && stayDays === 0) {
    warn(builder, "hospital_free_days", "info", "La chambre mortuaire de l'hôpital garde le défunt gratuitement pendant les 3 premiers jours ; au-delà, l'hôpital facture le séjour.");
  }
  if (answers.onlineNotice === true) {
    pushItem(builder, LINE_CODES.onlineNotice, services.onlineNotice, "preparation", "optional", REASONS.onlineNotice);
  }
  if (answers.memorialPage === true) {
    pushItem(builder, LINE_CODES.memorialPage, services.memorialPage, "preparation", "optional", REASONS.memorialPage);
  }
  return { parlor, stayPriced };
}

/** Section 2, transport before coffining (none when the body comes back from abroad already coffined). */
function transportBeforeCoffiningSection(ctx: QuoteContext, stayPriced: boolean): void {
  if (ctx.diedAbroad) return;
  const publicPlace = ctx.answers.placeOfDeath === "public-place";
  if (!publicPlace && !stayPriced) return;
  pushRoadTransport(ctx.builder, ctx.partners.transport, distanceOf(ctx, ctx.distances.toFuneralParlorKm), {
    code: LINE_CODES.transportBeforeCoffining,
    sourceCode: "TRANSPORT-BEFORE",
    label: "Transport du défunt avant mise en bière (véhicule agréé)",
    sectionId: "transport-before-coffining",
    kind: publicPlace ? "mandatory" : "optional",
    reason: publicPlace ? REASONS.transportBeforePublicPlace : REASONS.transportBeforeOptional,
    flatFee: true,
  });
}

/** Section 3, coffin and accessories. Returns the range actually used (the urn follows it). */
function coffinSection(ctx: QuoteContext): CoffinRange {
  const { builder, answers, catalog, disposition, coffinedAbroad } = ctx;
  let range: CoffinRange = answers.coffinRange ?? "essential";
  if (answers.coffinRange === undefined) {
    warn(builder, "coffin_range_defaulted", "info", "Le devis utilise la gamme de cercueil Essentiel tant qu'aucune gamme n'est choisie.");
  }
  let coffin: CatalogItem | undefined;
  let fallbackCoffin: CatalogItem | undefined;
  for (const candidate of catalog.coffins) {
    const fits = disposition === undefined || candidate.dispositions.includes(disposition);
    if (!fits) continue;
    if (candidate.range === range) {
      coffin = candidate;
      break;
    }
    if (fallbackCoffin === undefined || candidate.priceHtCents < fallbackCoffin.priceHtCents) fallbackCoffin = candidate;
  }
  if (coffin === undefined && fallbackCoffin !== undefined) {
    coffin = fallbackCoffin;
    range = (fallbackCoffin as CatalogItem & { range: CoffinRange }).range;
    warn(builder, "coffin_substituted", "warning", "Le cercueil de la gamme choisie n'est pas disponible : le devis propose le modèle adapté le plus proche.");
  }
  const coffinSub = coffinedAbroad ? { subcontracted: true } : undefined;
  if (coffin === undefined) {
    warn(builder, "coffin_missing", "blocking", "Aucun cercueil adapté n'est disponible au catalogue : un conseiller vous proposera un modèle.");
  } else {
    pushItem(builder, LINE_CODES.coffin, coffin, "coffin", "mandatory", REASONS.coffin, {
      detail: COFFIN_RANGE_LABELS[range],
      ...coffinSub,
    });
  }
  const accessories = catalog.accessories;
  pushItem(builder, LINE_CODES.watertightLining, accessories.watertightLining, "coffin", "mandatory", REASONS.watertightLining, coffinSub);
  pushItem(builder, LINE_CODES.handles, accessories.handles, "coffin", "mandatory", REASONS.handles, {
    quantity: 4,
    ...coffinSub,
  });
  pushItem(builder, LINE_CODES.identityPlate, accessories.identityPlate, "coffin", "mandatory", REASONS.identityPlate, coffinSub);
  const hermeticRate = ctx.bodyRepatriated ? ctx.outboundRate : coffinedAbroad ? ctx.inboundRate : undefined;
  if (hermeticRate !== undefined) {
    pushRateLine(builder, hermeticRate, {
      code: LINE_CODES.hermeticCase,
      sourceCode: `HERMETIC-${hermeticRate.countryCode}`,
      label: "Caisson hermétique en zinc avec filtre épurateur",
      sectionId: "coffin",
      kind: "mandatory",
      reason: REASONS.hermeticCase,
      price: "hermeticCaseHtCents",
      subcontracted: coffinedAbroad,
    });
  }
  if (coffinedAbroad && ctx.cremation) {
    warn(builder, "hermetic_coffin_cremation", "warning", "Le défunt revient de l'étranger dans un cercueil hermétique : le crématorium confirmera les conditions de la crémation.");
  }
  if (answers.coffinPadding === true) {
    pushItem(builder, LINE_CODES.padding, accessories.padding, "coffin", "optional", REASONS.padding);
  }
  if (answers.coffinEmblem === true) {
    pushItem(builder, LINE_CODES.emblem, accessories.emblem, "coffin", "optional", REASONS.emblem);
  }
  return range;
}

/** Section 4, coffining and closing. */
function coffiningSection(ctx: QuoteContext): void {
  const coffinSub = ctx.coffinedAbroad ? { subcontracted: true } : undefined;
  pushItem(ctx.builder, LINE_CODES.coffining, ctx.catalog.services.coffining, "coffining", "mandatory", REASONS.coffining, coffinSub);
}

/** Section 5, transport after coffining: the return flight, the hearse, the bearers, the outbound flight. */
function transportAfterCoffiningSection(ctx: QuoteContext): void {
  const { builder, distances, diedAbroad, bodyRepatriated, outboundRate, inboundRate } = ctx;
  if (ctx.coffinedAbroad && inboundRate !== undefined) {
    pushRateLine(builder, inboundRate, {
      code: LINE_CODES.returnAirFreight,
      sourceCode: `AIR-${inboundRate.countryCode}-FR`,
      label: "Transport aérien du défunt jusqu'en France",
      detail: `Depuis : ${inboundRate.countryName}`,
      sectionId: "transport-after-coffining",
      kind: "mandatory",
      reason: REASONS.returnAirFreight,
      price: "airFreightHtCents",
      vatRate: INTERNATIONAL_AIR_VAT_RATE,
      subcontracted: true,
    });
  }
  const toAirport = bodyRepatriated;
  const km = distanceOf(ctx, toAirport ? distances.airportKm : diedAbroad ? (distances.airportKm ?? distances.toFinalPlaceKm) : distances.toFinalPlaceKm);
  pushRoadTransport(builder, ctx.partners.transport, km, {
    code: LINE_CODES.transportAfterCoffining,
    sourceCode: "TRANSPORT-AFTER",
    label: toAirport
      ? "Transport du défunt après mise en bière jusqu'à l'aéroport (corbillard agréé)"
      : diedAbroad
        ? "Transport du défunt depuis l'aéroport d'arrivée (corbillard agréé)"
        : "Transport du défunt après mise en bière (corbillard agréé)",
    sectionId: "transport-after-coffining",
    kind: "mandatory",
    reason: REASONS.transportAfter,
    flatFee: true,
  });
  pushItem(builder, LINE_CODES.bearers, ctx.catalog.services.bearers, "transport-after-coffining", "mandatory", REASONS.bearers);
  if (bodyRepatriated && outboundRate !== undefined) {
    pushRateLine(builder, outboundRate, {
      code: LINE_CODES.airFreight,
      sourceCode: `AIR-FR-${outboundRate.countryCode}`,
      label: "Transport aérien du défunt (fret)",
      detail: `Vers : ${outboundRate.countryName}`,
      sectionId: "transport-after-coffining",
      kind: "mandatory",
      reason: REASONS.airFreight,
      price: "airFreightHtCents",
      vatRate: INTERNATIONAL_AIR_VAT_RATE,
      subcontracted: true,
    });
  }
}

/** The crematorium of a cremation (the ceremony room and the cremation fee both come from it). */
function pickCrematorium(ctx: QuoteContext): CrematoriumPartner | undefined {
  if (!ctx.cremation) return undefined;
  const crematorium = pick(ctx.builder, ctx.partners.crematoriums, ctx.answers.crematoriumId, "Le crématorium");
  if (crematorium === undefined) {
    warn(ctx.builder, "crematorium_missing", "blocking", "Aucun crématorium partenaire n'est encore référencé pour cette commune : un conseiller vous indiquera le tarif.");
  }
  return crematorium;
}

/** Section 6, ceremony: master of ceremony, the hearse's detour, the room, the worship fee, flowers. */
function ceremonySection(ctx: QuoteContext, parlor: FuneralParlorPartner | undefined, crematorium: CrematoriumPartner | undefined): void {
  const { builder, answers, partners } = ctx;
  const ceremony = answers.ceremony;
  if (ceremony !== undefined && ceremony.type !== "none") {
    pushItem(builder, LINE_CODES.ceremonyMaster, ctx.catalog.services.ceremonyMaster, "ceremony", "optional", REASONS.ceremony, {
      detail: ceremony.type === "religious" ? "Cérémonie religieuse" : "Cérémonie civile",
    });
    const place = ceremony.place;
    if (place === "place-of-worship" || place === "other") {
      pushRoadTransport(builder, partners.transport, distanceOf(ctx, ctx.distances.ceremonyDetourKm), {
        code: LINE_CODES.ceremonyDetour,
        sourceCode: "TRANSPORT-CEREMONY",
        label: "Passage du corbillard par le lieu de cérémonie",
        sectionId: "transport-after-coffining",
        kind: "optional",
        reason: REASONS.ceremonyDetour,
        flatFee: false,
      });
    }
    if (place === "funeral-parlor" && parlor !== undefined) {
      if (parlor.ceremonyRoomHtCents === null) {
        warn(builder, "parlor_ceremony_room_missing", "warning", "Ce funérarium n'a pas de salle de cérémonie : choisissez un autre lieu.");
      } else {
        push(builder, {
          code: LINE_CODES.parlorCeremonyRoom,
          sourceCode: `PARLOR-${parlor.id}-ROOM`,
          label: "Salle de cérémonie du funérarium",
          detail: parlor.name,
          sectionId: "ceremony",
          kind: "optional",
          reason: REASONS.ceremony,
          unitPriceHtCents: parlor.ceremonyRoomHtCents,
          vatRate: safeVat(parlor.vatRate ?? 20),
        });
      }
    }
    if (place === "crematorium") {
      if (!ctx.cremation) {
        warn(builder, "ceremony_place_incompatible", "warning", "Une cérémonie au crématorium ne se conçoit qu'avec une crémation : choisissez un autre lieu.");
      } else if (crematorium !== undefined) {
        let room = crematorium.rooms[0];
        if (ceremony.crematoriumRoomId !== undefined) {
          for (const candidate of crematorium.rooms) if (candidate.id === ceremony.crematoriumRoomId) room = candidate;
        }
        if (room === undefined) {
          warn(builder, "crematorium_room_missing", "warning", "Ce crématorium ne propose pas de salle de cérémonie.");
        } else {
          pushFee(
            builder,
            LINE_CODES.crematoriumRoom,
            { code: `CREMATORIUM-${crematorium.id}-ROOM-${room.id}`, label: `Salle de cérémonie du crématorium – ${room.label}`, amountCents: room.priceCents },
            "optional",
            REASONS.crematoriumRoom,
            `${crematorium.name}, ${room.durationMinutes} min`,
          );
        }
      }
    }
    if (ceremony.type === "religious" && place === "place-of-worship") {
      const worship = ceremony.worship ?? "other";
      let fee: (typeof partners.worshipFees)[number] | undefined;
      for (const candidate of partners.worshipFees) if (candidate.worship === worship) fee = candidate;
      if (fee === undefined) {
        warn(builder, "worship_fee_to_confirm", "info", "L'offrande ou les frais de culte sont fixés par le lieu de culte : ils seront ajoutés une fois connus.");
      } else {
        pushFee(builder, LINE_CODES.worshipFee, { code: `WORSHIP-${fee.worship}`, label: fee.label, amountCents: fee.amountCents }, "optional", REASONS.worshipFee);
      }
    }
  }
  if (answers.flowers !== undefined && answers.flowers !== "none") {
    let flowers: CatalogItem | undefined;
    for (const candidate of ctx.catalog.flowers) if (candidate.variant === answers.flowers) flowers = candidate;
    if (flowers === undefined) {
      warn(builder, "flowers_missing", "warning", "Cette composition florale n'est pas disponible : un conseiller vous en proposera une autre.");
    } else {
      pushItem(builder, LINE_CODES.flowers, flowers, "ceremony", "optional", REASONS.flowers);
    }
  }
}

/** Section 7A, burial in France: the operation, the grave's opening and, for a new grave, the concession. */
function burialSection(ctx: QuoteContext): void {
  const { builder, answers, partners } = ctx;
  if (ctx.bodyRepatriated) {
    warn(builder, "burial_abroad_not_included", "info", "L'inhumation dans le pays de destination n'est pas comprise : elle est organisée avec notre correspondant sur place.");
  }
  if (!ctx.burialInFrance) return;
  pushItem(builder, LINE_CODES.burialOperation, ctx.catalog.services.burialStaff, "burial", "mandatory", REASONS.burialOperation);
  const resting = answers.finalRestingPlace;
  if (resting !== "family-grave" && resting !== "new-concession") {
    warn(builder, "grave_choice_missing", "blocking", "Pour une inhumation, choisissez une sépulture familiale existante ou une nouvelle concession.");
    return;
  }
  const graveyard = pick(builder, partners.graveyards, answers.graveyardId, "Le cimetière");
  if (graveyard === undefined) {
    warn(builder, "graveyard_missing", "blocking", "Aucun cimetière n'est encore référencé pour cette commune : un conseiller vous indiquera les tarifs.");
    return;
  }
  const opening = graveyard.opening;
  if (opening.performedBy === "commune") {
    pushFee(
      builder,
      LINE_CODES.graveOpeningFee,
      { code: `GRAVEYARD-${graveyard.id}-OPENING`, label: "Ouverture et fermeture de la sépulture (services municipaux)", amountCents: opening.amountCents },
      "mandatory",
      REASONS.graveOpening,
      graveyard.name,
    );
  } else {
    push(builder, {
      code: LINE_CODES.graveOpening,
      sourceCode: `GRAVEYARD-${graveyard.id}-OPENING`,
      label: resting === "new-concession" ? "Creusement et comblement de la fosse" : "Ouverture et fermeture de la sépulture",
      detail: graveyard.name,
      sectionId: "burial",
      kind: "mandatory",
      reason: REASONS.graveOpening,
      unitPriceHtCents: opening.amountCents,
      vatRate: 20,
      subcontracted: opening.subcontracted === true,
    });
  }
  if (resting !== "new-concession") return;
  let kind: ConcessionKind = answers.concessionKind ?? "ground";
  if (kind === "columbarium" || kind === "urn-plot") {
    warn(builder, "concession_kind_incompatible", "warning", "Un cercueil ne peut pas être déposé en columbarium ni en cavurne : le devis retient une concession en pleine terre.");
    kind = "ground";
  }
  if (kind === "vault") {
    warn(builder, "vault_construction_separate", "info", "La construction du caveau est chiffrée à part par notre marbrier.");
  }
  const concession = findConcession(graveyard, kind, answers.concessionTermYears);
  if (concession === undefined) {
    warn(builder, "concession_not_offered", "blocking", "Ce cimetière ne propose pas cette concession : choisissez une autre durée ou un autre type.");
    return;
  }
  pushFee(
    builder,
    LINE_CODES.concession,
    { code: `GRAVEYARD-${graveyard.id}-${concession.kind}-${concession.termYears}`, label: `Concession funéraire – ${concession.label}`, amountCents: concession.priceCents },
    "mandatory",
    REASONS.concessionBurial,
    `${graveyard.name}, ${concession.termYears} ans`,
  );
}

/** Section 7B, cremation: staff, urn (in the coffin's range), the crematorium's fee, then the ashes. */
function cremationSection(ctx: QuoteContext, range: CoffinRange, crematorium: CrematoriumPartner | undefined): void {
  if (!ctx.cremation) return;
  const { builder, answers, catalog, outboundRate } = ctx;
  pushItem(builder, LINE_CODES.cremationStaff, catalog.services.cremationStaff, "cremation", "mandatory", REASONS.cremationStaff);
  let urn: CatalogItem | undefined;
  let cheapestUrn: CatalogItem | undefined;
  for (const candidate of catalog.urns) {
    if (candidate.range === range) {
      urn = candidate;
      break;
    }
    if (cheapestUrn === undefined || candidate.priceHtCents < cheapestUrn.priceHtCents) cheapestUrn = candidate;
  }
  urn ??= cheapestUrn;
  if (urn === undefined) {
    warn(builder, "urn_missing", "blocking", "Aucune urne n'est disponible au catalogue : un conseiller vous proposera un modèle.");
  } else {
    pushItem(builder, LINE_CODES.urn, urn, "cremation", "mandatory", REASONS.urn);
  }
  if (crematorium !== undefined) {
    const price = cremationPrice(crematorium, answers.deceasedAgeYears);
    if (price === undefined) {
      warn(builder, "crematorium_price_missing", "blocking", "Le tarif de ce crématorium n'est pas encore connu : un conseiller vous le communiquera.");
    } else {
      pushFee(
        builder,
        LINE_CODES.cremationFee,
        { code: `CREMATORIUM-${crematorium.id}`, label: "Crémation (redevance du crématorium)", amountCents: price },
        "mandatory",
        REASONS.cremationFee,
        crematorium.name,
      );
    }
  }
  if (!ctx.urnRepatriated) {
    pushAshesDestination(builder, answers, catalog, ctx.partners, crematorium);
    return;
  }
  if (outboundRate !== undefined) {
    pushRateLine(builder, outboundRate, {
      code: LINE_CODES.urnShipping,
      sourceCode: `URN-FR-${outboundRate.countryCode}`,
      label: "Formalités et expédition de l'urne à l'étranger",
      detail: `Vers : ${outboundRate.countryName}`,
      sectionId: "cremation",
      kind: "mandatory",
      reason: REASONS.urnShipping,
      // File work and shipping come as one price: the normal rate applies to the whole.
      price: "urnShippingHtCents",
    });
  }
}

/** Section 8, costs advanced for the family that no other section already holds: police, consulates, the newspaper. */
function advancedCostsSection(ctx: QuoteContext): void {
  const { builder, answers, partners, outboundRate, inboundRate } = ctx;
  // Police supervision of the closing, when the closing happens in France.
  if (!ctx.diedAbroad && (ctx.cremation || ctx.bodyRepatriated)) {
    const fee = partners.commune?.policeSupervisionFeeCents ?? DEFAULT_POLICE_SUPERVISION_FEE_CENTS;
    pushFee(
      builder,
      LINE_CODES.policeSupervision,
      { code: "POLICE-SUPERVISION", label: "Vacation de police (surveillance de la fermeture du cercueil)", amountCents: fee },
      "mandatory",
      REASONS.policeSupervision,
      partners.commune?.name,
    );
  }
  if (ctx.bodyRepatriated && outboundRate !== undefined && outboundRate.consularFeeCents > 0) {
    pushFee(
      builder,
      LINE_CODES.consularFee,
      { code: `CONSULATE-${outboundRate.countryCode}`, label: "Frais consulaires", amountCents: outboundRate.consularFeeCents },
      "mandatory",
      REASONS.consularFee,
      outboundRate.countryName,
    );
  }
  if (ctx.coffinedAbroad && inboundRate !== undefined && inboundRate.consularFeeCents > 0) {
    pushFee(
      builder,
      LINE_CODES.returnConsularFee,
      { code: `CONSULATE-${inboundRate.countryCode}-RETURN`, label: "Frais consulaires (retour en France)", amountCents: inboundRate.consularFeeCents },
      "mandatory",
      REASONS.consularFee,
      inboundRate.countryName,
    );
  }
  if (answers.pressNotice === true) {
    pushFee(builder, LINE_CODES.pressNotice, ctx.catalog.thirdParty.pressNotice, "optional", REASONS.pressNotice);
  }
}

/** The legal deadlines from the date of death (none when planning ahead). */
function quoteDeadlines(ctx: QuoteContext): Deadlines | null {
  const { builder, answers, options } = ctx;
  if (answers.deathDate === undefined || answers.situation === "planning-ahead") return null;
  if (options.today !== undefined && answers.deathDate > options.today) {
    warn(builder, "death_date_in_future", "warning", "La date de décès indiquée est dans le futur : vérifiez-la.");
  }
  const input: Parameters<typeof computeDeadlines>[0] = {
    deathDate: answers.deathDate,
    observesEuSummerTime: !(answers.deathCommuneInsee ?? "").startsWith("97"),
  };
  if (answers.deathTime !== undefined) input.deathTime = answers.deathTime;
  if (answers.placeOfDeath !== undefined) input.placeOfDeath = answers.placeOfDeath;
  if (answers.arrivalInFranceDate !== undefined) input.arrivalInFranceDate = answers.arrivalInFranceDate;
  if (answers.arrivalInFranceTime !== undefined) input.arrivalInFranceTime = answers.arrivalInFranceTime;
  if (answers.medicoLegal === true) input.medicoLegal = true;
  if (answers.prosecutorAuthorisationDate !== undefined) input.prosecutorAuthorisationDate = answers.prosecutorAuthorisationDate;
  const result = computeDeadlines(input);
  if (result.ok) return result.value;
  warn(builder, "deadlines_unavailable", "warning", result.error.message);
  return null;
}

/**
 * The quote, section by section in the legal model's order. The order of the calls is
 * the order of the lines within a section and of the warnings: keep it.
 */
export function computeQuote(
  answers: QuoteAnswers,
  catalog: QuoteCatalog,
  partners: QuotePartners,
  options: QuoteOptions = {},
): Quote {
  const ctx = createContext(answers, catalog, partners, options);
  const { parlor, stayPriced } = preparationSection(ctx);
  transportBeforeCoffiningSection(ctx, stayPriced);
  const range = coffinSection(ctx);
  coffiningSection(ctx);
  transportAfterCoffiningSection(ctx);
  const crematorium = pickCrematorium(ctx);
  ceremonySection(ctx, parlor, crematorium);
  burialSection(ctx);
  cremationSection(ctx, range, crematorium);
  advancedCostsSection(ctx);
  const deadlines = quoteDeadlines(ctx);
  return assemble(ctx.builder, ctx.disposition, ctx.burialInFrance, ctx.cremation, deadlines, catalog, partners, options);
}

function pushAshesDestination(
  builder: Builder,
  answers: QuoteAnswers,
  catalog: QuoteCatalog,
  partners: QuotePartners,
  crematorium: CrematoriumPartner | undefined,
): void {
  const services = catalog.services;
  switch (answers.finalRestingPlace) {
    case undefined:
      warn(builder, "ashes_destination_open", "info", "La destination des cendres peut être décidée plus tard : le crématorium peut garder l'urne jusqu'à un an.");
      return;
    case "home-urn":
      warn(
        builder,
        "home_urn_not_allowed",
        "warning",
        "La loi ne permet pas de garder l'urne à la maison. Les cendres peuvent être dispersées (jardin du souvenir ou pleine nature), déposées au columbarium, inhumées dans une sépulture ou, avec l'accord du préfet, dans une propriété privée. Le crématorium peut garder l'urne jusqu'à un an le temps de décider.",
      );
      return;
    case "scattering": {
      pushItem(builder, LINE_CODES.scattering, services.scattering, "cremation", "optional", REASONS.ashes, {
        detail: answers.scatteringPlace === "nature" ? "En pleine nature" : "Jardin du souvenir",
      });
      if (answers.scatteringPlace === "nature") {
        warn(builder, "scattering_nature_declaration", "info", "Une dispersion en pleine nature se déclare à la mairie de la commune de naissance du défunt (jamais sur une voie publique).");
        return;
      }
      let fee: number | null = null;
      let where = "";
      if (answers.graveyardId !== undefined) {
        for (const graveyard of partners.graveyards) {
          if (graveyard.id === answers.graveyardId && graveyard.disabled !== true && graveyard.memorialGardenFeeCents !== null) {
            fee = graveyard.memorialGardenFeeCents;
            where = graveyard.name;
          }
        }
      }
      if (fee === null && crematorium !== undefined && crematorium.memorialGardenFeeCents !== null) {
        fee = crematorium.memorialGardenFeeCents;
        where = crematorium.name;
      }
      if (fee === null) {
        warn(builder, "memorial_garden_missing", "info", "Le tarif du jardin du souvenir sera confirmé par la commune ou le crématorium.");
      } else if (fee > 0) {
        pushFee(
          builder,
          LINE_CODES.memorialGardenFee,
          { code: "MEMORIAL-GARDEN", label: "Dispersion au jardin du souvenir (redevance)", amountCents: fee },
          "optional",
          REASONS.ashes,
          where,
        );
      }
      return;
    }
    case "family-grave":
      pushItem(builder, LINE_CODES.urnPlacement, services.urnPlacement, "cremation", "optional", REASONS.ashes, {
        detail: "Dans la sépulture familiale",
      });
      return;
    case "columbarium":
    case "new-concession": {
      const columbarium = answers.finalRestingPlace === "columbarium";
      pushItem(builder, LINE_CODES.urnPlacement, services.urnPlacement, "cremation", "optional", REASONS.ashes, {
        detail: columbarium ? "En case de columbarium" : "Dans une nouvelle concession",
      });
      const graveyard = pick(builder, partners.graveyards, answers.graveyardId, "Le cimetière");
      if (graveyard === undefined) {
        warn(builder, "graveyard_missing", "warning", "Aucun cimetière n'est encore référencé pour cette commune : un conseiller vous indiquera le tarif de la concession.");
        return;
      }
      const kind: ConcessionKind = columbarium ? "columbarium" : (answers.concessionKind ?? "urn-plot");
      const concession = findConcession(graveyard, kind, answers.concessionTermYears);
      if (concession === undefined) {
        warn(builder, "concession_not_offered", "warning", "Ce cimetière ne propose pas cette concession : choisissez une autre durée ou un autre type.");
        return;
      }
      pushFee(
        builder,
        LINE_CODES.concession,
        { code: `GRAVEYARD-${graveyard.id}-${concession.kind}-${concession.termYears}`, label: `Concession – ${concession.label}`, amountCents: concession.priceCents },
        "optional",
        REASONS.ashes,
        `${graveyard.name}, ${concession.termYears} ans`,
      );
      return;
    }
  }
}

function assemble(
  builder: Builder,
  disposition: QuoteAnswers["disposition"],
  burialInFrance: boolean,
  cremation: boolean,
  deadlines: Deadlines | null,
  catalog: QuoteCatalog,
  partners: QuotePartners,
  options: QuoteOptions,
): Quote {
  const lines: QuoteLine[] = [];
  const sections: QuoteSection[] = [];
  let mandatoryTtc = 0;
  let optionalTtc = 0;
  let advancedMandatoryTtc = 0;
  let advancedOptionalTtc = 0;
  let totalHt = 0;
  let totalTva = 0;
  // Indexed by rate: 0, 10, 20.
  const vatBase = [0, 0, 0];
  const vatAmount = [0, 0, 0];
  const vatUsed = [false, false, false];
  let anySubcontracted = false;

  for (let index = 0; index < LEGAL_SECTIONS.length; index++) {
    const section = LEGAL_SECTIONS[index] as LegalSection;
    const sectionLines = builder.bySection[index] as QuoteLine[];
    const mandatory: QuoteLine[] = [];
    const optional: QuoteLine[] = [];
    const subtotals = emptySubtotals();
    for (const line of sectionLines) {
      lines.push(line);
      if (line.kind === "mandatory") {
        mandatory.push(line);
        subtotals.mandatoryHtCents += line.amountHtCents;
        subtotals.mandatoryVatCents += line.vatCents;
        subtotals.mandatoryTtcCents += line.amountTtcCents;
      } else {
        optional.push(line);
        subtotals.optionalHtCents += line.amountHtCents;
        subtotals.optionalVatCents += line.vatCents;
        subtotals.optionalTtcCents += line.amountTtcCents;
      }
      if (line.advanced) {
        if (line.kind === "mandatory") advancedMandatoryTtc += line.amountTtcCents;
        else advancedOptionalTtc += line.amountTtcCents;
      } else if (line.kind === "mandatory") {
        mandatoryTtc += line.amountTtcCents;
      } else {
        optionalTtc += line.amountTtcCents;
      }
      totalHt += line.amountHtCents;
      totalTva += line.vatCents;
      const slot = line.vatRate === 0 ? 0 : line.vatRate === 10 ? 1 : 2;
      vatBase[slot] = (vatBase[slot] as number) + line.amountHtCents;
      vatAmount[slot] = (vatAmount[slot] as number) + line.vatCents;
      vatUsed[slot] = true;
      if (line.subcontracted) anySubcontracted = true;
    }
    subtotals.totalHtCents = subtotals.mandatoryHtCents + subtotals.optionalHtCents;
    subtotals.totalVatCents = subtotals.mandatoryVatCents + subtotals.optionalVatCents;
    subtotals.totalTtcCents = subtotals.mandatoryTtcCents + subtotals.optionalTtcCents;
    sections.push({
      id: section.id,
      number: section.number,
      title: section.title,
      shortTitle: section.shortTitle ?? section.title,
      applicable: sectionApplies(section, burialInFrance, cremation),
      mandatory,
      optional,
      subtotals,
    });
  }

  const byVatRate: VatBreakdown[] = [];
  for (let slot = 0; slot < 3; slot++) {
    if (!vatUsed[slot]) continue;
    const base = vatBase[slot] as number;
    const vat = vatAmount[slot] as number;
    byVatRate.push({ rate: VAT_RATES[slot] as VatRate, baseHtCents: base, vatCents: vat, ttcCents: base + vat });
  }

  const notes = notesFor(disposition).filter((id) => id !== "subcontracting" || anySubcontracted);
  let complete = true;
  for (const warning of builder.warnings) if (warning.severity === "blocking") complete = false;

  const quote: Quote = {
    lines,
    sections,
    totals: {
      mandatoryTtc,
      optionalTtc,
      advancedTtc: advancedMandatoryTtc + advancedOptionalTtc,
      advancedMandatoryTtc,
      advancedOptionalTtc,
      minimumTtc: mandatoryTtc + advancedMandatoryTtc,
      totalHt,
      totalTva,
      totalTtc: totalHt + totalTva,
      byVatRate,
    },
    deadlines,
    warnings: builder.warnings,
    complete,
    notes,
    isDemo: catalog.isDemo || partners.isDemo || options.operator?.isDemo === true,
  };
  if (options.operator !== undefined) quote.operator = options.operator;
  return quote;
}
