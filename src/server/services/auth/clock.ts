/**
 * The time the authentication services work with. Routes read it here instead of
 * calling `new Date()` so tests can move time forward (token batch window, reset
 * expiry, rate-limit window) without sleeping.
 */
export type Clock = () => Date;

const systemClock: Clock = () => new Date();
let current: Clock = systemClock;

export function authNow(): Date {
  return current();
}

/** Replaces the clock (tests); null restores the system clock. */
export function setAuthClock(clock: Clock | null): void {
  current = clock ?? systemClock;
}
