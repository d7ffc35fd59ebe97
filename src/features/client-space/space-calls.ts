import { api, type ApiClient } from "@/api-client/client";
import type { FamilyAction } from "@/domain/family-roles";
import type { DealAbilityRole } from "@/domain/roles";
import type { FamilyLink, FormalityField, FormalityKind, FormalityState, ProcedureCreateInput } from "@/domain/schemas/administrative-procedure";

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
  civility?: string | null;
  firstname: string | null;
  lastname: string | null;
  birth_name?: string | null;
  birth_date?: string | null;
  death_date: string | null;
  birth_location?: string | null;
  birth_postal_code?: string | null;
  birth_country_code?: string | null;
}

export interface ChecklistItem {
  code: string;
  /** ISO date the step is due by, or null when the rule has no date (yet). */
  due_on: string | null;
  done?: boolean;
  source_url?: string | null;
}

export interface ProcedureSummary {
  id: number;
  defunct: Defunct;
  defunct_family_link: FamilyLink | null;
  archived_at: number | null;
  role?: DealAbilityRole | null;
}

export interface CompanyRef {
  id: number;
  name: string;
  category?: string | null;
}

export interface OngoingFormality {
  id: number;
  state: FormalityState;
  kind: FormalityKind | null;
  companies_formality_id: number;
  company: CompanyRef;
  /** The fields that company's formality asks for, and what the family typed. */
  fields: FormalityField[];
  values: Record<string, string | null>;
  document_types: string[];
  requires_letter?: boolean;
  sent_at?: number | null;
}

export interface ProcedureView extends ProcedureSummary {
  defunct_death_city: { id: number; name: string } | null;
  /** What the caller may do here (actionsOf of its role): the page hides other controls. */
  actions: FamilyAction[];
  checklist: ChecklistItem[];
  formalities: OngoingFormality[];
}

export interface CompanyFormality {
  id: number;
  kind: FormalityKind;
  company: CompanyRef;
  fields?: FormalityField[];
  document_types?: string[];
}

export interface SupportingDocument {
  id: number;
  document_type: string;
  filename?: string | null;
  expiry_date: string | null;
  issue_date: string | null;
  reference: string | null;
  owner_type: string;
  owner_id: number;
  versions_count?: number;
  created_at: number;
  updated_at?: number;
}

export interface DocumentVersion {
  id: number;
  filename?: string | null;
  size?: number | null;
  created_at: number;
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

export async function sendFormality(id: number, client: ApiClient = api): Promise<void> {
  await client.post(`/api/v1/ongoing_formalities/${id}/send`);
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

function uploadForm(input: UploadInput, owner?: { type: DocumentOwnerType; id: number }): FormData {
  const form = new FormData();
  form.set("file", input.file);
  form.set("document_type", input.document_type);
  if (input.expiry_date) form.set("expiry_date", input.expiry_date);
  if (input.issue_date) form.set("issue_date", input.issue_date);
  if (input.reference) form.set("reference", input.reference);
  if (owner) {
    form.set("owner_type", owner.type);
    form.set("owner_id", String(owner.id));
  }
  return form;
}

export async function uploadDocument(owner: DocumentOwnerType, ownerId: number, input: UploadInput, client: ApiClient = api): Promise<SupportingDocument> {
  return data(
    await client.post<{ data: SupportingDocument }>(`/api/v1/${owner}/${ownerId}/supporting_documents`, uploadForm(input, { type: owner, id: ownerId })),
  );
}

export async function uploadVersion(documentId: number, file: File, client: ApiClient = api): Promise<DocumentVersion> {
  const form = new FormData();
  form.set("file", file);
  return data(await client.post<{ data: DocumentVersion }>(`/api/v1/supporting_documents/${documentId}/versions`, form));
}

export async function listVersions(documentId: number, client: ApiClient = api): Promise<DocumentVersion[]> {
  return data(await client.get<{ data: DocumentVersion[] }>(`/api/v1/supporting_documents/${documentId}/versions`));
}

export async function deleteDocument(owner: DocumentOwnerType, ownerId: number, documentId: number, client: ApiClient = api): Promise<void> {
  await client.delete(`/api/v1/${owner}/${ownerId}/supporting_documents/${documentId}`);
}

export interface CitySuggestion {
  id: number;
  name: string;
  insee_code: string;
  postal_codes: string[];
  department: { code: string; name: string };
}

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
