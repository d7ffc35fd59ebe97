import type { ComponentPropsWithRef } from "react";
import { cn } from "@/ui/cn";
import { controlClasses, FieldFrame, useFieldIds, type FieldTextProps } from "@/ui/field";

/**
 * A labelled text field. Works as-is with react-hook-form's `register()` (the ref
 * reaches the native input; React 19 passes `ref` as a normal prop). The label sits
 * above the field rather than inside it: placeholders vanish while typing, which
 * is hard on memory. At least 48px high and inheriting the 17px body size, so iOS
 * does not zoom into the field.
 */
export type InputProps = Omit<ComponentPropsWithRef<"input">, "size"> &
  FieldTextProps & {
    /** Classes for the wrapper (label + field + messages), e.g. grid placement. */
    containerClassName?: string;
  };

export function Input({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  containerClassName,
  required,
  type = "text",
  "aria-describedby": extraDescribedBy,
  ...props
}: InputProps) {
  const ids = useFieldIds({ id, hint, error, extraDescribedBy });
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} hideLabel={hideLabel} required={required} className={containerClassName}>
      <input
        {...props}
        id={ids.controlId}
        type={type}
        required={required}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        className={cn(controlClasses, "min-h-12", className)}
      />
    </FieldFrame>
  );
}
