import { hash, verify, type Options } from "@node-rs/argon2";

/**
 * argon2id with the OWASP minimum (m = 19 MiB, t = 2, p = 1), DESIGN "Auth". The
 * algorithm number is spelled out because the package's enum is a const enum that
 * isolated modules cannot read.
 */
const ARGON2ID = 2 as NonNullable<Options["algorithm"]>;
export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password. Without a stored hash (unknown e-mail, account without password)
 * the same work is done against a throw-away hash, so the answer time does not tell
 * whether an account exists.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("paisible-timing-equaliser");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a refused sign-in, not a server error.
    return false;
  }
}
