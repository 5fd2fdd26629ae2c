/**
 * 成交价差 of 车系价格追踪 (issue 45 §2, decision 276): a row per comparison in the chart's order, a column per month,
 * each cell the subject's TP minus the rival's in yuan and, under it, as a percent of the rival's TP. Each row wears
 * its car's chart colour (traceLineColor) so the table reads beside the lines; the figures carry their sign but no
 * change colour: a gap between two cars is not a move over time.
 */
import { type PriceTraceGap, traceLineColor } from '@car/contracts';
import { TablePanel } from './TablePanel';

const TITLE = '成交价差';

export function TraceGapTable({ gap, loading = false }: { gap: PriceTraceGap | null; loading?: boolean }) {
  return (
    <TablePanel
      className="trace-gap"
      label={TITLE}
      loading={loading}
      title={TITLE}
      headNote={gap ? <span className="trace-gap__note">本品（{gap.name}）成交价减对比成交价：上行为元，下行为占对比成交价的百分比</span> : null}
      scroll={{ label: TITLE, className: 'price-table__scroll' }}
      tableClassName="ui celled compact small unstackable table kit-table"
      columns={
        <>
          <th>对比车系/车型</th>
          {gap?.months.map((m) => (
            <th key={m} className="right aligned">
              {m}
            </th>
          ))}
        </>
      }
      // The page shows this panel only with a comparison chosen: no rows means the call failed (its toast says why) or no month has both TPs.
      empty={gap && gap.rows.length > 0 ? null : <p className="price-table__empty">暂无数据</p>}
    >
      {gap?.rows.map((row, index) => (
        <tr key={row.name} data-row={row.name}>
          <td>
            <span className="trace-gap__swatch" style={{ background: traceLineColor(index + 1) }} aria-hidden="true" />
            {row.name}
          </td>
          {row.gapTexts.map((text, i) => (
            <td key={gap.months[i]} className="right aligned" data-month={gap.months[i]}>
              <span className="trace-gap__yuan">{text}</span>
              {text === '-' ? null : <span className="trace-gap__percent">{row.percentTexts[i]}</span>}
            </td>
          ))}
        </tr>
      ))}
    </TablePanel>
  );
}
