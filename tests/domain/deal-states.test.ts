import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEAL_STATE_GRAPH, DEAL_STATES, isFinalState, nextStatesFor, statesOf, transitionRefusal, transitionsFrom } from "@/domain/deal-states";
import { DEAL_KINDS } from "@/domain/schemas/deal";
import { ROLE_VALUES, ROLES } from "@/domain/roles";
import { BUSINESS_DEAL_ACTIONS, businessMay, rolesFor } from "@/domain/business-deal-access";
import { FUNNEL_DEAL_STATES } from "@/domain/schemas/funeral-quote";

describe("deal state machine", () => {
  it("walks a funeral from the request to the closed file", () => {
    const path = ["draft", "quote_sent", "signed", "organising", "ceremony_done", "invoiced", "closed"];
    for (let i = 1; i < path.length; i++) expect(transitionRefusal("funeral", path[i - 1]!, path[i]!, ROLES.ADMIN)).toBeNull();
    expect(isFinalState("funeral", "closed")).toBe(true);
    expect(nextStatesFor("funeral", "closed", ROLES.ADMIN)).toEqual([]);
  });

  it("knows the states the funnels set as starting points", () => {
    for (const kind of DEAL_KINDS) for (const state of FUNNEL_DEAL_STATES) expect(statesOf(kind)).toContain(state);
  });

  it("refuses skipping, staying put, unknown states and states of another kind", () => {
    expect(transitionRefusal("funeral", "draft", "closed", ROLES.ADMIN)).toBe("transition_invalid");
    expect(transitionRefusal("funeral", "draft", "draft", ROLES.ADMIN)).toBe("transition_invalid");
    expect(transitionRefusal("funeral", "draft", "exploded", ROLES.ADMIN)).toBe("state_invalid");
    expect(transitionRefusal("funeral", "ordered", "delivered", ROLES.ADMIN)).toBe("state_invalid");
    expect(transitionRefusal("item", "ordered", "delivered", ROLES.ADMIN)).toBeNull();
    // A deal stored in a state outside its graph (legacy data) can go nowhere.
    expect(transitionRefusal("funeral", "weird", "quote_sent", ROLES.ADMIN)).toBe("transition_invalid");
  });

  it("leaves the moves with money or legal weight to directors and admins", () => {
    expect(transitionRefusal("funeral", "quote_sent", "signed", ROLES.FUNERAL_ADVISOR)).toBeNull();
    expect(transitionRefusal("funeral", "signed", "cancelled", ROLES.FUNERAL_ADVISOR)).toBe("forbidden");
    expect(transitionRefusal("funeral", "ceremony_done", "invoiced", ROLES.FUNERAL_ADVISOR)).toBe("forbidden");
    expect(transitionRefusal("funeral", "ceremony_done", "invoiced", ROLES.FUNERAL_DIRECTOR)).toBeNull();
    expect(transitionRefusal("funeral", "lost", "draft", ROLES.FUNERAL_ADVISOR)).toBe("forbidden");
    for (const role of [ROLES.ANALYTICS_GUEST, ROLES.PRO, null]) expect(transitionRefusal("funeral", "draft", "quote_sent", role)).toBe("forbidden");
    expect(nextStatesFor("funeral", "signed", ROLES.FUNERAL_ADVISOR)).toEqual(["organising"]);
    expect(nextStatesFor("funeral", "signed", ROLES.FUNERAL_DIRECTOR)).toEqual(["organising", "cancelled"]);
  });

  it("every graph uses only declared states and every state is reachable from the initial one", () => {
    for (const kind of DEAL_KINDS) {
      const graph = DEAL_STATE_GRAPH[kind];
      const reached = new Set([graph.initial]);
      let grew = true;
      while (grew) {
        grew = false;
        for (const move of graph.transitions) {
          if (reached.has(move.from) && !reached.has(move.to)) {
            reached.add(move.to);
            grew = true;
          }
        }
      }
      expect([...reached].sort()).toEqual(statesOf(kind).sort());
      for (const state of statesOf(kind)) expect(DEAL_STATES).toContain(state);
    }
  });

  it("no sequence of requested moves, by any role, leaves the kind's graph", () => {
    const anyState = fc.oneof(fc.constantFrom(...DEAL_STATES), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(fc.constantFrom(...DEAL_KINDS), fc.array(fc.tuple(anyState, fc.constantFrom(...ROLE_VALUES, null)), { maxLength: 40 }), (kind, attempts) => {
        let state: string = DEAL_STATE_GRAPH[kind].initial;
        for (const [to, role] of attempts) {
          if (transitionRefusal(kind, state, to, role) !== null) continue;
          expect(transitionsFrom(kind, state).some((move) => move.to === to && role !== null && move.roles.includes(role))).toBe(true);
          state = to;
          expect(statesOf(kind)).toContain(state);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("business roles on deals", () => {
  it("admits analytics guests to nothing, pros to the work only, advisors to all but brand and duplicate", () => {
    for (const action of BUSINESS_DEAL_ACTIONS) {
      expect(businessMay(ROLES.ADMIN, action)).toBe(true);
      expect(businessMay(ROLES.FUNERAL_DIRECTOR, action)).toBe(true);
      expect(businessMay(ROLES.ANALYTICS_GUEST, action)).toBe(false);
      expect(businessMay(ROLES.PRO, action)).toBe(action === "work");
      expect(businessMay(ROLES.FUNERAL_ADVISOR, action)).toBe(action !== "brand" && action !== "duplicate");
      expect(businessMay(null, action)).toBe(false);
    }
    expect(rolesFor("brand")).toEqual([ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR]);
  });
});
