/**
 * The ranking table of the sales pages: dimension buttons, the data-tag columns (2-15), merged group
 * cells and highlighted subtotal rows, rank arrows, expandable tree rows, 加载更多 (the page size grows
 * by ten) until 没有更多数据了哦, and the download link of the same rows. Dimension, tags and page live
 * in the URL (`dimension`, `tags`, `page`); the columns are read from the URL here, not from loader data.
 */
import { Link, useLocation, useNavigate } from '@remix-run/react';
import { Fragment, useState, type ReactNode } from 'react';
import { Button, Icon } from 'semantic-ui-react';

import {
  rankArrow,
  RANKING_SORT_BY_TAG,
  salesDimension,
  SET_COLUMN_LABELS,
  setRoleText,
  TABLE_DIMENSION_ROW_KINDS,
  type TableDimension,
  type TableRow,
  TAG_COLUMNS,
  tagHeader,
} from '@car/contracts';
import { growthClass } from '~/utils/format';
import { hasMoreRows, rankingSort, readTags, sortRankingRows, tagsParam } from '~/utils/ranking-table';
import { withParams } from '~/utils/sale-volume-query';
import { DefinedLabel } from './DefinedLabel';
import { MultiSelect } from './MultiSelect';
import { PanelBusy } from './PanelBusy';
import { RankMark } from './RankMark';
import { ShareChange } from './ShareChange';
import { SortHeader } from './SortHeader';
import { SubscribeBell } from './SubscribeBell';
import { TableScroll } from './TableScroll';

interface RankingTableProps {
  title: string;
  rows: TableRow[];
  total: number;
  dimensions: readonly TableDimension[];
  dimension: TableDimension;
  /** Header of the name column (defaults to the dimension's label). */
  nameHeader?: string;
  /** Header of the merged group column, for tables whose rows carry `groupName` (segments by category). */
  groupHeader?: string;
  /** The table pages by load more (else it comes whole). */
  paged: boolean;
  page: number;
  downloadHref: string;
  loading?: boolean;
  /** Controls beside the dimension buttons (the area sub-switch …). */
  extra?: ReactNode;
  /** Click on a row's name (e.g. open a producer's page); the rest of the row calls onRowClick. */
  renderName?: (row: TableRow) => ReactNode;
  onRowClick?: (row: TableRow) => void;
  chosenRowId?: number | null;
  /** 1-2月合计: the headers say the period (tagHeader, decision 198). */
  newYear?: boolean;
  /** Whether a row's 销量 is one month's, which a subscription watches (not January to date): its bell. */
  monthly?: boolean;
  /** The 车系 table narrowed to a 竞品组 (decision 300): 本品 marked, 组内份额 and 组内排名 after the name. */
  set?: boolean;
  /** Rows the analyst may tick (the 车系 table: to save them as a 竞品组), and what is done with the ticked ones. */
  ticking?: { ticked: ReadonlySet<number>; onTick: (row: TableRow, ticked: boolean) => void };
}

/** The set columns of a row (SET_COLUMN_LABELS' order after the name). */
function SetCells({ row }: { row: TableRow }) {
  return (
    <>
      <td className="ranking-table__role">{row.heji ? '' : setRoleText(row.setOwn)}</td>
      <td className="ranking-table__num">{row.setMixs ?? '-'}</td>
      <td className="ranking-table__num">{row.setRanking ?? '-'}</td>
    </>
  );
}

function Growth({ value, text }: { value: number | null; text: string }) {
  return <span className={growthClass(value)}>{text}</span>;
}

function Rank({ row }: { row: TableRow }) {
  if (row.heji || row.ljRanking === null || row.ljRanking === undefined) return <span>-</span>;
  return <RankMark rank={row.ljRanking} arrow={rankArrow({ ranking: row.ljRanking, rankingStatus: row.rankingStatus })} />;
}

function Bar({ text, width }: { text: string; width: number }) {
  return (
    <span className="bar-cell">
      <span className="bar-cell__bar" style={{ width: `${Math.max(0, Math.min(100, width))}%` }} />
      <span className="bar-cell__text">{text}</span>
    </span>
  );
}

