/**
 * A column header that sorts its table: a button (keyboard and screen readers reach it),
 * aria-sort on the header when the table is sorted by it, and an arrow for sighted users.
 */
export function SortableHeader({ label, sorted, onSort }: { label: string; sorted: "asc" | "desc" | null; onSort: () => void }) {
  return (
    <th scope="col" aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined} className="p-0 text-start">
      <button type="button" onClick={onSort} className="flex min-h-11 w-full items-center gap-1 px-3 text-start font-semibold hover:bg-sand-100">
        {label}
        <span aria-hidden="true" className="text-ink-soft">
          {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
        </span>
      </button>
    </th>
  );
}
