import type { ReactNode } from "react";
import { cn } from "@/ui/cn";
import { VisuallyHidden } from "@/ui/visually-hidden";

/**
 * Where the family is in a multi-step funnel (quote, repatriation, paperwork).
 * Three layers: the plain sentence "Step 2 of 7" (given by the caller, already
 * translated), a progress bar for a glance, and optionally the list of step
 * names with aria-current="step". On narrow phones the list is kept for screen
 * readers only, since seven labels do not fit and the sentence already says it.
 * Out-of-range numbers are clamped rather than breaking the page.
 */
export type StepperStep = {
  label: ReactNode;
};

export type StepperProps = {
  /** 1-based index of the step being shown. */
  current: number;
  total: number;
  /** Already translated, e.g. "Étape 2 sur 7"; shown and used as the progress bar's value text. */
  statusText: string;
  /** Accessible name of the progress bar, e.g. "Progression de votre devis". */
  label: string;
  steps?: readonly StepperStep[];
  /** Screen-reader suffix for finished steps, e.g. "(terminée)". */
  completedHint?: string;
  className?: string;
};

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(Math.round(value), min), max);
}

export function Stepper({ current, total, statusText, label, steps, completedHint, className }: StepperProps) {
  const safeTotal = clamp(total, 1, Number.MAX_SAFE_INTEGER);
  const safeCurrent = clamp(current, 1, safeTotal);
  const percent = (safeCurrent / safeTotal) * 100;

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <p className="font-medium text-ink-soft">
        {statusText}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeTotal}
        aria-valuenow={safeCurrent}
        aria-valuetext={statusText}
        className="h-2 w-full overflow-hidden rounded-full bg-sand-100"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      {steps && steps.length > 0 ? (
        <ol className="sr-only sm:not-sr-only sm:mt-2 sm:flex sm:flex-wrap sm:gap-x-6 sm:gap-y-2">
          {steps.map((step, index) => {
            const position = index + 1;
            const done = position < safeCurrent;
            const active = position === safeCurrent;
            return (
              <li
                key={position}
                aria-current={active ? "step" : undefined}
                className={cn("flex items-center gap-2 text-base", active ? "font-semibold text-ink" : "text-ink-soft")}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex size-6 shrink-0 items-center justify-center rounded-full border-2 text-sm",
                    done && "border-accent bg-accent text-on-primary",
                    active && "border-primary text-primary",
                    !done && !active && "border-line-strong",
                  )}
                >
                  {done ? (
                    <svg className="size-3.5" viewBox="0 0 16 16" fill="none" focusable="false">
                      <path d="m3.5 8.5 3 3 6-7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  ) : (
                    position
                  )}
                </span>
                <span>
                  {step.label}
                  {done && completedHint ? (
                    <>
                      {" "}
                      <VisuallyHidden>{completedHint}</VisuallyHidden>
                    </>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
