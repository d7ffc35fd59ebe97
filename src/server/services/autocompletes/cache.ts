/**
 * Answers of the reference-data autocompletes (communes, countries, départements,
 * airports, airlines), kept as serialised JSON so a repeated keystroke costs a map
 * lookup. Entries expire after a minute, so an edit made by another process (several
 * instances on one PostgreSQL) shows up within that time; writes in this process call
 * invalidate(). Data with personal or internal details is never cached.
 */
export interface AutocompleteCacheOptions {
  maxEntries: number;
  ttlMs: number;
}

interface Entry {
  json: string;
  expiresAt: number;
}

export class AutocompleteCache {
  private entries = new Map<string, Entry>();
  hits = 0;
  misses = 0;

  constructor(private options: AutocompleteCacheOptions) {}

  get enabled(): boolean {
    return this.options.maxEntries > 0;
  }

  get(key: string, now = Date.now()): string | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      if (entry) this.entries.delete(key);
      this.misses++;
      return undefined;
    }
    // Re-inserting moves the key to the end: the Map's order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return entry.json;
  }

  set(key: string, json: string, now = Date.now()): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    this.entries.set(key, { json, expiresAt: now + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets every answer of one kind (or all of them). */
  invalidate(kind?: string): void {
    if (!kind) {
      this.entries.clear();
      return;
    }
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${kind}|`)) this.entries.delete(key);
  }

  configure(options: Partial<AutocompleteCacheOptions>): void {
    this.options = { ...this.options, ...options };
    this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }
}

export const DEFAULT_AUTOCOMPLETE_CACHE: AutocompleteCacheOptions = { maxEntries: 5000, ttlMs: 60_000 };
