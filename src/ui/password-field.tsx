"use client";

import { useState, type ComponentPropsWithRef, type ReactNode } from "react";
import { cn } from "@/ui/cn";
import { controlClasses, FieldError, FieldHint, FieldLabel, useFieldIds } from "@/ui/field";

/**
 * A password input with a show/hide button, so people who find typing on a phone hard
 * can check what they typed. The button says what it will do and its pressed state is
 * announced; the field keeps focus-visible styles and works with react-hook-form's register().
 */
export type PasswordFieldProps = Omit<ComponentPropsWithRef<"input">, "type" | "size"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  showLabel: string;
  hideLabel: string;
  containerClassName?: string;
  /** Shown under the field (e.g. the strength meter). */
  after?: ReactNode;
};

export function PasswordField({
  label,
  hint,
  error,
  showLabel,
  hideLabel,
  id,
  className,
  containerClassName,
  required,
  after,
  "aria-describedby": extraDescribedBy,
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const ids = useFieldIds({ id, hint, error, extraDescribedBy });
  return (
    <div className={cn("flex flex-col gap-1.5", containerClassName)}>
      <FieldLabel htmlFor={ids.controlId} id={ids.labelId} required={required}>
        {label}
      </FieldLabel>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{error}</FieldError>
      <div className="relative">
        <input
          {...props}
          id={ids.controlId}
          type={visible ? "text" : "password"}
          required={required}
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
          aria-invalid={ids.invalid || undefined}
          aria-describedby={ids.describedBy}
          className={cn(controlClasses, "min-h-12 pe-14", className)}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={ids.controlId}
          className="absolute inset-y-0 end-0 inline-flex min-w-12 cursor-pointer items-center justify-center rounded-e-md text-ink-soft hover:bg-sand-50 hover:text-ink"
        >
          <span className="sr-only">{visible ? hideLabel : showLabel}</span>
          <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? null : <path d="M4 4l16 16" />}
          </svg>
        </button>
      </div>
      {after}
    </div>
  );
}
