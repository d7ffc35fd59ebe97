"use client";

import type { Dispatch } from "react";
import { useTranslations } from "next-intl";
import type { SubItemDescriptor } from "@/domain/directory/descriptor";
import { Button } from "@/ui/button";
import { cn } from "@/ui/cn";
import { DataTable, type DataTableColumn } from "./data-table";
import { FieldControl } from "./field-control";
import { useDirectoryLabels } from "./labels";
import { isChanged, newRow, type SubAction, type SubRow } from "./sub-item-state";

/**
 * The sub-items of one collection (a crematorium's rooms, a parlour's stays...) edited in
 * place with their entry: add a row, change a cell, remove a row. Removing a saved row
 * marks it (SPEC §3 destroy flag) and offers to undo until the entry is saved; nothing
 * reaches the server before the entry's save.
 */
export function SubItemEditor({
  sub,
  rows,
  dispatch,
  readOnly,
  cellErrors,
  errors,
  siblingOptions,
  parentKey = "",
  titleSuffix,
}: {
  sub: SubItemDescriptor;
  rows: readonly SubRow[];
  dispatch: Dispatch<SubAction>;
  readOnly?: boolean;
  /** Translated problems of cells, by row key then field key. */
  cellErrors: Record<string, Record<string, string>>;
  /** Translated problems of the collection the server answered (its codes name no row). */
  errors: readonly string[];
  /** Choices of fields pointing at a sibling collection, by field key. */
  siblingOptions?: Record<string, readonly { value: string; label: string }[]>;
  /** Key of the row holding this collection, for a row's own collections (a warehouse's products). */
  parentKey?: string;
  /** Names the row holding this collection in its title ("Produits – Entrepôt de Lyon"). */
  titleSuffix?: string;
}) {
  const t = useTranslations("Directory.subEditor");
  const labels = useDirectoryLabels();
  const title = titleSuffix ? `${labels.sub(sub)} – ${titleSuffix}` : labels.sub(sub);
  const headingId = `sub-${(parentKey + sub.key).replace(/[^\w-]/g, "-")}`;

  const columns: DataTableColumn<SubRow>[] = sub.fields.map((field) => ({
    key: field.key,
    header: labels.field(field),
    numeric: field.kind === "money" || field.kind === "integer",
    cell: (row) => (
      <div className="min-w-36">
        <FieldControl
          field={field}
          idPrefix={row.key.replace(/[^\w-]/g, "-")}
          label={t("cellLabel", { field: labels.field(field), row: rowName(row) })}
          hideLabel
          value={row.values[field.key] ?? null}
          readOnly={readOnly || row.destroy}
          error={cellErrors[row.key]?.[field.key]}
          siblingOptions={siblingOptions?.[field.key]}
          onChange={(value) => dispatch({ type: "change", key: row.key, name: field.key, value })}
        />
      </div>
    ),
  }));

  /** How a row is named to screen readers: its name as saved, else its first field ("Âge minimum 13"), else its number. */
  function rowName(row: SubRow): string {
    const values = row.original ?? row.values;
    const named = values.name ?? values.label;
    if (typeof named === "string" && named.trim() !== "") return named;
    const first = sub.fields[0];
    const value = first ? values[first.key] : null;
    if (row.id !== null && first && typeof value === "string" && value.trim() !== "") return `${labels.field(first)} ${value}`;
    return row.id === null ? t("newRow") : t("rowNumber", { id: row.id });
  }

  if (!readOnly) {
    columns.push({
      key: "actions",
      header: t("actions"),
      cell: (row) =>
        row.destroy ? (
          <div className="flex flex-col items-start gap-1">
            <span className="text-sm font-semibold text-danger">{t("willBeRemoved")}</span>
            <Button type="button" variant="secondary" onClick={() => dispatch({ type: "undo", key: row.key })} aria-label={t("undoRow", { row: rowName(row) })}>
              {t("undo")}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-1">
            {isChanged(row) ? <span className="text-sm font-semibold text-primary">{row.id === null ? t("willBeAdded") : t("willChange")}</span> : null}
            <Button type="button" variant="ghost" onClick={() => dispatch({ type: "remove", key: row.key })} aria-label={t("removeRow", { row: rowName(row) })}>
              {t("remove")}
            </Button>
          </div>
        ),
    });
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-xl font-semibold">
          {title}
        </h3>
        {readOnly ? null : (
          <Button type="button" variant="secondary" onClick={() => dispatch({ type: "add", row: newRow(sub, parentKey) })}>
            {t("add", { collection: title })}
          </Button>
        )}
      </div>
      {errors.length > 0 ? (
        <ul className="flex flex-col gap-1 font-medium text-danger" role="alert">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        emptyText={t("empty")}
        rowClassName={(row) => cn(row.destroy && "bg-danger-soft line-through decoration-danger/60", row.id === null && "bg-primary-soft/40")}
      />
      {(sub.subItems ?? []).length > 0 ? (
        <div className="flex flex-col gap-6 border-s-4 border-line ps-4">
          {rows
            .filter((row) => !row.destroy)
            .flatMap((row) =>
              (sub.subItems ?? []).map((child) => (
                <SubItemEditor
                  key={`${row.key}/${child.key}`}
                  sub={child}
                  rows={row.children[child.key] ?? []}
                  dispatch={(action) => dispatch({ type: "child", key: row.key, collection: child.key, action })}
                  readOnly={readOnly}
                  cellErrors={cellErrors}
                  errors={[]}
                  parentKey={`${row.key}/`}
                  titleSuffix={rowName(row)}
                />
              )),
            )}
        </div>
      ) : null}
    </section>
  );
}
