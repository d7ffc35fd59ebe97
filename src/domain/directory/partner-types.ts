import { LOCATION_TYPES } from "@/domain/schemas/deal";
import { CONCESSION_KINDS, ZONE_TYPES } from "@/domain/schemas/partner";
import type { DirectoryDescriptor, FieldDescriptor, RowCheck, SubItemDescriptor } from "@/domain/directory/descriptor";

/**
 * The partner places of SPEC §3 and the two reference lists (worship types, concession
 * types). Suppliers, warehouses and flights describe themselves the same way beside this
 * file and join DIRECTORY_DESCRIPTORS in registry.ts.
 */

/** Address and contact fields of every partner place, then its common fields (SPEC §3). */
export const PLACE_FIELDS: readonly FieldDescriptor[] = [
  { key: "name", kind: "text", required: true, maxLength: 200, list: true, sortable: true },
  { key: "address", kind: "text", maxLength: 200 },
  { key: "address_l2", kind: "text", maxLength: 200 },
  { key: "postal_code", kind: "text", maxLength: 10, list: true, sortable: true },
  { key: "city", kind: "text", maxLength: 100, list: true, sortable: true },
  { key: "cityhall_id", kind: "reference", reference: "cityhalls" },
  { key: "department_code", kind: "department", list: true, sortable: true },
  { key: "phone", kind: "phone", list: true },
  { key: "email", kind: "email" },
  { key: "website", kind: "url" },
  { key: "latitude", kind: "decimal", min: -90, max: 90 },
  { key: "longitude", kind: "decimal", min: -180, max: 180 },
  { key: "country_code", kind: "country", defaultValue: "fr" },
  { key: "headquarter_country_code", kind: "country" },
  { key: "disabled", kind: "boolean", defaultValue: false, list: true, sortable: true },
];

/** Nothing above the upper bound when one is given. */
export const boundsCheck =
  (minKey: string, maxKey: string): RowCheck =>
  (row) => {
    const min = row[minKey];
    const max = row[maxKey];
    return typeof min === "number" && typeof max === "number" && max < min ? { field: maxKey, problem: "too_small" } : null;
  };

export const coverages = (resource: string): SubItemDescriptor => ({
  key: "coverages",
  resource,
  fields: [
    { key: "zone_type", kind: "enum", options: ZONE_TYPES, required: true },
    { key: "zone_id", kind: "text", required: true, maxLength: 10 },
  ],
  orderBy: ["zone_type", "zone_id"],
});

const place = <T extends string>(
  descriptor: Omit<DirectoryDescriptor<T>, "group" | "disableable" | "byDepartment" | "naturalKey" | "labelField" | "defaultSort" | "subItems" | "fields"> & {
    extraFields?: readonly FieldDescriptor[];
    subItems?: readonly SubItemDescriptor[];
  },
): DirectoryDescriptor<T> => {
  const { extraFields = [], subItems = [], ...rest } = descriptor;
  return {
    ...rest,
    group: "partners",
    fields: [...PLACE_FIELDS, ...extraFields],
    subItems,
    disableable: true,
    byDepartment: true,
    naturalKey: ["name", "postal_code"],
    labelField: "name",
    defaultSort: "name",
  };
};

export const consulatesDescriptor = place({
  type: "consulates",
  segment: "consulates",
  resource: "consulate",
  autocomplete: "consulates",
  extraFields: [{ key: "reference_country_id", kind: "country", list: true }],
});

export const crematoriumsDescriptor = place({
  type: "crematoriums",
  segment: "crematoriums",
  resource: "crematorium",
  locationType: "Crematorium",
  autocomplete: "crematoriums",
  extraFields: [
    { key: "reduced_price_cityhall_ids", kind: "reference_list", reference: "cityhalls", defaultValue: [] },
    { key: "worship_ids", kind: "reference_list", reference: "worships", defaultValue: [] },
  ],
  subItems: [
    {
      key: "age_ranges",
      resource: "crematorium_age_range",
      fields: [
        { key: "min_age", kind: "integer", required: true, min: 0, max: 150 },
        { key: "max_age", kind: "integer", min: 0, max: 150 },
        { key: "price_cents", kind: "money", required: true },
        { key: "reduced_price_cents", kind: "money" },
      ],
      checks: [boundsCheck("min_age", "max_age")],
      orderBy: ["min_age"],
    },
    {
      key: "ceremonies",
      resource: "crematorium_ceremony",
      fields: [
        { key: "name", kind: "text", required: true, maxLength: 200 },
        { key: "duration_minutes", kind: "integer", required: true, min: 1, max: 1440 },
        { key: "price_cents", kind: "money", required: true },
      ],
      orderBy: ["name"],
    },
    {
      key: "rooms",
      resource: "crematorium_room",
      fields: [
        { key: "name", kind: "text", required: true, maxLength: 200 },
        { key: "capacity", kind: "integer", min: 1, max: 10000 },
        { key: "price_cents", kind: "money", required: true },
      ],
      orderBy: ["name"],
    },
  ],
});

