"use client";

import type { ChangeEvent, FocusEventHandler, ReactNode, Ref } from "react";
import { cn } from "@/ui/cn";
import { FieldError, FieldHint, useFieldIds } from "@/ui/field";

/**
 * A choice among a few options shown as large cards (burial or cremation, type of
 * ceremony). Under the cards are ordinary native radio inputs, visually hidden but
 * focusable, inside a fieldset whose legend asks the question. So the browser
 * provides what users already know: Tab enters the group, arrow keys move and
 * select, Space selects, and screen readers say "radio button, 2 of 3".
 *
 * The selected / focused look is pure CSS (`:has(:checked)`, `:has(:focus-visible)`),
 * so the cards stay right whether the value is held by React (`value`), by the DOM
 * (`defaultValue`) or by react-hook-form's `register()` (the `ref` reaches every
 * radio, as register expects). `onChange` receives the native event so register
 * and Controller both work; `onValueChange` is the plain-value convenience.
 */
export type RadioCardOption = {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  /** Decorative; hidden from assistive technology. */
  icon?: ReactNode;
  disabled?: boolean;
};

export type RadioCardsProps = {
  name: string;
  /** The question, already translated; rendered as the fieldset legend. */
  legend: ReactNode;
  hideLegend?: boolean;
  options: readonly RadioCardOption[];
  hint?: ReactNode;
  error?: ReactNode;
  /** Controlled value; pass null (not undefined) for "nothing chosen yet". */
  value?: string | null;
  defaultValue?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onValueChange?: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
  required?: boolean;
  disabled?: boolean;
  /** Cards per row from the small breakpoint up; always one column on narrow phones. */
  columns?: 1 | 2 | 3;
  id?: string;
  className?: string;
};

const COLUMNS = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3" } as const;

export function RadioCards({
  name,
  legend,
  hideLegend,
  options,
  hint,
  error,
  value,
  defaultValue,
  onChange,
  onValueChange,
  onBlur,
  ref,
  required,
  disabled,
  columns = 1,
  id,
  className,
}: RadioCardsProps) {
  const ids = useFieldIds({ id, hint, error });
  const controlled = value !== undefined;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    onChange?.(event);
    onValueChange?.(event.target.value);
  }

  return (
    <fieldset id={ids.controlId} aria-describedby={ids.describedBy} className={cn("min-w-0", className)}>
      <legend className={hideLegend ? "sr-only" : "mb-2 text-lg font-semibold text-ink"}>{legend}</legend>
      <div className="flex flex-col gap-1.5">
        <FieldHint id={ids.hintId}>{hint}</FieldHint>
        <FieldError id={ids.errorId}>{error}</FieldError>
        <div className={cn("mt-1 grid gap-3", COLUMNS[columns])}>
          {options.map((option, index) => {
            const inputId = `${ids.controlId}-${index}`;
            const labelId = `${inputId}-label`;
            const descriptionId = option.description ? `${inputId}-description` : undefined;
            const optionDisabled = disabled || option.disabled;
            return (
              <label
                key={option.value}
                htmlFor={inputId}
                className={cn(
                  "group relative flex min-h-14 items-start gap-4 rounded-lg border-2 bg-surface p-4 sm:p-5",
                  "transition-colors duration-150 motion-reduce:transition-none",
                  ids.invalid ? "border-danger" : "border-line-strong",
                  optionDisabled ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:border-primary",
                  "has-checked:border-primary has-checked:bg-primary-soft",
                  "has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus",
                )}
              >
                <input
                  ref={ref}
                  id={inputId}
                  type="radio"
                  name={name}
                  value={option.value}
                  className="sr-only"
                  aria-labelledby={labelId}
                  aria-describedby={descriptionId}
                  required={required}
                  disabled={optionDisabled}
                  {...(controlled
                    ? { checked: value === option.value }
                    : defaultValue !== undefined
                      ? { defaultChecked: defaultValue === option.value }
                      : {})}
                  onChange={handleChange}
                  onBlur={onBlur}
                />
                <span
                  aria-hidden="true"
                  className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2 border-line-strong bg-surface group-has-checked:border-primary"
                >
                  <span className="size-3 scale-0 rounded-full bg-primary transition-transform duration-150 motion-reduce:transition-none group-has-checked:scale-100" />
                </span>
                {option.icon ? (
                  <span aria-hidden="true" className="flex shrink-0 text-primary">
                    {option.icon}
                  </span>
                ) : null}
                <span className="flex min-w-0 flex-col gap-1">
                  <span id={labelId} className="font-semibold text-ink">
                    {option.label}
                  </span>
                  {option.description ? (
                    <span id={descriptionId} className="text-base text-ink-soft">
                      {option.description}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </div>
    </fieldset>
  );
}
