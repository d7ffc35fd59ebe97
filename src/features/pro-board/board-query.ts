import { DEAL_STATES, isDealState, type DealState } from "@/domain/deal-states";
import { DEAL_SORTS, type DealSort, type SortDirection } from "@/domain/schemas/deal-list";
import { DEAL_KINDS, type DealKind } from "@/domain/schemas/deal";

/**
 * What the deals board shows, as its URL says it (shareable, back and forward work):
 * search, filters, sort, page and view. Anything unreadable in a URL is dropped rather
 * than refused: a hand-edited link still opens the board.
 */
export interface BoardQuery {
  q: string;
  kind: DealKind | null;
  state: DealState | null;
  advisor: number | "none" | null;
  from: string | null;
  to: string | null;
  sort: DealSort | null;
  direction: SortDirection | null;
  page: number;
  view: "list" | "kanban";
}

export const BOARD_PER_PAGE = 25;
/** The kanban shows up to this many deals of one kind (the newest), each in its state's column. */
export const KANBAN_LIMIT = 100;
/** What "n" (new requests) filters on: a family's submitted request, its quote sent, waiting for a call. */
export const NEW_REQUEST_STATE: DealState = "quote_sent";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Readable = { get(name: string): string | null };

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

export function parseBoardQuery(search: Readable): BoardQuery {
  const advisor = search.get("conseiller");
  const page = Number(search.get("page"));
  const state = search.get("etat");
  return {
    q: (search.get("q") ?? "").slice(0, 100),
    kind: oneOf(DEAL_KINDS, search.get("type")),
    state: isDealState(state) ? state : null,
    advisor: advisor === "none" ? "none" : advisor && /^\d{1,9}$/.test(advisor) ? Number(advisor) : null,
    from: DAY.test(search.get("du") ?? "") ? search.get("du") : null,
    to: DAY.test(search.get("au") ?? "") ? search.get("au") : null,
    sort: oneOf(DEAL_SORTS, search.get("tri")),
    direction: oneOf(["asc", "desc"] as const, search.get("ordre")),
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1,
    view: search.get("vue") === "kanban" ? "kanban" : "list",
  };
}

/** The board's own URL query (French names, like its path), defaults left out. */
export function boardSearch(query: BoardQuery): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set("q", query.q.trim());
  if (query.kind) params.set("type", query.kind);
  if (query.state) params.set("etat", query.state);
  if (query.advisor !== null) params.set("conseiller", String(query.advisor));
  if (query.from) params.set("du", query.from);
  if (query.to) params.set("au", query.to);
  if (query.sort) params.set("tri", query.sort);
  if (query.direction) params.set("ordre", query.direction);
  if (query.page > 1) params.set("page", String(query.page));
  if (query.view === "kanban") params.set("vue", "kanban");
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The kind the kanban lays out: the chosen one, else funerals. */
export function kanbanKind(query: BoardQuery): DealKind {
  return query.kind ?? "funeral";
}

/** The GET /api/v1/deals query for what the board shows. */
export function dealsApiQuery(query: BoardQuery): Record<string, string | number> {
  const api: Record<string, string | number> = {};
  if (query.q.trim()) api.q = query.q.trim();
  const kind = query.view === "kanban" ? kanbanKind(query) : query.kind;
  if (kind) api.kind = kind;
  // The kanban shows every state of its kind in columns: a state filter would empty all but one.
  if (query.state && query.view === "list") api.state = query.state;
  if (query.advisor !== null) api.advisor_id = query.advisor;
  if (query.from) api.created_from = query.from;
  if (query.to) api.created_to = query.to;
  if (query.sort) api.sort = query.sort;
  if (query.direction) api.direction = query.direction;
  api.page = query.view === "kanban" ? 1 : query.page;
  api.per_page = query.view === "kanban" ? KANBAN_LIMIT : BOARD_PER_PAGE;
  return api;
}

/** Whether anything narrows the list (an empty board then says "no match", not "no deal yet"). */
export function isFiltered(query: BoardQuery): boolean {
  return Boolean(query.q.trim() || query.kind || query.state || query.advisor !== null || query.from || query.to);
}

export const EMPTY_FILTERS: Pick<BoardQuery, "q" | "kind" | "state" | "advisor" | "from" | "to" | "page"> = { q: "", kind: null, state: null, advisor: null, from: null, to: null, page: 1 };

export const ALL_STATES = DEAL_STATES;
