"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { toApiError } from "@/api-client/api-error";
import { paths } from "@/config/paths";
import { statesOf } from "@/domain/deal-states";
import { messageKeyForCode } from "@/domain/errors";
import type { Role } from "@/domain/roles";
import { DEAL_KINDS } from "@/domain/schemas/deal";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { fetchDeals, type BoardDeal, type BoardPage } from "./board-calls";
import { ALL_STATES, EMPTY_FILTERS, NEW_REQUEST_STATE, boardSearch, dealsApiQuery, isFiltered, kanbanKind, parseBoardQuery, type BoardQuery } from "./board-query";
import { BoardPagination } from "./board-pagination";
import { DealsKanban } from "./deals-kanban";
import { DealsTable } from "./deals-table";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { useBoardShortcuts } from "./use-board-shortcuts";

export interface TeamOption {
  id: number;
  firstname: string;
  lastname: string;
}

type Load = { key: string; status: "loading" } | { key: string; status: "loaded"; page: BoardPage } | { key: string; status: "failed"; code: string };

const SEARCH_DELAY_MS = 300;

/**
 * The deals board: list or kanban, search, filters and sort, all in the URL (the history
 * holds each filter change; typing replaces the entry instead of adding one per key).
 * The page renders with the first answer; later ones come from GET /api/v1/deals, and a
 * failed call keeps the board and what was typed, with a retry.
 */
