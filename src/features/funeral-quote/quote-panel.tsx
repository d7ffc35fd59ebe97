"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { Quote } from "@/domain/quote/pricing";
import { Button } from "@/ui/button";
import { Dialog } from "@/ui/dialog";
import { cn } from "@/ui/cn";
import { KindBadge, LineName, LineReason, QuoteDocument } from "./quote-document";
import { useQuoteText } from "./quote-text";

/**
 * The price as it stands, next to the questions (beside them on a large screen, in a bar
 * at the bottom of a phone): the total, the legal minimum, each line marked mandatory or
 * optional with why, the legal deadline, and the full quote in the legal layout.
 */

export type QuoteFreshness = "server" | "local" | "stale";

interface PanelProps {
  quote: Quote | null;
  freshness: QuoteFreshness;
  communeName: string | null;
  abroad: boolean;
}

function PanelBody({ quote, freshness, communeName, onOpenDocument }: PanelProps & { onOpenDocument: () => void }) {
  const t = useTranslations("Quote.panel");
  const text = useQuoteText();
  if (!quote) {
    return <p className="text-ink-soft">{t("empty")}</p>;
  }
  const latest = quote.deadlines?.deadlines.find((d) => d.id === "funeral-latest");
  const lines = quote.lines;
  const mandatory = lines.filter((l) => l.kind === "mandatory");
  const optional = lines.filter((l) => l.kind === "optional");
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-ink-soft">{t("total")}</p>
        <p className="text-3xl font-semibold tabular-nums text-ink" data-testid="quote-total">
          {text.money(quote.totals.totalTtc)}
        </p>
        <p className="text-ink-soft">{t("minimum", { amount: text.money(quote.totals.minimumTtc) })}</p>
        <p className="mt-1 text-sm text-ink-soft" aria-live="polite">
          {freshness === "stale" ? t("updating") : communeName ? t("pricedFor", { commune: communeName }) : null}
        </p>
      </div>
      {latest ? (
        <p className="rounded-md border border-primary/30 bg-primary-soft px-3 py-2 text-base text-ink">
          {t("deadline", { date: text.day(latest.at.date) })}
        </p>
      ) : null}
      {quote.isDemo ? <p className="text-sm text-ink-soft">{t("demo")}</p> : null}
      {[
        { key: "mandatory" as const, items: mandatory },
        { key: "optional" as const, items: optional },
      ].map((group) =>
        group.items.length > 0 ? (
          <section key={group.key} aria-label={t(`${group.key}Group`, { count: group.items.length })}>
            <h3 className="font-sans text-base font-semibold text-ink">{t(`${group.key}Group`, { count: group.items.length })}</h3>
            <ul className="mt-1 divide-y divide-line">
              {group.items.map((line, index) => (
                <li key={`${line.code}-${index}`} className="py-2">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <LineName line={line} text={text} />
                    </div>
                    <span className="shrink-0 font-medium tabular-nums">{text.money(line.amountTtcCents)}</span>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <KindBadge kind={line.kind} />
                    {line.advanced ? <span className="text-sm text-ink-soft">{t("advanced")}</span> : null}
                  </div>
                  <LineReason line={line} text={text} />
                </li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
      <Button variant="secondary" onClick={onOpenDocument}>
        {t("openDocument")}
      </Button>
    </div>
  );
}

export function QuotePanel(props: PanelProps) {
  const t = useTranslations("Quote.panel");
  const text = useQuoteText();
  const [documentOpen, setDocumentOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const { quote } = props;
  return (
    <>
      {/* Large screens: beside the questions. */}
      <aside aria-labelledby="quote-panel-title" className="hidden lg:block">
        <div className="sticky top-4 max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border border-line bg-surface p-5 shadow-card">
          <h2 id="quote-panel-title" className="mb-3 font-sans text-xl font-semibold">
            {t("title")}
          </h2>
          <PanelBody {...props} onOpenDocument={() => setDocumentOpen(true)} />
        </div>
      </aside>

      {/* Phones and tablets: a bar at the bottom with the total once there is one; the details open in a sheet. */}
      <div hidden={!quote} data-bottom-bar="" className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 px-4 py-3 shadow-card backdrop-blur lg:hidden">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
          <div aria-live="polite" className="min-w-0">
            <p className="text-sm text-ink-soft">{t("total")}</p>
            <p className="text-xl font-semibold tabular-nums" data-testid="quote-total-bar">
              {quote ? text.money(quote.totals.totalTtc) : "—"}
            </p>
          </div>
          <Button variant="secondary" onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
            {t("details")}
          </Button>
        </div>
      </div>

      <Dialog open={sheetOpen} onClose={() => setSheetOpen(false)} title={t("title")} closeLabel={t("close")} size="lg">
        <PanelBody
          {...props}
          onOpenDocument={() => {
            setSheetOpen(false);
            setDocumentOpen(true);
          }}
        />
      </Dialog>
      <Dialog open={documentOpen} onClose={() => setDocumentOpen(false)} title={t("documentTitle")} closeLabel={t("close")} size="lg">
        {quote ? <QuoteDocument quote={quote} abroad={props.abroad} headingLevel={3} /> : null}
      </Dialog>
    </>
  );
}

export function PanelSpacer() {
  // Room at the bottom of phones so the price bar never hides the last button.
  return <div aria-hidden="true" className={cn("h-28 lg:hidden")} />;
}
