"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { api } from "@/api-client/client";
import { toApiError } from "@/api-client/api-error";
import { messageKeyForCode } from "@/domain/errors";
import type { FamilyPerks, FamilyPerkView, PerkCategoryView, PerkUsageView, PerkView } from "@/domain/schemas/perk";
import { paymentDay } from "@/domain/payments/payment-format";
import { useReloadable } from "@/ui/use-reloadable";

/**
 * The browser calls of the perks pages (SPEC §7 "perks and usages; perk_categories"),
 * through the api-client (auth headers, token rotation, error codes), and the few hooks
 * their islands share: a load that keeps what is shown while reloading, and the sentence
 * of a refusal.
 */
const data = <T>(answer: { data: T }) => answer.data;

/** The family's deals, as GET /api/v1/deals answers a client (the fields the page shows). */
export interface FamilyDeal {
  id: number;
  kind: string;
  defunct: { firstname: string | null; lastname: string | null } | null;
  created_at: number;
}

export const perkCalls = {
  familyDeals: async () => data(await api.get<{ data: FamilyDeal[] }>("/api/v1/deals", { query: { per_page: 50 } })),
  familyPerks: async (dealId: number) => data(await api.get<{ data: FamilyPerks }>(`/api/v1/deals/${dealId}/perks`)),
  usePerk: async (perkId: number, dealId: number) => data(await api.post<{ data: FamilyPerkView }>(`/api/v1/perks/${perkId}/usages`, { deal_id: dealId })),
  categories: async () => data(await api.get<{ data: PerkCategoryView[] }>("/api/v1/perk_categories")),
  perks: async () => data(await api.get<{ data: PerkView[] }>("/api/v1/perks")),
  usages: async (perkId: number) => data(await api.get<{ data: PerkUsageView[] }>(`/api/v1/perks/${perkId}/usages`)),
  createCategory: (body: unknown) => api.post("/api/v1/perk_categories", body),
  updateCategory: (id: number, body: unknown) => api.put(`/api/v1/perk_categories/${id}`, body),
  deleteCategory: (id: number) => api.delete(`/api/v1/perk_categories/${id}`),
  createPerk: (body: unknown) => api.post("/api/v1/perks", body),
  updatePerk: (id: number, body: unknown) => api.put(`/api/v1/perks/${id}`, body),
  deletePerk: (id: number) => api.delete(`/api/v1/perks/${id}`),
};

/** The codes of a failed call (429 as rate_limited); unhandled when it carries none. */
export function failureCodes(error: unknown): string[] {
  const failure = toApiError(error);
  if (failure.status === 429) return ["rate_limited"];
  return failure.codes.length > 0 ? failure.codes : ["unhandled"];
}

/** The sentence of a failed call: its first code through the "Errors" messages. */
export function useFailureText(): (error: unknown) => string {
  const t = useTranslations("Errors");
  return useCallback((error: unknown) => t(messageKeyForCode(failureCodes(error)[0])), [t]);
}

export type Loading<T> = { kind: "loading" } | { kind: "ready"; value: T } | { kind: "failed"; message: string };

/** Loads when `key` changes and on reload() (src/ui/use-reloadable.ts); a failure becomes a sentence. */
export function useLoading<T>(key: string, load: () => Promise<T>): [Loading<T>, () => Promise<void>] {
  const failureText = useFailureText();
  const [loaded, reload] = useReloadable(load, key);
  const state: Loading<T> = loaded.state === "ready" ? { kind: "ready", value: loaded.value } : loaded.state === "failed" ? { kind: "failed", message: failureText(loaded.error) } : { kind: "loading" };
  return [state, reload];
}

/** A calendar day (YYYY-MM-DD) or an instant (Unix seconds) as a date of the page's language, Latin digits. */
export const calendarDay = (iso: string, locale: string) => paymentDay(new Date(`${iso}T00:00:00Z`), locale, "long");
export const instantDay = (seconds: number, locale: string) => paymentDay(new Date(seconds * 1000), locale, "long", "Europe/Paris");