export const funeralParlorsDescriptor = place({
  type: "funeral_parlors",
  segment: "funeral_parlors",
  resource: "funeral_parlor",
  locationType: "FuneralParlor",
  autocomplete: "funeral_parlors",
  subItems: [
    {
      key: "stays",
      resource: "funeral_parlor_stay",
      fields: [
        { key: "name", kind: "text", required: true, maxLength: 200 },
        { key: "included_days", kind: "integer", min: 0, max: 365, defaultValue: 0 },
        { key: "price_per_day_cents", kind: "money", required: true },
        { key: "admission_price_cents", kind: "money", defaultValue: 0 },
      ],
      // By id: the first stay is the parlour's standard one, the quote's (services/quote-catalog.ts).
    },
  ],
});

export const graveyardsDescriptor = place({
  type: "graveyards",
  segment: "graveyards",
  resource: "graveyard",
  locationType: "Graveyard",
  autocomplete: "graveyards",
  extraFields: [
    { key: "cityhall_ids", kind: "reference_list", reference: "cityhalls", defaultValue: [] },
    { key: "concession_semelle_type_id", kind: "reference", reference: "concession_types" },
    { key: "default_concession_type_id", kind: "reference", reference: "concession_types" },
  ],
  subItems: [
    {
      key: "concession_types",
      resource: "graveyard_concession_type",
      fields: [
        { key: "name", kind: "text", required: true, maxLength: 200 },
        { key: "kind", kind: "enum", options: CONCESSION_KINDS, required: true },
        { key: "places", kind: "integer", min: 0, max: 100 },
      ],
      orderBy: ["name"],
    },
    {
      key: "concession_terms",
      resource: "graveyard_concession_term",
      fields: [
        { key: "label", kind: "text", required: true, maxLength: 100 },
        /** Empty: a perpetual concession. */
        { key: "duration_years", kind: "integer", min: 1, max: 200 },
      ],
      orderBy: ["duration_years"],
    },
    {
      key: "concessions",
      resource: "graveyard_concession",
      fields: [
        { key: "concession_type_id", kind: "reference", reference: "concession_types", required: true },
        { key: "concession_term_id", kind: "reference", required: true, labelKey: "fields.concession_term_id" },
        { key: "price_cents", kind: "money", required: true },
      ],
      orderBy: ["concession_type_id", "concession_term_id"],
    },
  ],
});

export const hospitalsDescriptor = place({
  type: "hospitals",
  segment: "hospitals",
  resource: "hospital",
  locationType: "Hospital",
  autocomplete: "hospitals",
  extraFields: [
    { key: "agreement_location_type", kind: "enum", options: LOCATION_TYPES },
    { key: "agreement_location_id", kind: "polymorphic_reference", typeField: "agreement_location_type" },
  ],
});

export const policesDescriptor = place({ type: "polices", segment: "polices", resource: "police", autocomplete: "polices" });

export const prefecturesDescriptor = place({
  type: "prefectures",
  segment: "prefectures",
  resource: "prefecture",
  autocomplete: "prefectures",
  subItems: [coverages("prefecture_coverage")],
});

export const rhaDescriptor = place({
  type: "rha",
  segment: "rha",
  resource: "rha",
  autocomplete: "rha",
  subItems: [coverages("rha_coverage")],
});

export const worshipsDescriptor = place({
  type: "worships",
  segment: "worships",
  resource: "worship",
  locationType: "Worship",
  autocomplete: "worships",
  extraFields: [{ key: "worship_type_id", kind: "reference", reference: "worship_types", list: true }],
});

export const worshipTypesDescriptor: DirectoryDescriptor<"worship_types"> = {
  type: "worship_types",
  segment: "worship_types",
  resource: "worship_type",
  group: "reference",
  fields: [
    { key: "code", kind: "text", required: true, maxLength: 40, list: true, sortable: true },
    { key: "name", kind: "text", required: true, maxLength: 200, list: true, sortable: true },
  ],
  subItems: [],
  disableable: false,
  byDepartment: false,
  naturalKey: ["code"],
  labelField: "name",
  defaultSort: "name",
};

/** Kinds of plot every graveyard may offer; a graveyard's own kinds are its `concession_types` sub-items. */
export const concessionTypesDescriptor: DirectoryDescriptor<"concession_types"> = {
  type: "concession_types",
  segment: "concession_types",
  resource: "concession_type",
  group: "reference",
  fields: [
    { key: "name", kind: "text", required: true, maxLength: 200, list: true, sortable: true },
    { key: "kind", kind: "enum", options: CONCESSION_KINDS, required: true, list: true, sortable: true },
    { key: "places", kind: "integer", min: 0, max: 100, list: true },
  ],
  subItems: [],
  disableable: false,
  byDepartment: false,
  naturalKey: ["name", "kind"],
  labelField: "name",
  defaultSort: "name",
};

export const PARTNER_DESCRIPTORS = [
  consulatesDescriptor,
  crematoriumsDescriptor,
  funeralParlorsDescriptor,
  graveyardsDescriptor,
  hospitalsDescriptor,
  policesDescriptor,
  prefecturesDescriptor,
  rhaDescriptor,
  worshipsDescriptor,
  worshipTypesDescriptor,
  concessionTypesDescriptor,
] as const;
