"use client";

import NextLink from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import { listColumns, sortableKeys, type FieldDescriptor } from "@/domain/directory/descriptor";
import { directoryApi, directoryDescriptor } from "@/domain/directory/registry";
import type { DirectoryEntry } from "@/domain/directory/schemas";
import { formatMoney } from "@/domain/quote/money";
import { Alert } from "@/ui/alert";
import { buttonClasses } from "@/ui/button";
import { PlaceCombobox } from "@/ui/combobox";
import { Heading } from "@/ui/heading";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { codesOfError, statusOfError } from "./codes";
import { CsvImportDialog } from "./csv-import-dialog";
import { DataTable, Pagination, type DataTableColumn } from "./data-table";
import { listEntries, searchReferences, type DirectoryPage } from "./directory-calls";
import { listReferenceNames } from "./reference-names";
import { useDirectoryLabels } from "./labels";
import { listParams, listStateSearch, type ListState } from "./list-query";

/**
 * The list of one directory type: search (accents and case ignored by the API), filters by
 * département and by state, sortable columns, pages. Every change is written into the
 * address, so the list comes back as it was after opening an entry.
 */
export function DirectoryList({ type, initial, staff }: { type: string; initial: ListState; staff: boolean }) {
  const descriptor = directoryDescriptor(type)!;
  const t = useTranslations("Directory.list");
  const labels = useDirectoryLabels();
  const locale = useLocale();
  const [state, setState] = useState<ListState>(initial);
  const [page, setPage] = useState<DirectoryPage | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "forbidden" | "failed">("loading");
  const [error, setError] = useState("");
  const [departmentLabel, setDepartmentLabel] = useState(initial.department);
  const [importOpen, setImportOpen] = useState(false);
  const [reload, setReload] = useState(0);
  const [names, setNames] = useState<Map<string, string>>(() => new Map());
  const first = useRef(true);

  useEffect(() => {
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${listStateSearch(descriptor, state)}`);
    const controller = new AbortController();
    // Typing in the search waits for a pause; every other change loads at once.
    const delay = first.current ? 0 : 250;
    first.current = false;
    const timer = setTimeout(() => {
      setStatus((current) => (current === "ready" ? "ready" : "loading"));
      listEntries(descriptor, listParams(state), controller.signal)
        .then((answer) => {
          setPage(answer);
          setStatus("ready");
          setError("");
          // Reference columns hold ids: their names are read once per page shown.
          void listReferenceNames(listColumns(descriptor), answer.data).then((found) => found.size > 0 && setNames((current) => new Map([...current, ...found])));
        })
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return;
          if (statusOfError(failure) === 403) setStatus("forbidden");
          else {
            setStatus(page ? "ready" : "failed");
            setError(codesOfError(failure).map(labels.error).join(" "));
          }
        });
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `page` is only read to keep the last rows on a failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [descriptor, state, reload, labels]);

  const change = useCallback((patch: Partial<ListState>) => setState((current) => ({ ...current, page: 1, ...patch })), []);
  const searchDepartments = useCallback(async (q: string, signal: AbortSignal) => {
    const found = await searchReferences("departments", q, signal);
    return found.map((option) => ({ id: String(option.id), label: `${option.label} (${option.id})` }));
  }, []);

  const typeName = labels.type(descriptor);
  const sortable = new Set(sortableKeys(descriptor));
  const cell = (field: FieldDescriptor, entry: DirectoryEntry) => {
    const value = entry[field.key];
    if (value === null || value === undefined || value === "") return <span className="text-ink-soft">–</span>;
    if (field.key === "disabled") return value === true ? <span className="font-semibold text-warning">{t("disabled")}</span> : t("enabled");
    if (field.kind === "boolean") return value === true ? t("yes") : t("no");
    if (field.kind === "money" && typeof value === "number") return formatMoney(value, locale);
    if (field.kind === "enum" && typeof value === "string") return labels.option(field.key, value);
    if (field.kind === "country" && typeof value === "string") return value.toUpperCase();
    if (field.kind === "reference" && field.reference && typeof value === "number") return names.get(`${field.reference}:${value}`) ?? String(value);
    if (field.kind === "phone" || field.kind === "email") return <span dir="ltr">{String(value)}</span>;
    return String(value);
  };
  const columns: DataTableColumn<DirectoryEntry>[] = listColumns(descriptor).map((field) => ({
    key: field.key,
    header: labels.field(field),
    sortable: sortable.has(field.key),
    numeric: field.kind === "money" || field.kind === "integer",
    rowHeader: field.key === descriptor.labelField,
    cell:
      field.key === descriptor.labelField
        ? (entry) => (
            <NextLink href={paths.proDirectoryEntry(descriptor.type, entry.id)} className="font-semibold text-primary underline">
              {entry.label}
              {entry.demo ? <span className="ms-2 rounded-sm bg-sand-100 px-1.5 text-sm font-medium text-ink-soft no-underline">{t("demo")}</span> : null}
            </NextLink>
          )
        : (entry) => cell(field, entry),
  }));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <NextLink href={paths.proDirectory()} className="w-fit text-primary underline">
          {t("backToDirectory")}
        </NextLink>
        <Heading level={1}>{typeName}</Heading>
        <div className="flex flex-wrap gap-3">
          {staff ? (
            <NextLink href={paths.proDirectoryNew(descriptor.type)} className={buttonClasses({ variant: "primary" })}>
              {t("new", { type: labels.type(descriptor, "one") })}
            </NextLink>
          ) : null}
          {staff ? (
            <a href={directoryApi.exportCsv(descriptor)} download className={buttonClasses({ variant: "secondary" })}>
              {t("export")}
            </a>
          ) : null}
          {staff ? (
            <button type="button" className={buttonClasses({ variant: "secondary" })} onClick={() => setImportOpen(true)}>
              {t("import")}
            </button>
          ) : null}
        </div>
      </div>

      <form role="search" aria-label={t("searchLabel", { type: typeName })} onSubmit={(event) => event.preventDefault()} className="grid gap-4 md:grid-cols-3 md:items-start">
        <Input label={t("search")} hint={t("searchHint")} type="search" value={state.q} maxLength={100} onChange={(event) => change({ q: event.target.value })} />
        {descriptor.byDepartment ? (
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <PlaceCombobox
                label={t("department")}
                value={departmentLabel}
                search={searchDepartments}
                onPick={(option) => {
                  setDepartmentLabel(option.label);
                  change({ department: option.id });
                }}
                emptyText={t("noDepartment")}
                loadingText={t("searching")}
                failedText={t("searchFailed")}
              />
            </div>
            {state.department ? (
              <button
                type="button"
                className={buttonClasses({ variant: "ghost", className: "mb-7" })}
                onClick={() => {
                  setDepartmentLabel("");
                  change({ department: "" });
                }}
              >
                {t("allDepartments")}
              </button>
            ) : null}
          </div>
        ) : null}
        {descriptor.disableable ? (
          <Select
            label={t("state")}
            value={state.state}
            onChange={(event) => change({ state: event.target.value as ListState["state"] })}
            options={[
              { value: "", label: t("stateAll") },
              { value: "enabled", label: t("stateEnabled") },
              { value: "disabled", label: t("stateDisabled") },
            ]}
          />
        ) : null}
      </form>

      {status === "forbidden" ? <Alert tone="warning">{t("forbidden")}</Alert> : null}
      {status === "failed" ? <Alert tone="error">{error || t("failed")}</Alert> : null}
      {status === "ready" && error ? <Alert tone="error">{error}</Alert> : null}
      {page ? (
        <DataTable
          caption={t("caption", { type: typeName, count: page.meta.total_count })}
          columns={columns}
          rows={page.data}
          rowKey={(entry) => entry.id}
          sort={{ key: state.sort, direction: state.direction }}
          onSort={(key, direction) => setState((current) => ({ ...current, sort: key, direction, page: 1 }))}
          emptyText={state.q || state.department || state.state ? t("emptyFiltered") : t("empty")}
          busy={status === "loading"}
          rowClassName={(entry) => (entry.disabled === true ? "text-ink-soft" : undefined)}
          footer={
            page.meta.total_pages > 1 ? (
              <Pagination page={page.meta.page} pageCount={page.meta.total_pages} total={page.meta.total_count} onPage={(next) => setState((current) => ({ ...current, page: next }))} />
            ) : (
              <p className="text-ink-soft">{t("count", { count: page.meta.total_count })}</p>
            )
          }
        />
      ) : status === "loading" ? (
        <p aria-live="polite">{t("loading")}</p>
      ) : null}

      {staff ? <CsvImportDialog descriptor={descriptor} open={importOpen} onClose={() => setImportOpen(false)} onImported={() => setReload((n) => n + 1)} /> : null}
    </div>
  );
}
