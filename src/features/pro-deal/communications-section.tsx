"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { Textarea } from "@/ui/textarea";
import { codesOf } from "./deal-errors";
import { dealCalls, type DealCommunication } from "./pro-deal-api";
import { SectionFrame, WriteError } from "./section-frame";
import { PlainHeader, SortHeader, SortableTable, sortRows, type SortState } from "./sort-header";
import { useResource } from "./use-resource";

type Column = "when" | "channel";
const EMPTY = { note: "", contact: "", direction: "outbound" as "outbound" | "inbound", occurred_at: "" };

/**
 * Every e-mail, SMS and call of the deal (GET …/communications, newest first; sortable by
 * date or channel), and the form to log a call by hand (POST). A refused or failed log keeps
 * what the advisor typed.
 */
export function CommunicationsSection({ dealId }: { dealId: number }) {
  const t = useTranslations("ProDeal.communications");
  const locale = useLocale();
  const { resource, reload, refresh, replace } = useResource(String(dealId), () => dealCalls.communications(dealId));
  const [sort, setSort] = useState<SortState<Column>>({ key: "when", direction: "descending" });
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const [status, setStatus] = useState("");
  const when = (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));

  async function log() {
    if (!form.note.trim()) {
      setCodes(["communication__note__blank"]);
      return;
    }
    setBusy(true);
    setCodes([]);
    try {
      const logged = await dealCalls.logCall(dealId, {
        note: form.note,
        contact: form.contact.trim() === "" ? null : form.contact,
        direction: form.direction,
        ...(form.occurred_at ? { occurred_at: new Date(form.occurred_at) } : {}),
      });
      replace((items) => [logged, ...items]);
      setForm(EMPTY);
      setStatus(t("logged"));
    } catch (error) {
      setCodes(codesOf(error));
    } finally {
      setBusy(false);
    }
  }

  const rows = (items: DealCommunication[]) => sortRows(items, sort, (item, key) => (key === "when" ? item.occurred_at : t(`channels.${item.channel}`)));
  return (
    <SectionFrame
      id="communications"
      title={t("heading")}
      resource={resource}
      onRetry={reload}
      actions={
        // E-mails sent by jobs (a batch, a signature request) land in the log after the answer: read it again on demand.
        <Button type="button" variant="ghost" onClick={() => void refresh()}>
          {t("refresh")}
        </Button>
      }
    >
      {(items) => (
        <div className="space-y-4">
          {items.length === 0 ? (
            <p>{t("empty")}</p>
          ) : (
            <SortableTable
              caption={t("caption")}
              testId="communications-table"
              head={
                <>
                  <SortHeader column="when" sort={sort} onSort={setSort}>{t("when")}</SortHeader>
                  <SortHeader column="channel" sort={sort} onSort={setSort}>{t("channel")}</SortHeader>
                  <PlainHeader>{t("who")}</PlainHeader>
                  <PlainHeader>{t("what")}</PlainHeader>
                </>
              }
            >
              {rows(items).map((item) => (
                <tr key={item.id} className="border-b border-stone-200 align-top">
                  <td className="p-2 whitespace-nowrap">{when(item.occurred_at)}</td>
                  <td className="p-2">{t(`channels.${item.channel}`)} · {t(`directions.${item.direction}`)}</td>
                  <td className="p-2">
                    {item.recipient ?? "–"}
                    {item.by ? <span className="block text-sm text-stone-700">{t("by", { name: `${item.by.firstname} ${item.by.lastname}` })}</span> : null}
                  </td>
                  <td className="p-2">
                    {item.subject ? <span className="block font-medium">{item.subject}</span> : null}
                    {item.body ? <span className="block whitespace-pre-line text-sm">{item.body}</span> : null}
                  </td>
                </tr>
              ))}
            </SortableTable>
          )}
          <form noValidate className="grid gap-3 rounded-md bg-stone-50 p-3 sm:grid-cols-2" onSubmit={(event) => { event.preventDefault(); void log(); }} aria-labelledby="log-call-heading">
            <h3 id="log-call-heading" className="font-semibold sm:col-span-2">{t("logHeading")}</h3>
            <Textarea label={t("note")} required value={form.note} rows={3} maxLength={5000} onChange={(event) => setForm({ ...form, note: event.target.value })} containerClassName="sm:col-span-2" />
            <Input label={t("contact")} value={form.contact} maxLength={200} onChange={(event) => setForm({ ...form, contact: event.target.value })} />
            <Select label={t("direction")} value={form.direction} onChange={(event) => setForm({ ...form, direction: event.target.value as "outbound" | "inbound" })} options={[{ value: "outbound", label: t("directions.outbound") }, { value: "inbound", label: t("directions.inbound") }]} />
            <Input label={t("occurredAt")} type="datetime-local" value={form.occurred_at} hint={t("occurredAtHint")} onChange={(event) => setForm({ ...form, occurred_at: event.target.value })} />
            <div className="flex items-end">
              <Button type="submit" variant="secondary" loading={busy} disabled={busy}>{t("log")}</Button>
            </div>
            <div className="sm:col-span-2">
              <WriteError codes={codes} />
              <p role="status" aria-live="polite" className="min-h-6 font-medium text-green-800">{status}</p>
            </div>
          </form>
        </div>
      )}
    </SectionFrame>
  );
}
