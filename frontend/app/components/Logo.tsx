/**
 * The platform's mark: a car under a rising line. Inline, so it costs no request.
 * `light` sits on the blue header, `dark` on white backgrounds.
 */
const TONES = {
  light: { tile: '#ffffff', body: '#1d5fc2', glass: '#d6e6ff', wheel: '#0b2f6b', rim: '#ffffff' },
  dark: { tile: '#1a5fd0', body: '#ffffff', glass: '#8fb6f2', wheel: '#0b2f6b', rim: '#ffffff' },
} as const;

export function Logo({ size = 32, tone = 'light' }: { size?: number; tone?: keyof typeof TONES }) {
  const c = TONES[tone];
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="车市分析平台标志">
      <rect width="32" height="32" rx="7" fill={c.tile} />
      <polyline points="5,11 11,7.5 16,9.5 25.5,3.5" fill="none" stroke="#f5a623" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="25.5" cy="3.8" r="1.8" fill="#f5a623" />
      <path d="M5 21 L8.3 15.2 Q8.9 14.2 10.1 14.2 H21.9 Q23.1 14.2 23.7 15.2 L27 21 V24.2 Q27 25.2 26 25.2 H6 Q5 25.2 5 24.2 Z" fill={c.body} />
      <path d="M10.2 16.2 H21.8 L23.6 19.8 H8.4 Z" fill={c.glass} />
      <circle cx="10.5" cy="25.2" r="2.7" fill={c.wheel} stroke={c.rim} strokeWidth="1.2" />
      <circle cx="21.5" cy="25.2" r="2.7" fill={c.wheel} stroke={c.rim} strokeWidth="1.2" />
    </svg>
  );
}
