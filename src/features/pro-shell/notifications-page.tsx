import type { Metadata } from "next";
import NextLink from "next/link";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { NOTIFICATIONS_PER_PAGE } from "@/domain/schemas/notification";
import { getDb } from "@/server/db/client";
import { countUnviewed, listNotifications } from "@/server/services/notifications/notifications";
import { buttonClasses } from "@/ui/button";
import { Heading } from "@/ui/heading";
import { NotificationsList } from "./notifications-list";

export async function notificationsMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProNotifications" });
  return { title: `${t("title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

/** Page number of ?page=, 1 when absent or unreadable. */
export function notificationsPage(raw: string | string[] | undefined): number {
  const page = Number(typeof raw === "string" ? raw : "1");
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** All the signed-in user's notifications, newest first, a page at a time (their own only, like the API). */
export async function NotificationsPageView({ userId, page }: { userId: number; page: number }) {
  const t = await getTranslations("ProNotifications");
  const db = await getDb();
  const [list, unviewed] = await Promise.all([listNotifications(db, userId, { page, per_page: NOTIFICATIONS_PER_PAGE }), countUnviewed(db, userId)]);
  const pageLink = (target: number) => `${paths.proNotifications()}${target > 1 ? `?page=${target}` : ""}`;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <Heading level={1}>{t("title")}</Heading>
      <p className="mt-2 text-lg text-ink-soft">{t("intro", { count: unviewed, formatted: String(unviewed) })}</p>
      <div className="mt-6">
        <NotificationsList items={list.data} unviewed={unviewed} />
      </div>
      {list.meta.total_pages > 1 ? (
        <nav aria-label={t("pagination")} className="mt-6 flex flex-wrap items-center gap-3">
          {page > 1 ? (
            <NextLink href={pageLink(page - 1)} className={buttonClasses({ variant: "secondary" })}>
              {t("previous")}
            </NextLink>
          ) : null}
          <p aria-current="page">{t("pageOf", { page: String(page), total: String(list.meta.total_pages) })}</p>
          {page < list.meta.total_pages ? (
            <NextLink href={pageLink(page + 1)} className={buttonClasses({ variant: "secondary" })}>
              {t("next")}
            </NextLink>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
