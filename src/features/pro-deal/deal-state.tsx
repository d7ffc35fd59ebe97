"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/ui/button";
import { Dialog } from "@/ui/dialog";
import { Select } from "@/ui/select";
import { codesOf } from "./deal-errors";
import { dealCalls, type DealStateView } from "./pro-deal-api";
import { SectionFrame, WriteError } from "./section-frame";
import { useResource } from "./use-resource";

/**
 * The deal's state and the moves the caller may make from it (GET/PUT …/state): a move is
 * confirmed in a dialog, and a refused one keeps the dialog open with the server's reason.
 */
export function DealState({ dealId, onChanged }: { dealId: number; onChanged?: (state: string) => void }) {
  const t = useTranslations("ProDeal");
  const locale = useLocale();
  const { resource, reload, replace } = useResource(String(dealId), () => dealCalls.state(dealId));
  const [target, setTarget] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const stateName = (state: string) => (t.has(`states.${state}`) ? t(`states.${state}` as "states.draft") : state);
  const when = (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));

  async function confirm(view: DealStateView) {
    setBusy(true);
    setCodes([]);
    try {
      const next = await dealCalls.changeState(dealId, target);
      replace(() => next);
      setConfirming(false);
      setTarget("");
      onChanged?.(next.state);
    } catch (error) {
      setCodes(codesOf(error));
    } finally {
      setBusy(false);
    }
    return view;
  }

  return (
    <SectionFrame id="etat" title={t("state.heading")} resource={resource} onRetry={reload}>
      {(view) => (
        <div className="space-y-3">
          <p>
            {t("state.current")} <strong data-testid="deal-state">{stateName(view.state)}</strong>
          </p>
          {view.next_states.length === 0 ? (
            <p className="text-stone-700">{t("state.noMove")}</p>
          ) : (
            <form
              className="flex flex-wrap items-end gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (target) {
                  setCodes([]);
                  setConfirming(true);
                }
              }}
            >
              <Select label={t("state.next")} value={target} onChange={(event) => setTarget(event.target.value)} placeholder={t("state.choose")} options={view.next_states.map((state) => ({ value: state, label: stateName(state) }))} />
              <Button type="submit" variant="primary" disabled={!target}>
                {t("state.change")}
              </Button>
            </form>
          )}
          <Dialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title={t("state.confirmTitle")}
            closeLabel={t("close")}
            footer={
              <div className="flex flex-wrap justify-end gap-2">
                <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
                  {t("cancel")}
                </Button>
                <Button type="button" variant="primary" loading={busy} disabled={busy} onClick={() => void confirm(view)}>
                  {t("state.confirm")}
                </Button>
              </div>
            }
          >
            <p>{t("state.confirmText", { from: stateName(view.state), to: stateName(target) })}</p>
            <WriteError codes={codes} />
          </Dialog>
          {view.events.filter((event) => event.kind === "state").length > 0 && (
            <details>
              <summary className="cursor-pointer font-medium text-primary">{t("state.history")}</summary>
              <ul className="mt-2 space-y-1 text-sm">
                {view.events
                  .filter((event) => event.kind === "state")
                  .map((event) => (
                    <li key={event.id}>
                      {t("state.historyLine", { when: when(event.created_at), from: stateName(event.from ?? ""), to: stateName(event.to ?? ""), by: event.by ? `${event.by.firstname} ${event.by.lastname}` : t("state.system") })}
                    </li>
                  ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </SectionFrame>
  );
}
