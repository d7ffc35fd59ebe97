import type { ComponentPropsWithRef } from "react";
import { cn } from "@/ui/cn";
import { controlClasses, FieldFrame, useFieldIds, type FieldTextProps } from "@/ui/field";

/**
 * A native <select> with the shared label / hint / error wiring. Native on
 * purpose: phones show their own large, familiar picker and screen readers know
 * it well, which no custom listbox matches. Only the arrow is redrawn, placed at
 * the inline end so it mirrors in Arabic and Hebrew.
 */
export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<ComponentPropsWithRef<"select">, "size" | "multiple"> &
  FieldTextProps & {
    /** Options to render; `children` (<option>/<optgroup>) can be used instead. */
    options?: readonly SelectOption[];
    /** First, empty choice such as "Choose a département", already translated. */
    placeholder?: string;
    containerClassName?: string;
  };

export function Select({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  containerClassName,
  required,
  options,
  placeholder,
  children,
  "aria-describedby": extraDescribedBy,
  ...props
}: SelectProps) {
  const ids = useFieldIds({ id, hint, error, extraDescribedBy });
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} hideLabel={hideLabel} required={required} className={containerClassName}>
      <div className="relative">
        <select
          {...props}
          id={ids.controlId}
          required={required}
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          className={cn(controlClasses, "min-h-12 cursor-pointer appearance-none pe-11", className)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <svg
          className="pointer-events-none absolute end-4 top-1/2 size-4 -translate-y-1/2 text-ink-soft"
          viewBox="0 0 16 16"
          fill="none"
          aria-hidden="true"
          focusable="false"
        >
          <path d="m3.5 6 4.5 4.5L12.5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </FieldFrame>
  );
}
