import type { DealKind } from "@/domain/schemas/deal";
import { ROLES, type Role } from "@/domain/roles";

/**
 * The life of a deal, per kind, as the people running it see it. A funeral: the family
 * asks (draft), receives its quote (quote_sent, what the funnel sets), signs the order and
 * the mandate (signed), the advisors organise the steps with the partners (organising),
 * the ceremony and the disposal of the body take place (ceremony_done), the family is
 * invoiced (invoiced), the file is closed once paid and archived (closed). A request that
 * goes nowhere is lost; a signed order that stops is cancelled (the family changed operator,
 * the body was repatriated by another company...). An item order (flowers) and a monument
 * (marble) have their own, shorter paths.
 *
 * Who may move a deal: advisors (role 2) make the working moves of a case; the moves with
 * money or legal weight (cancelling a signed order, invoicing, closing, reopening a lost
 * request) are for funeral directors and admins (roles 0-1, SPEC §6 "state changes").
 */

export const DEAL_STATES = [
  "draft",
  "quote_sent",
  "signed",
  "organising",
  "ceremony_done",
  "ordered",
  "delivered",
  "in_production",
  "installed",
  "invoiced",
  "closed",
  "lost",
  "cancelled",
] as const;
export type DealState = (typeof DEAL_STATES)[number];

export function isDealState(value: unknown): value is DealState {
  return typeof value === "string" && (DEAL_STATES as readonly string[]).includes(value);
}

const WORKERS: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR];
const DIRECTORS: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR];

/** One allowed move and who may make it. */
export interface DealTransition {
  from: DealState;
  to: DealState;
  roles: readonly Role[];
}

const t = (from: DealState, to: DealState, roles: readonly Role[]): DealTransition => ({ from, to, roles });

/** The start every kind shares: a request, its quote, or nothing (lost, which a director may reopen). */
const opening = (ordered: DealState): DealTransition[] => [
  t("draft", "quote_sent", WORKERS),
  t("draft", "lost", WORKERS),
  t("quote_sent", ordered, WORKERS),
  t("quote_sent", "lost", WORKERS),
  t("lost", "draft", DIRECTORS),
];

/** The end every kind shares: the work done is invoiced, then the file closed once paid. */
const closing = (done: DealState): DealTransition[] => [t(done, "invoiced", DIRECTORS), t("invoiced", "closed", DIRECTORS)];

/** A signed order worked on in two stages (organising → ceremony_done, in_production → installed); cancelled until the work is done. */
function signedOrder(working: DealState, done: DealState): DealTransition[] {
  return [
    ...opening("signed"),
    t("signed", working, WORKERS),
    t("signed", "cancelled", DIRECTORS),
    t(working, done, WORKERS),
    t(working, "cancelled", DIRECTORS),
    ...closing(done),
  ];
}

export const DEAL_STATE_GRAPH: Record<DealKind, { initial: DealState; transitions: readonly DealTransition[] }> = {
  funeral: { initial: "draft", transitions: signedOrder("organising", "ceremony_done") },
  // Flowers are ordered straight from the funnel (draft → ordered) or after a quote.
  item: {
    initial: "draft",
    transitions: [...opening("ordered"), t("draft", "ordered", WORKERS), t("ordered", "delivered", WORKERS), t("ordered", "cancelled", DIRECTORS), ...closing("delivered")],
  },
  marble: { initial: "draft", transitions: signedOrder("in_production", "installed") },
};

/** Every state a deal of this kind can be in. */
export function statesOf(kind: DealKind): DealState[] {
  const graph = DEAL_STATE_GRAPH[kind];
  const states = new Set<DealState>([graph.initial]);
  for (const move of graph.transitions) {
    states.add(move.from);
    states.add(move.to);
  }
  return DEAL_STATES.filter((state) => states.has(state));
}

/** The moves open from `from` (none from an unknown or final state). */
export function transitionsFrom(kind: DealKind, from: string): DealTransition[] {
  return DEAL_STATE_GRAPH[kind].transitions.filter((move) => move.from === from);
}

export type TransitionRefusal = "state_invalid" | "transition_invalid" | "forbidden";

/**
 * Why `role` may not move a deal of `kind` from `from` to `to`, or null when it may. A state
 * outside the kind's graph is invalid; a move the graph lacks (including staying put) is an
 * invalid transition; a move the role may not make is forbidden.
 */
export function transitionRefusal(kind: DealKind, from: string, to: string, role: Role | null): TransitionRefusal | null {
  if (!isDealState(to) || !statesOf(kind).includes(to)) return "state_invalid";
  const move = transitionsFrom(kind, from).find((candidate) => candidate.to === to);
  if (!move) return "transition_invalid";
  return role !== null && move.roles.includes(role) ? null : "forbidden";
}

/** The next states `role` may choose from `from` (what the back-office offers), in the order of the case. */
export function nextStatesFor(kind: DealKind, from: string, role: Role | null): DealState[] {
  const allowed = new Set(transitionsFrom(kind, from).filter((move) => role !== null && move.roles.includes(role)).map((move) => move.to));
  return DEAL_STATES.filter((state) => allowed.has(state));
}

/** States where the case is over: nothing more to organise. */
export function isFinalState(kind: DealKind, state: string): boolean {
  return transitionsFrom(kind, state).length === 0 || state === "lost";
}

/** The state of each kind once its main work is done (the funeral held, the flowers delivered, the monument installed). */
const WORK_DONE: Record<DealKind, DealState> = { funeral: "ceremony_done", item: "delivered", marble: "installed" };

/**
 * Whether the family may be asked for a review: the ceremony (or delivery, or installation)
 * is behind them — the work-done state, or invoiced, or closed. Never before, nor on a lost
 * or cancelled file.
 */
export function isPastCeremony(kind: DealKind, state: string): boolean {
  return state === WORK_DONE[kind] || state === "invoiced" || state === "closed";
}

/** States where no kind of deal has anything left to do: the team's "open deals" leave them out. */
export const OPEN_DEAL_EXCLUDED_STATES: readonly DealState[] = DEAL_STATES.filter((state) =>
  (Object.keys(DEAL_STATE_GRAPH) as DealKind[]).every((kind) => !statesOf(kind).includes(state) || isFinalState(kind, state)),
);

/** States reached once the family ordered (signed the order, or ordered flowers): what quote conversion counts. */
export const ORDERED_STATES: readonly DealState[] = ["signed", "organising", "ceremony_done", "ordered", "delivered", "in_production", "installed", "invoiced", "closed", "cancelled"];
