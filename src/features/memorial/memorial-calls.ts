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

/** Every answer of these routes wraps its value in `data`. */
const data = <T>(answer: { data: T }) => answer.data;

function photoForm(file: File, fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append("file", file, file.name);
  return form;
}

export const memorialCalls = {
  read: (dealId: number) => api.get<{ data: Memorial }>(family(dealId)).then(data),
  create: (dealId: number, input: MemorialCreateInput) => api.post<{ data: Memorial }>(family(dealId), input).then(data),
  update: (dealId: number, input: MemorialUpdateInput) => api.put<{ data: Memorial }>(family(dealId), input).then(data),
  remove: (dealId: number) => api.delete<void>(family(dealId)),
  newSlug: (dealId: number) => api.post<{ data: Memorial }>(`${family(dealId)}/slug`).then(data),
  addPhoto: (dealId: number, file: File, caption: string, onProgress: Progress) =>
    uploadWithProgress<{ data: MemorialPhoto }>(`${family(dealId)}/photos`, photoForm(file, { caption: caption.trim() || undefined }), { onProgress }).then(data),
  updatePhoto: (dealId: number, photoId: number, input: { caption?: string | null; status?: "published" | "rejected" }) => api.put<{ data: MemorialPhoto }>(`${family(dealId)}/photos/${photoId}`, input).then(data),
  removePhoto: (dealId: number, photoId: number) => api.delete<void>(`${family(dealId)}/photos/${photoId}`),
  orderPhotos: (dealId: number, photoIds: number[]) => api.put<unknown>(`${family(dealId)}/photo_order`, { photo_ids: photoIds }),
  condolences: (dealId: number, status?: MemorialItemStatus) =>
    api.get<{ data: MemorialCondolence[] }>(`${family(dealId)}/condolences`, { query: status ? { status } : {} }).then(data),
  decideCondolence: (dealId: number, id: number, status: "published" | "rejected") => api.put<{ data: MemorialCondolence }>(`${family(dealId)}/condolences/${id}`, { status }).then(data),
  removeCondolence: (dealId: number, id: number) => api.delete<void>(`${family(dealId)}/condolences/${id}`),
  reports: (dealId: number) => api.get<{ data: MemorialReport[] }>(`${family(dealId)}/reports`).then(data),
  decideReport: (dealId: number, id: number, action: MemorialReportDecision["action"]) => api.put<{ data: MemorialReport }>(`${family(dealId)}/reports/${id}`, { action }).then(data),
  bookUrl: (dealId: number) => `${family(dealId)}/condolence_book.pdf`,
  familyIcsUrl: (dealId: number) => `${family(dealId)}/ceremony.ics`,
};

export const visitorCalls = {
  read: (slug: string) => api.get<{ data: MemorialPage }>(visitors(slug), { notifySessionExpired: false }).then(data),
  condolence: (slug: string, input: { author_name: string; message: string }, file: File | null, onProgress: Progress) =>
    (file
      ? uploadWithProgress<{ data: MemorialCondolenceReceipt }>(`${visitors(slug)}/condolences`, photoForm(file, input), { onProgress })
      : api.post<{ data: MemorialCondolenceReceipt }>(`${visitors(slug)}/condolences`, input, { notifySessionExpired: false })
    ).then(data),
  photo: (slug: string, input: { author_name: string; caption: string }, file: File, onProgress: Progress) =>
    uploadWithProgress<{ data: { id: number; status: "pending" | "published" } }>(`${visitors(slug)}/photos`, photoForm(file, { author_name: input.author_name, caption: input.caption.trim() || undefined }), { onProgress }).then(data),
  report: (slug: string, input: MemorialReportCreateInput) => api.post<unknown>(`${visitors(slug)}/reports`, input, { notifySessionExpired: false }),
};
