import type { ComponentPropsWithRef } from "react";
import { cn } from "@/ui/cn";
import { controlClasses, FieldFrame, useFieldIds, type FieldTextProps } from "@/ui/field";

/**
 * A labelled multi-line field (messages to an advisor, obituary text). Same
 * label / hint / error wiring as Input; resizable vertically only so it never
 * breaks the page width on a phone.
 */
export type TextareaProps = ComponentPropsWithRef<"textarea"> &
  FieldTextProps & {
    containerClassName?: string;
  };

export function Textarea({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  containerClassName,
  required,
  rows = 5,
  "aria-describedby": extraDescribedBy,
  ...props
}: TextareaProps) {
  const ids = useFieldIds({ id, hint, error, extraDescribedBy });
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} hideLabel={hideLabel} required={required} className={containerClassName}>
      <textarea
        {...props}
        id={ids.controlId}
        rows={rows}
        required={required}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        className={cn(controlClasses, "min-h-24 resize-y", className)}
      />
    </FieldFrame>
  );
}
