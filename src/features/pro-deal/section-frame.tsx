"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Heading } from "@/ui/heading";
import { useDealErrors } from "./deal-errors";
import type { Resource } from "./use-resource";

/**
 * A section of the deal page: its heading (the page's section navigation links to its id),
 * and while its own call runs or after it failed, a calm line or the translated error with
 * a retry button, so one failing call never blanks the rest of the page.
 */
export function SectionFrame<T>({ id, title, resource, onRetry, actions, children }: { id: string; title: string; resource: Resource<T>; onRetry: () => void; actions?: ReactNode; children: (data: T) => ReactNode }) {
  const t = useTranslations("ProDeal");
  const errors = useDealErrors();
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4 rounded-lg border border-stone-300 bg-white p-4 sm:p-5" data-testid={`section-${id}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <Heading level={2} size="md" id={`${id}-heading`}>
          {title}
        </Heading>
        {resource.state === "ready" && actions}
      </div>
      {resource.state === "loading" && <p className="text-stone-700">{t("loading")}</p>}
      {resource.state === "failed" && <FailedLoad messages={errors(resource.codes)} retry={t("retry")} onRetry={onRetry} />}
      {resource.state === "ready" && children(resource.data)}
    </section>
  );
}

function FailedLoad({ messages, retry, onRetry }: { messages: string[]; retry: string; onRetry: () => void }) {
  return (
    <div className="space-y-2">
      <Alert tone="error">
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </Alert>
      <Button type="button" variant="secondary" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}

/** A write's refusal, announced where the advisor acted; what they typed stays in its field. */
export function WriteError({ codes, id }: { codes: readonly string[]; id?: string }) {
  const errors = useDealErrors();
  if (codes.length === 0) return null;
  return (
    <div role="alert" id={id} className="mt-2 rounded-md border border-red-700 bg-red-50 p-2 text-red-900">
      {errors(codes).map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
