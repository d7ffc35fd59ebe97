import type { CoffinRange, ConcessionKind, Disposition, FlowerChoice, WorshipType } from "@/domain/quote/answers";
import type { Cents, VatRate } from "@/domain/quote/money";

/**
 * The price data `computeQuote` works from, as plain objects: the server loads
 * them from the database, tests and demos use demo-catalog.ts. Operator prices
 * are excluding tax (HT) with their VAT rate; costs paid to third parties on
 * the family's behalf are the amounts the third party charges, passed on at cost.
 */

/** A product or service sold by the operator. */
export interface CatalogItem {
  /** Stable code, printed on the quote and used by the back-office. */
  code: string;
  /** French label as printed on the quote. */
  label: string;
  priceHtCents: Cents;
  vatRate: VatRate;
  /** Declared as subcontracted in the operator's licence: printed with an asterisk. */
  subcontracted?: boolean;
}

export interface CoffinProduct extends CatalogItem {
  range: CoffinRange;
  /** A cremation coffin must burn safely; a burial coffin must decompose: not every model fits both. */
  dispositions: readonly Disposition[];
}

export interface UrnProduct extends CatalogItem {
  range: CoffinRange;
}

export interface FlowerProduct extends CatalogItem {
  variant: Exclude<FlowerChoice, "none">;
}

/** A cost paid to a third party (town hall, crematorium, newspaper...) and passed on at cost, without VAT added by the operator. */
export interface ThirdPartyFee {
  code: string;
  label: string;
  amountCents: Cents;
}

export interface QuoteCatalog {
  id: string;
  /** Demo data must say so wherever it is shown. */
  isDemo: boolean;
  coffins: readonly CoffinProduct[];
  urns: readonly UrnProduct[];
  flowers: readonly FlowerProduct[];
  accessories: {
    /** Watertight lining (cuvette / garniture étanche): required in every coffin. */
    watertightLining: CatalogItem;
    /** Four handles: required. */
    handles: CatalogItem;
    /** Identity plate: required. */
    identityPlate: CatalogItem;
    /** Padded satin interior (capiton): optional. */
    padding: CatalogItem;
    /** Emblem on the lid: optional. */
    emblem: CatalogItem;
  };
  services: {
    /** Administrative steps and authorisations. */
    organisation: CatalogItem;
    /** Placing the body in the coffin and closing it. */
    coffining: CatalogItem;
    /** Bearers carrying the coffin. */
    bearers: CatalogItem;
    /** Staff and equipment for lowering the coffin into the grave. */
    burialStaff: CatalogItem;
    /** Taking the coffin to the crematorium and handing over the urn. */
    cremationStaff: CatalogItem;
    embalming: CatalogItem;
    /** Master of ceremonies. */
    ceremonyMaster: CatalogItem;
    onlineNotice: CatalogItem;
    memorialPage: CatalogItem;
    /** Scattering of the ashes by our staff. */
    scattering: CatalogItem;
    /** Placing the urn in a grave, urn plot or columbarium niche. */
    urnPlacement: CatalogItem;
  };
  thirdParty: {
    /** Death notice in the local press, billed by the newspaper. */
    pressNotice: ThirdPartyFee;
  };
}

export interface FuneralParlorPartner {
  id: string;
  name: string;
  communeInsee?: string;
  disabled?: boolean;
  /** One-off admission fee, HT (0 when none). */
  admissionHtCents: Cents;
  pricePerDayHtCents: Cents;
  /** Ceremony room of the parlour, HT; null when it has none. */
  ceremonyRoomHtCents: Cents | null;
  /** 20 % unless stated otherwise. */
  vatRate?: VatRate;
}

export interface CrematoriumAgeRange {
  minAgeYears: number;
  /** Inclusive; null for "and older". */
  maxAgeYears: number | null;
  /** Cremation price as the crematorium bills it, taxes included. */
  priceCents: Cents;
}

export interface CrematoriumRoom {
  id: string;
  label: string;
  durationMinutes: number;
  priceCents: Cents;
}

export interface CrematoriumPartner {
  id: string;
  name: string;
  communeInsee?: string;
  disabled?: boolean;
  ageRanges: readonly CrematoriumAgeRange[];
  rooms: readonly CrematoriumRoom[];
  /** Fee for scattering in the crematorium's memorial garden, null when it has none. */
  memorialGardenFeeCents: Cents | null;
}

export interface GraveyardConcession {
  kind: ConcessionKind;
  label: string;
  termYears: number;
  /** Price set by the municipal council, paid to the commune. */
  priceCents: Cents;
}

export interface GraveyardPartner {
  id: string;
  name: string;
  communeInsee?: string;
  disabled?: boolean;
  concessions: readonly GraveyardConcession[];
  /** Opening and closing of the grave (digging a new grave or opening a vault). */
  opening: {
    amountCents: Cents;
    /** "commune": the town hall's staff do it and bill the family (advanced cost); "operator": our staff or our mason (HT, 20 %). */
    performedBy: "commune" | "operator";
    subcontracted?: boolean;
  };
  /** Fee for scattering in the graveyard's memorial garden, null when it has none. */
  memorialGardenFeeCents: Cents | null;
}

/** Approved funeral vehicle: flat fee plus a price per kilometre, HT. */
export interface TransportRates {
  flatFeeHtCents: Cents;
  perKmHtCents: Cents;
}

/** Distances computed by the server between the places of this funeral. */
export interface QuoteDistances {
  /** Place of death to the funeral parlour. */
  toFuneralParlorKm?: number;
  /** Place of coffining to the crematorium or graveyard. */
  toFinalPlaceKm?: number;
  /** Extra distance to go through the ceremony place. */
  ceremonyDetourKm?: number;
  /** Place of coffining to the airport (repatriation), or airport to the final place (death abroad). */
  airportKm?: number;
}

export interface RepatriationRate {
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  countryName: string;
  /** Air freight of the coffin with an IATA-approved forwarder, HT. */
  airFreightHtCents: Cents;
  /** Zinc case with purifying filter, required for international transport. */
  hermeticCaseHtCents: Cents;
  /** Laissez-passer, consular authorisation, non-contagion certificate, forwarder file, HT. */
  formalitiesHtCents: Cents;
  /** Consulate fees paid on the family's behalf (0 when free). */
  consularFeeCents: Cents;
  /** Shipping an urn to this country, HT. */
  urnShippingHtCents: Cents;
  /** French information to show the family (e.g. a state scheme paying for repatriation). */
  note?: string;
}

export interface WorshipFee {
  worship: WorshipType;
  label: string;
  /** Offering or fee asked by the place of worship, passed on at cost. */
  amountCents: Cents;
}

export interface CommuneFees {
  inseeCode: string;
  name: string;
  /** Police supervision fee (vacation funéraire) set by the mayor, 20 to 25 €. */
  policeSupervisionFeeCents?: Cents;
}

export interface QuotePartners {
  isDemo: boolean;
  commune?: CommuneFees;
  funeralParlors: readonly FuneralParlorPartner[];
  crematoriums: readonly CrematoriumPartner[];
  graveyards: readonly GraveyardPartner[];
  transport: TransportRates;
  distances?: QuoteDistances;
  repatriation: readonly RepatriationRate[];
  worshipFees: readonly WorshipFee[];
}
