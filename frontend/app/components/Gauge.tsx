/**
 * A circular gauge (the dashboard's BEV / PHEV parts of new energy): an arc of `percent` of the ring, drawn in
 * SVG. The drawing is an image whose text alternative is the figure it draws ("BEV 60.0%").
 */
interface GaugeProps {
  label: string;
  /** 0-100, or null when unknown (an empty ring and '-'). */
  percent: number | null;
  color: string;
  /** Lines under the ring (the volume and its growth). */
  children?: React.ReactNode;
}

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function Gauge({ label, percent, color, children }: GaugeProps) {
  const filled = percent === null ? 0 : Math.max(0, Math.min(100, percent)) / 100;
  const figure = `${label} ${percent === null ? '-' : `${percent.toFixed(1)}%`}`;
  return (
    <figure className="gauge" aria-label={figure}>
      <svg viewBox="0 0 100 100" width="110" height="110" role="img" aria-label={figure}>
        <circle cx="50" cy="50" r={RADIUS} fill="none" stroke="#e8ecf2" strokeWidth="10" />
        <circle
          cx="50"
          cy="50"
          r={RADIUS}
          fill="none"
          stroke={color}
          strokeWidth="10"
          strokeLinecap="round"
          strokeDasharray={`${filled * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
          transform="rotate(-90 50 50)"
        />
        <text x="50" y="47" textAnchor="middle" className="gauge__percent">
          {percent === null ? '-' : `${percent.toFixed(1)}%`}
        </text>
        <text x="50" y="64" textAnchor="middle" className="gauge__label">
          {label}
        </text>
      </svg>
      <figcaption>{children}</figcaption>
    </figure>
  );
}
