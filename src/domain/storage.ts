/**
 * Key-value storage over the browser's Web Storage that never throws: when local or
 * session storage is missing (server rendering), blocked (privacy settings, sandboxed
 * frames) or full, values live in memory for the life of the page instead (SPEC §5).
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function createMemoryStorage(): KeyValueStorage & { clear(): void } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
  };
}

/**
 * Storage that uses `primary()` when it works and memory otherwise. `primary` is
 * looked up on every call because merely reading `window.localStorage` can throw.
 * A value that could only be written to memory shadows the primary's older copy.
 */
export function createFallbackStorage(primary: () => KeyValueStorage | null | undefined): KeyValueStorage {
  const memory = createMemoryStorage();
  const shadowed = new Set<string>();
  const attempt = <T>(run: (storage: KeyValueStorage) => T): { ok: true; value: T } | { ok: false } => {
    try {
      const storage = primary();
      if (!storage) return { ok: false };
      return { ok: true, value: run(storage) };
    } catch {
      return { ok: false };
    }
  };
  return {
    getItem(key) {
      if (shadowed.has(key)) return memory.getItem(key);
      const read = attempt((s) => s.getItem(key));
      return read.ok ? read.value : memory.getItem(key);
    },
    setItem(key, value) {
      if (attempt((s) => s.setItem(key, value)).ok) {
        shadowed.delete(key);
        memory.removeItem(key);
        return;
      }
      memory.setItem(key, value);
      shadowed.add(key);
      attempt((s) => s.removeItem(key));
    },
    removeItem(key) {
      memory.removeItem(key);
      shadowed.delete(key);
      attempt((s) => s.removeItem(key));
    },
  };
}

/** Long-lived storage: tokens, signed-in user, company, attribution. */
export const localStore: KeyValueStorage = createFallbackStorage(() => globalThis.localStorage);

/** Storage for the current browser tab session: the session id. */
export const sessionStore: KeyValueStorage = createFallbackStorage(() => globalThis.sessionStorage);

/** JSON value from storage, or null when missing or unreadable (and then removed). */
export function readJson(storage: KeyValueStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    storage.removeItem(key);
    return null;
  }
}

export function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value));
}
