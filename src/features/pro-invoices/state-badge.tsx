import type { InvoiceState } from "@/domain/invoices/state";
import { cn } from "@/ui/cn";

/** An invoice's state in words and a tint (the words carry it: colour alone says nothing to some readers). */
export function StateBadge({ state, label }: { state: InvoiceState; label: string }) {
  return (
    <span
      className={cn(
        "inline-block rounded-sm px-2 py-0.5 text-sm font-semibold",
        state === "draft" && "bg-sand-100 text-ink",
        state === "validated" && "bg-warning-soft text-warning",
        state === "paid" && "bg-success-soft text-success",
      )}
    >
      {label}
    </span>
  );
}
