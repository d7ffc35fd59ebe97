"use client";

import { useLocale, useTranslations } from "next-intl";
import { Select } from "@/ui/select";
import { monthText } from "./invoice-format";
import { PERIOD_KINDS, type PeriodKind } from "./invoice-query";

export interface PeriodValue {
  kind: PeriodKind | null;
  year: number;
  index: number;
}

/** Month, quarter or year (unless the caller fixes it), with its year and which month or quarter. */
export function PeriodFields({ value, onChange, allowAny, fixedKind }: { value: PeriodValue; onChange: (next: PeriodValue) => void; allowAny?: boolean; fixedKind?: boolean }) {
  const t = useTranslations("ProInvoices");
  const locale = useLocale();
  const months = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthText(i + 1, value.year, locale) }));
  // Invoices are kept ten years (Code de commerce L123-22); next year for a draft made in late December.
  const current = new Date().getUTCFullYear();
  const years = Array.from({ length: 12 }, (_, i) => current + 1 - i).concat(value.year < current - 10 || value.year > current + 1 ? [value.year] : []);
  const quarters = [1, 2, 3, 4].map((q) => ({ value: String(q), label: t("group.quarter", { quarter: String(q), year: String(value.year) }) }));
  return (
    <>
      {fixedKind ? null : <Select
        label={t("fields.period")}
        value={value.kind ?? ""}
        {...(allowAny ? { placeholder: t("fields.anyPeriod") } : {})}
        options={PERIOD_KINDS.map((k) => ({ value: k, label: t(`periods.${k}`) }))}
        onChange={(e) => {
          const kind = (e.target.value || null) as PeriodKind | null;
          onChange({ ...value, kind, index: kind === "quarter" ? Math.min(value.index, 4) : value.index });
        }}
      />}
      {value.kind ? (
        <Select label={t("fields.year")} value={String(value.year)} options={years.map((y) => ({ value: String(y), label: String(y) }))} onChange={(e) => onChange({ ...value, year: Number(e.target.value) })} />
      ) : null}
      {value.kind === "month" || value.kind === "quarter" ? (
        <Select
          label={value.kind === "month" ? t("fields.month") : t("fields.quarter")}
          value={String(value.index)}
          options={value.kind === "month" ? months : quarters}
          onChange={(e) => onChange({ ...value, index: Number(e.target.value) })}
        />
      ) : null}
    </>
  );
}
