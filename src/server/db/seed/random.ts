/** Deterministic pseudo-random numbers (mulberry32): the demo data is the same on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int(min: number, max: number): number {
      return min + Math.floor(next() * (max - min + 1));
    },
    /** A price in cents between min and max euros, rounded to 5 euros like real price lists. */
    euros(min: number, max: number): number {
      return Math.round((min + next() * (max - min)) / 5) * 5 * 100;
    },
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
  };
}
export type Random = ReturnType<typeof createRandom>;
