/** A drawn sample of a granite: its colour with a few grains (and veins for the multicoloured ones). */
const GRAINS = [
  [9, 11, 1.4, 0],
  [22, 8, 1, 1],
  [31, 17, 1.6, 2],
  [14, 24, 1.1, 1],
  [26, 30, 1.3, 0],
  [8, 32, 0.9, 2],
  [19, 16, 0.8, 2],
  [33, 27, 1, 1],
] as const;

export function GraniteSwatch({ colour, veins = false, size = 40 }: { colour: string; veins?: boolean; size?: number }) {
  const light = "#ffffff";
  const dark = "#000000";
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="shrink-0 rounded-full border border-line-strong">
      <circle cx="20" cy="20" r="20" fill={colour} />
      {GRAINS.map(([x, y, r, tone], i) => (
        <circle key={i} cx={x} cy={y} r={r} fill={tone === 0 ? dark : light} opacity={tone === 2 ? 0.55 : 0.35} />
      ))}
      {veins ? <path d="M2 24C12 18 22 28 38 14" fill="none" stroke={light} strokeWidth="1.2" opacity="0.45" /> : null}
      <path d="M8 10a16 16 0 0 1 14-5" fill="none" stroke={light} strokeWidth="2" opacity="0.4" />
    </svg>
  );
}
