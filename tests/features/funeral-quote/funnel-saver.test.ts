import { describe, expect, it } from "vitest";
import { ApiError } from "@/api-client/api-error";
import type { QuoteAnswers } from "@/domain/quote/answers";
import type { FunnelCreateInput, FunnelDealView, FunnelUpdateInput } from "@/domain/schemas/funeral-quote";
import { FunnelSaver, type SaveStatus } from "@/features/funeral-quote/funnel-saver";

const UUID = "3f2b8c1e-6a4d-4f7e-9b1a-2c3d4e5f6a7b";

function dealFor(answers: QuoteAnswers): FunnelDealView {
  return { uuid: UUID, state: "draft", answers, current_step: null, locale: "fr", client: null, defunct: null, quote: {} as FunnelDealView["quote"], commune: null, submitted_at: null, created_at: 0, updated_at: 0 };
}

/** A fake clock and timer queue, so retries are tested without waiting. */
function harness(respond: (call: { kind: "create" | "update"; body: FunnelCreateInput | FunnelUpdateInput }) => Promise<FunnelDealView>) {
  let now = 0;
  let timers: Array<{ at: number; run: () => void; id: number }> = [];
  let nextId = 1;
  const calls: Array<{ kind: "create" | "update"; body: FunnelCreateInput | FunnelUpdateInput; uuid?: string }> = [];
  const statuses: SaveStatus[] = [];
  const saved: FunnelDealView[] = [];
  const saver = new FunnelSaver({
    uuid: null,
    api: {
      create: (body) => {
        calls.push({ kind: "create", body });
        return respond({ kind: "create", body });
      },
      update: (uuid, body) => {
        calls.push({ kind: "update", body, uuid });
        return respond({ kind: "update", body });
      },
    },
    onStatus: (status) => statuses.push(status),
    onSaved: (deal) => saved.push(deal),
    debounceMs: 500,
    retryDelaysMs: [2_000, 4_000],
    now: () => now,
    setTimer: (run, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimer: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  async function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.run();
      await flush();
      await flush();
    }
    now = until;
    await flush();
  }
  return { saver, calls, statuses, saved, advance, flush };
}

describe("FunnelSaver", () => {
  it("creates the deal once, then updates it by uuid with the newest answers only", async () => {
    const h = harness(async ({ body }) => dealFor(body.answers));
    h.saver.queue({ answers: { situation: "death-occurred" }, tracking: { consent: true, utm_source: "google" } });
    await h.advance(500);
    h.saver.queue({ answers: { situation: "death-occurred", placeOfDeath: "home" } });
    h.saver.queue({ answers: { situation: "death-occurred", placeOfDeath: "hospital" } });
    await h.advance(500);
    expect(h.calls.map((c) => c.kind)).toEqual(["create", "update"]);
    expect(h.calls[0]!.body).toMatchObject({ tracking: { utm_source: "google" } });
    expect(h.calls[1]).toMatchObject({ uuid: UUID, body: { answers: { placeOfDeath: "hospital" } } });
    expect(h.calls[1]!.body).not.toHaveProperty("tracking");
    expect(h.statuses.at(-1)).toMatchObject({ kind: "saved" });
    expect(h.saver.hasUnsaved).toBe(false);
  });

  it("keeps the answers through a lost connection and sends them when it is back", async () => {
    let online = false;
    const h = harness(async ({ body }) => {
      if (!online) throw new ApiError(0, null, "", ["no_network"]);
      return dealFor(body.answers);
    });
    h.saver.queue({ answers: { situation: "planning-ahead" } });
    await h.advance(500);
    expect(h.statuses.at(-1)).toMatchObject({ kind: "retrying", attempt: 1, offline: true, retryAt: 2_500 });
    expect(h.saver.hasUnsaved).toBe(true);
    // Newer answers typed meanwhile replace the pending ones.
    h.saver.queue({ answers: { situation: "planning-ahead", disposition: "cremation" } });
    await h.advance(500);
    expect(h.statuses.at(-1)).toMatchObject({ kind: "retrying", attempt: 2 });
    online = true;
    await h.advance(4_000);
    expect(h.saved.at(-1)?.answers).toEqual({ situation: "planning-ahead", disposition: "cremation" });
    expect(h.statuses.at(-1)).toMatchObject({ kind: "saved" });
  });

  it("tries again at once when asked", async () => {
    let fail = true;
    const h = harness(async ({ body }) => {
      if (fail) throw new ApiError(503, { error: "Service Unavailable", message: "internal_error" }, "Service Unavailable");
      return dealFor(body.answers);
    });
    h.saver.queue({ answers: { situation: "planning-ahead" } });
    await h.advance(500);
    expect(h.statuses.at(-1)).toMatchObject({ kind: "retrying", offline: false });
    fail = false;
    h.saver.retryNow();
    await h.flush();
    await h.flush();
    expect(h.statuses.at(-1)).toMatchObject({ kind: "saved" });
  });

  it("resolves a submission once saved, even after a network failure", async () => {
    let attempts = 0;
    const h = harness(async ({ body }) => {
      attempts += 1;
      if (attempts === 1) throw new ApiError(0, null, "", ["no_network"]);
      return { ...dealFor(body.answers), state: "quote_sent" };
    });
    const submitted = h.saver.submit({ answers: { disposition: "burial" }, submit: true });
    await h.flush();
    expect(h.statuses.at(-1)).toMatchObject({ kind: "retrying" });
    await h.advance(2_000);
    await expect(submitted).resolves.toMatchObject({ state: "quote_sent" });
    expect(h.calls.at(-1)!.body).toMatchObject({ submit: true });
  });

  it("rejects a submission the server refuses, without retrying it", async () => {
    const h = harness(async () => {
      throw new ApiError(422, { error: "Unprocessable Entity", errors: ["client__email__taken"] }, "Unprocessable Entity");
    });
    const submitted = h.saver.submit({ answers: { disposition: "burial" }, submit: true });
    await expect(submitted).rejects.toMatchObject({ codes: ["client__email__taken"] });
    await h.advance(10_000);
    expect(h.calls).toHaveLength(1);
    expect(h.statuses.at(-1)).toEqual({ kind: "refused", codes: ["client__email__taken"] });
  });

  it("starts a new deal with the same answers when the old one is gone", async () => {
    let first = true;
    const h = harness(async ({ kind, body }) => {
      if (kind === "update" && first) {
        first = false;
        throw new ApiError(404, { error: "Not Found", message: "not_found" }, "Not Found");
      }
      return dealFor(body.answers);
    });
    h.saver.queue({ answers: { situation: "planning-ahead" } });
    await h.advance(500);
    h.saver.queue({ answers: { situation: "planning-ahead", coffinRange: "tradition" } });
    await h.advance(500);
    expect(h.calls.map((c) => c.kind)).toEqual(["create", "update", "create"]);
    expect(h.saved.at(-1)?.answers).toMatchObject({ coffinRange: "tradition" });
  });
});
