import { isUserType, type UserType } from "@/domain/roles";
import { localStore, readJson, writeJson, type KeyValueStorage } from "@/domain/storage";

/** devise_token_auth headers, rotated by the server on each response. */
export const TOKEN_HEADERS = ["access-token", "client", "expiry", "uid"] as const;
export type TokenHeader = (typeof TOKEN_HEADERS)[number];
export type AuthTokens = Partial<Record<TokenHeader, string>>;

/** A signed-in client or business user as the server returns it. */
export interface AuthUser {
  id: number | string;
  email?: string | null;
  /** Business users only (SPEC §6). */
  role?: number | null;
  [field: string]: unknown;
}

export interface StoredUser {
  user: AuthUser;
  userType: UserType;
}

/** The company the visitor acts for; its id goes with every call. */
export interface Company {
  id: number | string;
  [field: string]: unknown;
}

export const STORAGE_KEYS = {
  tokens: "paisible.auth-tokens",
  user: "paisible.user",
  company: "paisible.company",
  attribution: "paisible.attribution",
  sessionId: "paisible.session-id",
} as const;

const storage: KeyValueStorage = localStore;

function isNonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}

export function readTokens(): AuthTokens | null {
  const value = readJson(storage, STORAGE_KEYS.tokens);
  if (typeof value !== "object" || value === null) return null;
  const tokens: AuthTokens = {};
  for (const name of TOKEN_HEADERS) {
    const token = (value as Record<string, unknown>)[name];
    if (isNonEmptyString(token)) tokens[name] = token;
  }
  return Object.keys(tokens).length > 0 ? tokens : null;
}

export function hasStoredTokens(): boolean {
  return readTokens() !== null;
}

/** Merges rotated tokens into the stored ones; empty values never erase a token. */
export function saveTokens(update: AuthTokens): void {
  const fresh = Object.fromEntries(Object.entries(update).filter(([, v]) => isNonEmptyString(v)));
  if (Object.keys(fresh).length === 0) return;
  writeJson(storage, STORAGE_KEYS.tokens, { ...readTokens(), ...fresh });
}

export function clearTokens(): void {
  storage.removeItem(STORAGE_KEYS.tokens);
}

export function readStoredUser(): StoredUser | null {
  const value = readJson(storage, STORAGE_KEYS.user);
  if (typeof value !== "object" || value === null) return null;
  const { user, userType } = value as { user?: unknown; userType?: unknown };
  if (!isUserType(userType) || typeof user !== "object" || user === null) return null;
  const id = (user as { id?: unknown }).id;
  if (typeof id !== "number" && typeof id !== "string") return null;
  return { user: user as AuthUser, userType };
}

export function saveStoredUser(value: StoredUser): void {
  writeJson(storage, STORAGE_KEYS.user, value);
}

export function clearStoredUser(): void {
  storage.removeItem(STORAGE_KEYS.user);
}

/** Forgets the session: tokens and user data. */
export function clearSession(): void {
  clearTokens();
  clearStoredUser();
}

export function readStoredCompany(): Company | null {
  const value = readJson(storage, STORAGE_KEYS.company);
  if (typeof value !== "object" || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === "number" || (typeof id === "string" && id !== "") ? (value as Company) : null;
}

export function saveStoredCompany(company: Company): void {
  writeJson(storage, STORAGE_KEYS.company, company);
}

export function clearStoredCompany(): void {
  storage.removeItem(STORAGE_KEYS.company);
}
