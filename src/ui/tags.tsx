/** Small tag beside demonstration data, so nothing seeded passes for a real partner, flight or review. */
export function DemoTag({ label }: { label: string }) {
  return <span className="ms-2 inline-block rounded-sm bg-sand-100 px-1.5 py-0.5 align-middle text-sm font-medium text-ink-soft">{label}</span>;
}

/** Small tag beside an item visitors do not see yet (preview mode only). */
export function UnpublishedTag({ label }: { label: string }) {
  return <span className="ms-2 inline-block rounded-sm bg-warning-soft px-1.5 py-0.5 align-middle text-sm font-semibold text-warning">{label}</span>;
}
