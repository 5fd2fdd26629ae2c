/**
 * 竞品监控's two tables (issue 49 §2, decision 297). 成员表现: each member's volume of the month, its share within the set
 * and the change in points, its rank within the set with the arrow, then its volume month by month; 本品 first and
 * emphasised, the set's total (the sum of its members) last. A tick chooses the members 配置查询 opens with (five at
 * most). 价格对比: TP, discount, rate or the TP gap to 本品 by month, each figure teal where it rose on the month
 * before and pink where it fell.
 */
import { Link } from '@remix-run/react';
import { Button, Icon } from 'semantic-ui-react';

import {
  type CompetitorMonitor,
  MAX_CONFIG_SUB_SERIES,
  memberLabel,
  type MonitorMember,
  percentGapText,
  pointsHeader,
  rankArrow,
  sharePercentText,
  thousands,
  yuanGapText,
  yuanText,
} from '@car/contracts';
import { configHref, MONITOR_PRICE_VIEWS, type MonitorPriceView, priceCells } from '~/utils/competitor-monitor';
import { DefinedLabel } from './DefinedLabel';
import { ParamToggle } from './ParamToggle';
import { RankMark } from './RankMark';
import { ShareChange } from './ShareChange';
import { TablePanel } from './TablePanel';

interface MembersTableProps {
  data: CompetitorMonitor;
  loading: boolean;
  chosen: readonly number[];
  onToggle: (id: number) => void;
}

export function MonitorMembersTable({ data, loading, chosen, onToggle }: MembersTableProps) {
  const last = data.months.length - 1;
  const full = chosen.length >= MAX_CONFIG_SUB_SERIES;
  return (
    <TablePanel
      className="monitor-members"
      label="成员表现"
      loading={loading}
      title={`成员表现（${data.time}，${data.areaName}）`}
      headNote={<span className="monitor-note">组内份额 = 成员销量 ÷ 竞品组合计；变化与排名变化较上月</span>}
      tools={
        <Button size="mini" basic as={Link} to={configHref(chosen)} disabled={chosen.length === 0} aria-disabled={chosen.length === 0}>
          <Icon name="list alternate outline" />
          配置查询（已选 {chosen.length}/{MAX_CONFIG_SUB_SERIES}）
        </Button>
      }
      scroll={{ label: '成员表现', className: 'monitor-members__scroll' }}
      tableClassName="ui celled compact small unstackable table kit-table"
      columns={
        <>
          <th className="collapsing">配置对比</th>
          <th>子车系</th>
          <th>厂商</th>
          <th className="right aligned">
            <DefinedLabel label="当月销量" />
          </th>
          <th className="right aligned">
            <DefinedLabel label="组内份额" />
          </th>
          <th className="right aligned">
            <DefinedLabel label={pointsHeader('组内份额变化')} />
          </th>
          <th className="right aligned">
            <DefinedLabel label="组内排名" />
          </th>
          {data.months.map((m) => (
            <th key={m} className="right aligned">
              {m}
            </th>
          ))}
        </>
      }
    >
      {data.members.map((m) => (
        <tr key={m.id} className={m.own ? 'monitor-own' : undefined} data-member={m.name}>
          <td className="center aligned">
            <input
              type="checkbox"
              aria-label={`在配置查询中对比${m.name}`}
              checked={chosen.includes(m.id)}
              disabled={full && !chosen.includes(m.id)}
              onChange={() => onToggle(m.id)}
            />
          </td>
          <td>{memberLabel(m)}</td>
          <td>{m.producerName}</td>
          <td className="right aligned">{thousands(m.volumes[last])}</td>
          <td className="right aligned">{sharePercentText(m.shares[last])}</td>
          <td className="right aligned">
            <ShareChange value={m.shareChange} />
          </td>
          <td className="right aligned">
            <RankMark rank={m.rank ?? '-'} arrow={rankArrow({ ranking: m.rank, rankingStatus: m.rankingStatus })} showFlat />
          </td>
          {m.volumes.map((v, i) => (
            <td key={data.months[i]} className="right aligned">
              {thousands(v)}
            </td>
          ))}
        </tr>
      ))}
      {data.set.own.length > 1 ? (
        <tr className="monitor-own monitor-subtotal">
          <td />
          <td>本品合计</td>
          <td />
          <td className="right aligned">{thousands(data.own.volumes[last])}</td>
          <td className="right aligned">{sharePercentText(data.own.shares[last])}</td>
          <td className="right aligned">
            <ShareChange value={data.own.shareChange} />
          </td>
          <td />
          {data.own.volumes.map((v, i) => (
            <td key={data.months[i]} className="right aligned">
              {thousands(v)}
            </td>
          ))}
        </tr>
      ) : null}
      <tr className="monitor-total">
        <td />
        <td>竞品组合计</td>
        <td />
        <td className="right aligned">{thousands(data.total[last])}</td>
        <td className="right aligned">{data.total[last] > 0 ? sharePercentText(100) : '-'}</td>
        <td />
        <td />
        {data.total.map((v, i) => (
          <td key={data.months[i]} className="right aligned">
            {thousands(v)}
          </td>
        ))}
      </tr>
    </TablePanel>
  );
}

export function MonitorPriceTable({ data, view, loading }: { data: CompetitorMonitor; view: MonitorPriceView; loading: boolean }) {
  const rows: Array<Pick<MonitorMember, 'tp' | 'discount' | 'discountRate' | 'tpGap' | 'tpGapRate'> & { key: string; label: string; own: boolean }> =
    view === 3 ? [] : data.set.own.length > 1 ? [{ ...data.own, tpGap: [], tpGapRate: [], key: 'own', label: '本品合计', own: true }] : [];
  const members = view === 3 ? data.members.filter((m) => !m.own) : data.members;
  rows.push(...members.map((m) => ({ ...m, key: String(m.id), label: memberLabel(m) })));
  return (
    <TablePanel
      className="monitor-prices"
      label="价格对比"
      loading={loading}
      title="价格对比（全国）"
      headNote={
        <span className="monitor-note">
          {view === 3 ? '成交价差 = 本品成交价 − 竞品成交价：上行为元，下行为占竞品成交价的百分比；' : ''}
          较上月上升为青色、下降为粉色
        </span>
      }
      tools={<ParamToggle param="price" label="价格指标" options={MONITOR_PRICE_VIEWS} value={view} omit={0} />}
      scroll={{ label: '价格对比', className: 'monitor-prices__scroll', startAt: 'end' }}
      tableClassName="ui celled compact small unstackable table kit-table"
      columns={
        <>
          <th>子车系</th>
          {data.months.map((m) => (
            <th key={m} className="right aligned">
              {m}
            </th>
          ))}
        </>
      }
      empty={rows.length === 0 ? <p className="price-table__empty">竞品组没有竞品子车系，无成交价差</p> : undefined}
    >
      {rows.map((row) => (
        <tr key={row.key} className={row.own ? 'monitor-own' : undefined} data-member={row.label}>
          <td>{row.label}</td>
          {priceCells(row, view).map((cell, i) => (
            <td key={data.months[i]} className="right aligned" data-month={data.months[i]}>
              <span className={cell.move ? `is-${cell.move}` : undefined}>{cellText(view, cell.value)}</span>
              {view === 3 && cell.value !== null ? <span className="trace-gap__percent">{percentGapText(cell.percent)}</span> : null}
            </td>
          ))}
        </tr>
      ))}
    </TablePanel>
  );
}

function cellText(view: MonitorPriceView, value: number | null): string {
  if (view === 2) return sharePercentText(value);
  if (view === 3) return yuanGapText(value);
  return yuanText(value);
}
