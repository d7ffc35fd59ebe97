import { api, type ApiClient } from "@/api-client/client";
import type { z } from "zod";
import type { ProcedureSituation } from "@/domain/after-death-deadlines";
import type { FormalityState, ProcedureCreateInput } from "@/domain/schemas/administrative-procedure";
import type { OngoingFormalityView, ProcedureDetailView, procedureSummarySchema } from "@/domain/schemas/administrative-procedure-view";
import type { CompanyFormalityListItem } from "@/domain/schemas/company";
import type { supportingDocumentVersionViewSchema, supportingDocumentViewSchema } from "@/domain/schemas/supporting-document";
import type { CityhallAutocompleteItem } from "@/domain/schemas/autocomplete";

/**
 * The browser calls of the client space (SPEC §7 "Client space", "Administrative
 * procedures", "Ongoing formalities", "Companies", "Supporting documents"). Every call
 * goes through the api-client (auth headers, token rotation, error codes); downloads are
 * plain links, proved by the httpOnly session cookie on GET.
 */

export interface DealSummary {
  id: number;
  uuid: string;
  kind: string;
  state: string;
  total_cents: number | null;
  demo: boolean;
  defunct: { id: number; firstname: string | null; lastname: string | null; death_date: string | null } | null;
  created_at: number;
}

export interface Defunct {
  id?: number;
  civility?: string | null;
  firstname: string | null;
  lastname: string | null;
  birth_name?: string | null;
  birth_date?: string | null;
  death_date?: string | null;
  birth_location?: string | null;
  birth_postal_code?: string | null;
  birth_country_code?: string | null;
}

/** A step of the personal checklist (src/domain/after-death-deadlines.ts), as the procedure view answers it. */
export type ChecklistItem = ProcedureDetailView["checklist"][number];
export type OngoingFormality = OngoingFormalityView;
export type ProcedureView = ProcedureDetailView;
export type ProcedureSummary = z.infer<typeof procedureSummarySchema>;
export type CompanyFormality = CompanyFormalityListItem;
export type SupportingDocument = z.infer<typeof supportingDocumentViewSchema>;
export type DocumentVersion = z.infer<typeof supportingDocumentVersionViewSchema>;

/** The date a step is due by, when its rule gives one. */
export function dueOn(item: ChecklistItem): string | null {
  return item.timing.kind === "date" ? item.timing.due : null;
}

export type DocumentOwnerType = "administrative_procedures" | "ongoing_formalities" | "clients";

const data = <T>(answer: { data: T }) => answer.data;

export async function listDeals(client: ApiClient = api): Promise<DealSummary[]> {
  return data(await client.get<{ data: DealSummary[] }>("/api/v1/deals", { query: { per_page: 50 } }));
}

export async function listProcedures(client: ApiClient = api): Promise<ProcedureSummary[]> {
  return data(await client.get<{ data: ProcedureSummary[] }>("/api/v1/client/administrative_procedures"));
}

export async function readProcedure(id: number, client: ApiClient = api): Promise<ProcedureView> {
  return data(await client.get<{ data: ProcedureView }>(`/api/v1/administrative_procedures/${id}`));
}

export async function createProcedure(input: ProcedureCreateInput, client: ApiClient = api): Promise<ProcedureSummary> {
  return data(await client.post<{ data: ProcedureSummary }>("/api/v1/client/administrative_procedures", input));
}

/** PUT /api/v1/administrative_procedures/{id}: what the deceased had; the checklist is rebuilt from it. */
export async function updateSituation(id: number, situation: ProcedureSituation, client: ApiClient = api): Promise<ProcedureView> {
  return data(await client.put<{ data: ProcedureView }>(`/api/v1/administrative_procedures/${id}`, { situation }));
}

/** The checklist steps the family ticked themselves (the whole list, replacing the previous one). */
export async function updateChecklistDone(id: number, done: readonly string[], client: ApiClient = api): Promise<ProcedureView> {
  return data(await client.put<{ data: ProcedureView }>(`/api/v1/administrative_procedures/${id}`, { checklist_done: done }));
}

export async function archiveProcedure(id: number, client: ApiClient = api): Promise<void> {
  await client.post(`/api/v1/administrative_procedures/${id}/archive`);
}

export async function searchFormalities(q: string, signal?: AbortSignal, client: ApiClient = api): Promise<CompanyFormality[]> {
  return data(await client.get<{ data: CompanyFormality[] }>("/api/v1/companies/formalities", { query: { q, per_page: 10 }, signal }));
}

