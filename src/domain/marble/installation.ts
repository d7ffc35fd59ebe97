import { addMonths } from "@/domain/financial-aid";

/**
 * When a monument can be placed. The workshop needs its delay; and after a burial in the
 * ground (pleine terre) the soil sinks as it settles, so masons wait before laying a heavy
 * monument on it — six months is the usual minimum (a vault, a columbarium niche or an urn
 * grave carries the stone at once). Dates are YYYY-MM-DD, compared as strings.
 */

export const SETTLING_MONTHS = 6;

/** Kinds of plot (concession_types.kind) whose ground must settle after a burial; an unknown kind is treated as ground, the cautious reading. */
const SETTLING_KINDS: ReadonlyArray<string | null> = ["ground", null];

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function earliestInstallationDate(input: { today: string; leadTimeDays: number | null; burialDate: string | null; concessionKind: string | null }): string | null {
  if (input.leadTimeDays === null) return null;
  const ready = addDays(input.today, input.leadTimeDays);
  if (!input.burialDate || !SETTLING_KINDS.includes(input.concessionKind)) return ready;
  const settled = addMonths(input.burialDate, SETTLING_MONTHS);
  return settled > ready ? settled : ready;
}
