import { useLocale, useTranslations } from "next-intl";
import { flowersForCeremonyPath } from "@/domain/flowers/ceremony-prefill";
import type { MemorialCeremony } from "@/domain/schemas/memorial";
import type { MemorialPage } from "@/domain/schemas/memorial-page";
import { buttonClasses } from "@/ui/button";
import { CondolenceForm } from "./condolence-form";
import { lifeDates, memorialDay, memorialStamp, memorialTime } from "./memorial-format";
import { ReportButton } from "./report-button";
import { ResponsivePhoto } from "./responsive-photo";
import { VisitorPhotoForm } from "./visitor-photo-form";

function flowersPath(ceremony: MemorialCeremony, name: string): string {
  return flowersForCeremonyPath({
    place: ceremony.place,
    place_name: ceremony.place_name ?? "",
    recipient_name: name,
    address: ceremony.street ?? "",
    postal_code: ceremony.postal_code ?? "",
    city: ceremony.city ?? "",
    date: ceremony.date ?? "",
    time: ceremony.time ?? "",
  });
}

/**
 * The visitors' page of a memorial, phone first: who they were, the family's words, the
 * ceremony (calendar file, directions, flowers), the photos and the condolences. Rendered
 * on the server for visitors; the family's preview renders it with `preview`, where the
 * forms are described instead of offered. Every text is the family's or a visitor's plain
 * text, rendered as text (never HTML), line breaks kept.
 */
