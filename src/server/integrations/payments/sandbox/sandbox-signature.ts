import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { serverEnv, type ServerEnv } from "@/config/env";

/**
 * The sandbox signs what it sends back like a provider does: HMAC-SHA256 with a key of
 * this install (PAYMENT_SANDBOX_SECRET, or a random key generated once under DATA_DIR),
 * so nobody but the sandbox can forge a callback, even on a development machine.
 */
const cache = new Map<string, Buffer>();

export function sandboxSecret(env: Pick<ServerEnv, "PAYMENT_SANDBOX_SECRET" | "DATA_DIR"> = serverEnv()): Buffer {
  if (env.PAYMENT_SANDBOX_SECRET) return Buffer.from(env.PAYMENT_SANDBOX_SECRET, "utf8");
  const file = join(resolve(env.DATA_DIR), "payment-sandbox.key");
  const cached = cache.get(file);
  if (cached) return cached;
  let key: Buffer;
  try {
    key = Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  } catch {
    mkdirSync(resolve(env.DATA_DIR), { recursive: true });
    try {
      // "wx": two processes starting together keep the first key written.
      writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch {
      /* written by another process meanwhile */
    }
    key = Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  }
  if (key.length < 32) throw new Error(`${file} holds no usable payment sandbox key`);
  cache.set(file, key);
  return key;
}

export function sign(payload: string, secret: Buffer = sandboxSecret()): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

export function verify(payload: string, signature: string | undefined, secret: Buffer = sandboxSecret()): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(sign(payload, secret), "hex"), Buffer.from(signature, "hex"));
}

/** What the sandbox's redirect back signs: provider and checkout id. */
export const redirectPayload = (provider: string, externalId: string) => `redirect:${provider}:${externalId}`;

/** Webhook signature header: `t=<unix seconds>,v1=<hmac of "t.body">`, refused after 5 minutes. */
export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function signWebhook(body: string, now: Date, secret?: Buffer): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${sign(`${t}.${body}`, secret)}`;
}

export function verifyWebhook(body: string, header: string | undefined, now: Date, secret?: Buffer): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const t = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  return verify(`${t}.${body}`, match[2], secret);
}
