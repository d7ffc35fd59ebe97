import { ApiError, toApiError } from "@/api-client/api-error";
import type { FunnelCreateInput, FunnelDealView, FunnelUpdateInput } from "@/domain/schemas/funeral-quote";

/**
 * Saves the funnel as the family goes, and never loses what they typed: the newest
 * answers always win, one request at a time; a lost connection or a server hiccup is
 * retried on its own (sooner when the browser says it is back online), and the status
 * tells the family calmly where things are. A refusal (422) is not retried: it needs
 * the family (an e-mail already used, a field to correct).
 */

export type SaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: number }
  | { kind: "retrying"; attempt: number; retryAt: number; offline: boolean }
  | { kind: "refused"; codes: string[] };

/** What a save sends (the create body; tracking only goes with the first one). */
export type SavePayload = FunnelCreateInput;

export interface SaverApi {
  create(body: FunnelCreateInput): Promise<FunnelDealView>;
  update(uuid: string, body: FunnelUpdateInput): Promise<FunnelDealView>;
}

export interface SaverOptions {
  api: SaverApi;
  uuid: string | null;
  onStatus: (status: SaveStatus) => void;
  /** Every answer of the server, with the payload it answers. */
  onSaved: (deal: FunnelDealView, payload: SavePayload) => void;
  debounceMs?: number;
  /** Waits between attempts; the last one repeats. */
  retryDelaysMs?: readonly number[];
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const DEFAULT_RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 15_000, 30_000] as const;

/** Failures worth trying again: no answer, the server's own trouble, a rate limit. */
export function isRetryable(error: ApiError): boolean {
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Newer answers win, but a submission, its contact details and the first save's tracking are never dropped. */
export function combine(older: SavePayload, newer: SavePayload): SavePayload {
  const merged: SavePayload = { ...newer };
  if (older.submit && merged.submit === undefined) merged.submit = true;
  if (merged.client === undefined && older.client !== undefined) merged.client = older.client;
  if (merged.tracking === undefined && older.tracking !== undefined) merged.tracking = older.tracking;
  return merged;
}

interface Waiter {
  resolve: (deal: FunnelDealView) => void;
  reject: (error: ApiError) => void;
}

export class FunnelSaver {
  private uuid: string | null;
  private pending: SavePayload | null = null;
  private inFlight = false;
  private debounce: unknown = null;
  private retryTimer: unknown = null;
  private attempt = 0;
  private waiters: Waiter[] = [];
  private disposed = false;
  private readonly opts: Required<Omit<SaverOptions, "uuid">>;

  constructor(options: SaverOptions) {
    this.uuid = options.uuid;
    this.opts = {
      debounceMs: 600,
      retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
      now: () => Date.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  get dealUuid(): string | null {
    return this.uuid;
  }

  /** Whether answers typed on this device are not on the server yet. */
  get hasUnsaved(): boolean {
    return this.pending !== null || this.inFlight;
  }

  /** Saves soon; calls close together are merged into one request with the newest answers. */
  queue(payload: SavePayload): void {
    if (this.disposed) return;
    this.pending = this.merge(payload);
    if (this.debounce !== null) this.opts.clearTimer(this.debounce);
    this.debounce = this.opts.setTimer(() => {
      this.debounce = null;
      void this.pump();
    }, this.opts.debounceMs);
  }

  /** Saves now and resolves with the server's deal; rejects only when the server refuses (not on a lost connection). */
  submit(payload: SavePayload): Promise<FunnelDealView> {
    return new Promise<FunnelDealView>((resolve, reject) => {
      if (this.disposed) return reject(new ApiError(0, null, "", ["unhandled"]));
      this.waiters.push({ resolve, reject });
      this.pending = this.merge(payload);
      if (this.debounce !== null) {
        this.opts.clearTimer(this.debounce);
        this.debounce = null;
      }
      void this.pump();
    });
  }

  /** Tries again at once (the family pressed "try now", or the browser is back online). */
  retryNow(): void {
    if (this.disposed || this.inFlight || this.pending === null) return;
    if (this.retryTimer !== null) {
      this.opts.clearTimer(this.retryTimer);
      this.retryTimer = null;
    }
    void this.pump();
  }

  dispose(): void {
    this.disposed = true;
    for (const handle of [this.debounce, this.retryTimer]) if (handle !== null) this.opts.clearTimer(handle);
  }

  private merge(payload: SavePayload): SavePayload {
    return this.pending ? combine(this.pending, payload) : payload;
  }

  private async pump(): Promise<void> {
    if (this.disposed || this.inFlight || this.pending === null) return;
    if (this.retryTimer !== null) {
      this.opts.clearTimer(this.retryTimer);
      this.retryTimer = null;
    }
    const payload = this.pending;
    this.pending = null;
    this.inFlight = true;
    this.opts.onStatus({ kind: "saving" });
    try {
      const deal = await this.send(payload);
      this.inFlight = false;
      this.attempt = 0;
      this.uuid = deal.uuid;
      this.opts.onSaved(deal, payload);
      if (payload.submit) this.settle((w) => w.resolve(deal));
      if (this.pending !== null) {
        void this.pump();
      } else {
        this.opts.onStatus({ kind: "saved", at: this.opts.now() });
      }
    } catch (caught) {
      this.inFlight = false;
      const error = toApiError(caught);
      if (error.status === 404 && this.uuid !== null) {
        // The deal is gone (a cleaned-up test database, an expired draft): start a new one with the same answers.
        this.uuid = null;
        this.pending = this.pending ? combine(payload, this.pending) : payload;
        void this.pump();
        return;
      }
      if (isRetryable(error)) {
        // Newer answers replace these, but a submission is never dropped.
        this.pending = this.pending ? combine(payload, this.pending) : payload;
        this.scheduleRetry(error.status === 0);
        return;
      }
      this.opts.onStatus({ kind: "refused", codes: error.codes });
      if (payload.submit) this.settle((w) => w.reject(error));
      if (this.pending !== null) void this.pump();
    }
  }

  private scheduleRetry(offline: boolean): void {
    const delays = this.opts.retryDelaysMs;
    const delay = delays[Math.min(this.attempt, delays.length - 1)] ?? 30_000;
    this.attempt += 1;
    this.opts.onStatus({ kind: "retrying", attempt: this.attempt, retryAt: this.opts.now() + delay, offline });
    this.retryTimer = this.opts.setTimer(() => {
      this.retryTimer = null;
      void this.pump();
    }, delay);
  }

  private settle(run: (waiter: Waiter) => void): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) run(waiter);
  }

  private send(payload: SavePayload): Promise<FunnelDealView> {
    if (this.uuid === null) return this.opts.api.create(payload);
    const { tracking: _tracking, ...update } = payload;
    return this.opts.api.update(this.uuid, update);
  }
}
