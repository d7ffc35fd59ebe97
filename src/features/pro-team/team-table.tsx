"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { SortableHeader } from "@/ui/sortable-header";

export interface TeamRow {
  id: number;
  name: string;
  /** Sort key of the name: last name first. */
  sortName: string;
  role: string;
  email: string;
  openDeals: number;
}

type Column = "name" | "role" | "email" | "openDeals";

/** The funeral team, sortable by each column (in the browser: a team is a few dozen people). */
export function TeamTable({ rows }: { rows: TeamRow[] }) {
  const t = useTranslations("ProTeam");
  const locale = useLocale();
  const [sort, setSort] = useState<{ column: Column; direction: "asc" | "desc" }>({ column: "name", direction: "asc" });
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  const number = new Intl.NumberFormat(locale, { numberingSystem: "latn" });
  const sorted = [...rows].sort((a, b) => {
    const order =
      sort.column === "openDeals" ? a.openDeals - b.openDeals : collator.compare(sort.column === "name" ? a.sortName : a[sort.column], sort.column === "name" ? b.sortName : b[sort.column]);
    return (sort.direction === "asc" ? order : -order) || a.id - b.id;
  });
  const columns: Column[] = ["name", "role", "email", "openDeals"];
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full border-collapse text-start">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="bg-sand-50">
          <tr>
            {columns.map((column) => {
              const active = sort.column === column;
              const direction = active ? (sort.direction === "asc" ? "desc" : "asc") : column === "openDeals" ? "desc" : "asc";
              return <SortableHeader key={column} label={t(`columns.${column}`)} sorted={active ? sort.direction : null} onSort={() => setSort({ column, direction })} />;
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.id} className="border-t border-line">
              <th scope="row" className="px-3 py-2 text-start font-semibold">
                {row.name}
              </th>
              <td className="px-3 py-2">{row.role}</td>
              <td className="px-3 py-2">
                <a href={`mailto:${row.email}`} dir="ltr" className="break-all text-primary underline">
                  {row.email}
                </a>
              </td>
              <td className="px-3 py-2 tabular-nums">{number.format(row.openDeals)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
