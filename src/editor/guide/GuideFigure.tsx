// Inline illustrations of the editing guide, one per step (drawn, no image files). The width comes
// from spec §9 (by language and screen width); the height keeps a 16:10 aspect.
const BLUE = "#3f80f5";
const LINE = "#c9d2e0";
const SOFT = "#eef3fe";

function Welcome() {
  return (
    <>
      <rect x="30" y="40" width="100" height="70" rx="6" fill="#fff" stroke={BLUE} strokeWidth="2" />
      <rect x="42" y="52" width="50" height="8" rx="2" fill={BLUE} />
      {[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => (
        <rect key={i} x={42 + i * 6} y="68" width={i % 3 ? 2 : 4} height="22" fill="#0f172a" />
      ))}
      <rect x="100" y="66" width="22" height="22" fill="none" stroke="#0f172a" strokeWidth="3" />
      <rect x="140" y="60" width="60" height="44" rx="6" fill={SOFT} stroke={BLUE} strokeWidth="2" />
      <rect x="150" y="100" width="40" height="26" rx="2" fill="#fff" stroke={LINE} strokeWidth="2" />
      <path d="M132 75h6" stroke={BLUE} strokeWidth="2" strokeDasharray="3 2" />
    </>
  );
}

function Tools() {
  return (
    <>
      <rect x="10" y="20" width="44" height="120" rx="6" fill={SOFT} stroke={BLUE} strokeWidth="2" />
      {[0, 1, 2, 3].map((i) => (
        <rect key={i} x="20" y={32 + i * 26} width="24" height="18" rx="3" fill="#fff" stroke={LINE} />
      ))}
      <text x="32" y="46" textAnchor="middle" fontSize="13" fontWeight="700" fill={BLUE}>
        T
      </text>
      <rect x="80" y="30" width="130" height="100" rx="4" fill="#fff" stroke={LINE} strokeWidth="2" />
      <path
        d="M54 41 C 80 41, 90 70, 112 70"
        fill="none"
        stroke={BLUE}
        strokeWidth="2"
        strokeDasharray="4 3"
      />
      <rect x="112" y="60" width="70" height="20" fill="none" stroke={BLUE} strokeDasharray="3 2" />
      <text x="118" y="75" fontSize="14" fill="#0f172a">
        Abc
      </text>
    </>
  );
}

function Menu() {
  return (
    <>
      <rect x="10" y="18" width="200" height="22" rx="4" fill={SOFT} stroke={BLUE} strokeWidth="2" />
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <rect
          key={i}
          x={18 + i * 26}
          y="24"
          width="16"
          height="10"
          rx="2"
          fill={BLUE}
          opacity={0.5 + i * 0.07}
        />
      ))}
      <rect x="20" y="50" width="110" height="90" rx="4" fill="#fff" stroke={LINE} strokeWidth="2" />
      <rect x="90" y="70" width="90" height="70" rx="4" fill="#fff" stroke={BLUE} strokeWidth="2" />
      {[0, 1, 2, 3].map((i) => (
        <rect key={i} x="100" y={80 + i * 14} width={60 - i * 8} height="6" rx="2" fill={LINE} />
      ))}
      <path d="M80 66 l0 14 l4 -4 l4 8 l3 -1 l-4 -8 l6 0 z" fill="#0f172a" />
    </>
  );
}

function Panel() {
  return (
    <>
      <rect x="10" y="20" width="110" height="120" rx="4" fill="#fff" stroke={LINE} strokeWidth="2" />
      <rect x="30" y="60" width="60" height="24" fill="none" stroke={BLUE} strokeDasharray="3 2" />
      <rect x="130" y="20" width="80" height="120" rx="6" fill={SOFT} stroke={BLUE} strokeWidth="2" />
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={i}>
          <rect x="140" y={32 + i * 21} width="24" height="6" rx="2" fill={BLUE} opacity="0.6" />
          <rect x="140" y={41 + i * 21} width="60" height="8" rx="2" fill="#fff" stroke={LINE} />
        </g>
      ))}
    </>
  );
}

function Print() {
  return (
    <>
      <rect x="50" y="40" width="120" height="60" rx="8" fill={SOFT} stroke={BLUE} strokeWidth="2" />
      <rect x="70" y="20" width="80" height="24" rx="2" fill="#fff" stroke={LINE} strokeWidth="2" />
      <rect x="70" y="90" width="80" height="50" rx="2" fill="#fff" stroke={LINE} strokeWidth="2" />
      <rect x="80" y="100" width="40" height="6" rx="2" fill="#0f172a" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <rect key={i} x={80 + i * 6} y="112" width={i % 2 ? 2 : 4} height="18" fill="#0f172a" />
      ))}
      <circle cx="155" cy="55" r="4" fill="#22c55e" />
    </>
  );
}

const FIGURES = [Welcome, Tools, Menu, Panel, Print];

export function GuideFigure({ step, width }: { readonly step: number; readonly width: number }) {
  const Figure = FIGURES[step] ?? Welcome;
  return (
    <svg
      className="ink-guide-figure"
      viewBox="0 0 220 160"
      width={width}
      height={Math.round((width * 160) / 220)}
      aria-hidden="true"
      data-testid="guide-figure"
    >
      <Figure />
    </svg>
  );
}
