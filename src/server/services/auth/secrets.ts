import { createHash, randomBytes } from "node:crypto";

/** A fresh 128-bit secret, URL-safe (tokens, client ids, reset tokens, OAuth state). */
export function randomSecret(bytes = 16): string {
  return randomBytes(bytes).toString("base64url");
}

/** What is stored in place of a secret: its SHA-256, so a database leak gives no usable token. */
export function sha256(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}
