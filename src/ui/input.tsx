import type { ComponentPropsWithRef } from "react";
import { cn } from "@/ui/cn";
import { controlClasses, FieldError, FieldHint, FieldLabel, useFieldIds, type FieldTextProps } from "@/ui/field";

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
    <div className={cn("flex flex-col gap-1.5", containerClassName)}>
      <FieldLabel htmlFor={ids.controlId} id={ids.labelId} hidden={hideLabel} required={required}>
        {label}
      </FieldLabel>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{error}</FieldError>
      <input
        {...props}
        id={ids.controlId}
        type={type}
        required={required}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        className={cn(controlClasses, "min-h-12", className)}
      />
    </div>
  );
}
