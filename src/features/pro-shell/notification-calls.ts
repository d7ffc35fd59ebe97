import { api } from "@/api-client/client";
import type { z } from "zod";
import type { notificationSchema } from "@/domain/schemas/notification";

/** The caller's own notifications (SPEC §7 "Other"): every call is bound to the signed-in user. */
export type ProNotification = z.infer<typeof notificationSchema>;

export async function fetchUnviewedCount(signal?: AbortSignal): Promise<number> {
  const body = await api.get<{ data: { count: number } }>("/api/v1/notifications/count", { signal });
  return body.data.count;
}

export async function fetchLatestNotifications(perPage: number, signal?: AbortSignal): Promise<ProNotification[]> {
  const body = await api.get<{ data: ProNotification[] }>("/api/v1/notifications", { query: { per_page: perPage }, signal });
  return body.data;
}

export async function markNotificationViewed(id: number): Promise<void> {
  await api.put(`/api/v1/notifications/${id}/viewed`, {});
}

export async function markAllNotificationsViewed(): Promise<void> {
  await api.put("/api/v1/notifications/viewed_all", {});
}
