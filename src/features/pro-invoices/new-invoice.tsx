"use client";

import { useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { paths } from "@/config/paths";
import { formatMoney } from "@/domain/quote/money";
import type { BillablePrestation } from "@/domain/schemas/entity-invoice";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Heading } from "@/ui/heading";
import { Link } from "@/ui/link";
import { Select } from "@/ui/select";
import { DemoTag } from "@/ui/tags";
import { createInvoice, fetchBillable, type PrestationBody } from "./invoice-calls";
import { useInvoiceErrors } from "./invoice-errors";
import { Outcome } from "./outcome";
import { isoDayText, vatRateText } from "./invoice-format";
import { periodRange } from "./invoice-query";
import { PartnerPicker, type PickedPartner } from "./partner-picker";
import { PeriodFields, type PeriodValue } from "./period-fields";
import { emptyPrestation, PrestationFields, readPrestation, type PrestationDraft } from "./prestation-form";

type GroupKind = "month" | "quarter" | "deal";
const keyOf = (p: BillablePrestation) => `${p.deal_id}|${p.source_code}`;

/**
 * A new invoice (roles 0-1): a partner and a period, the prestations its signed deals owe it
 * (checked by default), prestations typed by hand, then the draft created in one call.
 */
export function NewInvoice() {
  const t = useTranslations("ProInvoices");
  const locale = useLocale();
  const router = useRouter();
  const errors = useInvoiceErrors();
  const now = new Date();
  const [partner, setPartner] = useState<PickedPartner>({ type: null, id: null, name: "" });
  const [groupKind, setGroupKind] = useState<GroupKind>("month");
  const [period, setPeriod] = useState<PeriodValue>({ kind: "month", year: now.getUTCFullYear(), index: now.getUTCMonth() + 1 });
  const [billable, setBillable] = useState<BillablePrestation[] | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [typed, setTyped] = useState<PrestationDraft[]>([]);
  const [typedProblems, setTypedProblems] = useState<Record<number, Partial<Record<"description" | "costHt" | "dealId", string>>>>({});
  const [problem, setProblem] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const listKind = groupKind === "deal" ? "year" : groupKind;
  const ready = partner.type !== null && partner.id !== null;

  async function load(event: FormEvent) {
    event.preventDefault();
    if (!ready) return setProblem([t("create.partnerMissing")]);
    setBusy(true);
    setProblem(null);
    try {
      const range = periodRange(listKind, period.year, period.index);
      const lines = await fetchBillable({ type: partner.type!, id: partner.id!, ...range });
      setBillable(lines);
      setPicked(new Set(lines.map(keyOf)));
    } catch (error) {
      setProblem(errors(error));
    } finally {
      setBusy(false);
    }
  }

  const chosen = (billable ?? []).filter((p) => picked.has(keyOf(p)));
  const readTyped = typed.map(readPrestation);
  const typedBodies = readTyped.flatMap((r) => ("body" in r ? [r.body] : []));
  const totalHt = chosen.reduce((s, p) => s + p.cost_ht, 0) + typedBodies.reduce((s, p) => s + p.cost_ht, 0);
  const totalTtc = chosen.reduce((s, p) => s + p.cost_ttc, 0) + typedBodies.reduce((s, p) => s + p.cost_ttc, 0);

  async function create() {
    setProblem(null);
    const problems = Object.fromEntries(readTyped.flatMap((r, i) => ("problems" in r ? [[i, r.problems]] : [])));
    setTypedProblems(problems);
    if (Object.keys(problems).length > 0) return setProblem([t("create.typedInvalid")]);
    if (!ready) return setProblem([t("create.partnerMissing")]);
    if (chosen.length + typedBodies.length === 0) return setProblem([t("create.nothingPicked")]);
    const dealIds = new Set(chosen.map((p) => p.deal_id));
    if (groupKind === "deal" && dealIds.size !== 1) return setProblem([t("create.oneDeal")]);
    const group =
      groupKind === "deal" ? { type: "deal" as const, id: [...dealIds][0]!, year: period.year } : { type: groupKind, id: period.index, year: period.year };
    setBusy(true);
    try {
      const invoice = await createInvoice({
        entity: { type: partner.type!, id: partner.id! },
        group,
        billable: chosen.map((p) => ({ deal_id: p.deal_id, source_code: p.source_code })),
        prestations: typedBodies as PrestationBody[],
      });
      router.push(paths.proInvoice(invoice.id));
    } catch (error) {
      setProblem(errors(error));
      setBusy(false);
    }
  }

  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <div className="grid gap-6">
      <form onSubmit={load} className="grid gap-4 rounded-lg border border-line bg-surface p-4 sm:grid-cols-2" aria-labelledby="new-invoice-what">
        <Heading level={2} id="new-invoice-what" className="sm:col-span-2">
          {t("create.what")}
        </Heading>
        <PartnerPicker value={partner} onChange={(next) => (setPartner(next), setBillable(null))} required />
        <Select
          label={t("fields.group")}
          hint={t("fields.groupHint")}
          value={groupKind}
          options={(["month", "quarter", "deal"] as const).map((g) => ({ value: g, label: t(`groupKinds.${g}`) }))}
          onChange={(e) => {
            const kind = e.target.value as GroupKind;
            setGroupKind(kind);
            setPeriod({ ...period, kind: kind === "deal" ? "year" : kind, index: kind === "quarter" ? Math.floor(now.getUTCMonth() / 3) + 1 : now.getUTCMonth() + 1 });
            setBillable(null);
          }}
        />
        <PeriodFields fixedKind value={period} onChange={(next) => (setPeriod(next), setBillable(null))} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {t("create.load")}
          </Button>
        </div>
      </form>

      {billable !== null ? (
        <section aria-labelledby="new-invoice-billable" className="grid gap-3">
          <Heading level={2} id="new-invoice-billable">
            {t("create.billableTitle", { count: String(billable.length) })}
          </Heading>
          {billable.length === 0 ? (
            <p className="rounded-lg border border-line bg-surface p-4">{t("create.billableEmpty")}</p>
          ) : (
            <ul className="grid gap-2">
              {billable.map((p) => (
                <li key={keyOf(p)} className="rounded-lg border border-line bg-surface p-3">
                  <Checkbox
                    checked={picked.has(keyOf(p))}
                    onChange={(e) => {
                      const next = new Set(picked);
                      if (e.target.checked) next.add(keyOf(p));
                      else next.delete(keyOf(p));
                      setPicked(next);
                    }}
                    label={
                      <>
                        <span className="font-semibold">{t("create.dealLine", { id: String(p.deal_id), name: p.deal_label || t("create.noName") })}</span>
                        {p.demo ? <DemoTag label={t("create.demo")} /> : null}
                        <span className="block">{p.description}</span>
                        <span className="block text-sm text-ink-soft">
                          {t("create.lineFigures", { date: isoDayText(p.date, locale), excl: money(p.cost_ht), rate: vatRateText(p.vat_rate_bp, locale), incl: money(p.cost_ttc) })}
                        </span>
                      </>
                    }
                  />
                  <Link href={paths.proDeal(p.deal_id)} className="ms-8 text-sm">
                    {t("create.openDeal", { id: String(p.deal_id) })}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {billable.some((p) => p.vat_rate_bp === 0) ? <p className="text-sm text-ink-soft">{t("create.advancedNote")}</p> : null}
        </section>
      ) : null}

      <section aria-labelledby="new-invoice-typed" className="grid gap-3">
        <Heading level={2} id="new-invoice-typed">
          {t("create.typedTitle")}
        </Heading>
        <p className="text-ink-soft">{t("create.typedIntro")}</p>
        {typed.map((draft, index) => (
          <fieldset key={index} className="grid gap-3 rounded-lg border border-line bg-surface p-4">
            <legend className="px-1 font-semibold">{t("create.typedLegend", { n: String(index + 1) })}</legend>
            <PrestationFields value={draft} problems={typedProblems[index]} onChange={(next) => setTyped(typed.map((d, i) => (i === index ? next : d)))} />
            <div>
              <Button type="button" variant="ghost" onClick={() => setTyped(typed.filter((_, i) => i !== index))}>
                {t("create.typedRemove", { n: String(index + 1) })}
              </Button>
            </div>
          </fieldset>
        ))}
        <div>
          <Button type="button" variant="secondary" onClick={() => setTyped([...typed, emptyPrestation()])}>
            {t("create.typedAdd")}
          </Button>
        </div>
      </section>

      <section aria-labelledby="new-invoice-summary" className="grid gap-3 rounded-lg border border-line-strong bg-surface p-4">
        <Heading level={2} id="new-invoice-summary">
          {t("create.summaryTitle")}
        </Heading>
        <p aria-live="polite">{t("create.summary", { count: String(chosen.length + typedBodies.length), excl: money(totalHt), incl: money(totalTtc) })}</p>
        <Outcome problem={problem} title={t("create.failed")} />
        <div>
          <Button type="button" onClick={create} disabled={busy}>
            {t("create.submit")}
          </Button>
        </div>
      </section>
    </div>
  );
}

