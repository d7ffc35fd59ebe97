import { createHash, randomInt } from "node:crypto";
import { DOCUMENT_REQUEST_CODE_LENGTH, DOCUMENT_REQUEST_TOKEN_BYTES } from "@/domain/document-requests";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";

/** The link's token: 256 random bits, base64url (43 characters). */
export function drawRequestToken(): string {
  return randomSecret(DOCUMENT_REQUEST_TOKEN_BYTES);
}

/** The code sent with the link, uniformly drawn, leading zeros kept. */
export function drawRequestCode(): string {
  return String(randomInt(0, 10 ** DOCUMENT_REQUEST_CODE_LENGTH)).padStart(DOCUMENT_REQUEST_CODE_LENGTH, "0");
}

export const hashRequestToken = sha256;

/**
 * The code's stored form, keyed by the link's token: a million codes are quick to try
 * against a bare hash, but not without the token, which is stored only as its own hash.
 */
export function hashRequestCode(token: string, code: string): string {
  return createHash("sha256").update(`document-request:${token}:${code}`, "utf8").digest("hex");
}

/** Constant-time comparison of two hex digests of the same length. */
export function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