/** The cell of one tag column. */
export function tagCell(tag: number, row: TableRow): ReactNode {
  switch (tag) {
    case 2:
      return row.heji ? row.salesStr : <Bar text={row.salesStr} width={row.salesWidth} />;
    case 3:
      return row.tqSalesStr;
    case 4:
      return <Growth value={row.mom} text={row.moms} />;
    case 5:
      return <Growth value={row.yoy} text={row.yoys} />;
    case 6:
      return row.mixs;
    case 7:
      return row.tqMixs;
    case 8:
      return <ShareChange value={row.mixChange} />;
    case 9:
      return <Rank row={row} />;
    case 10:
      return row.heji ? row.salesSumStr : <Bar text={row.salesSumStr} width={row.salesSumWidth} />;
    case 11:
      return row.tqSalesSumStr;
    case 12:
      return <Growth value={row.yearYoy} text={row.yearYoys} />;
    case 13:
      return row.yearMixs;
    case 14:
      return row.tqYearMixs;
    case 15:
      return <ShareChange value={row.yearMixChange} />;
    default:
      return null;
  }
}

const TAG_OPTIONS = TAG_COLUMNS.map((c) => ({ value: c.tag, label: c.label }));

export function RankingTable({
  title,
  rows,
  total,
  dimensions,
  dimension,
  nameHeader,
  groupHeader,
  paged,
  page,
  downloadHref,
  loading = false,
  extra,
  renderName,
  onRowClick,
  chosenRowId,
  newYear = false,
  monthly = true,
  set = false,
  ticking,
}: RankingTableProps) {
  const location = useLocation();
  const navigate = useNavigate();
  // The columns follow the URL as it is now: a change of columns alone reloads no data (utils/revalidation.ts),
  // so the loader's copy of `tags` would be that of the last load.
  const search = new URLSearchParams(location.search);
  const tags = readTags(search.get('tags'));
  // A paged table comes sorted from the API (its loader sends the same `sort`); a whole one sorts here.
  const order = rankingSort(search, paged);
  const shown = paged ? rows : sortRankingRows(rows, order);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const columns = TAG_COLUMNS.filter((c) => tags.includes(c.tag));
  const grouped = Boolean(groupHeader) && shown.some((r) => r.groupName);
  const more = paged && hasMoreRows(rows.length, total);
  // A row of 厂商, 品牌 or 车系 carries a bell: subscribe to its 销量 (decision 279). Not a subtotal, not a tree's
  // child (another kind of row), not over 1-2月合计 or 本年累计 (an alert watches one month's figures).
  const rowKind = newYear || !monthly ? undefined : TABLE_DIMENSION_ROW_KINDS[dimension];

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const renderRow = (row: TableRow, depth: number): ReactNode => {
    const open = expanded.has(row.id);
    const nameCell = (
      <span className="ranking-table__name" style={{ paddingLeft: depth * 18 }}>
        {row.hasChildren && row.children?.length ? (
          <button
            type="button"
            className="tree-toggle"
            aria-expanded={open}
            aria-label={open ? '收起' : '展开'}
            onClick={(e) => {
              e.stopPropagation();
              toggle(row.id);
            }}
          >
            <Icon name={open ? 'minus square outline' : 'plus square outline'} fitted />
          </button>
        ) : depth > 0 ? (
          <span className="tree-toggle tree-toggle--leaf" />
        ) : null}
        {renderName && !row.heji ? renderName(row) : row.name}
        {rowKind && depth === 0 && !row.heji && row.id > 0 ? <SubscribeBell figure={{ measure: 'sales', rowKind, rowId: row.id, rowName: row.name }} /> : null}
      </span>
    );
    const classes = [
      row.heji ? 'is-subtotal' : '',
      onRowClick && !row.heji ? 'is-clickable' : '',
      chosenRowId === row.id ? 'is-chosen' : '',
      set && row.setOwn ? 'is-own' : '',
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <Fragment key={`${depth}-${row.id}-${row.name}`}>
        <tr className={classes || undefined} onClick={onRowClick && !row.heji ? () => onRowClick(row) : undefined} data-row-id={row.id}>
          {ticking ? (
            <td className="ranking-table__tick">
              {depth === 0 && !row.heji && row.id > 0 ? (
                <input
                  type="checkbox"
                  aria-label={`选择 ${row.name}`}
                  checked={ticking.ticked.has(row.id)}
                  onChange={(event) => ticking.onTick(row, event.target.checked)}
                  onClick={(event) => event.stopPropagation()}
                />
              ) : null}
            </td>
          ) : null}
          {grouped && row.columnMerge ? (
            <td colSpan={row.columnMergeNum || 2} className="ranking-table__group">
              {nameCell}
            </td>
          ) : (
            <>
              {grouped && row.rowMerge ? (
                <td rowSpan={row.rowMergeNum} className="ranking-table__group">
                  {row.groupName}
                </td>
              ) : null}
              <td>{nameCell}</td>
            </>
          )}
          {set ? <SetCells row={row} /> : null}
          {columns.map((c) => (
            <td key={c.tag} className="ranking-table__num">
              {tagCell(c.tag, row)}
            </td>
          ))}
        </tr>
        {open && row.children ? row.children.map((child) => renderRow(child, depth + 1)) : null}
      </Fragment>
    );
  };

  return (
    <section className="panel ranking-table" aria-busy={loading}>
      <header className="panel__head">
        <h3 className="panel__title">{title}</h3>
        <div className="panel__tools ranking-table__dimensions">
          <Button.Group size="mini" basic>
            {dimensions.map((d) => (
              <Button
                key={d}
                as={Link}
                to={withParams(location.search, { dimension: d, page: null })}
                preventScrollReset
                active={d === dimension}
                aria-pressed={d === dimension}
              >
                {salesDimension(d).label}
              </Button>
            ))}
          </Button.Group>
          {extra}
        </div>
        <div className="panel__tools">
          <span className="panel__label">数据列</span>
          <MultiSelect
            label="数据列"
            compact
            options={TAG_OPTIONS}
            value={tags}
            onChange={(next) => navigate(withParams(location.search, { tags: tagsParam(next) }), { replace: true, preventScrollReset: true })}
          />
          <a className="ui mini basic button" href={downloadHref} download>
            <Icon name="download" />
            下载
          </a>
        </div>
      </header>
      <TableScroll label={title}>
        <table className={`ui celled compact unstackable table kit-table${grouped ? ' kit-table--grouped' : ''}`}>
          <thead>
            <tr>
              {ticking ? <th className="ranking-table__tick">选择</th> : null}
              {grouped ? <th>{groupHeader}</th> : null}
              {paged ? (
                <th>{nameHeader ?? salesDimension(dimension).label}</th>
              ) : (
                <SortHeader column="name" order={order}>
                  {nameHeader ?? salesDimension(dimension).label}
                </SortHeader>
              )}
              {set ? (
                <>
                  <th>{SET_COLUMN_LABELS.role}</th>
                  <th className="ranking-table__num">
                    <DefinedLabel label={SET_COLUMN_LABELS.mix} />
                  </th>
                  <th className="ranking-table__num">
                    <DefinedLabel label={SET_COLUMN_LABELS.ranking} />
                  </th>
                </>
              ) : null}
              {columns.map((c) => (
                <SortHeader key={c.tag} column={RANKING_SORT_BY_TAG[c.tag]} order={order} className="ranking-table__num">
                  {tagHeader(c.tag, newYear)}
                </SortHeader>
              ))}
            </tr>
          </thead>
          <tbody>{shown.map((row) => renderRow(row, 0))}</tbody>
        </table>
      </TableScroll>
      <footer className="ranking-table__foot">
        {more ? (
          <Link to={withParams(location.search, { page: page + 1 })} preventScrollReset className="ranking-table__more">
            加载更多
          </Link>
        ) : (
          <span className="ranking-table__end">没有更多数据了哦</span>
        )}
      </footer>
      <PanelBusy active={loading} />
    </section>
  );
}