export function DealsBoard({ initial, initialKey, team, role }: { initial: BoardPage | null; initialKey: string; team: TeamOption[] | null; role: Role }) {
  const t = useTranslations("ProBoard");
  const errors = useTranslations("Errors");
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const query = parseBoardQuery(searchParams);
  const key = boardSearch(query);
  const [load, setLoad] = useState<Load>(initial ? { key: initialKey, status: "loaded", page: initial } : { key: "", status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [typed, setTyped] = useState(query.q);
  const [urlQ, setUrlQ] = useState(query.q);
  const [sentQ, setSentQ] = useState(query.q);
  const [selected, setSelected] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const [shown, setShown] = useState<BoardPage | null>(initial);
  const searchRef = useRef<HTMLInputElement>(null);

  // Back or forward changed the search: the box follows the URL. The URL catching up with
  // what this box sent is not such a change: what was typed since then stays.
  if (urlQ !== query.q) {
    setUrlQ(query.q);
    if (query.q !== sentQ && query.q.trim() !== typed.trim()) setTyped(query.q);
  }

  useEffect(() => {
    if (load.key === key && load.status === "loaded" && attempt === 0) return;
    const controller = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the board shows it is loading the moment the URL changes
    setLoad({ key, status: "loading" });
    fetchDeals(dealsApiQuery(parseBoardQuery(new URLSearchParams(key))), controller.signal)
      .then((page) => {
        setLoad({ key, status: "loaded", page });
        setShown(page);
      })
      .catch((thrown: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ key, status: "failed", code: toApiError(thrown).codes[0] ?? "unhandled" });
      });
    return () => controller.abort();
    // The answer in hand is for `key` (load.key is read, not followed).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  function go(next: Partial<BoardQuery>, mode: "push" | "replace" = "push") {
    // Merged with the URL as it is now, not as this render saw it: the search's debounce
    // fires after other changes (a view switched meanwhile must stay switched).
    const url = `${pathname}${boardSearch({ ...parseBoardQuery(new URLSearchParams(window.location.search)), ...next })}`;
    if (mode === "push") window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
    setSelected(null);
  }

  useEffect(() => {
    if (typed.trim() === query.q.trim()) return;
    const timer = setTimeout(() => {
      setSentQ(typed.trim());
      go({ q: typed, page: 1 }, "replace");
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const deals: BoardDeal[] = shown?.data ?? [];
  const kanban = query.view === "kanban";
  const ordered = kanban ? statesOf(kanbanKind(query)).flatMap((state) => deals.filter((deal) => deal.state === state)) : deals;

  function focusDeal(id: number) {
    document.querySelector<HTMLElement>(`[data-deal-link="${id}"]`)?.focus();
  }

  useBoardShortcuts({
    focusSearch: () => searchRef.current?.focus(),
    moveSelection: (delta) => {
      if (ordered.length === 0) return;
      const index = ordered.findIndex((deal) => deal.id === selected);
      const next = ordered[index === -1 ? (delta === 1 ? 0 : ordered.length - 1) : Math.min(ordered.length - 1, Math.max(0, index + delta))]!;
      setSelected(next.id);
      focusDeal(next.id);
    },
    openSelection: () => {
      if (selected !== null) router.push(paths.proDeal(selected));
    },
    toggleView: () => go({ view: kanban ? "list" : "kanban", page: 1 }),
    newRequests: () => go({ ...EMPTY_FILTERS, q: query.q, state: NEW_REQUEST_STATE, view: "list" }),
    showHelp: () => setHelp(true),
  });

  const stateOptions = (query.kind ? statesOf(query.kind) : ALL_STATES).map((state) => ({ value: state, label: t(`states.${state}`) }));
  const failed = load.status === "failed" ? load : null;
  const number = new Intl.NumberFormat(locale, { numberingSystem: "latn" });
  return (
    <div className="flex flex-col gap-6">
      <form role="search" aria-label={t("filtersLabel")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
        <Input
          ref={searchRef}
          type="search"
          label={t("search")}
          hint={t("searchHint")}
          value={typed}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          containerClassName="sm:col-span-2"
        />
        <Select
          label={t("kind")}
          value={query.kind ?? ""}
          onChange={(event) => go({ kind: (event.target.value || null) as BoardQuery["kind"], state: null, page: 1 })}
          placeholder={kanban ? undefined : t("allKinds")}
          options={DEAL_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        />
        {kanban ? null : (
          <Select
            label={t("state")}
            value={query.state ?? ""}
            onChange={(event) => go({ state: (event.target.value || null) as BoardQuery["state"], page: 1 })}
            placeholder={t("allStates")}
            options={stateOptions}
          />
        )}
        {team ? (
          <Select
            label={t("advisor")}
            value={query.advisor === null ? "" : String(query.advisor)}
            onChange={(event) => go({ advisor: event.target.value === "" ? null : event.target.value === "none" ? "none" : Number(event.target.value), page: 1 })}
            placeholder={t("allAdvisors")}
            options={[{ value: "none", label: t("unassigned") }, ...team.map((member) => ({ value: String(member.id), label: `${member.firstname} ${member.lastname}` }))]}
          />
        ) : null}
        <Input type="date" label={t("from")} value={query.from ?? ""} max={query.to ?? undefined} onChange={(event) => go({ from: event.target.value || null, page: 1 })} />
        <Input type="date" label={t("to")} value={query.to ?? ""} min={query.from ?? undefined} onChange={(event) => go({ to: event.target.value || null, page: 1 })} />
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-4">
          <div role="group" aria-label={t("viewLabel")} className="flex gap-2">
            <Button type="button" variant={kanban ? "secondary" : "primary"} aria-pressed={!kanban} onClick={() => go({ view: "list", page: 1 })}>
              {t("viewList")}
            </Button>
            <Button type="button" variant={kanban ? "primary" : "secondary"} aria-pressed={kanban} onClick={() => go({ view: "kanban", page: 1 })}>
              {t("viewKanban")}
            </Button>
          </div>
          <Button type="button" variant="secondary" onClick={() => go({ ...EMPTY_FILTERS, state: NEW_REQUEST_STATE, view: "list" })}>
            {t("newRequests")}
          </Button>
          {isFiltered(query) ? (
            <Button type="button" variant="ghost" onClick={() => { setTyped(""); go(EMPTY_FILTERS); }}>
              {t("clearFilters")}
            </Button>
          ) : null}
          <Button type="button" variant="ghost" className="ms-auto" onClick={() => setHelp(true)} aria-keyshortcuts="?">
            {t("shortcuts.button")}
          </Button>
        </div>
      </form>

      <p role="status" aria-live="polite" className="min-h-6 font-medium">
        {load.status === "loading" ? t("loading") : shown ? t("total", { count: shown.meta.total_count, formatted: number.format(shown.meta.total_count) }) : ""}
      </p>
      {failed ? (
        <Alert tone="error" title={t("loadFailed")}>
          <p>{errors(messageKeyForCode(failed.code))}</p>
          <Button type="button" variant="secondary" className="mt-3" onClick={() => setAttempt((value) => value + 1)}>
            {t("retry")}
          </Button>
        </Alert>
      ) : null}

      {shown && shown.meta.total_count === 0 && load.status !== "loading" ? (
        isFiltered(query) ? (
          <div className="rounded-lg border border-line p-6">
            <p className="text-lg font-semibold">{t("noMatchTitle")}</p>
            <p className="mt-1 text-ink-soft">{t("noMatchBody")}</p>
            <Button type="button" variant="secondary" className="mt-4" onClick={() => { setTyped(""); go(EMPTY_FILTERS); }}>
              {t("clearFilters")}
            </Button>
          </div>
        ) : (
          <div className="rounded-lg border border-line p-6">
            <p className="text-lg font-semibold">{t("emptyTitle")}</p>
            <p className="mt-1 text-ink-soft">{t("emptyBody")}</p>
          </div>
        )
      ) : null}

      {shown && shown.meta.total_count > 0 ? (
        kanban ? (
          <DealsKanban
            deals={deals}
            kind={kanbanKind(query)}
            role={role}
            total={shown.meta.total_count}
            selected={selected}
            onSelect={setSelected}
            onMoved={(id, state) => setShown((page) => (page ? { ...page, data: page.data.map((deal) => (deal.id === id ? { ...deal, state } : deal)) } : page))}
          />
        ) : (
          <>
            <DealsTable deals={deals} query={query} selected={selected} onSelect={setSelected} onSort={(sort, direction) => go({ sort, direction, page: 1 })} />
            <BoardPagination page={shown.meta.page} totalPages={shown.meta.total_pages} onPage={(page) => go({ page })} />
          </>
        )
      ) : null}
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
