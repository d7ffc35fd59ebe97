import COMMON_PASSWORDS from "@/domain/common-passwords.json";

/**
 * Password rules shared by the server (which refuses bad passwords with a code) and the
 * forms (which show the same rule before anything is sent). DESIGN "Auth": 8 to 128
 * characters, and none of the most common passwords.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = "password_required" | "password_too_short" | "password_too_long" | "password_too_common";

const graphemes = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/**
 * Length in characters as a person counts them: an emoji or an accented letter made of
 * several code units is one character, so "8 characters" means what the hint says.
 */
export function passwordLength(password: string): number {
  if (!graphemes) return [...password.normalize("NFC")].length;
  let count = 0;
  for (const _ of graphemes.segment(password)) count += 1;
  return count;
}

/** Lower-cased, accents and surrounding spaces removed: "Azerty " and "azerty" are the same weak choice. */
export function normalizeForCommonCheck(password: string): string {
  return password
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .trim()
    .toLowerCase();
}

const COMMON = new Set<string>(COMMON_PASSWORDS as string[]);

/** Size of the refused list (exposed for tests and for the hint text). */
export const COMMON_PASSWORD_COUNT = COMMON.size;

export function isCommonPassword(password: string): boolean {
  return COMMON.has(normalizeForCommonCheck(password));
}

/** The first rule a password breaks, or null when it may be used. */
export function passwordProblem(password: string | null | undefined): PasswordProblem | null {
  if (password === null || password === undefined || password === "") return "password_required";
  // Stacked combining marks make one "character" of any size: bound the raw text too.
  if (password.length > PASSWORD_MAX_LENGTH * 4) return "password_too_long";
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return "password_too_short";
  if (length > PASSWORD_MAX_LENGTH) return "password_too_long";
  if (isCommonPassword(password)) return "password_too_common";
  return null;
}

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

/** Runs like "aaaa", "1234", "abcd" or "dcba" add length without adding guesses. */
function predictableRunLength(password: string): number {
  const chars = [...password.toLowerCase()].map((c) => c.codePointAt(0)!);
  let longest = 1;
  let run = 1;
  let step: number | null = null;
  for (let i = 1; i < chars.length; i += 1) {
    const delta = chars[i]! - chars[i - 1]!;
    if (Math.abs(delta) <= 1 && (step === null || delta === step)) {
      run += 1;
      step = delta;
    } else {
      run = Math.abs(delta) <= 1 ? 2 : 1;
      step = Math.abs(delta) <= 1 ? delta : null;
    }
    longest = Math.max(longest, run);
  }
  return chars.length === 0 ? 0 : longest;
}

/**
 * A rough strength for the hint under the new-password field: 0 refused, 1 weak,
 * 2 fair, 3 good, 4 strong. Length counts most (a long sentence beats a short
 * jumble), then the variety of characters; long predictable runs are discounted.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (passwordProblem(password) !== null) return 0;
  const length = passwordLength(password);
  const effective = length - Math.max(0, predictableRunLength(password) - 2);
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((re) => re.test(password)).length;
  const distinct = new Set(password.toLowerCase()).size;
  let score = 0;
  if (effective >= 10) score += 1;
  if (effective >= 14) score += 1;
  if (effective >= 20) score += 1;
  if (classes >= 3) score += 1;
  if (classes >= 2 && effective >= 12) score += 1;
  if (distinct < 5) score -= 2;
  return Math.min(4, Math.max(1, score)) as PasswordStrength;
}