export function MemorialView({ page, preview = false, icsUrl }: { page: MemorialPage; preview?: boolean; icsUrl: string | null }) {
  const t = useTranslations("Memorial.view");
  const locale = useLocale();
  const dates = lifeDates(page.birth_date, page.death_date, locale);
  const gallery = page.photos.filter((photo) => photo.id !== page.cover_photo?.id);

  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-10 px-4 py-8 sm:px-6 sm:py-12" data-testid="memorial-view">
      <header className="flex flex-col items-center gap-4 text-center">
        {page.cover_photo ? (
          <div className="w-48 overflow-hidden rounded-full border-4 border-surface shadow-card sm:w-60">
            <ResponsivePhoto photo={page.cover_photo} alt={page.cover_photo.caption ?? t("coverAlt", { name: page.display_name })} sizes="(min-width: 640px) 240px, 192px" eager className="aspect-square" />
          </div>
        ) : null}
        <p className="text-base uppercase tracking-wide text-ink-soft">{t("inMemory")}</p>
        <h1 dir="auto" className="font-serif text-3xl text-ink sm:text-4xl">{page.display_name}</h1>
        {dates ? <p className="text-lg text-ink-soft">{dates}</p> : null}
      </header>

      {page.text ? (
        <section aria-labelledby="memorial-text" className="flex flex-col gap-3">
          <h2 id="memorial-text" className="sr-only">
            {t("textTitle")}
          </h2>
          <p dir="auto" className="whitespace-pre-line text-lg leading-relaxed text-ink">{page.text}</p>
        </section>
      ) : null}

      {page.ceremonies.length > 0 ? (
        <section aria-labelledby="memorial-ceremony" className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6">
          <h2 id="memorial-ceremony" className="font-serif text-2xl text-ink">
            {t("ceremonyTitle")}
          </h2>
          <ul className="flex flex-col gap-6">
            {page.ceremonies.map((ceremony, index) => (
              <li key={`${ceremony.step_type}-${index}`} className="flex flex-col gap-2" data-testid="memorial-ceremony">
                <h3 className="text-xl font-semibold text-ink">{t(`steps.${ceremony.step_type}`)}</h3>
                {ceremony.date ? (
                  <p className="text-lg">
                    {ceremony.time ? t("dateTime", { date: memorialDay(ceremony.date, locale), time: memorialTime(ceremony.time, locale) }) : memorialDay(ceremony.date, locale)}
                  </p>
                ) : (
                  <p className="text-ink-soft">{t("dateUnknown")}</p>
                )}
                {ceremony.place_name || ceremony.address ? (
                  <address className="not-italic">
                    {ceremony.place_name ? <bdi className="block font-semibold">{ceremony.place_name}</bdi> : null}
                    {ceremony.address ? <bdi className="block">{ceremony.address}</bdi> : null}
                  </address>
                ) : null}
                <div className="flex flex-wrap gap-3">
                  {icsUrl && ceremony.date ? (
                    <a href={icsUrl} download className={buttonClasses({ variant: "secondary" })} data-testid="memorial-ics">
                      {t("addToCalendar")}
                    </a>
                  ) : null}
                  {ceremony.address ? (
                    <a href={`geo:0,0?q=${encodeURIComponent(ceremony.address)}`} className={buttonClasses({ variant: "secondary" })}>
                      {t("openInMaps")}
                    </a>
                  ) : null}
                  {ceremony.directions_url ? (
                    <a href={ceremony.directions_url} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: "secondary" })} data-testid="memorial-directions">
                      {t("directions")}
                      <span className="sr-only"> {t("newWindow")}</span>
                    </a>
                  ) : null}
                  {ceremony.date && (ceremony.address || ceremony.place_name) ? (
                    <a href={flowersPath(ceremony, page.display_name)} className={buttonClasses({ variant: "primary" })} data-testid="memorial-flowers">
                      {t("sendFlowers")}
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {gallery.length > 0 || (page.visitors_may_add_photos && !preview) ? (
        <section aria-labelledby="memorial-photos" className="flex flex-col gap-4">
          <h2 id="memorial-photos" className="font-serif text-2xl text-ink">
            {t("photosTitle")}
          </h2>
          {gallery.length > 0 ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {gallery.map((photo) => (
                <li key={photo.id} className="flex flex-col gap-1" data-testid="memorial-photo">
                  <figure className="flex flex-col gap-1">
                    <ResponsivePhoto photo={photo} alt={photo.caption ?? t("photoAlt", { name: page.display_name })} sizes="(min-width: 640px) 240px, 50vw" className="aspect-square rounded-md" />
                    {photo.caption || photo.author_name ? (
                      <figcaption dir="auto" className="text-base text-ink-soft">
                        {photo.caption}
                        {photo.caption && photo.author_name ? " · " : ""}
                        {photo.author_name ? t("photoBy", { name: photo.author_name }) : ""}
                      </figcaption>
                    ) : null}
                  </figure>
                  {preview ? null : <ReportButton slug={page.slug} target="photo" targetId={photo.id} />}
                </li>
              ))}
            </ul>
          ) : null}
          {page.visitors_may_add_photos && !preview ? <VisitorPhotoForm slug={page.slug} /> : null}
        </section>
      ) : null}

      <section aria-labelledby="memorial-condolences" className="flex flex-col gap-4">
        <h2 id="memorial-condolences" className="font-serif text-2xl text-ink">
          {t("condolencesTitle")}
        </h2>
        {preview ? (
          <p className="rounded-md bg-sand-50 p-4 text-ink-soft">{t("previewForm")}</p>
        ) : (
          <div className="rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6">
            <h3 className="mb-1 text-xl font-semibold text-ink">{t("leaveTitle")}</h3>
            <p className="mb-4 text-ink-soft">{page.moderation === "held" ? t("leaveHeld") : t("leaveImmediate")}</p>
            <CondolenceForm slug={page.slug} />
          </div>
        )}
        {page.condolences.length === 0 ? (
          <p className="text-ink-soft">{t("noCondolence")}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {page.condolences.map((condolence) => (
              <li key={condolence.id} className="flex flex-col gap-2 border-s-4 border-accent-soft ps-4" data-testid="memorial-condolence">
                <p dir="auto" className="whitespace-pre-line text-lg text-ink">{condolence.message}</p>
                {condolence.photo ? (
                  <div className="max-w-xs overflow-hidden rounded-md">
                    <ResponsivePhoto photo={condolence.photo} alt={t("condolencePhotoAlt", { name: condolence.author_name })} sizes="320px" />
                  </div>
                ) : null}
                <p className="text-base text-ink-soft">{t("signed", { name: condolence.author_name, date: memorialStamp(condolence.published_at, locale) })}</p>
                {preview ? null : <ReportButton slug={page.slug} target="condolence" targetId={condolence.id} />}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
