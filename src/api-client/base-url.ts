import { publicEnv } from "@/config/public-env";

/** The three API bases of SPEC §7. */
export type ApiBase = "v1" | "v2" | "next";

export interface ApiHosts {
  /** Origin serving v1 and v2; '' for the app's own origin. */
  api: string;
  /** Origin serving next; '' for the app's own origin. */
  next: string;
}

export function defaultHosts(): ApiHosts {
  return { api: publicEnv.NEXT_PUBLIC_API_URL ?? "", next: publicEnv.NEXT_PUBLIC_API_NEXT_URL ?? "" };
}

const ABSOLUTE_URL = /^https?:\/\//i;

/** The base selected by the third segment of `/api/<base>/...`, or null for other paths. */
export function baseOf(path: string): ApiBase | null {
  const segment = path.split(/[?#]/, 1)[0]!.split("/")[2];
  return segment === "v1" || segment === "v2" || segment === "next" ? segment : null;
}

/**
 * Absolute or origin-relative URL of an endpoint. Full http(s) URLs are used as they
 * are; `/api/next/...` goes to the next host, everything else to the API host.
 */
export function resolveUrl(path: string, hosts: ApiHosts = defaultHosts()): string {
  if (ABSOLUTE_URL.test(path)) return path;
  const normalized = path.startsWith("/") ? path : `/${path}`;
  const host = baseOf(normalized) === "next" ? hosts.next : hosts.api;
  return `${host.replace(/\/+$/, "")}${normalized}`;
}
