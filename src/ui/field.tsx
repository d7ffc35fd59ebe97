import { useId, type ReactNode } from "react";
import { cn } from "@/ui/cn";

/**
 * The label / hint / error pattern shared by every form control, so they all wire
 * accessibility the same way:
 * - the label is a real <label for>, so tapping it focuses the control;
 * - hint and error are linked with aria-describedby (error first, so it is read
 *   before the hint), and the control gets aria-invalid while an error shows;
 * - the error is text with an icon, never colour alone, placed above the control
 *   (after the hint) so it is seen and heard before the control when zoomed in;
 * Error texts arrive already translated; this file holds no words.
 */
export type FieldTextProps = {
  /** Visible label, already translated. */
  label: ReactNode;
  /** Help shown under the label, e.g. the expected format. */
  hint?: ReactNode;
  /** Validation message; its presence marks the control invalid. */
  error?: ReactNode;
  /** Keeps the label for screen readers only (use sparingly: visible labels help everybody). */
  hideLabel?: boolean;
};

export type FieldIds = {
  controlId: string;
  labelId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
  invalid: boolean;
};

export function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== "";
}

/** Ids and ARIA values for one control; `extraDescribedBy` keeps ids the caller set. */
export function useFieldIds({
  id,
  hint,
  error,
  extraDescribedBy,
}: {
  id?: string;
  hint?: ReactNode;
  error?: ReactNode;
  extraDescribedBy?: string;
}): FieldIds {
  const generated = useId();
  const controlId = id ?? `field${generated}`;
  const hintId = hasContent(hint) ? `${controlId}-hint` : undefined;
  const errorId = hasContent(error) ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId, extraDescribedBy].filter(Boolean).join(" ") || undefined;
  return { controlId, labelId: `${controlId}-label`, hintId, errorId, describedBy, invalid: errorId !== undefined };
}

export function FieldLabel({
  htmlFor,
  id,
  hidden,
  required,
  children,
  className,
}: {
  htmlFor?: string;
  id?: string;
  hidden?: boolean;
  required?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label htmlFor={htmlFor} id={id} className={cn(hidden ? "sr-only" : "block font-semibold text-ink", className)}>
      {children}
      {/* The native `required` attribute already tells assistive technology; the star is visual. */}
      {required ? (
        <span aria-hidden="true" className="ms-1 text-danger">
          *
        </span>
      ) : null}
    </label>
  );
}

export function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!id) return null;
  return (
    <p id={id} className="text-base text-ink-soft">
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!id) return null;
  return (
    <p id={id} className="flex items-start gap-2 font-medium text-danger">
      <svg className="mt-1 size-4 shrink-0" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4.5v4.25" stroke="white" strokeWidth="1.75" strokeLinecap="round" />
        <circle cx="8" cy="11.25" r="1" fill="white" />
      </svg>
      <span>{children}</span>
    </p>
  );
}

/** Shared look of text-like controls (input, textarea, select). */
export const controlClasses =
  "block w-full rounded-md border border-line-strong bg-surface px-4 py-2.5 text-ink " +
  "placeholder:text-ink-soft hover:border-ink-soft " +
  "disabled:cursor-not-allowed disabled:bg-sand-50 disabled:text-ink-soft " +
  "aria-[invalid=true]:border-danger aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-danger";

/**
 * The frame shared by single-control fields (input, textarea, select): label, hint and
 * error above the control, in the order screen readers should meet them.
 */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  hideLabel,
  required,
  className,
  children,
}: {
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <FieldLabel htmlFor={ids.controlId} id={ids.labelId} hidden={hideLabel} required={required}>
        {label}
      </FieldLabel>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <FieldError id={ids.errorId}>{error}</FieldError>
      {children}
    </div>
  );
}
