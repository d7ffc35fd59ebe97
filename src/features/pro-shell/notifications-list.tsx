"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import { Button } from "@/ui/button";
import { markAllNotificationsViewed, markNotificationViewed, type ProNotification } from "./notification-calls";
import { NotificationEntry } from "./notifications-menu";

/** Every notification of the page, each opened (and marked viewed) like in the menu; "mark all viewed" for the lot. */
export function NotificationsList({ items, unviewed }: { items: ProNotification[]; unviewed: number }) {
  const t = useTranslations("ProNotifications");
  const locale = useLocale();
  const router = useRouter();
  const [status, setStatus] = useState("");
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", numberingSystem: "latn" });

  async function open(item: ProNotification) {
    try {
      if (!item.viewed) await markNotificationViewed(item.id);
      if (item.deal_id !== null) router.push(paths.proDeal(item.deal_id));
      else router.refresh();
    } catch {
      setStatus(t("actionFailed"));
    }
  }

  async function markAll() {
    try {
      await markAllNotificationsViewed();
      setStatus(t("allMarked"));
      router.refresh();
    } catch {
      setStatus(t("actionFailed"));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <Button type="button" variant="secondary" disabled={unviewed === 0} onClick={markAll}>
          {t("markAll")}
        </Button>
        <p role="status" aria-live="polite" className="font-medium">
          {status}
        </p>
      </div>
      {items.length === 0 ? (
        <p className="text-ink-soft">{t("empty")}</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
          {items.map((item) => (
            <li key={item.id}>
              <NotificationEntry item={item} when={date.format(new Date(item.created_at * 1000))} onOpen={() => open(item)} newLabel={t("new")} markLabel={t("markViewed")} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
