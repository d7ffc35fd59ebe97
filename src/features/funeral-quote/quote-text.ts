import { useLocale, useTranslations } from "next-intl";
import type { Deadline, DeadlineNotice, PendingDeadline } from "@/domain/quote/deadlines";
import { legalNote, subcontractingNote, type LegalNoteId } from "@/domain/quote/legal-model";
import { formatMoney } from "@/domain/quote/money";
import type { QuoteLine, QuoteSection, QuoteWarning } from "@/domain/quote/pricing";

/**
 * Words of the quote on screen. In French they are the engine's own, exactly as the PDF
 * prints them; in the other languages each line, reason, warning and note is translated
 * by its stable code, with the official French label kept beside it (the quote itself is
 * a French legal document).
 */

export function formatDay(date: string, locale: string): string {
  const [y, m, d] = date.split("-").map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC", numberingSystem: "latn" }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Reasons the engine gives per line code; some codes are mandatory in one case and optional in another. */
const REASON_KEYS = new Set([
  "ORGANISATION.mandatory",
  "REPATRIATION_FORMALITIES.mandatory",
  "RETURN_FORMALITIES.mandatory",
  "EMBALMING.optional",
  "PARLOR_ADMISSION.optional",
  "PARLOR_STAY.optional",
  "ONLINE_NOTICE.optional",
  "MEMORIAL_PAGE.optional",
  "TRANSPORT_BEFORE_COFFINING.mandatory",
  "TRANSPORT_BEFORE_COFFINING.optional",
  "COFFIN.mandatory",
  "WATERTIGHT_LINING.mandatory",
  "HANDLES.mandatory",
  "IDENTITY_PLATE.mandatory",
  "HERMETIC_CASE.mandatory",
  "COFFIN_PADDING.optional",
  "COFFIN_EMBLEM.optional",
  "COFFINING.mandatory",
  "TRANSPORT_AFTER_COFFINING.mandatory",
  "BEARERS.mandatory",
  "AIR_FREIGHT.mandatory",
  "RETURN_AIR_FREIGHT.mandatory",
  "CEREMONY_DETOUR.optional",
  "CEREMONY_MASTER.optional",
  "PARLOR_CEREMONY_ROOM.optional",
  "FLOWERS.optional",
  "BURIAL_OPERATION.mandatory",
  "GRAVE_OPENING.mandatory",
  "GRAVE_OPENING_FEE.mandatory",
  "CREMATION_STAFF.mandatory",
  "URN.mandatory",
  "URN_SHIPPING.mandatory",
  "SCATTERING.optional",
  "URN_PLACEMENT.optional",
  "CREMATION_FEE.mandatory",
  "CONCESSION.mandatory",
  "CONCESSION.optional",
  "POLICE_SUPERVISION.mandatory",
  "CONSULAR_FEE.mandatory",
  "RETURN_CONSULAR_FEE.mandatory",
  "CREMATORIUM_ROOM.optional",
  "WORSHIP_FEE.optional",
  "MEMORIAL_GARDEN_FEE.optional",
  "PRESS_NOTICE.optional",
]);

/** Warnings whose text carries data (a country's own note): shown as the engine wrote it. */
const VERBATIM_WARNINGS = new Set(["repatriation_country_note"]);

export interface QuoteText {
  locale: string;
  french: boolean;
  money: (cents: number) => string;
  day: (date: string) => string;
  sectionTitle: (section: QuoteSection) => string;
  lineLabel: (line: QuoteLine) => string;
  /** The official French label, for other languages (null in French). */
  lineOfficialLabel: (line: QuoteLine) => string | null;
  lineReason: (line: QuoteLine) => string;
  warning: (warning: QuoteWarning) => string;
  deadline: (deadline: Deadline | PendingDeadline) => string;
  deadlineNotice: (notice: DeadlineNotice) => string;
  noteTitle: (id: LegalNoteId) => string;
  noteText: (id: LegalNoteId, habilitationNumber?: string) => string;
}

export function useQuoteText(): QuoteText {
  const locale = useLocale();
  const t = useTranslations("Quote");
  const french = locale === "fr";
  return {
    locale,
    french,
    money: (cents) => formatMoney(cents, locale),
    day: (date) => formatDay(date, locale),
    sectionTitle: (section) => (french ? section.shortTitle : t(`sections.${section.id}`)),
    lineLabel: (line) => (french ? line.label : t(`lines.${line.code}`)),
    lineOfficialLabel: (line) => (french ? null : line.label),
    lineReason: (line) => {
      const key = `${line.code}.${line.kind}`;
      if (french || !REASON_KEYS.has(key)) return line.reason;
      return t(`reasons.${key}`);
    },
    warning: (warning) => (french || VERBATIM_WARNINGS.has(warning.code) ? warning.message : t(`warnings.${warning.code}`)),
    deadline: (deadline) => {
      if (french) return deadline.label;
      // The last day runs from the death, the entry into France or the prosecutor's authorisation.
      const start = "startsFrom" in deadline ? deadline.startsFrom : deadline.reason === "prosecutor-authorisation-unknown" ? "prosecutor-authorisation" : "arrival-in-france";
      if (deadline.id === "funeral-latest" && start === "arrival-in-france") return t("deadlinesAbroad.funeral-latest");
      if (deadline.id === "funeral-latest" && start === "prosecutor-authorisation") return t("deadlinesMedicoLegal.funeral-latest");
      return t(`deadlines.${deadline.id}`);
    },
    deadlineNotice: (notice) => (french ? notice.message : t(`deadlineNotices.${notice.code}`)),
    noteTitle: (id) => (french ? legalNote(id).title : t(`notes.${id}.title`)),
    noteText: (id, habilitationNumber) => {
      if (french) return id === "subcontracting" && habilitationNumber ? subcontractingNote(habilitationNumber) : legalNote(id).text;
      return id === "subcontracting" ? t("notes.subcontracting.text", { number: habilitationNumber ?? "" }) : t(`notes.${id}.text`);
    },
  };
}
