import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/api-client/api-error";
import type { MarbleDealCreateInput, MarbleDealView } from "@/domain/schemas/marble-funnel";
import { MonumentSaver, type MonumentSaverApi, type SaveStatus } from "@/features/monuments/monument-saver";

/** A partial body, as the saver passes it through untouched. */
const body = (value: object) => value as MarbleDealCreateInput;

const UUID = "0b7f3a52-5d1e-4c59-9a43-6d2b1f0e8c11";
const TOKEN = "t".repeat(40);
const view = (ttc: number) => ({ uuid: UUID, quote: { totals: { ttc_cents: ttc } } }) as unknown as MarbleDealView;

/** Timers under the test's hand: each call runs the next scheduled one. */
function clock() {
  const timers = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  return {
    setTimer: (run: () => void, ms: number) => {
      timers.set(next, { run, ms });
      return next++;
    },
    clearTimer: (handle: unknown) => void timers.delete(handle as number),
    async tick() {
      const [id, timer] = [...timers.entries()][0] ?? [];
      if (id === undefined || !timer) throw new Error("no timer");
      timers.delete(id);
      timer.run();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return timer.ms;
    },
    get pending() {
      return [...timers.values()].map((t) => t.ms);
    },
  };
}

function setup(api: { create: ReturnType<typeof vi.fn>; update: ReturnType<typeof vi.fn> }, deal = { uuid: null as string | null, token: null as string | null }) {
  const c = clock();
  const statuses: SaveStatus[] = [];
  const saved: { deal: MarbleDealView; key: { uuid: string; token: string | null } }[] = [];
  const saver = new MonumentSaver({
    api: api as unknown as MonumentSaverApi,
    deal,
    onStatus: (s) => statuses.push(s),
    onSaved: (d, key) => saved.push({ deal: d, key }),
    setTimer: c.setTimer,
    clearTimer: c.clearTimer,
    now: () => 1000,
  });
  return { saver, c, statuses, saved };
}

describe("MonumentSaver", () => {
  it("creates the deal on the first answer, then updates it with its resume token, sending only the newest answers", async () => {
    const api = { create: vi.fn().mockResolvedValue({ ...view(100), resume_token: TOKEN }), update: vi.fn().mockResolvedValue(view(200)) };
    const { saver, c, saved } = setup(api);
    saver.queue(body({ configuration: { model_code: "MON-TRA-SOBRIETE" } }));
    await c.tick();
    expect(api.create).toHaveBeenCalledWith({ configuration: { model_code: "MON-TRA-SOBRIETE" } });
    saver.queue(body({ configuration: { model_code: "A" } }));
    saver.queue(body({ configuration: { model_code: "B" } }));
    await c.tick();
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenCalledWith(UUID, TOKEN, { configuration: { model_code: "B" } });
    expect(saved.map((s) => s.deal.quote?.totals.ttc_cents)).toEqual([100, 200]);
    expect(saved[1]!.key).toEqual({ uuid: UUID, token: TOKEN });
  });

  it("retries calmly after a lost connection, longer each time, and keeps the answers", async () => {
    const api = {
      create: vi.fn(),
      update: vi.fn().mockRejectedValueOnce(new ApiError(0, null, "", ["no_network"])).mockRejectedValueOnce(new ApiError(503, null)).mockResolvedValue(view(300)),
    };
    const { saver, c, statuses } = setup(api, { uuid: UUID, token: TOKEN });
    saver.queue(body({ commentary: "Merci" }));
    await c.tick();
    expect(statuses.at(-1)).toEqual({ kind: "retrying", retryAt: 3000, offline: true });
    expect(await c.tick()).toBe(2000);
    expect(statuses.at(-1)).toMatchObject({ kind: "retrying", offline: false });
    expect(await c.tick()).toBe(4000);
    expect(api.update).toHaveBeenCalledTimes(3);
    expect(api.update.mock.calls.every((call) => (call[2] as { commentary: string }).commentary === "Merci")).toBe(true);
    expect(statuses.at(-1)).toEqual({ kind: "saved" });
  });

  it("does not retry a refusal: the codes go to the page, and submit rejects with them", async () => {
    const refusal = new ApiError(422, { error: "Unprocessable Entity", errors: ["client__email__invalid"] });
    const api = { create: vi.fn(), update: vi.fn().mockRejectedValue(refusal) };
    const { saver, c, statuses } = setup(api, { uuid: UUID, token: TOKEN });
    const outcome = expect(saver.submit(body({ submit: true }))).rejects.toBe(refusal);
    await c.tick();
    await outcome;
    expect(statuses.at(-1)).toEqual({ kind: "refused", codes: ["client__email__invalid"] });
    expect(c.pending).toEqual([]);
  });

  it("resolves a submission with the server's deal, and keeps it a submission through a retry", async () => {
    const api = { create: vi.fn(), update: vi.fn().mockRejectedValueOnce(new ApiError(0, null, "", ["no_network"])).mockResolvedValue(view(400)) };
    const { saver, c } = setup(api, { uuid: UUID, token: TOKEN });
    const sent = saver.submit(body({ submit: true }));
    await c.tick();
    saver.queue(body({ commentary: "x" }));
    await c.tick();
    await expect(sent).resolves.toMatchObject({ uuid: UUID });
    expect(api.update.mock.calls.at(-1)![2]).toEqual({ commentary: "x", submit: true });
  });
});
