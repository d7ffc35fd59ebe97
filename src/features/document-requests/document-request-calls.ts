import { ApiError } from "@/api-client/api-error";
import { api } from "@/api-client/client";
import { readJson, sessionStore, writeJson } from "@/domain/storage";
import { DOCUMENT_REQUEST_PROOF_HEADER } from "@/domain/document-requests";
import type { DocumentRequestItem, DocumentRequestView } from "@/domain/schemas/document-request";

/** Calls of the SMS documents page. The proof is this tab's only: kept in sessionStorage, never a cookie. */

const PROOF_KEY = "paisible.document-request-proof";
type StoredProof = { token: string; proof: string; expires_at: string };

export function readProof(token: string): string | null {
  const stored = readJson(sessionStore, PROOF_KEY) as StoredProof | null;
  if (!stored || typeof stored !== "object" || stored.token !== token || new Date(stored.expires_at).getTime() <= Date.now()) return null;
  return stored.proof;
}

function proofHeaders(token: string): Record<string, string> {
  const proof = readProof(token);
  return proof ? { [DOCUMENT_REQUEST_PROOF_HEADER]: proof } : {};
}

const base = (token: string) => `/api/v1/document_requests/${encodeURIComponent(token)}`;

export async function fetchRequest(token: string): Promise<DocumentRequestView> {
  return (await api.get<{ data: DocumentRequestView }>(base(token), { headers: proofHeaders(token), notifySessionExpired: false })).data;
}

export async function verifyCode(token: string, code: string): Promise<void> {
  const { data } = await api.post<{ data: { proof_token: string; expires_at: string } }>(`${base(token)}/verify`, { code }, { notifySessionExpired: false });
  writeJson(sessionStore, PROOF_KEY, { token, proof: data.proof_token, expires_at: data.expires_at } satisfies StoredProof);
}

export async function uploadRequested(token: string, itemId: number, file: File): Promise<DocumentRequestItem> {
  const form = new FormData();
  form.append("file", file, file.name);
  return (await api.post<{ data: DocumentRequestItem }>(`${base(token)}/items/${itemId}/file`, form, { headers: proofHeaders(token), notifySessionExpired: false })).data;
}

/** The status and first code of a failed call (0 when it never reached the server). */
export function failureOf(error: unknown): { status: number; code: string } {
  if (error instanceof ApiError) return { status: error.status, code: error.codes[0] ?? "unhandled" };
  return { status: 0, code: "no_network" };
}