export async function addFormality(procedureId: number, companiesFormalityId: number, client: ApiClient = api): Promise<OngoingFormality> {
  return data(
    await client.post<{ data: OngoingFormality }>(`/api/v1/administrative_procedures/${procedureId}/ongoing_formalities`, {
      formality: { companies_formality_id: companiesFormalityId },
    }),
  );
}

export async function updateFormality(
  id: number,
  change: { fields?: Record<string, string | null>; state?: FormalityState },
  client: ApiClient = api,
): Promise<OngoingFormality> {
  return data(await client.put<{ data: OngoingFormality }>(`/api/v1/ongoing_formalities/${id}`, { formality: change }));
}

export async function deleteFormality(id: number, client: ApiClient = api): Promise<void> {
  await client.delete(`/api/v1/ongoing_formalities/${id}`);
}

export async function sendFormality(id: number, client: ApiClient = api): Promise<OngoingFormality> {
  return data(await client.post<{ data: OngoingFormality }>(`/api/v1/ongoing_formalities/${id}/send`, {}));
}

/** The letter as a PDF: fetched (so a refusal is a sentence on the page, not a raw answer), then saved. */
export async function fetchLetter(id: number, client: ApiClient = api): Promise<Blob> {
  return client.get<Blob>(`/api/v1/ongoing_formalities/${id}/letter`, { headers: { Accept: "application/pdf" } });
}

export const letterUrl = (id: number) => `/api/v1/ongoing_formalities/${id}/letter`;
export const documentFileUrl = (id: number, version?: number) =>
  `/api/v1/supporting_documents/${id}/file${version === undefined ? "" : `?version=${version}`}`;

export async function listDocuments(owner: DocumentOwnerType, ownerId: number, client: ApiClient = api): Promise<SupportingDocument[]> {
  return data(await client.get<{ data: SupportingDocument[] }>(`/api/v1/${owner}/${ownerId}/supporting_documents`));
}

export interface UploadInput {
  file: File;
  document_type: string;
  expiry_date?: string;
  issue_date?: string;
  reference?: string;
}

function uploadForm(input: UploadInput): FormData {
  const form = new FormData();
  form.set("file", input.file);
  form.set("document_type", input.document_type);
  if (input.expiry_date) form.set("expiry_date", input.expiry_date);
  if (input.issue_date) form.set("issue_date", input.issue_date);
  if (input.reference) form.set("reference", input.reference);
  return form;
}

export async function uploadDocument(owner: DocumentOwnerType, ownerId: number, input: UploadInput, client: ApiClient = api): Promise<SupportingDocument> {
  return data(
    await client.post<{ data: SupportingDocument }>(`/api/v1/${owner}/${ownerId}/supporting_documents`, uploadForm(input)),
  );
}

export async function uploadVersion(documentId: number, file: File, client: ApiClient = api): Promise<SupportingDocument> {
  const form = new FormData();
  form.set("file", file);
  return data(await client.post<{ data: SupportingDocument }>(`/api/v1/supporting_documents/${documentId}/versions`, form));
}

export async function listVersions(documentId: number, client: ApiClient = api): Promise<DocumentVersion[]> {
  return data(await client.get<{ data: DocumentVersion[] }>(`/api/v1/supporting_documents/${documentId}/versions`));
}

export async function deleteDocument(owner: DocumentOwnerType, ownerId: number, documentId: number, client: ApiClient = api): Promise<void> {
  await client.delete(`/api/v1/${owner}/${ownerId}/supporting_documents/${documentId}`);
}

/** What GET /api/v1/autocompletes/cityhalls answers for each commune. */
export type CitySuggestion = CityhallAutocompleteItem;

export interface CountrySuggestion {
  code: string;
  name: string;
}

export function searchCities(q: string, signal?: AbortSignal, client: ApiClient = api): Promise<CitySuggestion[]> {
  return client.get<CitySuggestion[]>("/api/v1/autocompletes/cityhalls", { query: { q, limit: 8 }, signal });
}

export function searchCountries(q: string, locale: string, signal?: AbortSignal, client: ApiClient = api): Promise<CountrySuggestion[]> {
  return client.get<CountrySuggestion[]>("/api/v1/autocompletes/countries", { query: { q, limit: 8, locale }, signal });
}

/** The codes of a failed call (the api-client's ApiError), or "unhandled". */
export function codesOf(error: unknown): string[] {
  if (error && typeof error === "object" && "codes" in error && Array.isArray((error as { codes: unknown }).codes)) {
    return (error as { codes: string[] }).codes;
  }
  return ["unhandled"];
}
