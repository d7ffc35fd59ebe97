"use client";

import NextLink from "next/link";
import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { toApiError } from "@/api-client/api-error";
import { paths } from "@/config/paths";
import { nextStatesFor, statesOf, type DealState } from "@/domain/deal-states";
import { messageKeyForCode } from "@/domain/errors";
import type { Role } from "@/domain/roles";
import type { DealKind } from "@/domain/schemas/deal";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { cn } from "@/ui/cn";
import { Dialog } from "@/ui/dialog";
import { moveDeal, type BoardDeal } from "./board-calls";
import { KANBAN_LIMIT } from "./board-query";
import { advisorName, boardDates, personName } from "./deal-labels";
import { stateLabel } from "./deals-table";

type Move = { deal: BoardDeal; to: DealState; status: "confirm" | "saving" } | { deal: BoardDeal; to: DealState; status: "refused"; code: string };

/**
 * One column per state of the kind (src/domain/deal-states.ts). A card moves with its
 * "Move to" menu, never only by dragging: the choice is confirmed in a dialog, the server
 * checks it again, and a refusal shows its reason while the card stays where it was.
 */
export function DealsKanban({
  deals,
  kind,
  role,
  total,
  selected,
  onSelect,
  onMoved,
}: {
  deals: BoardDeal[];
  kind: DealKind;
  role: Role;
  total: number;
  selected: number | null;
  onSelect: (id: number) => void;
  onMoved: (id: number, state: DealState) => void;
}) {
  const t = useTranslations("ProBoard");
  const errors = useTranslations("Errors");
  const dates = boardDates(useLocale());
  const [move, setMove] = useState<Move | null>(null);
  const [done, setDone] = useState("");
  const [focusAfter, setFocusAfter] = useState<number | null>(null);

  // After a move the card lives in another column: focus follows it.
  useEffect(() => {
    if (focusAfter === null) return;
    document.querySelector<HTMLElement>(`[data-deal-link="${focusAfter}"]`)?.focus();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-shot request, cleared once served
    setFocusAfter(null);
  }, [focusAfter]);

  async function confirm() {
    if (!move || move.status !== "confirm") return;
    setMove({ ...move, status: "saving" });
    try {
      await moveDeal(move.deal.id, move.to);
      onMoved(move.deal.id, move.to);
      setDone(t("moved", { id: String(move.deal.id), state: stateLabel(t, move.to) }));
      setMove(null);
      setFocusAfter(move.deal.id);
    } catch (thrown) {
      setMove({ deal: move.deal, to: move.to, status: "refused", code: toApiError(thrown).codes[0] ?? "unhandled" });
    }
  }

  const columns = statesOf(kind);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-ink-soft">{t("kanbanNote", { kind: t(`kinds.${kind}`), shown: String(Math.min(total, KANBAN_LIMIT)), total: String(total) })}</p>
      <p role="status" aria-live="polite" className="min-h-6 font-medium">
        {done}
      </p>
      <div className="flex gap-4 overflow-x-auto pb-4">
        {columns.map((state) => {
          const cards = deals.filter((deal) => deal.state === state);
          return (
            <section key={state} aria-labelledby={`column-${state}`} className="flex w-72 shrink-0 flex-col gap-3 rounded-lg bg-sand-50 p-3">
              <h2 id={`column-${state}`} className="flex items-center justify-between text-lg font-semibold">
                {stateLabel(t, state)}
                <span className="rounded-full bg-surface px-2 text-base">{cards.length}</span>
              </h2>
              <ul className="flex flex-col gap-3">
                {cards.map((deal) => (
                  <li key={deal.id}>
                    <KanbanCard
                      deal={deal}
                      selected={selected === deal.id}
                      onSelect={onSelect}
                      nextStates={nextStatesFor(kind, deal.state, role)}
                      onMove={(to) => setMove({ deal, to, status: "confirm" })}
                      ceremony={deal.ceremony_at ? dates.dayTime(deal.ceremony_at) : null}
                    />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <Dialog
        open={move !== null}
        onClose={() => setMove(null)}
        title={t("moveTitle")}
        closeLabel={t("close")}
        footer={
          move && move.status !== "refused" ? (
            <div className="flex flex-wrap justify-end gap-3">
              <Button type="button" variant="secondary" onClick={() => setMove(null)}>
                {t("cancel")}
              </Button>
              <Button type="button" onClick={confirm} loading={move.status === "saving"}>
                {t("confirmMove")}
              </Button>
            </div>
          ) : null
        }
      >
        {move ? <p>{t("moveQuestion", { id: String(move.deal.id), from: stateLabel(t, move.deal.state), to: stateLabel(t, move.to) })}</p> : null}
        {move?.status === "refused" ? (
          <Alert tone="error" title={t("moveRefused")} className="mt-4">
            {errors(messageKeyForCode(move.code))}
          </Alert>
        ) : null}
      </Dialog>
    </div>
  );
}

function KanbanCard({
  deal,
  selected,
  onSelect,
  nextStates,
  onMove,
  ceremony,
}: {
  deal: BoardDeal;
  selected: boolean;
  onSelect: (id: number) => void;
  nextStates: DealState[];
  onMove: (to: DealState) => void;
  ceremony: string | null;
}) {
  const t = useTranslations("ProBoard");
  const [to, setTo] = useState<DealState | "">("");
  const defunct = personName(deal.defunct);
  return (
    <article data-selected={selected || undefined} className={cn("flex flex-col gap-2 rounded-md border border-line bg-surface p-3", selected && "outline outline-2 outline-primary")}>
      <NextLink href={paths.proDeal(deal.id)} data-deal-link={deal.id} onFocus={() => onSelect(deal.id)} className="font-semibold text-primary underline">
        {t("cardTitle", { id: String(deal.id), name: defunct ?? t("noDefunct") })}
      </NextLink>
      <dl className="text-base">
        {deal.client ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-ink-soft">{t("columns.client")}</dt>
            <dd>{personName(deal.client) ?? t("none")}</dd>
          </div>
        ) : null}
        {deal.death_city ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-ink-soft">{t("columns.commune")}</dt>
            <dd>{deal.death_city.name}</dd>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-ink-soft">{t("columns.advisor")}</dt>
          <dd>{advisorName(deal) ?? t("unassigned")}</dd>
        </div>
        {ceremony ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-ink-soft">{t("columns.ceremony")}</dt>
            <dd>{ceremony}</dd>
          </div>
        ) : null}
      </dl>
      {nextStates.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-base">
            <span className="font-semibold">{t("moveTo", { id: String(deal.id) })}</span>
            <select value={to} onChange={(event) => setTo(event.target.value as DealState | "")} className="min-h-11 rounded-md border border-line-strong bg-surface px-2">
              <option value="">{t("chooseState")}</option>
              {nextStates.map((state) => (
                <option key={state} value={state}>
                  {stateLabel(t, state)}
                </option>
              ))}
            </select>
          </label>
          <Button type="button" variant="secondary" disabled={to === ""} onClick={() => to !== "" && onMove(to)} aria-label={t("moveButtonLabel", { id: String(deal.id) })}>
            {t("move")}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
