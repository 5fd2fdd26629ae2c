/** The line under a chart that says what its sign colours mean (decision 176): growth green / red, prices teal / pink. */
import { type SignKind, signLegend } from '~/utils/chart-result';

export function SignLegend({ kind }: { kind: SignKind }) {
  const { lead, items } = signLegend(kind);
  return (
    <ul className="chart-sign-legend" aria-label="颜色说明" data-kind={kind}>
      <li className="chart-sign-legend__item">{lead}</li>
      {items.map((item) => (
        <li key={item.color} className="chart-sign-legend__item">
          <span className="chart-sign-legend__swatch" style={{ background: item.color }} aria-hidden="true" />
          {item.text}
        </li>
      ))}
    </ul>
  );
}
