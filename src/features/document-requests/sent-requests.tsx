"use client";

import { useTranslations } from "next-intl";
import type { DocumentRequestSummary } from "@/domain/schemas/document-request";

/** What was asked of whom, and what came back: one line per request, one per document. */
/** `now`: when the list was read (an expiry is judged against it, not against each render). */
export function SentRequests({ requests, locale, typeLabels, now }: { requests: DocumentRequestSummary[]; locale: string; typeLabels: Record<string, string>; now: number }) {
  const t = useTranslations("DocumentRequests");
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { day: "numeric", month: "long" }).format(new Date(iso));
  return (
    <section aria-labelledby="sent-requests-title" className="flex flex-col gap-3">
      <h2 id="sent-requests-title" className="text-xl font-semibold text-ink">
        {t("sender.title")}
      </h2>
      {requests.length === 0 ? <p className="text-ink-soft">{t("sender.empty")}</p> : null}
      <ul className="flex flex-col gap-3">
        {requests.map((request) => {
          const received = request.items.filter((i) => i.status === "received").length;
          const expired = new Date(request.expires_at).getTime() <= now;
          return (
            <li key={request.id} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4">
              <p className="font-semibold text-ink">
                {t("sender.to", { name: request.recipient_firstname, phone: request.phone })}
              </p>
              <p className="text-base text-ink-soft">
                {request.sent_at ? t("sender.sentOn", { date: date(request.sent_at) }) : t("sender.sending")}
                {" · "}
                {request.locked ? t("sender.locked") : expired ? t("sender.expired") : t("sender.until", { date: date(request.expires_at) })}
                {" · "}
                {t("sender.received", { received, total: request.items.length })}
              </p>
              <ul className="flex flex-col gap-1 ps-4">
                {request.items.map((item) => (
                  <li key={item.id} className="text-base text-ink">
                    {typeLabels[item.document_type] ?? item.document_type} – {t(`actions.${item.action}`)} – <strong>{t(`statuses.${item.status}`)}</strong>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
