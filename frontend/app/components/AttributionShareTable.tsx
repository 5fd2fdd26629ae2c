/**
 * 份额归因's table: each part of the market (a segment, a fuel, a place, a price band) with its weight in the market (w)
 * and the subject's share within it (s) in both periods, and its three terms in points; 合计 last: the market (100 %),
 * the subject's share, the three effects and the share's change, each term column adding up to its effect.
 */
import { ATTRIBUTION_NOTES, points2Text, pointsHeader, SHARE_EFFECT_LABELS, type ShareAttribution, shareColumnHeader, sharePercent2Text } from '@car/contracts';
import { effectShortLabel } from '~/utils/attribution';
import { signClass } from '~/utils/format';
import { TablePanel } from './TablePanel';

const TERMS = ['mix', 'performance', 'interaction'] as const;

export function AttributionShareTable({ answer, downloadHref, loading }: { answer: ShareAttribution; downloadHref: string; loading: boolean }) {
  const { share, effects } = answer;
  const term = (value: number) => <td className={`is-figure ${signClass(value)}`}>{points2Text(value)}</td>;
  return (
    <TablePanel
      className="attribution-table"
      label="份额归因明细"
      loading={loading}
      title={`${answer.subject.name}份额归因明细（按${answer.byLabel}）`}
      headNote={<span className="attribution-periods">{`${answer.periods.current} vs ${answer.periods.base}`}</span>}
      tools={
        <a className="ui mini basic button" href={downloadHref} download>
          <i className="download icon" aria-hidden="true" />
          下载
        </a>
      }
      scroll={{ label: '份额归因明细', className: 'attribution-table__scroll' }}
      tableClassName="ui celled compact unstackable table kit-table"
      columns={
        <>
          <th>{answer.byLabel}</th>
          <th className="is-figure">{shareColumnHeader('weight', 'base')}</th>
          <th className="is-figure">{shareColumnHeader('weight', 'current')}</th>
          <th className="is-figure">{shareColumnHeader('share', 'base')}</th>
          <th className="is-figure">{shareColumnHeader('share', 'current')}</th>
          {TERMS.map((t) => (
            <th key={t} className="is-figure" title={SHARE_EFFECT_LABELS[t]}>
              {pointsHeader(effectShortLabel(SHARE_EFFECT_LABELS[t]))}
            </th>
          ))}
          <th className="is-figure">{pointsHeader('合计')}</th>
        </>
      }
      note={<p className="attribution-note">{ATTRIBUTION_NOTES.share}</p>}
    >
      {answer.rows.map((row) => (
        <tr key={row.id}>
          <td className="attribution-table__name">{row.name}</td>
          <td className="is-figure">{sharePercent2Text(row.weightBase)}</td>
          <td className="is-figure">{sharePercent2Text(row.weightCurrent)}</td>
          <td className="is-figure">{sharePercent2Text(row.shareBase)}</td>
          <td className="is-figure">{sharePercent2Text(row.shareCurrent)}</td>
          {term(row.mix)}
          {term(row.performance)}
          {term(row.interaction)}
          {term(row.total)}
        </tr>
      ))}
      <tr className="attribution-total">
        <td>合计</td>
        <td className="is-figure">{sharePercent2Text(100)}</td>
        <td className="is-figure">{sharePercent2Text(100)}</td>
        <td className="is-figure">{sharePercent2Text(share.base)}</td>
        <td className="is-figure">{sharePercent2Text(share.current)}</td>
        {term(effects.mix)}
        {term(effects.performance)}
        {term(effects.interaction)}
        {term(share.change)}
      </tr>
    </TablePanel>
  );
}
