import { ApiError } from "@/api-client/api-error";
import { api } from "@/api-client/client";
import type { SignerView } from "@/domain/schemas/signature-request";

/** The signer's calls: the link's token is the only credential (no session is sent or needed). */
const base = (token: string) => `/api/v1/signatures/${encodeURIComponent(token)}`;

export const signerFileUrl = (token: string) => `${base(token)}/file`;
export const fetchSigner = async (token: string) => (await api.get<{ data: SignerView }>(base(token), { notifySessionExpired: false })).data;
export const sign = async (token: string, input: { name: string; consent: boolean }) => (await api.post<{ data: SignerView }>(`${base(token)}/sign`, input, { notifySessionExpired: false })).data;
export const decline = async (token: string) => (await api.post<{ data: SignerView }>(`${base(token)}/decline`, undefined, { notifySessionExpired: false })).data;

export function failureOf(error: unknown): { status: number; codes: string[] } {
  if (error instanceof ApiError) return { status: error.status, codes: error.codes };
  return { status: 0, codes: ["no_network"] };
}
