import { periodDays } from "@/domain/invoices/billable";
import { INVOICE_STATES, type InvoiceState } from "@/domain/invoices/state";
import { ENTITY_INVOICE_SORTS, INVOICE_ENTITY_TYPES, type EntityInvoiceSort, type InvoiceEntityType } from "@/domain/schemas/entity-invoice";

/**
 * The invoices list's state is its address (?type=&partenaire=&nom=&periode=&annee=&numero=&etat=&tri=&ordre=&page=),
 * so a filtered list can be bookmarked, shared and reloaded. Anything unreadable is dropped, never an error.
 */

export const PERIOD_KINDS = ["month", "quarter", "year"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export interface InvoiceListQuery {
  entityType: InvoiceEntityType | null;
  entityId: number | null;
  /** The partner's name, so the filter shows it without asking the server. */
  entityName: string;
  period: PeriodKind | null;
  year: number;
  /** Month 1-12 or quarter 1-4. */
  index: number;
  state: InvoiceState | null;
  sort: EntityInvoiceSort | null;
  direction: "asc" | "desc";
  page: number;
}

const pick = <T extends string>(values: readonly T[], value: string | null): T | null => (value !== null && (values as readonly string[]).includes(value) ? (value as T) : null);

function int(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

export function parseInvoiceListQuery(params: URLSearchParams, now: Date = new Date()): InvoiceListQuery {
  const period = pick(PERIOD_KINDS, params.get("periode"));
  const maxIndex = period === "quarter" ? 4 : 12;
  const defaultIndex = period === "quarter" ? Math.floor(now.getUTCMonth() / 3) + 1 : now.getUTCMonth() + 1;
  const entityType = pick(INVOICE_ENTITY_TYPES, params.get("type"));
  return {
    entityType,
    entityId: entityType ? int(params.get("partenaire"), 1, 2_147_483_647) : null,
    entityName: (params.get("nom") ?? "").slice(0, 200),
    period,
    year: int(params.get("annee"), 2000, 2100) ?? now.getUTCFullYear(),
    index: int(params.get("numero"), 1, maxIndex) ?? defaultIndex,
    state: pick(INVOICE_STATES, params.get("etat")),
    sort: pick(ENTITY_INVOICE_SORTS, params.get("tri")),
    direction: params.get("ordre") === "asc" ? "asc" : "desc",
    page: int(params.get("page"), 1, 100_000) ?? 1,
  };
}

/** The address of a list query; defaults are left out to keep it short. */
export function invoiceListSearch(q: InvoiceListQuery): string {
  const out = new URLSearchParams();
  if (q.entityType) out.set("type", q.entityType);
  if (q.entityType && q.entityId) {
    out.set("partenaire", String(q.entityId));
    if (q.entityName) out.set("nom", q.entityName);
  }
  if (q.period) {
    out.set("periode", q.period);
    out.set("annee", String(q.year));
    if (q.period !== "year") out.set("numero", String(q.index));
  }
  if (q.state) out.set("etat", q.state);
  if (q.sort) {
    out.set("tri", q.sort);
    out.set("ordre", q.direction);
  }
  if (q.page > 1) out.set("page", String(q.page));
  const text = out.toString();
  return text ? `?${text}` : "";
}

/** The API's filters (GET /api/v1/entity_invoices) for a list query: a period is its group. */
export function invoiceListParams(q: InvoiceListQuery, perPage: number) {
  return {
    page: q.page,
    per_page: perPage,
    entity_type: q.entityType ?? undefined,
    entity_id: q.entityId ?? undefined,
    group_type: q.period && q.period !== "year" ? q.period : undefined,
    group_id: q.period && q.period !== "year" ? q.index : undefined,
    group_year: q.period ? q.year : undefined,
    state: q.state ?? undefined,
    sort: q.sort ?? undefined,
    direction: q.sort ? q.direction : undefined,
  };
}

/** The days a month, quarter or year covers, for the billable prestations. */
export function periodRange(kind: PeriodKind, year: number, index: number) {
  return periodDays(kind, year, kind === "year" ? 1 : index);
}
