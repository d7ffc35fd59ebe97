"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import { cn } from "@/ui/cn";
import { useDisclosure } from "@/ui/use-disclosure";
import { fetchLatestNotifications, markAllNotificationsViewed, markNotificationViewed, type ProNotification } from "./notification-calls";
import { useUnviewedCount } from "./use-unviewed-count";

export const MENU_SIZE = 8;

type ListState = { status: "idle" | "loading" | "failed" } | { status: "loaded"; items: ProNotification[] };

/**
 * The bell of the workspace: the unviewed count on the button (announced politely when it
 * changes), and on opening the latest notifications, each leading to its deal and marked
 * viewed as it is opened, with "mark all viewed". Escape or a click elsewhere closes it and
 * focus goes back to the button.
 */
export function NotificationsMenu() {
  const t = useTranslations("ProNotifications");
  const locale = useLocale();
  const router = useRouter();
  const { count, refresh } = useUnviewedCount();
  const wrapper = useRef<HTMLDivElement>(null);
  const { open, setOpen, toggle: button } = useDisclosure({ within: wrapper });
  const [list, setList] = useState<ListState>({ status: "idle" });
  const [announced, setAnnounced] = useState("");
  const previous = useRef<number | null>(null);
  const panelId = useId();

  // Announce a change of the count, not its first reading.
  useEffect(() => {
    if (count === null) return;
    if (previous.current !== null && previous.current !== count) setAnnounced(t("announce", { count, formatted: String(count) }));
    previous.current = count;
  }, [count, t]);

  function load() {
    setList({ status: "loading" });
    fetchLatestNotifications(MENU_SIZE)
      .then((items) => setList({ status: "loaded", items }))
      .catch(() => setList({ status: "failed" }));
  }

  function toggle() {
    setOpen(!open);
    if (!open) load();
  }

  async function openOne(item: ProNotification) {
    if (!item.viewed) await markNotificationViewed(item.id).catch(() => undefined);
    refresh();
    setOpen(false);
    if (item.deal_id !== null) router.push(paths.proDeal(item.deal_id));
  }

  async function markAll() {
    await markAllNotificationsViewed().catch(() => undefined);
    refresh();
    load();
  }

  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", numberingSystem: "latn" });
  const unviewed = count ?? 0;
  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${t("button")}, ${t("unviewed", { count: unviewed, formatted: String(unviewed) })}`}
        onClick={toggle}
        className="relative inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md border border-line px-3 font-semibold text-ink hover:bg-sand-50"
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0" />
        </svg>
        <span className="sr-only sm:not-sr-only">{t("button")}</span>
        {unviewed > 0 ? (
          <span aria-hidden="true" data-testid="notifications-count" className="min-w-6 rounded-full bg-primary px-1.5 text-center text-sm leading-6 text-on-primary">
            {unviewed}
          </span>
        ) : null}
      </button>
      <p role="status" aria-live="polite" className="sr-only">
        {announced}
      </p>
      <div
        id={panelId}
        hidden={!open}
        role="region"
        aria-label={t("title")}
        className="absolute end-0 top-full z-50 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-line bg-surface p-3 shadow-card"
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line pb-2">
          <h2 className="text-lg font-semibold">{t("title")}</h2>
          <button type="button" onClick={markAll} disabled={unviewed === 0} className="min-h-11 rounded-md px-2 font-semibold text-primary underline disabled:text-ink-soft disabled:no-underline">
            {t("markAll")}
          </button>
        </div>
        {list.status === "loading" || list.status === "idle" ? <p className="py-3 text-ink-soft">{t("loading")}</p> : null}
        {list.status === "failed" ? (
          <p className="py-3">
            {t("loadFailed")}{" "}
            <button type="button" onClick={load} className="font-semibold text-primary underline">
              {t("retry")}
            </button>
          </p>
        ) : null}
        {list.status === "loaded" && list.items.length === 0 ? <p className="py-3 text-ink-soft">{t("empty")}</p> : null}
        {list.status === "loaded" && list.items.length > 0 ? (
          <ul className="max-h-96 divide-y divide-line overflow-y-auto">
            {list.items.map((item) => (
              <li key={item.id}>
                <NotificationEntry item={item} when={date.format(new Date(item.created_at * 1000))} onOpen={() => openOne(item)} newLabel={t("new")} markLabel={t("markViewed")} />
              </li>
            ))}
          </ul>
        ) : null}
        <NextLink href={paths.proNotifications()} onClick={() => setOpen(false)} className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary underline">
          {t("seeAll")}
        </NextLink>
      </div>
    </div>
  );
}

/** One notification: a link to its deal (or a "mark viewed" button without one). */
export function NotificationEntry({ item, when, onOpen, newLabel, markLabel }: { item: ProNotification; when: string; onOpen: () => void; newLabel: string; markLabel: string }) {
  const body = (
    <>
      <span className="flex flex-wrap items-center gap-2">
        {!item.viewed ? <span className="rounded-sm bg-warning-soft px-1.5 text-sm font-semibold text-warning">{newLabel}</span> : null}
        <span className={cn(!item.viewed && "font-semibold")}>{item.title}</span>
      </span>
      {item.body ? <span className="block text-ink-soft">{item.body}</span> : null}
      <span className="block text-sm text-ink-soft">{when}</span>
    </>
  );
  if (item.deal_id !== null) {
    return (
      <a
        href={paths.proDeal(item.deal_id)}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onOpen();
        }}
        className="block rounded-md px-2 py-2 hover:bg-sand-50"
      >
        {body}
      </a>
    );
  }
  return (
    <div className="px-2 py-2">
      {body}
      {!item.viewed ? (
        <button type="button" onClick={onOpen} className="mt-1 min-h-11 font-semibold text-primary underline">
          {markLabel}
        </button>
      ) : null}
    </div>
  );
}
