"use client";

import type { ReactNode } from "react";
import { SortableHeader } from "@/ui/sortable-header";

export type SortDirection = "ascending" | "descending";
export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

/** A column header of the shared kind (src/ui), driven by the table's sort state. */
export function SortHeader<K extends string>({ column, sort, onSort, children }: { column: K; sort: SortState<K>; onSort: (next: SortState<K>) => void; children: string }) {
  const active = sort.key === column;
  const direction: SortDirection = active && sort.direction === "ascending" ? "descending" : "ascending";
  return <SortableHeader label={children} sorted={active ? (sort.direction === "ascending" ? "asc" : "desc") : null} onSort={() => onSort({ key: column, direction })} />;
}

/** Rows in the header's order; a missing value (null) always comes last. */
export function sortRows<T, K extends string>(rows: readonly T[], sort: SortState<K>, value: (row: T, key: K) => string | number | null): T[] {
  const factor = sort.direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a, sort.key);
    const y = value(b, sort.key);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    // Words in the reader's alphabetical order (accents where they belong), numbers as numbers.
    if (typeof x === "string" && typeof y === "string") return x.localeCompare(y) * factor;
    return (x < y ? -1 : 1) * factor;
  });
}

/** A column that does not sort. */
export function PlainHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="p-2 text-start">
      {children}
    </th>
  );
}

/** A table of the deal page: scrolls sideways on a phone, named by its (visually hidden) caption. */
export function SortableTable({ caption, testId, head, children }: { caption: string; testId: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-start" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300">{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
