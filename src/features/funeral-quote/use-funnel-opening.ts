import { useEffect } from "react";
import type { FunnelDealView, FunnelStep } from "@/domain/schemas/funeral-quote";
import { useArrivalSearch } from "./arrival-search";
import { forgetResumeFragment, funnelApi, readResumeFragment } from "./funnel-api";
import { draftFromDeal, emptyDraft, type FunnelDraft } from "./funnel-flow";
import { loadStoredFunnel } from "./funnel-storage";
import { stepFromSlug } from "./use-funnel-navigation";
import type { Resume } from "./use-funnel-saving";

/** Where the funnel starts: the answers, the wanted screen and the deal they belong to. */
export interface Opening {
  draft: FunnelDraft;
  at: FunnelStep | null;
  uuid: string | null;
  how: Resume;
  token: string | null;
  /** The deal as the server returned it, when read through the e-mail link. */
  deal?: FunnelDealView;
}

/**
 * Opening: from the e-mail link (#devis=…&cle=…), from this device, or afresh. Runs once,
 * on arrival; `start` receives the outcome (not if the funnel is gone by then).
 */
export function useFunnelOpening(start: (opening: Opening) => void) {
  const search = useArrivalSearch();

  useEffect(() => {
    let cancelled = false;
    const begin = (opening: Opening) => {
      if (!cancelled) start(opening);
    };
    // The link's key is read once, then taken out of the address before anything else sees it.
    const link = readResumeFragment(window.location.hash);
    forgetResumeFragment();
    const linkUuid = link?.uuid ?? search.get("devis")?.toLowerCase() ?? null;
    const wanted = stepFromSlug(search.get("etape"));
    const stored = loadStoredFunnel();
    if (linkUuid && /^[0-9a-f-]{36}$/.test(linkUuid)) {
      if (stored?.uuid === linkUuid) {
        // This device has the same deal, possibly with answers not yet saved: they win.
        begin({ draft: stored.draft, at: wanted ?? stored.step, uuid: linkUuid, how: { kind: "email" }, token: link?.token ?? stored.token });
      } else if (link) {
        funnelApi(undefined, () => link.token)
          .get(link.uuid)
          .then((deal) => {
            begin({ draft: draftFromDeal(deal, null), at: wanted ?? deal.current_step, uuid: deal.uuid, how: { kind: "email" }, token: link.token, deal });
          })
          .catch(() => {
            if (stored) begin({ draft: stored.draft, at: stored.step, uuid: stored.uuid, how: { kind: "link-invalid" }, token: stored.token });
            else begin({ draft: emptyDraft(), at: null, uuid: null, how: { kind: "link-invalid" }, token: null });
          });
      } else if (stored) {
        // An old link with the uuid alone opens nothing: this device's own funnel continues.
        begin({ draft: stored.draft, at: wanted ?? stored.step, uuid: stored.uuid, how: { kind: "local" }, token: stored.token });
      } else {
        begin({ draft: emptyDraft(), at: null, uuid: null, how: { kind: "link-invalid" }, token: null });
      }
    } else if (stored) {
      const how: Resume = stored.uuid || stored.draft.answers.situation ? { kind: "local" } : null;
      begin({ draft: stored.draft, at: wanted ?? stored.step, uuid: stored.uuid, how, token: stored.token });
    } else {
      const fresh = emptyDraft();
      if (search.get("parcours") === "rapatriement") fresh.choice = "repatriation";
      begin({ draft: fresh, at: null, uuid: null, how: null, token: null });
    }
    return () => {
      cancelled = true;
    };
    // Runs once, on arrival: later changes of the address come from the funnel itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
