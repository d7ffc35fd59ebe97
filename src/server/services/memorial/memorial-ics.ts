import { createTranslator } from "next-intl";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { renderIcs } from "@/domain/ics";
import { localeOrDefault } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { loadMessages } from "@/i18n/load-messages";
import type { Db } from "@/server/db/client";
import { notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireMemorial, type MemorialRow } from "@/server/services/memorial/memorial-access";
import { memorialCeremonies } from "@/server/services/memorial/memorial-views";
import { visibleMemorial } from "@/server/services/memorial/visitor-memorial";

/**
 * The ceremony's calendar file (RFC 5545): one event per dated ceremony, cremation or
 * burial step of the deal, with its place; the visitors' copy leaves out a private
 * address as the page does (memorial-views.ts ceremonyView). 404 without a dated step.
 */

type Translate = (key: string, values?: Record<string, string>) => string;
const CEREMONY_MINUTES = 60;

async function calendarOf(db: Db, memorial: MemorialRow, audience: "family" | "visitor", siteUrl: string, locale: string, now: Date): Promise<string> {
  const language = localeOrDefault(locale);
  const { resolved, views } = await memorialCeremonies(db, memorial.dealId, audience);
  // Messages are loaded at run time, so their keys are unknown to the type checker.
  const t = createTranslator({ locale: language, messages: await loadMessages(language), namespace: "MemorialCalendar" }) as unknown as Translate;
  const host = new URL(siteUrl).hostname;
  const pageUrl = memorial.visibility === "private" ? null : `${originForLocale(siteUrl, language)}${paths.memorialPage(memorial.slug)}`;
  const events = resolved.flatMap((ceremony, index) => {
    if (!ceremony.at) return [];
    const view = views[index]!;
    return [
      {
        uid: `memorial-${memorial.id}-step-${ceremony.stepId}@${host}`,
        start: ceremony.at,
        durationMinutes: CEREMONY_MINUTES,
        summary: t(ceremony.stepType, { name: memorial.displayName }),
        location: [view.place_name, view.address].filter(Boolean).join(", ") || null,
        url: pageUrl,
      },
    ];
  });
  if (events.length === 0) throw notFoundError();
  return renderIcs({ prodId: `-//${BRAND}//Memorial//${language.toUpperCase()}`, name: memorial.displayName, events, now });
}

// GET /api/v1/memorial_pages/{slug}/ceremony.ics
export async function visitorCeremonyIcs(db: Db, slug: string, siteUrl: string, locale: string, now: Date): Promise<string> {
  return calendarOf(db, await visibleMemorial(db, slug), "visitor", siteUrl, locale, now);
}

// GET /api/v1/deals/{id}/memorial/ceremony.ics
export async function familyCeremonyIcs(db: Db, auth: AuthSession, dealId: number, siteUrl: string, locale: string, now: Date): Promise<string> {
  const { memorial } = await requireMemorial(db, auth, dealId, "read");
  return calendarOf(db, memorial, "family", siteUrl, locale, now);
}
