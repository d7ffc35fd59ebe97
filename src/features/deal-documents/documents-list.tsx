"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import type { DealDocumentView } from "@/domain/schemas/deal-document";
import { Alert } from "@/ui/alert";
import { Button, buttonClasses } from "@/ui/button";
import { ConfirmDialog } from "./confirm-dialog";
import { deleteDocument } from "./deal-documents-calls";
import { useAction, usePanelText } from "./use-panel-text";

type SortKey = "name" | "type" | "size" | "date" | "by";
const SORT_KEYS: readonly SortKey[] = ["name", "type", "size", "date", "by"];

/**
 * The deal's documents as a table sortable on every column (newest first to begin with):
 * download through the cookie-authenticated file route, delete after a confirmation.
 */
export function DocumentsList({ dealId, documents, onChanged }: { dealId: number; documents: DealDocumentView[]; onChanged(): void }) {
  const { t, date, size } = usePanelText();
  const types = useTranslations("DocumentTypes");
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({ key: "date", ascending: false });
  const [toDelete, setToDelete] = useState<DealDocumentView | null>(null);
  const action = useAction();
  const typeName = (code: string | null) => (code && types.has(code) ? types(code) : t("documents.noType"));

  const rows = useMemo(() => {
    const value = (d: DealDocumentView): string | number =>
      sort.key === "name" ? d.name : sort.key === "type" ? typeName(d.document_type) : sort.key === "size" ? d.byte_size : sort.key === "by" ? (d.uploaded_by ?? "") : d.created_at * 1e6 + d.id;
    const sorted = [...documents].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    });
    return sort.ascending ? sorted : sorted.reverse();
    // typeName only depends on the messages, fixed for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [documents, sort]);

  const confirmDelete = async () => {
    const target = toDelete;
    if (!target) return;
    const done = await action.run(() => deleteDocument(dealId, target.id), () => t("documents.deleted", { name: target.name }));
    setToDelete(null);
    if (done !== undefined) onChanged();
  };

  if (documents.length === 0) return <p className="mt-2 text-ink-soft">{t("documents.empty")}</p>;
  return (
    <div className="mt-2">
      {action.error ? <Alert tone="error">{action.error}</Alert> : null}
      {action.notice ? <Alert tone="success">{action.notice}</Alert> : null}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-start" data-testid="deal-documents-table">
          <caption className="sr-only">{t("documents.caption")}</caption>
          <thead>
            <tr className="border-b border-line-strong">
              {SORT_KEYS.map((key) => (
                <th key={key} scope="col" className="px-2 py-2 text-start" aria-sort={sort.key === key ? (sort.ascending ? "ascending" : "descending") : "none"}>
                  <button
                    type="button"
                    className="min-h-11 font-semibold underline-offset-2 hover:underline"
                    onClick={() => setSort((s) => ({ key, ascending: s.key === key ? !s.ascending : key !== "date" }))}
                  >
                    {t(`documents.columns.${key}`)}
                    <span aria-hidden="true">{sort.key === key ? (sort.ascending ? " ▲" : " ▼") : ""}</span>
                  </button>
                </th>
              ))}
              <th scope="col" className="px-2 py-2 text-start">
                <span className="sr-only">{t("documents.columns.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id} className="border-b border-line">
                <td className="px-2 py-2 font-semibold break-all">
                  {d.name}
                  {d.sent_at ? <span className="ms-2 rounded bg-surface-muted px-1.5 text-sm font-normal">{t("documents.sentBadge")}</span> : null}
                </td>
                <td className="px-2 py-2">{typeName(d.document_type)}</td>
                <td className="px-2 py-2 whitespace-nowrap">{size(d.byte_size)}</td>
                <td className="px-2 py-2 whitespace-nowrap">{date(d.created_at)}</td>
                <td className="px-2 py-2">{d.uploaded_by ?? t("documents.bySystem")}</td>
                <td className="px-2 py-2">
                  <div className="flex flex-wrap gap-2">
                    <a className={buttonClasses({ variant: "secondary" })} href={d.download_url} download aria-label={t("documents.downloadNamed", { name: d.name })}>
                      {t("documents.download")}
                    </a>
                    <Button variant="ghost" aria-label={t("documents.deleteNamed", { name: d.name })} onClick={() => setToDelete(d)} disabled={action.busy}>
                      {t("documents.delete")}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog open={toDelete !== null} title={t("documents.deleteTitle")} confirmLabel={t("documents.deleteConfirm")} danger onConfirm={confirmDelete} onClose={() => setToDelete(null)}>
        <p>{t("documents.deleteText", { name: toDelete?.name ?? "" })}</p>
      </ConfirmDialog>
    </div>
  );
}
