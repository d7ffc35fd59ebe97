"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { paths } from "@/config/paths";
import { formatMoney } from "@/domain/quote/money";
import type { EntityInvoiceView } from "@/domain/schemas/entity-invoice";
import { Button, buttonClasses } from "@/ui/button";
import { Dialog } from "@/ui/dialog";
import { Heading } from "@/ui/heading";
import { Input } from "@/ui/input";
import { Link } from "@/ui/link";
import { addPrestation, creditNote, deletePrestation, invoiceFileHref, updateInvoice, updatePrestation, validateInvoice, type PrestationBody } from "./invoice-calls";
import { useInvoiceErrors } from "./invoice-errors";
import { Outcome } from "./outcome";
import { dayText, groupText, vatRateText } from "./invoice-format";
import { draftOf, emptyPrestation, PrestationForm } from "./prestation-form";
import { StateBadge } from "./state-badge";

/**
 * One partner invoice: header, prestations with their deals, VAT per rate and totals. A draft
 * is edited here (roles 0-1); validation is confirmed in a dialog since it numbers and freezes
 * the invoice; a validated one is corrected by a credit note and downloaded as Factur-X.
 */
export function InvoiceDetail({ initial, canWrite, creditNoteId }: { initial: EntityInvoiceView; canWrite: boolean; creditNoteId: number | null }) {
  const t = useTranslations("ProInvoices");
  const locale = useLocale();
  const router = useRouter();
  const errors = useInvoiceErrors();
  const [invoice, setInvoice] = useState(initial);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [iban, setIban] = useState(initial.payee_iban ?? "");
  const [bic, setBic] = useState(initial.payee_bic ?? "");
  const draft = invoice.state === "draft";
  const writable = draft && canWrite;
  const money = (cents: number) => formatMoney(cents, locale);
  const translate = (key: string, values?: Record<string, string>) => t(key as "group.deal", values as { id: string; year: string });

  async function run(action: () => Promise<EntityInvoiceView>, done?: string) {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      const next = await action();
      setInvoice(next);
      setEditing(null);
      if (done) setNotice(done);
      return next;
    } catch (error) {
      setProblem(errors(error));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function savePayee(event: FormEvent) {
    event.preventDefault();
    await run(() => updateInvoice(invoice.id, { payee_iban: iban.trim() === "" ? null : iban, payee_bic: bic.trim() === "" ? null : bic }), t("detail.payeeSaved"));
  }

  async function makeCreditNote() {
    setBusy(true);
    setProblem(null);
    try {
      const note = await creditNote(invoice.id);
      router.push(paths.proInvoice(note.id));
    } catch (error) {
      setProblem(errors(error));
      setBusy(false);
    }
  }

  const save = (id: number | "new") => (body: PrestationBody) =>
    void run(() => (id === "new" ? addPrestation(invoice.id, body) : updatePrestation(invoice.id, id, body)), id === "new" ? t("detail.prestationAdded") : t("detail.prestationSaved"));

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Heading level={1}>
          {invoice.number === null ? (
            t(invoice.credit_note_of !== null ? "detail.creditNoteDraftTitle" : "detail.draftTitle", { id: String(invoice.id) })
          ) : (
            <>
              {invoice.credit_note_of !== null ? t("detail.creditNoteTitle") : t("detail.title")} <span dir="ltr">{invoice.number}</span>
            </>
          )}
        </Heading>
        <StateBadge state={invoice.state} label={t(`states.${invoice.state}`)} />
      </div>
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-line bg-surface p-4 sm:grid-cols-2">
        <Fact term={t("detail.entity")}>
          <span className="font-semibold">{invoice.entity.name}</span> <span className="text-ink-soft">({t(`entityTypes.${invoice.entity.type as "Crematorium"}`)})</span>
        </Fact>
        <Fact term={t("detail.group")}>{groupText(invoice.group, locale, translate)}</Fact>
        <Fact term={t("detail.created")}>{dayText(invoice.created_at, locale)}</Fact>
        {invoice.validated_at !== null ? <Fact term={t("detail.validated")}>{dayText(invoice.validated_at, locale)}</Fact> : null}
        {invoice.paid_at !== null ? (
          <Fact term={t("detail.paid")}>
            {dayText(invoice.paid_at, locale)} — <span dir="ltr">{invoice.bank_transfer_label}</span>
          </Fact>
        ) : null}
        {invoice.credit_note_of !== null ? (
          <Fact term={t("detail.corrects")}>
            <Link href={paths.proInvoice(invoice.credit_note_of)}>{t("detail.openInvoice", { id: String(invoice.credit_note_of) })}</Link>
          </Fact>
        ) : null}
        {creditNoteId !== null ? (
          <Fact term={t("detail.correctedBy")}>
            <Link href={paths.proInvoice(creditNoteId)}>{t("detail.openInvoice", { id: String(creditNoteId) })}</Link>
          </Fact>
        ) : null}
      </dl>

      <Outcome problem={problem} title={t("detail.failed")} notice={notice} />

      <section aria-labelledby="invoice-prestations" className="grid gap-3">
        <Heading level={2} id="invoice-prestations">
          {t("detail.prestations")}
        </Heading>
        {invoice.prestations.length === 0 ? <p className="rounded-lg border border-line bg-surface p-4">{t("detail.noPrestation")}</p> : null}
        <ul className="grid gap-2">
          {invoice.prestations.map((p) => (
            <li key={p.id} className="rounded-lg border border-line bg-surface p-3">
              {editing === p.id ? (
                <PrestationForm initial={draftOf(p)} submitLabel={t("detail.savePrestation")} onSubmit={save(p.id)} onCancel={() => setEditing(null)} busy={busy} />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold">{p.description}</p>
                    {p.deal_id !== null ? (
                      <Link href={paths.proDeal(p.deal_id)} className="text-sm">
                        {t("detail.deal", { id: String(p.deal_id) })}
                      </Link>
                    ) : null}
                  </div>
                  <p className="ms-auto text-end tabular-nums">
                    <span className="block whitespace-nowrap">{t("list.excl", { amount: money(p.cost_ht) })}</span>
                    <span className="block whitespace-nowrap text-sm text-ink-soft">{t("detail.vatAt", { rate: vatRateText(p.vat_rate_bp, locale) })}</span>
                    <span className="block whitespace-nowrap font-semibold">{t("list.incl", { amount: money(p.cost_ttc) })}</span>
                  </p>
                  {writable ? (
                    <div className="flex w-full flex-wrap gap-2">
                      <Button type="button" variant="secondary" onClick={() => setEditing(p.id)} aria-label={t("detail.editNamed", { name: p.description })}>
                        {t("detail.edit")}
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        disabled={busy}
                        onClick={() => void run(() => deletePrestation(invoice.id, p.id), t("detail.prestationRemoved"))}
                        aria-label={t("detail.removeNamed", { name: p.description })}
                      >
                        {t("detail.remove")}
                      </Button>
                    </div>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
        {writable ? (
          editing === "new" ? (
            <div className="rounded-lg border border-line bg-surface p-4">
              <PrestationForm initial={emptyPrestation()} submitLabel={t("detail.addPrestation")} onSubmit={save("new")} onCancel={() => setEditing(null)} busy={busy} />
            </div>
          ) : (
            <div>
              <Button type="button" variant="secondary" onClick={() => setEditing("new")}>
                {t("detail.addPrestation")}
              </Button>
            </div>
          )
        ) : null}
      </section>

      <section aria-labelledby="invoice-totals" className="grid gap-2 rounded-lg border border-line-strong bg-surface p-4">
        <Heading level={2} id="invoice-totals">
          {t("detail.totals")}
        </Heading>
        <table className="w-full text-start">
          <caption className="sr-only">{t("detail.vatCaption")}</caption>
          <thead>
            <tr className="text-sm text-ink-soft">
              {(["vatRate", "vatBase", "vatTax"] as const).map((key, i) => (
                <th key={key} scope="col" className={`py-1 font-normal ${i === 0 ? "text-start" : "text-end"}`}>
                  {t(`detail.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {invoice.vat.map((v) => (
              <tr key={v.rate_bp} className="border-t border-line">
                <th scope="row" className="py-1 text-start font-normal">
                  {vatRateText(v.rate_bp, locale)}
                </th>
                <td className="py-1 text-end tabular-nums">{money(v.base)}</td>
                <td className="py-1 text-end tabular-nums">{money(v.tax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="flex justify-between gap-3">
          <span>{t("detail.totalExcl")}</span>
          <span className="tabular-nums">{money(invoice.cost_tax_excl)}</span>
        </p>
        <p className="flex justify-between gap-3 text-lg font-semibold">
          <span>{t("detail.totalIncl")}</span>
          <span className="tabular-nums">{money(invoice.cost_tax_incl)}</span>
        </p>
      </section>

      <section aria-labelledby="invoice-payee" className="grid gap-3">
        <Heading level={2} id="invoice-payee">
          {t("detail.payee")}
        </Heading>
        {writable ? (
          <form onSubmit={savePayee} className="grid gap-3 sm:grid-cols-2">
            <p className="text-ink-soft sm:col-span-2">{t("detail.payeeIntro")}</p>
            <Input label={t("detail.iban")} dir="ltr" autoComplete="off" spellCheck={false} value={iban} onChange={(e) => setIban(e.target.value)} />
            <Input label={t("detail.bic")} dir="ltr" autoComplete="off" spellCheck={false} value={bic} onChange={(e) => setBic(e.target.value)} />
            <div className="sm:col-span-2">
              <Button type="submit" variant="secondary" disabled={busy}>
                {t("detail.savePayee")}
              </Button>
            </div>
          </form>
        ) : (
          <p dir="ltr" className="text-start">
            {invoice.payee_iban ? `${invoice.payee_iban}${invoice.payee_bic ? ` · ${invoice.payee_bic}` : ""}` : t("detail.noPayee")}
          </p>
        )}
      </section>

      <section aria-labelledby="invoice-actions" className="grid gap-3">
        <Heading level={2} id="invoice-actions">
          {t("detail.actions")}
        </Heading>
        <div className="flex flex-wrap gap-3">
          {writable ? (
            <Button type="button" onClick={() => setConfirming(true)} disabled={busy || invoice.prestations.length === 0}>
              {t("detail.validate")}
            </Button>
          ) : null}
          {!draft ? (
            <>
              <a className={buttonClasses({ variant: "secondary" })} href={invoiceFileHref(invoice.id, "pdf")} download>
                {t("detail.downloadPdf")}
              </a>
              <a className={buttonClasses({ variant: "secondary" })} href={invoiceFileHref(invoice.id, "xml")} download>
                {t("detail.downloadXml")}
              </a>
            </>
          ) : (
            <p className="text-ink-soft">{t("detail.filesAfterValidation")}</p>
          )}
          {!draft && canWrite && invoice.credit_note_of === null && creditNoteId === null ? (
            <Button type="button" variant="danger" onClick={makeCreditNote} disabled={busy}>
              {t("detail.creditNote")}
            </Button>
          ) : null}
        </div>
        {!canWrite ? <p className="text-ink-soft">{t("detail.readOnly")}</p> : null}
      </section>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("detail.confirmTitle")}
        description={t("detail.confirmText", { entity: invoice.entity.name, amount: money(invoice.cost_tax_incl) })}
        closeLabel={t("actions.cancel")}
        footer={
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              {t("actions.cancel")}
            </Button>
            <Button
              type="button"
              disabled={busy}
              onClick={async () => {
                setConfirming(false);
                await run(() => validateInvoice(invoice.id), t("detail.validatedNotice"));
              }}
            >
              {t("detail.confirmValidate")}
            </Button>
          </div>
        }
      >
        <p>{t("detail.confirmImmutable")}</p>
      </Dialog>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-ink-soft">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
