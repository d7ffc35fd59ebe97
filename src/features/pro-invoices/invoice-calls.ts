import { api, type ApiClient } from "@/api-client/client";
import type { BillablePrestation, EntityInvoiceView, InvoiceEntityType } from "@/domain/schemas/entity-invoice";

/** The invoices pages' calls to the entity-invoice API (issue 16), through the app's fetch client. */

const BASE = "/api/v1/entity_invoices";

export interface PrestationBody {
  description: string;
  cost_ht: number;
  cost_ttc: number;
  vat_rate_bp: number;
  deal_id: number | null;
}

export interface PartnerOption {
  id: number;
  label: string;
  hint?: string;
}

/** The directory's autocomplete of each partner type. */
const AUTOCOMPLETE: Record<InvoiceEntityType, string> = { Crematorium: "crematoriums", FuneralParlor: "funeral_parlors", Graveyard: "graveyards", Supplier: "suppliers" };

export async function searchPartners(type: InvoiceEntityType, q: string, signal?: AbortSignal, client: ApiClient = api): Promise<PartnerOption[]> {
  const items = await client.get<{ id: number; name: string; city?: string | null; department?: { code: string; name: string } }[]>(`/api/v1/autocompletes/${AUTOCOMPLETE[type]}`, {
    query: { q, limit: 10 },
    signal,
  });
  return items.map((item) => ({ id: Number(item.id), label: item.name, hint: item.city ?? (item.department ? `${item.department.name} (${item.department.code})` : undefined) }));
}

export async function fetchBillable(p: { type: InvoiceEntityType; id: number; from: string; to: string }, signal?: AbortSignal, client: ApiClient = api): Promise<BillablePrestation[]> {
  const answer = await client.get<{ data: BillablePrestation[] }>(`${BASE}/billable_prestations`, { query: { entity_type: p.type, entity_id: p.id, from: p.from, to: p.to }, signal });
  return answer.data;
}

export interface CreateBody {
  entity: { type: InvoiceEntityType; id: number };
  group: { type: "prestation" | "month" | "quarter" | "deal"; id: number; year: number };
  billable: { deal_id: number; source_code: string }[];
  prestations: PrestationBody[];
}

const one = async (promise: Promise<{ data: EntityInvoiceView }>) => (await promise).data;

export const createInvoice = (body: CreateBody, client: ApiClient = api) => one(client.post(BASE, body));
export const updateInvoice = (id: number, body: { payee_iban?: string | null; payee_bic?: string | null }, client: ApiClient = api) => one(client.put(`${BASE}/${id}`, body));
export const addPrestation = (id: number, body: PrestationBody, client: ApiClient = api) => one(client.post(`${BASE}/${id}/prestations`, body));
export const updatePrestation = (id: number, prestationId: number, body: PrestationBody, client: ApiClient = api) => one(client.put(`${BASE}/${id}/prestations/${prestationId}`, body));
export const deletePrestation = (id: number, prestationId: number, client: ApiClient = api) => one(client.delete(`${BASE}/${id}/prestations/${prestationId}`));
export const validateInvoice = (id: number, client: ApiClient = api) => one(client.post(`${BASE}/${id}/validate`, {}));
export const creditNote = (id: number, client: ApiClient = api) => one(client.post(`${BASE}/${id}/credit_note`, {}));

const many = async (promise: Promise<{ data: EntityInvoiceView[] }>) => (await promise).data;
export const recordTransfer = (ids: number[], label: string, client: ApiClient = api) => many(client.post(`${BASE}/pending_payments/bank_transfers`, { ids, bank_transfer_label: label }));
export const resetPayments = (ids: number[], client: ApiClient = api) => many(client.post(`${BASE}/pending_payments/reset`, { ids }));

/** The session cookie opens GETs: downloads are plain links. */
export const invoiceFileHref = (id: number, kind: "pdf" | "xml") => `${BASE}/${id}/facturx.${kind}`;
export function transferFileHref(from: string, to: string): string {
  return `${BASE}/pending_payments/transfer.xml?${new URLSearchParams({ from, to }).toString()}`;
}
