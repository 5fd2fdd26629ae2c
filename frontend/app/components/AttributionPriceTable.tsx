/**
 * 价格归因's table: each item (a sub-series' trims, or the sub-series of a market, segment, producer or brand) with its
 * volume, weight and value in both periods and its terms in yuan; an item sold in one period only is labelled 新品 or
 * 退市 and carries its own term. 合计 last: the volumes, the subject's values and the effects (新品 + 退市 in one column),
 * each term column adding up to its effect.
 */
import {
  ATTRIBUTION_NOTES,
  PRICE_EFFECT_LABELS,
  PRICE_ITEM_STATUS_LABELS,
  type PriceAttribution,
  sharePercent2Text,
  thousands,
  yuanGapText,
  yuanText,
} from '@car/contracts';
import { signClass } from '~/utils/format';
import { DefinedLabel } from './DefinedLabel';
import { TablePanel } from './TablePanel';

export function AttributionPriceTable({ answer, downloadHref, loading }: { answer: PriceAttribution; downloadHref: string; loading: boolean }) {
  const { effects, value } = answer;
  const term = (v: number) => <td className={`is-figure ${signClass(v)}`}>{yuanGapText(v)}</td>;
  const sum = (pick: (r: PriceAttribution['rows'][number]) => number) => answer.rows.reduce((total, r) => total + pick(r), 0);
  const measure = answer.measureLabel;
  return (
    <TablePanel
      className="attribution-table"
      label="价格归因明细"
      loading={loading}
      title={`${answer.subject.name}${measure}归因明细（按${answer.itemLabel}）`}
      headNote={<span className="attribution-periods">{`${answer.periods.current} vs ${answer.periods.base}`}</span>}
      tools={
        <a className="ui mini basic button" href={downloadHref} download>
          <i className="download icon" aria-hidden="true" />
          下载
        </a>
      }
      scroll={{ label: '价格归因明细', className: 'attribution-table__scroll' }}
      tableClassName="ui celled compact unstackable table kit-table"
      columns={
        <>
          <th>{answer.itemLabel}</th>
          <th className="is-figure">
            <DefinedLabel label="销量（基期）" />
          </th>
          <th className="is-figure">
            <DefinedLabel label="销量（本期）" />
          </th>
          <th className="is-figure">权重（基期）</th>
          <th className="is-figure">权重（本期）</th>
          <th className="is-figure">{`${measure}（基期）`}</th>
          <th className="is-figure">{`${measure}（本期）`}</th>
          <th className="is-figure">{PRICE_EFFECT_LABELS.price}</th>
          <th className="is-figure">{PRICE_EFFECT_LABELS.mix}</th>
          <th className="is-figure">{PRICE_EFFECT_LABELS.interaction}</th>
          <th className="is-figure">{`${PRICE_EFFECT_LABELS.entry}/${PRICE_EFFECT_LABELS.exit}`}</th>
        </>
      }
      note={<p className="attribution-note">{ATTRIBUTION_NOTES.price}</p>}
    >
      {answer.rows.map((row) => (
        <tr key={row.id} className={row.status === 'both' ? undefined : `attribution-item--${row.status}`}>
          <td className="attribution-table__name">
            {row.name}
            {row.status !== 'both' ? (
              <span className={`attribution-status attribution-status--${row.status}`}>{PRICE_ITEM_STATUS_LABELS[row.status]}</span>
            ) : null}
          </td>
          <td className="is-figure">{thousands(row.qtyBase)}</td>
          <td className="is-figure">{thousands(row.qtyCurrent)}</td>
          <td className="is-figure">{sharePercent2Text(row.weightBase)}</td>
          <td className="is-figure">{sharePercent2Text(row.weightCurrent)}</td>
          <td className="is-figure">{yuanText(row.valueBase)}</td>
          <td className="is-figure">{yuanText(row.valueCurrent)}</td>
          {term(row.price)}
          {term(row.mix)}
          {term(row.interaction)}
          {term(row.newOrGone)}
        </tr>
      ))}
      <tr className="attribution-total">
        <td>合计</td>
        <td className="is-figure">{thousands(sum((r) => r.qtyBase))}</td>
        <td className="is-figure">{thousands(sum((r) => r.qtyCurrent))}</td>
        <td className="is-figure">-</td>
        <td className="is-figure">-</td>
        <td className="is-figure">{yuanText(value.base)}</td>
        <td className="is-figure">{yuanText(value.current)}</td>
        {term(effects.price)}
        {term(effects.mix)}
        {term(effects.interaction)}
        {term(effects.entry + effects.exit)}
      </tr>
    </TablePanel>
  );
}
