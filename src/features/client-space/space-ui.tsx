"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { FormalityState } from "@/domain/schemas/administrative-procedure";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { cn } from "@/ui/cn";
import { Spinner } from "@/ui/spinner";
import type { Loaded } from "./use-load";
import { useSpaceErrors } from "./space-errors";

/** Small pieces every client-space screen shares. */

const STATE_TONES: Record<FormalityState, string> = {
  to_do: "border-line-strong bg-sand-50 text-ink",
  sent: "border-primary/40 bg-primary-soft text-primary",
  answered: "border-warning/40 bg-warning-soft text-warning",
  closed: "border-success/40 bg-success-soft text-success",
};

/** The formality's state in words (never colour alone), with a shape for each state. */
export function StateBadge({ state }: { state: FormalityState }) {
  const t = useTranslations("ClientSpace.states");
  return (
    <span data-state={state} className={cn("inline-flex w-fit items-center gap-1.5 rounded-full border px-3 py-0.5 text-base font-semibold", STATE_TONES[state])}>
      <span aria-hidden="true">{state === "to_do" ? "○" : state === "sent" ? "➜" : state === "answered" ? "✉" : "✓"}</span>
      {t(state)}
    </span>
  );
}

/** Loading, failed (with a retry) or the content. */
export function LoadedView<T>({ loaded, retry, children }: { loaded: Loaded<T>; retry: () => void; children: (value: T) => ReactNode }) {
  const t = useTranslations("ClientSpace");
  const errors = useSpaceErrors();
  if (loaded.state === "loading") {
    return (
      <div className="flex items-center gap-3 py-6 text-ink-soft">
        <Spinner label={t("loading")} />
        <span aria-hidden="true">{t("loading")}</span>
      </div>
    );
  }
  if (loaded.state === "failed") {
    return (
      <Alert tone="error" title={t("loadFailed")}>
        <p>{errors.many(loaded.codes).join(" ")}</p>
        <Button variant="secondary" className="mt-3" onClick={retry}>
          {t("retry")}
        </Button>
      </Alert>
    );
  }
  return <>{children(loaded.value)}</>;
}

/** A section of a client-space page: a heading and its content, named for assistive tech. */
export function SpaceSection({ id, title, actions, children, className }: { id: string; title: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn("flex flex-col gap-4 rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6", className)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold text-ink">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
