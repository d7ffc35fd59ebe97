import { nanoid } from "nanoid";
import { SESSION_ID_LENGTH } from "@/domain/constants";
import { sessionStore, type KeyValueStorage } from "@/domain/storage";
import { STORAGE_KEYS } from "@/api-client/auth-storage";

/**
 * Random id of the current browser session (one tab), created on first use. Session
 * storage keeps it across reloads of the tab; without it, it lives for the page.
 */
export function sessionId(storage: KeyValueStorage = sessionStore): string {
  const existing = storage.getItem(STORAGE_KEYS.sessionId);
  if (existing && existing.length === SESSION_ID_LENGTH) return existing;
  const id = nanoid(SESSION_ID_LENGTH);
  storage.setItem(STORAGE_KEYS.sessionId, id);
  return id;
}
