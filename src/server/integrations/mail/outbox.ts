import { link, mkdir, readdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createHash, randomBytes } from "node:crypto";
import type { MailMessage, Mailer, SendOptions, SentMail } from "@/server/integrations/mail/mail-message";

/**
 * The embedded default for e-mail: each message is a JSON file in a folder (DATA_DIR/
 * outbox), where a developer, the outbox reader or a browser test can open it. Nothing
 * leaves the machine.
 */
export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  /** ISO 8601. */
  created_at: string;
}

const ID_PATTERN = /^[0-9]{8}T[0-9]{9}Z-[a-f0-9]{12}$/;

export function isOutboxId(value: string): boolean {
  return ID_PATTERN.test(value);
}

function newId(now: Date): string {
  // Sortable by name: the newest file sorts last.
  const stamp = now.toISOString().replace(/[-:.]/g, "").replace(/(\d{8}T\d{6})(\d{3})Z/, "$1$2Z");
  return `${stamp}-${randomBytes(6).toString("hex")}`;
}

export function outboxMailer(dir: string, from: string, clock: () => Date = () => new Date()): Mailer {
  return {
    async send(message: MailMessage, options: SendOptions = {}): Promise<SentMail> {
      const now = clock();
      const id = newId(now);
      const stored: StoredMail = { id, from, created_at: now.toISOString(), ...message };
      const written = await writeOutboxFile(dir, id, stored, options.idempotencyKey);
      return { id: written, transport: "outbox" };
    },
  };
}

function isCode(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}

/**
 * Writes `<id>.json` into an outbox folder (mail, SMS). With an idempotency key the write
 * happens at most once, even across a crash: the message is first claimed under
 * `.keys/<hash>.json` with an atomic link (which fails if the key is taken), then linked
 * into the folder; a repeat finds the claim and only completes the second link.
 * Returns the id of the message that holds the key.
 */
export async function writeOutboxFile(dir: string, id: string, stored: { id: string }, idempotencyKey?: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const body = JSON.stringify(stored, null, 2);
  if (!idempotencyKey) {
    await writeFile(join(dir, `${id}.json`), body, { encoding: "utf8", mode: 0o600 });
    return id;
  }
  const keys = join(dir, ".keys");
  await mkdir(keys, { recursive: true });
  const claim = join(keys, `${createHash("sha256").update(idempotencyKey).digest("hex")}.json`);
  const temp = join(keys, `${id}.tmp`);
  await writeFile(temp, body, { encoding: "utf8", mode: 0o600 });
  let owner = id;
  try {
    await link(temp, claim);
  } catch (error) {
    if (!isCode(error, "EEXIST")) throw error;
    owner = (JSON.parse(await readFile(claim, "utf8")) as { id: string }).id;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  try {
    await link(claim, join(dir, `${owner}.json`));
  } catch (error) {
    if (!isCode(error, "EEXIST")) throw error;
  }
  return owner;
}

async function readStored<T = StoredMail>(dir: string, id: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(join(dir, `${id}.json`), "utf8")) as T;
  } catch {
    return null;
  }
}

/**
 * The stored messages of an outbox folder (mail or SMS), newest first, those `keep` accepts,
 * at most `limit` (50). A file that cannot be read is skipped.
 */
export async function listOutboxFiles<T>(dir: string, keep: (message: T) => boolean, limit = 50): Promise<T[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const ids = names
    .filter((n) => n.endsWith(".json"))
    .map((n) => n.slice(0, -5))
    .filter(isOutboxId)
    .sort()
    .reverse();
  const out: T[] = [];
  for (const id of ids) {
    if (out.length >= limit) break;
    const message = await readStored<T>(dir, id);
    if (message && keep(message)) out.push(message);
  }
  return out;
}

/** Messages newest first, optionally only those to one address. */
export async function listOutbox(dir: string, options: { to?: string; limit?: number } = {}): Promise<StoredMail[]> {
  const wanted = options.to?.trim().toLowerCase();
  return listOutboxFiles<StoredMail>(dir, (mail) => !wanted || mail.to.toLowerCase() === wanted, options.limit);
}

export async function readOutboxMessage(dir: string, id: string): Promise<StoredMail | null> {
  return isOutboxId(id) ? readStored(dir, id) : null;
}
