// The Inkless mark: a label with a barcode-like ink line.
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 32 32">
      <rect x="2" y="6" width="28" height="20" rx="4" fill="var(--brand)" />
      <circle cx="7.5" cy="16" r="2" fill="var(--surface)" />
      <g fill="var(--surface)">
        <rect x="12" y="11" width="1.6" height="10" />
        <rect x="15" y="11" width="3" height="10" />
        <rect x="19.4" y="11" width="1.2" height="10" />
        <rect x="22" y="11" width="2.4" height="10" />
        <rect x="25.6" y="11" width="1" height="10" />
      </g>
    </svg>
  );
}
