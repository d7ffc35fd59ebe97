import type { ServerResponse } from "node:http";

export const FIXED_SECURITY_HEADERS: Readonly<Record<string, string>>;
export const HSTS: string;
export function fixedHeadersFor(siteUrl: string): { key: string; value: string }[];
export const NON_DOCUMENT_CSP: string;
export const PAGE_CSP_HEADER: "x-paisible-page-csp";
export const INLINE_HASHES: string;
export function pagePolicy(options?: { connectOrigins?: readonly string[]; strict?: boolean; https?: boolean }): string;
export function originOf(url: string | undefined): string | null;
export function inlineScriptHashes(html: string): string[];
export function finishPagePolicy(template: string, hashes: readonly string[]): string;
export function secureDocument(res: ServerResponse, fallbackPolicy: string): void;
