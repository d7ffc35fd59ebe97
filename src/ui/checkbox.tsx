import type { ComponentPropsWithRef, ReactNode } from "react";
import { cn } from "@/ui/cn";
import { FieldError, FieldHint, useFieldIds } from "@/ui/field";

/**
 * A single native checkbox with its label beside it (consents, "same address as
 * above"). The native input keeps keyboard, form and screen-reader behaviour;
 * `accent-color` gives it the brand colour. The whole label row is at least 44px
 * high so the text itself is the tap target, not just the small box.
 */
export type CheckboxProps = Omit<ComponentPropsWithRef<"input">, "type" | "size"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  containerClassName?: string;
};

export function Checkbox({
  label,
  hint,
  error,
  id,
  className,
  containerClassName,
  "aria-describedby": extraDescribedBy,
  ...props
}: CheckboxProps) {
  const ids = useFieldIds({ id, hint, error, extraDescribedBy });
  return (
    <div className={cn("flex flex-col gap-1", containerClassName)}>
      <FieldError id={ids.errorId}>{error}</FieldError>
      <div className="flex items-start gap-3">
        <input
          {...props}
          id={ids.controlId}
          type="checkbox"
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          className={cn(
            "mt-2.5 size-6 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed",
            className,
          )}
        />
        <div className="flex min-w-0 flex-col">
          <label htmlFor={ids.controlId} className="flex min-h-11 cursor-pointer items-center py-1.5 text-ink">
            <span>{label}</span>
          </label>
          <FieldHint id={ids.hintId}>{hint}</FieldHint>
        </div>
      </div>
    </div>
  );
}
