import { getFormatter, getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/locales";
import { contentDate } from "./guide-views";

/** Reading time and dates of an article, in the visitor's language. */
export async function ArticleMeta({
  locale,
  minutes,
  published,
  modified,
  showPublished = true,
  className,
}: {
  locale: Locale;
  minutes: number;
  published: string;
  modified: string;
  showPublished?: boolean;
  className?: string;
}) {
  const t = await getTranslations({ locale, namespace: "Guides" });
  const format = await getFormatter({ locale });
  const date = (iso: string) => format.dateTime(contentDate(iso), { dateStyle: "long", timeZone: "UTC" });
  const updated = modified !== published;
  return (
    <p className={`flex flex-wrap gap-x-4 gap-y-1 text-base text-ink-soft ${className ?? ""}`}>
      <span>{t("readingTime", { minutes })}</span>
      {showPublished ? (
        <span>
          {t.rich("published", { date: date(published), time: (chunks) => <time dateTime={published}>{chunks}</time> })}
        </span>
      ) : null}
      {updated || !showPublished ? (
        <span>
          {t.rich("updated", { date: date(modified), time: (chunks) => <time dateTime={modified}>{chunks}</time> })}
        </span>
      ) : null}
    </p>
  );
}
