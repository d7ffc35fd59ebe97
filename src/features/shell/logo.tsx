/** A quiet mark: a leaf resting on a horizon line. Decorative, the brand name is text. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 32 32" fill="none">
      <circle cx="16" cy="16" r="15" fill="#2f4f5f" />
      <path d="M9 21c5.5 0 12-3.6 14-11-6.5.4-12.6 4-14 11z" fill="#e5efe9" />
      <path d="M7 23.5h18" stroke="#d6c3a5" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
