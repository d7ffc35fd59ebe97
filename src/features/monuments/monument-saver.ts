import { toApiError, type ApiError } from "@/api-client/api-error";
import type { MarbleDealCreateInput, MarbleDealView } from "@/domain/schemas/marble-funnel";
import type { MarbleDealCreated } from "./monument-api";

/**
 * Saves the configuration as the family goes: the newest answers win, one request at a time,
 * the first one creates the deal (POST) and the next ones update it (PUT). A lost connection or
 * a server hiccup is retried calmly on its own; a refusal (422) waits for the family.
 */

export type SaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "retrying"; retryAt: number; offline: boolean }
  | { kind: "refused"; codes: string[] };

export interface MonumentSaverApi {
  create(body: MarbleDealCreateInput): Promise<MarbleDealCreated>;
  update(uuid: string, token: string | null, body: MarbleDealCreateInput): Promise<MarbleDealView>;
}

export interface MonumentSaverOptions {
  api: MonumentSaverApi;
  deal: { uuid: string | null; token: string | null };
  onStatus: (status: SaveStatus) => void;
  /** The server's answer (its prices are the only ones shown as the quote) and the deal's key. */
  onSaved: (deal: MarbleDealView, key: { uuid: string; token: string | null }) => void;
  debounceMs?: number;
  retryDelaysMs?: readonly number[];
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 15_000, 30_000] as const;

function retryable(error: ApiError): boolean {
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

export class MonumentSaver {
  private uuid: string | null;
  private token: string | null;
  private pending: MarbleDealCreateInput | null = null;
  private inFlight = false;
  private timer: unknown = null;
  private attempt = 0;
  private waiters: { resolve: (deal: MarbleDealView) => void; reject: (error: ApiError) => void }[] = [];
  private readonly o: Required<Omit<MonumentSaverOptions, "deal">>;

  constructor(options: MonumentSaverOptions) {
    this.uuid = options.deal.uuid;
    this.token = options.deal.token;
    this.o = {
      debounceMs: 500,
      retryDelaysMs: RETRY_DELAYS_MS,
      now: () => Date.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  get hasUnsaved(): boolean {
    return this.pending !== null || this.inFlight;
  }

  /** Saves soon; answers given close together go in one request with the newest of them. */
  queue(payload: MarbleDealCreateInput): void {
    this.pending = this.pending?.submit ? { ...payload, submit: true } : payload;
    this.schedule(this.o.debounceMs);
  }

  /** Saves now; resolves with the server's deal, rejects only when the server refuses. */
  submit(payload: MarbleDealCreateInput): Promise<MarbleDealView> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.pending = payload;
      this.schedule(0);
    });
  }

  retryNow(): void {
    if (this.pending) this.schedule(0);
  }

  dispose(): void {
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = this.o.setTimer(() => {
      this.timer = null;
      void this.pump();
    }, ms);
  }

  private async pump(): Promise<void> {
    if (this.inFlight || !this.pending) return;
    const payload = this.pending;
    this.pending = null;
    this.inFlight = true;
    this.o.onStatus({ kind: "saving" });
    try {
      let deal: MarbleDealView;
      if (this.uuid === null) {
        const created = await this.o.api.create(payload);
        this.uuid = created.uuid;
        this.token = created.resume_token;
        deal = created;
      } else {
        const { tracking: _tracking, ...update } = payload;
        deal = await this.o.api.update(this.uuid, this.token, update);
      }
      this.attempt = 0;
      this.inFlight = false;
      this.o.onSaved(deal, { uuid: this.uuid, token: this.token });
      if (this.pending) return void this.pump();
      this.o.onStatus({ kind: "saved" });
      if (payload.submit) this.settle((w) => w.resolve(deal));
    } catch (raw) {
      const error = toApiError(raw);
      this.inFlight = false;
      // newer answers replace these, but a submission stays a submission
      // answers given while the request was out (the await hides them from the type checker)
      const newer = this.pending as MarbleDealCreateInput | null;
      this.pending = newer === null ? payload : payload.submit ? { ...newer, submit: true } : newer;
      if (retryable(error)) {
        const delay = this.o.retryDelaysMs[Math.min(this.attempt, this.o.retryDelaysMs.length - 1)]!;
        this.attempt += 1;
        this.o.onStatus({ kind: "retrying", retryAt: this.o.now() + delay, offline: error.status === 0 });
        this.schedule(delay);
      } else {
        this.pending = null;
        this.o.onStatus({ kind: "refused", codes: error.codes });
        this.settle((w) => w.reject(error));
      }
    }
  }

  private settle(run: (waiter: { resolve: (deal: MarbleDealView) => void; reject: (error: ApiError) => void }) => void): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach(run);
  }
}
