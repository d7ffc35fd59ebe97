"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/ui/button";
import { cn } from "@/ui/cn";

/**
 * The one table of the directory: every partner type's list and the sub-item tables use
 * it. Sortable headers are buttons inside the header cell (so Tab and Enter sort), and the
 * cell carries aria-sort; the sort itself belongs to the caller (the server sorts the
 * lists). The table scrolls sideways inside a focusable region on a phone rather than
 * squeezing its columns, and says so when it has no rows.
 */

export type SortDirection = "asc" | "desc";

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Numbers and amounts line up at the inline end. */
  numeric?: boolean;
  /** The cell that names the row (a row header for screen readers). */
  rowHeader?: boolean;
}

export interface DataTableProps<Row> {
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  sort?: { key: string; direction: SortDirection } | null;
  onSort?: (key: string, direction: SortDirection) => void;
  emptyText: string;
  /** While a new page loads, the old rows stay and the table says it is busy. */
  busy?: boolean;
  footer?: ReactNode;
  /** A row's extra look (a disabled entry is greyed). */
  rowClassName?: (row: Row) => string | undefined;
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  return (
    <svg className="size-4 shrink-0" viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <path d="M5 6.5 8 3.5l3 3" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" opacity={direction === "desc" ? 0.3 : 1} />
      <path d="M5 9.5 8 12.5l3-3" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" opacity={direction === "asc" ? 0.3 : 1} />
    </svg>
  );
}

export function DataTable<Row>({ caption, columns, rows, rowKey, sort, onSort, emptyText, busy, footer, rowClassName }: DataTableProps<Row>) {
  const t = useTranslations("Directory.table");
  return (
    <div className="flex flex-col gap-3">
      <div role="region" aria-label={caption} tabIndex={0} className="relative overflow-x-auto rounded-md border border-line bg-surface focus-visible:outline-2 focus-visible:outline-primary">
        <table className="w-full border-collapse text-start" aria-busy={busy || undefined}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-paper">
            <tr className="border-b border-line-strong">
              {columns.map((column) => {
                const active = sort?.key === column.key ? sort.direction : null;
                const ariaSort = active === "asc" ? "ascending" : active === "desc" ? "descending" : column.sortable ? "none" : undefined;
                return (
                  <th key={column.key} scope="col" aria-sort={ariaSort} className={cn("px-3 py-2 text-start align-bottom font-semibold whitespace-nowrap", column.numeric && "text-end")}>
                    {column.sortable && onSort ? (
                      <button
                        type="button"
                        onClick={() => onSort(column.key, active === "asc" ? "desc" : "asc")}
                        className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-sm text-primary underline-offset-4 hover:underline"
                      >
                        {column.header}
                        <SortIcon direction={active} />
                        <span className="sr-only">{active === "asc" ? t("sortedAscending") : active === "desc" ? t("sortedDescending") : t("sortable")}</span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={cn(busy && "opacity-60")}>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-ink-soft">
                  {emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className={cn("border-b border-line last:border-b-0", rowClassName?.(row))}>
                  {columns.map((column) => {
                    const Cell = column.rowHeader ? "th" : "td";
                    return (
                      <Cell key={column.key} scope={column.rowHeader ? "row" : undefined} className={cn("px-3 py-2 text-start align-top font-normal", column.numeric && "text-end tabular-nums")}>
                        {column.cell(row)}
                      </Cell>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {footer}
    </div>
  );
}

/** Previous / next with "page 2 of 7"; the buttons stay in place (disabled) at either end. */
export function Pagination({ page, pageCount, total, onPage }: { page: number; pageCount: number; total: number; onPage: (page: number) => void }) {
  const t = useTranslations("Directory.table");
  return (
    <nav aria-label={t("pagination")} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-ink-soft" aria-live="polite">
        {t("pageOf", { page, pages: Math.max(pageCount, 1), total })}
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <span aria-hidden="true" className="rtl:rotate-180">‹</span>
          {t("previous")}
        </Button>
        <Button type="button" variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          {t("next")}
          <span aria-hidden="true" className="rtl:rotate-180">›</span>
        </Button>
      </div>
    </nav>
  );
}
