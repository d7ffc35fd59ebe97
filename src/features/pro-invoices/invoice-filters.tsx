"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { INVOICE_STATES, type InvoiceState } from "@/domain/invoices/state";
import { Button } from "@/ui/button";
import { Select } from "@/ui/select";
import { invoiceListSearch, type InvoiceListQuery } from "./invoice-query";
import { PartnerPicker } from "./partner-picker";
import { PeriodFields } from "./period-fields";

/** The list's filters: applied by putting them in the address (the server reads the list again). */
export function InvoiceFilters({ query }: { query: InvoiceListQuery }) {
  const t = useTranslations("ProInvoices");
  const router = useRouter();
  const pathname = usePathname();
  const [partner, setPartner] = useState({ type: query.entityType, id: query.entityId, name: query.entityName });
  const [period, setPeriod] = useState({ kind: query.period, year: query.year, index: query.index });
  const [state, setState] = useState<InvoiceState | null>(query.state);

  function apply(event: FormEvent) {
    event.preventDefault();
    const next: InvoiceListQuery = { ...query, entityType: partner.type, entityId: partner.id, entityName: partner.name, period: period.kind, year: period.year, index: period.index, state, page: 1 };
    router.push(`${pathname}${invoiceListSearch(next)}`);
  }

  return (
    <form onSubmit={apply} aria-label={t("filters.label")} className="grid gap-4 rounded-lg border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-3">
      <PartnerPicker value={partner} onChange={setPartner} allowAny />
      <PeriodFields value={period} onChange={setPeriod} allowAny />
      <Select
        label={t("fields.state")}
        value={state ?? ""}
        placeholder={t("fields.anyState")}
        options={INVOICE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        onChange={(e) => setState((e.target.value || null) as InvoiceState | null)}
      />
      <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3">
        <Button type="submit">{t("filters.apply")}</Button>
        <Button type="button" variant="ghost" onClick={() => router.push(pathname)}>
          {t("filters.reset")}
        </Button>
      </div>
    </form>
  );
}
