import { api } from "@/api-client/client";
import { uploadWithProgress } from "@/api-client/upload";
import type {
  Memorial,
  MemorialCondolence,
  MemorialCreateInput,
  MemorialItemStatus,
  MemorialPhoto,
  MemorialReport,
  MemorialReportDecision,
  MemorialUpdateInput,
} from "@/domain/schemas/memorial";
import type { MemorialCondolenceReceipt, MemorialPage, MemorialReportCreateInput } from "@/domain/schemas/memorial-page";

/**
 * The browser calls of the memorial pages (docs/architecture.md "Memorials"): the family
 * side under the deal, the visitors' side under the slug. Uploads go through XHR so the
 * page can show their progress.
 */

const family = (dealId: number) => `/api/v1/deals/${dealId}/memorial`;
const visitors = (slug: string) => `/api/v1/memorial_pages/${encodeURIComponent(slug)}`;

type Progress = (fraction: number) => void;

function photoForm(file: File, fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append("file", file, file.name);
  return form;
}

export const memorialCalls = {
  read: (dealId: number) => api.get<Memorial>(family(dealId)),
  create: (dealId: number, input: MemorialCreateInput) => api.post<Memorial>(family(dealId), input),
  update: (dealId: number, input: MemorialUpdateInput) => api.put<Memorial>(family(dealId), input),
  remove: (dealId: number) => api.delete<void>(family(dealId)),
  newSlug: (dealId: number) => api.post<Memorial>(`${family(dealId)}/slug`),
  addPhoto: (dealId: number, file: File, caption: string, onProgress: Progress) =>
    uploadWithProgress<MemorialPhoto>(`${family(dealId)}/photos`, photoForm(file, { caption: caption.trim() || undefined }), { onProgress }),
  updatePhoto: (dealId: number, photoId: number, input: { caption?: string | null; status?: "published" | "rejected" }) => api.put<MemorialPhoto>(`${family(dealId)}/photos/${photoId}`, input),
  removePhoto: (dealId: number, photoId: number) => api.delete<void>(`${family(dealId)}/photos/${photoId}`),
  orderPhotos: (dealId: number, photoIds: number[]) => api.put<unknown>(`${family(dealId)}/photo_order`, { photo_ids: photoIds }),
  condolences: (dealId: number, status?: MemorialItemStatus) =>
    api.get<{ data: MemorialCondolence[] }>(`${family(dealId)}/condolences`, { query: status ? { status } : {} }).then((answer) => answer.data),
  decideCondolence: (dealId: number, id: number, status: "published" | "rejected") => api.put<MemorialCondolence>(`${family(dealId)}/condolences/${id}`, { status }),
  removeCondolence: (dealId: number, id: number) => api.delete<void>(`${family(dealId)}/condolences/${id}`),
  reports: (dealId: number) => api.get<{ data: MemorialReport[] }>(`${family(dealId)}/reports`).then((answer) => answer.data),
  decideReport: (dealId: number, id: number, action: MemorialReportDecision["action"]) => api.put<MemorialReport>(`${family(dealId)}/reports/${id}`, { action }),
  bookUrl: (dealId: number) => `${family(dealId)}/condolence_book.pdf`,
  familyIcsUrl: (dealId: number) => `${family(dealId)}/ceremony.ics`,
};

export const visitorCalls = {
  read: (slug: string) => api.get<MemorialPage>(visitors(slug), { notifySessionExpired: false }),
  condolence: (slug: string, input: { author_name: string; message: string }, file: File | null, onProgress: Progress) =>
    file
      ? uploadWithProgress<MemorialCondolenceReceipt>(`${visitors(slug)}/condolences`, photoForm(file, input), { onProgress })
      : api.post<MemorialCondolenceReceipt>(`${visitors(slug)}/condolences`, input, { notifySessionExpired: false }),
  photo: (slug: string, input: { author_name: string; caption: string }, file: File, onProgress: Progress) =>
    uploadWithProgress<{ id: number; status: "pending" | "published" }>(`${visitors(slug)}/photos`, photoForm(file, { author_name: input.author_name, caption: input.caption.trim() || undefined }), { onProgress }),
  report: (slug: string, input: MemorialReportCreateInput) => api.post<unknown>(`${visitors(slug)}/reports`, input, { notifySessionExpired: false }),
};
