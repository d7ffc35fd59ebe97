import { ApiError } from "@/api-client/api-error";
import { api } from "@/api-client/client";
import type { DealEntity } from "@/domain/schemas/deal-back-office";
import type { DealDocumentView, DocumentBatchView } from "@/domain/schemas/deal-document";
import type { DocumentEditionView, EditableDocumentView } from "@/domain/schemas/document-edition";
import type { FamilyMember } from "@/domain/schemas/family";
import type { SignatureRequestView } from "@/domain/schemas/signature-request";

/** The back-office calls of a deal's documents (routes deal-documents.ts, document-editions.ts, signature-requests.ts). */

const deal = (id: number) => `/api/v1/deals/${id}`;
const batchPath = (dealId: number, batchId: number) => `${deal(dealId)}/documents/batches/${batchId}`;

export const listDocuments = async (dealId: number) => (await api.get<{ data: DealDocumentView[] }>(`${deal(dealId)}/documents`)).data;

export async function uploadDocument(dealId: number, file: File, fields: { name?: string; document_type?: string }): Promise<DealDocumentView> {
  const form = new FormData();
  if (fields.document_type) form.append("document_type", fields.document_type);
  if (fields.name) form.append("name", fields.name);
  form.append("file", file, file.name);
  return (await api.post<{ data: DealDocumentView }>(`${deal(dealId)}/documents`, form)).data;
}

export const deleteDocument = (dealId: number, documentId: number) => api.delete(`${deal(dealId)}/documents/${documentId}`);

export const listTemplates = async (dealKind: string) => (await api.get<{ data: EditableDocumentView[] }>("/api/v1/editable_documents", { query: { deal_type: dealKind } })).data;
export const listEditions = async (dealId: number) => (await api.get<{ data: DocumentEditionView[] }>("/api/v1/document_editions", { query: { deal_id: dealId } })).data;
export const createEdition = async (dealId: number, templateId: number) => (await api.post<{ data: DocumentEditionView }>("/api/v1/document_editions", { deal_id: dealId, editable_document_id: templateId })).data;
export const saveEdition = async (id: number, content: string) => (await api.put<{ data: DocumentEditionView }>(`/api/v1/document_editions/${id}`, { content })).data;
export const generateEdition = async (id: number) => (await api.post<{ data: DealDocumentView }>(`/api/v1/document_editions/${id}/generate`)).data;

export const listBatches = async (dealId: number) => (await api.get<{ data: DocumentBatchView[] }>(`${deal(dealId)}/documents/batches`)).data;
export const createBatch = async (dealId: number, input: { name?: string; message?: string }) => (await api.post<{ data: DocumentBatchView }>(`${deal(dealId)}/documents/batches`, input)).data;
export const addBatchDocument = async (dealId: number, batchId: number, documentId: number) =>
  (await api.post<{ data: DocumentBatchView }>(`${batchPath(dealId, batchId)}/documents`, { document_id: documentId })).data;
export const removeBatchDocument = async (dealId: number, batchId: number, documentId: number) => (await api.delete<{ data: DocumentBatchView }>(`${batchPath(dealId, batchId)}/documents/${documentId}`)).data;
export const addBatchRecipient = async (dealId: number, batchId: number, recipient: { email: string; name: string }) =>
  (await api.post<{ data: DocumentBatchView }>(`${batchPath(dealId, batchId)}/recipients`, recipient)).data;
export const removeBatchRecipient = async (dealId: number, batchId: number, recipientId: number) => (await api.delete<{ data: DocumentBatchView }>(`${batchPath(dealId, batchId)}/recipients/${recipientId}`)).data;
export const sendBatch = async (dealId: number, batchId: number) => (await api.post<{ data: DocumentBatchView }>(`${batchPath(dealId, batchId)}/send_batch`)).data;

/** The partners of the deal's steps; roles 0-2 only (a partner professional gets 403: then none). */
export const listPartners = async (dealId: number) => (await api.get<{ data: DealEntity[] }>(`${deal(dealId)}/entities`)).data;
/** The deal's family; roles 0-2 only. */
export const listFamily = async (dealId: number) => (await api.get<{ data: FamilyMember[] }>(`${deal(dealId)}/abilities`)).data;

export const listSignatureRequests = async (dealId: number) => (await api.get<{ data: SignatureRequestView[] }>("/api/v1/signature_requests", { query: { deal_id: dealId } })).data;
export const requestSignature = async (input: { deal_id: number; document_id: number; client_id: number }) => (await api.post<{ data: SignatureRequestView }>("/api/v1/signature_requests", input)).data;
export const resendSignatureRequest = async (id: number) => (await api.post<{ data: SignatureRequestView }>(`/api/v1/signature_requests/${id}/resend`)).data;
export const cancelSignatureRequest = async (id: number) => (await api.post<{ data: SignatureRequestView }>(`/api/v1/signature_requests/${id}/cancel`)).data;

/** The codes of a failed call: the server's, or no_network when it never answered. */
export function codesOf(error: unknown): string[] {
  if (error instanceof ApiError) return error.status === 413 ? ["supporting_document__file__too_large"] : error.codes;
  return ["no_network"];
}
