import { ApiError } from "@/api-client/api-error";
import { api, type ApiClient } from "@/api-client/client";
import { isAutocompleteKind } from "@/domain/schemas/autocomplete";
import type { PagingMeta } from "@/domain/schemas/common";
import type { DirectoryDescriptor, ReferenceKind } from "@/domain/directory/descriptor";
import { directoryApi, directoryDescriptor } from "@/domain/directory/registry";
import type { DirectoryChange, DirectoryDependents, DirectoryEntry, ImportReport } from "@/domain/directory/schemas";

/** The directory pages' calls: the API of issue 15 through the app's fetch client (tokens, errors of SPEC §8). */

export interface ListParams {
  q?: string;
  department?: string;
  disabled?: "true" | "false";
  sort?: string;
  direction?: "asc" | "desc";
  page?: number;
  per_page?: number;
}

export interface DirectoryPage {
  data: DirectoryEntry[];
  meta: PagingMeta;
}

/** Leaves out what is empty, so the server applies its defaults and the URL stays short. */
function cleanQuery(params: ListParams): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    query[key] = value as string | number;
  }
  return query;
}

export function listEntries(descriptor: DirectoryDescriptor, params: ListParams, signal?: AbortSignal, client: ApiClient = api): Promise<DirectoryPage> {
  return client.get<DirectoryPage>(directoryApi.list(descriptor), { query: cleanQuery(params), signal });
}

export async function getEntry(descriptor: DirectoryDescriptor, id: number | string, client: ApiClient = api): Promise<DirectoryEntry> {
  return unwrap(await client.get<{ data: DirectoryEntry } | DirectoryEntry>(directoryApi.entry(descriptor, id)));
}

export async function createEntry(descriptor: DirectoryDescriptor, body: Record<string, unknown>, client: ApiClient = api): Promise<DirectoryEntry> {
  return unwrap(await client.post<{ data: DirectoryEntry } | DirectoryEntry>(directoryApi.list(descriptor), body));
}

export async function updateEntry(descriptor: DirectoryDescriptor, id: number, body: Record<string, unknown>, client: ApiClient = api): Promise<DirectoryEntry> {
  return unwrap(await client.put<{ data: DirectoryEntry } | DirectoryEntry>(directoryApi.entry(descriptor, id), body));
}

export async function setDisabled(descriptor: DirectoryDescriptor, id: number, value: boolean, client: ApiClient = api): Promise<DirectoryEntry> {
  return unwrap(await client.put<{ data: DirectoryEntry } | DirectoryEntry>(directoryApi.disabled(descriptor, id), { value }));
}

export async function getDependents(descriptor: DirectoryDescriptor, id: number, client: ApiClient = api): Promise<DirectoryDependents> {
  return unwrap(await client.get<{ data: DirectoryDependents } | DirectoryDependents>(directoryApi.dependents(descriptor, id)));
}

export async function getChanges(descriptor: DirectoryDescriptor, id: number, client: ApiClient = api): Promise<DirectoryChange[]> {
  const answer = await client.get<{ data: DirectoryChange[] } | DirectoryChange[]>(directoryApi.changes(descriptor, id));
  return Array.isArray(answer) ? answer : answer.data;
}

/** Sends the file as text/csv; `dryRun` checks every line and writes nothing. */
export async function importCsv(descriptor: DirectoryDescriptor, file: Blob, dryRun: boolean, client: ApiClient = api): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  try {
    return unwrap(await client.post<{ data: ImportReport } | ImportReport>(directoryApi.importCsv(descriptor), form, { query: { dry_run: String(dryRun) } }));
  } catch (error) {
    // Rejected lines are a 422 whose body carries the line-by-line report.
    const body = error instanceof ApiError ? (error.body as { report?: ImportReport } | null) : null;
    if (body && typeof body === "object" && body.report && Array.isArray(body.report.rejected)) return body.report;
    throw error;
  }
}

/**
 * The name of a row a reference points at, for the fields that hold ids: communes through
 * the website's commune call, directory entries through their own read. Null when none.
 */
export async function referenceName(kind: ReferenceKind, id: number, client: ApiClient = api): Promise<string | null> {
  try {
    if (kind === "cityhalls") {
      const answer = await client.get<{ data: { name: string; postal_codes?: string[] } }>(`/api/v1/website/cityhalls/${id}`);
      return answer.data.name;
    }
    const descriptor = directoryDescriptor(kind);
    if (!descriptor) return null;
    return (await getEntry(descriptor, id, client)).label || null;
  } catch {
    return null;
  }
}

function unwrap<T extends object>(answer: { data: T } | T): T {
  return "data" in answer && answer.data !== null && typeof answer.data === "object" && !("id" in answer) ? (answer as { data: T }).data : (answer as T);
}

export interface ReferenceOption {
  id: number | string;
  label: string;
  hint?: string;
}

/**
 * Rows a reference field may point at: the autocomplete of SPEC §7 for its kind, or the
 * directory list itself for the directory-only kinds (worship and concession types...).
 */
export async function searchReferences(kind: ReferenceKind, q: string, signal?: AbortSignal, client: ApiClient = api): Promise<ReferenceOption[]> {
  if (isAutocompleteKind(kind)) {
    const items = await client.get<{ id: number | string; name: string; department?: { code: string; name: string }; postal_codes?: string[]; city?: string }[]>(
      `/api/v1/autocompletes/${kind}`,
      { query: { q, limit: 10 }, signal },
    );
    return items.map((item) => ({
      id: item.id,
      label: item.name,
      hint: item.department ? `${item.postal_codes?.[0] ?? ""} ${item.department.name} (${item.department.code})`.trim() : item.city,
    }));
  }
  const descriptor = directoryDescriptor(kind);
  if (!descriptor) return [];
  const page = await listEntries(descriptor, { q, per_page: 10 }, signal, client);
  return page.data.map((entry) => ({ id: entry.id, label: entry.label }));
}
