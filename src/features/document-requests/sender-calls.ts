import { api } from "@/api-client/client";
import type { DocumentRequestCreate, DocumentRequestSummary } from "@/domain/schemas/document-request";

/** The sender's calls: ask for documents, list what was asked. */
const base = (procedureId: number) => `/api/v1/administrative_procedures/${procedureId}/document_requests`;

export async function listSentRequests(procedureId: number): Promise<DocumentRequestSummary[]> {
  return (await api.get<{ data: DocumentRequestSummary[] }>(base(procedureId))).data;
}

export async function sendDocumentRequest(procedureId: number, input: DocumentRequestCreate): Promise<DocumentRequestSummary> {
  return (await api.post<{ data: DocumentRequestSummary }>(base(procedureId), input)).data;
}
