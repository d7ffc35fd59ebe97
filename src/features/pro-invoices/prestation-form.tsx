"use client";

import { useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { VAT_RATES_BP } from "@/domain/invoices/totals";
import { formatMoney } from "@/domain/quote/money";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import type { PrestationBody } from "./invoice-calls";
import { inclTax, parseEuros, vatRateText } from "./invoice-format";

export interface PrestationDraft {
  description: string;
  costHt: string;
  vatRateBp: number;
  dealId: string;
}

export const emptyPrestation = (): PrestationDraft => ({ description: "", costHt: "", vatRateBp: 2000, dealId: "" });

export function draftOf(p: { description: string; cost_ht: number; vat_rate_bp: number; deal_id: number | null }): PrestationDraft {
  const abs = Math.abs(p.cost_ht);
  return { description: p.description, costHt: `${p.cost_ht < 0 ? "-" : ""}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, "0")}`, vatRateBp: p.vat_rate_bp, dealId: p.deal_id ? String(p.deal_id) : "" };
}

type Problems = Partial<Record<"description" | "costHt" | "dealId", string>>;

/** The body of a typed prestation, or what is wrong with each field (the text typed stays). */
export function readPrestation(d: PrestationDraft): { body: PrestationBody } | { problems: Problems } {
  const problems: Problems = {};
  const costHt = parseEuros(d.costHt);
  if (d.description.trim() === "") problems.description = "description";
  if (costHt === null) problems.costHt = "costHt";
  const dealId = d.dealId.trim() === "" ? null : /^\d{1,9}$/.test(d.dealId.trim()) ? Number(d.dealId.trim()) : NaN;
  if (Number.isNaN(dealId)) problems.dealId = "dealId";
  if (Object.keys(problems).length > 0 || costHt === null) return { problems };
  return { body: { description: d.description.trim(), cost_ht: costHt, cost_ttc: inclTax(costHt, d.vatRateBp), vat_rate_bp: d.vatRateBp, deal_id: dealId } };
}

/** Description, amount excl. tax and VAT rate; the incl. tax amount is computed and shown as the director types. */
export function PrestationFields({ value, onChange, problems }: { value: PrestationDraft; onChange: (next: PrestationDraft) => void; problems?: Problems }) {
  const t = useTranslations("ProInvoices");
  const locale = useLocale();
  const costHt = parseEuros(value.costHt);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Input
        label={t("prestation.description")}
        value={value.description}
        maxLength={500}
        required
        containerClassName="sm:col-span-2"
        error={problems?.description ? t("prestation.descriptionMissing") : undefined}
        onChange={(e) => onChange({ ...value, description: e.target.value })}
      />
      <Input
        label={t("prestation.costHt")}
        hint={t("prestation.costHtHint")}
        inputMode="decimal"
        dir="ltr"
        value={value.costHt}
        required
        error={problems?.costHt ? t("prestation.costHtInvalid") : undefined}
        onChange={(e) => onChange({ ...value, costHt: e.target.value })}
      />
      <Select
        label={t("prestation.vatRate")}
        value={String(value.vatRateBp)}
        options={VAT_RATES_BP.map((bp) => ({ value: String(bp), label: vatRateText(bp, locale) }))}
        onChange={(e) => onChange({ ...value, vatRateBp: Number(e.target.value) })}
      />
      <Input
        label={t("prestation.dealId")}
        hint={t("prestation.dealIdHint")}
        inputMode="numeric"
        dir="ltr"
        value={value.dealId}
        error={problems?.dealId ? t("prestation.dealIdInvalid") : undefined}
        onChange={(e) => onChange({ ...value, dealId: e.target.value })}
      />
      <p className="self-end pb-2 font-semibold" aria-live="polite">
        {costHt === null ? t("prestation.ttcPending") : t("prestation.ttc", { amount: formatMoney(inclTax(costHt, value.vatRateBp), locale) })}
      </p>
    </div>
  );
}

/** A prestation form of its own (add or change on a draft). */
export function PrestationForm({ initial, submitLabel, onSubmit, onCancel, busy }: { initial: PrestationDraft; submitLabel: string; onSubmit: (body: PrestationBody) => void; onCancel?: () => void; busy: boolean }) {
  const t = useTranslations("ProInvoices");
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readPrestation(draft);
    if ("problems" in read) return setProblems(read.problems);
    setProblems({});
    onSubmit(read.body);
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <PrestationFields value={draft} onChange={setDraft} problems={problems} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t("actions.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
