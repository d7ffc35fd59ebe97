"use client";

import NextLink from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import type { DealSort, SortDirection } from "@/domain/schemas/deal-list";
import { cn } from "@/ui/cn";
import { SortableHeader } from "@/ui/sortable-header";
import type { BoardDeal } from "./board-calls";
import type { BoardQuery } from "./board-query";
import { advisorName, boardDates, personName } from "./deal-labels";

const COLUMNS: { sort: DealSort; label: "number" | "kind" | "state" | "defunct" | "client" | "commune" | "advisor" | "ceremony" | "created" }[] = [
  { sort: "number", label: "number" },
  { sort: "kind", label: "kind" },
  { sort: "state", label: "state" },
  { sort: "defunct", label: "defunct" },
  { sort: "client", label: "client" },
  { sort: "commune", label: "commune" },
  { sort: "advisor", label: "advisor" },
  { sort: "ceremony_at", label: "ceremony" },
  { sort: "created_at", label: "created" },
];

/** The direction a column starts with when first chosen: dates and numbers newest first, names A to Z. */
export function firstDirection(sort: DealSort): SortDirection {
  return sort === "created_at" || sort === "number" || sort === "ceremony_at" ? "desc" : "asc";
}

/** The deals as a table; every column sorts on the server (a button in its header, aria-sort on it). */
export function DealsTable({
  deals,
  query,
  selected,
  onSelect,
  onSort,
}: {
  deals: BoardDeal[];
  query: BoardQuery;
  selected: number | null;
  onSelect: (id: number) => void;
  onSort: (sort: DealSort, direction: SortDirection) => void;
}) {
  const t = useTranslations("ProBoard");
  const dates = boardDates(useLocale());
  const sort = query.sort ?? "created_at";
  const direction = query.direction ?? firstDirection(sort);
  const none = t("none");
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full min-w-[60rem] border-collapse text-start">
        <caption className="sr-only">{t("tableCaption")}</caption>
        <thead className="bg-sand-50">
          <tr>
            {COLUMNS.map((column) => {
              const active = sort === column.sort;
              const next = active ? (direction === "asc" ? "desc" : "asc") : firstDirection(column.sort);
              return <SortableHeader key={column.sort} label={t(`columns.${column.label}`)} sorted={active ? direction : null} onSort={() => onSort(column.sort, next)} />;
            })}
          </tr>
        </thead>
        <tbody>
          {deals.map((deal) => (
            <tr key={deal.id} data-selected={selected === deal.id || undefined} className={cn("border-t border-line", selected === deal.id && "bg-primary-soft outline outline-2 -outline-offset-2 outline-primary")}>
              <td className="px-3 py-2 font-semibold">
                <NextLink href={paths.proDeal(deal.id)} data-deal-link={deal.id} onFocus={() => onSelect(deal.id)} className="inline-flex min-h-11 items-center text-primary underline" aria-label={t("open", { id: String(deal.id) })}>
                  <span dir="ltr">{deal.id}</span>
                </NextLink>
                {deal.demo ? <span className="ms-2 rounded-sm bg-warning-soft px-1 text-sm text-warning">{t("demo")}</span> : null}
              </td>
              <td className="px-3 py-2">{t(`kinds.${deal.kind}`)}</td>
              <td className="px-3 py-2">{stateLabel(t, deal.state)}</td>
              <td className="px-3 py-2">{personName(deal.defunct) ?? none}</td>
              <td className="px-3 py-2">{personName(deal.client) ?? none}</td>
              <td className="px-3 py-2">{deal.death_city?.name ?? none}</td>
              <td className="px-3 py-2">{advisorName(deal) ?? t("unassigned")}</td>
              <td className="px-3 py-2">{deal.ceremony_at ? dates.dayTime(deal.ceremony_at) : none}</td>
              <td className="px-3 py-2">{dates.day(deal.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A state's label; a state this version does not know is shown as stored rather than hidden. */
export function stateLabel(t: ReturnType<typeof useTranslations<"ProBoard">>, state: string): string {
  return t.has(`states.${state}`) ? t(`states.${state}` as "states.draft") : state;
}
