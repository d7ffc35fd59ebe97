"use client";

import { useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { paths } from "@/config/paths";
import { formatMoney } from "@/domain/quote/money";
import type { EntityInvoiceView } from "@/domain/schemas/entity-invoice";
import { Alert } from "@/ui/alert";
import { Button, buttonClasses } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Heading } from "@/ui/heading";
import { Input } from "@/ui/input";
import { Link } from "@/ui/link";
import { recordTransfer, resetPayments, transferFileHref } from "./invoice-calls";
import { useInvoiceErrors } from "./invoice-errors";
import { Outcome } from "./outcome";
import { dayText } from "./invoice-format";

function InvoiceChecklist({ invoices, picked, onPick, legend }: { invoices: EntityInvoiceView[]; picked: Set<number>; onPick: (next: Set<number>) => void; legend: string }) {
  const t = useTranslations("ProInvoices");
  const locale = useLocale();
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{legend}</legend>
      {invoices.map((invoice) => (
        <div key={invoice.id} className="rounded-lg border border-line bg-surface p-3">
          <Checkbox
            checked={picked.has(invoice.id)}
            onChange={(e) => {
              const next = new Set(picked);
              if (e.target.checked) next.add(invoice.id);
              else next.delete(invoice.id);
              onPick(next);
            }}
            label={
              <>
                <span className="font-semibold" dir="ltr">
                  {invoice.number}
                </span>{" "}
                — {invoice.entity.name}
                {invoice.credit_note_of !== null ? <span className="ms-2 text-sm text-ink-soft">{t("list.creditNote")}</span> : null}
                <span className="block text-sm text-ink-soft">
                  {t("payments.line", { amount: formatMoney(invoice.cost_tax_incl, locale), date: dayText(invoice.validated_at, locale) })}
                  {invoice.bank_transfer_label ? ` — ${invoice.bank_transfer_label}` : ""}
                </span>
              </>
            }
          />
          <Link href={paths.proInvoice(invoice.id)} className="ms-8 text-sm">
            {t("payments.open", { number: invoice.number ?? String(invoice.id) })}
          </Link>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * Pending payments (roles 0-1): validated, unpaid invoices of a period; the SEPA transfer
 * file paying them; recording the transfer once made; a bounced transfer put back.
 */
export function PendingPayments({ from, to, pending, paid }: { from: string; to: string; pending: EntityInvoiceView[]; paid: EntityInvoiceView[] }) {
  const t = useTranslations("ProInvoices");
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const errors = useInvoiceErrors();
  const [period, setPeriod] = useState({ from, to });
  const [picked, setPicked] = useState(new Set(pending.map((i) => i.id)));
  const [pickedPaid, setPickedPaid] = useState(new Set<number>());
  const [label, setLabel] = useState("");
  const [labelMissing, setLabelMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const errorText = useTranslations("Errors");
  const total = pending.reduce((s, i) => s + i.cost_tax_incl, 0);
  const withoutIban = pending.filter((i) => !i.payee_iban);
  // After a refresh the lists change under the ticks: only what is still listed counts.
  const chosen = pending.filter((i) => picked.has(i.id)).map((i) => i.id);
  const chosenPaid = paid.filter((i) => pickedPaid.has(i.id)).map((i) => i.id);

  async function act(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      await action();
      setNotice(done);
      router.refresh();
    } catch (error) {
      setProblem(errors(error));
    } finally {
      setBusy(false);
    }
  }

  function show(event: FormEvent) {
    event.preventDefault();
    router.push(`${pathname}?${new URLSearchParams({ du: period.from, au: period.to }).toString()}`);
  }

  function record(event: FormEvent) {
    event.preventDefault();
    if (label.trim() === "") return setLabelMissing(true);
    setLabelMissing(false);
    void act(() => recordTransfer(chosen, label), t("payments.recorded"));
  }

  return (
    <div className="grid gap-6">
      <form onSubmit={show} className="grid gap-4 rounded-lg border border-line bg-surface p-4 sm:grid-cols-3" aria-label={t("payments.periodLabel")}>
        <Input label={t("payments.from")} type="date" dir="ltr" value={period.from} required onChange={(e) => setPeriod({ ...period, from: e.target.value })} />
        <Input label={t("payments.to")} type="date" dir="ltr" value={period.to} required onChange={(e) => setPeriod({ ...period, to: e.target.value })} />
        <div className="flex items-end">
          <Button type="submit">{t("payments.show")}</Button>
        </div>
      </form>

      <Outcome problem={problem} title={t("detail.failed")} notice={notice} />

      <section aria-labelledby="payments-pending" className="grid gap-3">
        <Heading level={2} id="payments-pending">
          {t("payments.pendingTitle", { count: String(pending.length) })}
        </Heading>
        {pending.length === 0 ? (
          <p className="rounded-lg border border-line bg-surface p-4">{t("payments.pendingEmpty")}</p>
        ) : (
          <>
            <p className="font-semibold">{t("payments.pendingTotal", { amount: formatMoney(total, locale) })}</p>
            {withoutIban.length > 0 ? (
              // The server refuses a transfer file missing an account: say which invoices lack one instead of a file that is an error.
              <Alert tone="warning" title={errorText("entity_invoice__payee_iban__missing")}>
                <ul>
                  {withoutIban.map((invoice) => (
                    <li key={invoice.id}>
                      <Link href={paths.proInvoice(invoice.id)}>{t("payments.open", { number: invoice.number ?? String(invoice.id) })}</Link>
                    </li>
                  ))}
                </ul>
              </Alert>
            ) : (
              <div>
                <a className={buttonClasses()} href={transferFileHref(from, to)} download>
                  {t("payments.download")}
                </a>
                <p className="mt-2 text-sm text-ink-soft">{t("payments.downloadHint")}</p>
              </div>
            )}
            <form onSubmit={record} className="grid gap-3" noValidate>
              <InvoiceChecklist invoices={pending} picked={picked} onPick={setPicked} legend={t("payments.pendingTitle", { count: String(pending.length) })} />
              <Input
                label={t("payments.label")}
                hint={t("payments.labelHint")}
                value={label}
                maxLength={140}
                required
                error={labelMissing ? t("payments.labelMissing") : undefined}
                onChange={(e) => setLabel(e.target.value)}
              />
              <div>
                <Button type="submit" disabled={busy || chosen.length === 0}>
                  {t("payments.record", { count: String(chosen.length) })}
                </Button>
              </div>
            </form>
          </>
        )}
      </section>

      <section aria-labelledby="payments-paid" className="grid gap-3">
        <Heading level={2} id="payments-paid">
          {t("payments.paidTitle")}
        </Heading>
        <p className="text-ink-soft">{t("payments.paidIntro")}</p>
        {paid.length === 0 ? (
          <p className="rounded-lg border border-line bg-surface p-4">{t("payments.paidEmpty")}</p>
        ) : (
          <>
            <InvoiceChecklist invoices={paid} picked={pickedPaid} onPick={setPickedPaid} legend={t("payments.paidTitle")} />
            <div>
              <Button type="button" variant="danger" disabled={busy || chosenPaid.length === 0} onClick={() => void act(() => resetPayments(chosenPaid), t("payments.resetDone"))}>
                {t("payments.reset", { count: String(chosenPaid.length) })}
              </Button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
