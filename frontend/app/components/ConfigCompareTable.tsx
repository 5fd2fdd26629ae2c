/**
 * The comparison: a header table frozen at the top of its scroll box (a group row naming each sub-series
 * over its trims, the trims as columns with move and remove, then the frozen rows: sub-series, MSRP, the
 * month's volume and TP; every frozen cell opaque, so nothing scrolls through them), and one table per category
 * with sub-rows indented under their parents. Every table has the same fixed column widths, so the
 * columns line up and nothing moves when the data arrives; the label column stays on the left.
 */
import { cellsOf, columnIndexes, type ConfigBlock, type ConfigColumn, type ConfigFreeze, type ConfigRow, UNEQUIPPED } from '@car/contracts';
import { forwardRef, type ReactNode } from 'react';
import { Icon } from 'semantic-ui-react';

import { DefinedLabel } from '~/components/DefinedLabel';
import { subSeriesGroups } from '~/utils/config-query';

const LABEL_WIDTH = 200;
const COLUMN_WIDTH = 180;

export const categoryAnchorId = (id: number): string => `config-cat-${id}`;

interface Props {
  columns: readonly ConfigColumn[];
  freezes: readonly ConfigFreeze[];
  blocks: readonly ConfigBlock[];
  canRemove: boolean;
  onMove: (code: string, direction: -1 | 1) => void;
  onRemove: (code: string) => void;
  children?: ReactNode;
}

function Cols({ count }: { count: number }) {
  return (
    <colgroup>
      <col style={{ width: LABEL_WIDTH }} />
      {Array.from({ length: count }, (_, i) => (
        <col key={i} style={{ width: COLUMN_WIDTH }} />
      ))}
    </colgroup>
  );
}

function valueClass(value: string): string {
  if (value === UNEQUIPPED) return 'config-value is-none';
  if (value === '●') return 'config-value is-standard';
  if (value === '○') return 'config-value is-optional';
  return 'config-value';
}

/** A row and its sub-rows, depth first, each indented by its layer; `at` says where each shown column sits in the row's values. */
function rowsOf(rows: readonly ConfigRow[], codes: readonly string[], at: readonly number[]): ReactNode[] {
  return rows.flatMap((row) => [
    <tr key={row.id} className={`config-row config-row--layer${row.layer}`} data-layer={row.layer}>
      <th scope="row" className="config-label">
        {row.desc}
      </th>
      {cellsOf(row, at).map((value, i) => (
        <td key={codes[i]} className={valueClass(value)}>
          {value}
        </td>
      ))}
    </tr>,
    ...rowsOf(row.data, codes, at),
  ]);
}

export const ConfigCompareTable = forwardRef<HTMLDivElement, Props>(function ConfigCompareTable(
  { columns, freezes, blocks, canRemove, onMove, onRemove, children },
  scrollRef,
) {
  const codes = columns.map((c) => c.carJllCode);
  const width = LABEL_WIDTH + COLUMN_WIDTH * columns.length;
  return (
    <div className="config-scroll" ref={scrollRef}>
      <div className="config-head">
        <table className="config-table" style={{ width }} aria-label="车型表头">
          <Cols count={columns.length} />
          <thead>
            <tr className="config-groups">
              <th scope="col" className="config-label">
                子车系
              </th>
              {subSeriesGroups(columns).map((g, i) => (
                <th key={`${g.subSeriesId}-${i}`} scope="colgroup" colSpan={g.span} className="config-group" data-sub-series={g.subSeriesId}>
                  <span className="config-group__name">
                    {g.name}
                    <span className="config-group__count">{g.span} 款</span>
                  </span>
                </th>
              ))}
            </tr>
            <tr>
              <th scope="col" className="config-label">
                车型
              </th>
              {columns.map((c, i) => (
                <th scope="col" key={c.carJllCode} className="config-trim" data-code={c.carJllCode}>
                  <div className="config-trim__name">{c.carName}</div>
                  <div className="config-trim__tools">
                    {c.onSale ? null : <span className="config-trim__ended">停售</span>}
                    <button type="button" aria-label={`左移 ${c.carName}`} title="左移" disabled={i === 0} onClick={() => onMove(c.carJllCode, -1)}>
                      <Icon name="angle left" fitted />
                    </button>
                    <button
                      type="button"
                      aria-label={`右移 ${c.carName}`}
                      title="右移"
                      disabled={i === columns.length - 1}
                      onClick={() => onMove(c.carJllCode, 1)}
                    >
                      <Icon name="angle right" fitted />
                    </button>
                    <button type="button" aria-label={`移除 ${c.carName}`} title="移除" disabled={!canRemove} onClick={() => onRemove(c.carJllCode)}>
                      <Icon name="close" fitted />
                    </button>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {freezes.map((f) => (
              <tr key={f.desc} className="config-freeze">
                <th scope="row" className="config-label">
                  <DefinedLabel label={f.desc} />
                </th>
                {codes.map((code) => (
                  <td key={code}>{f.values[code] ?? UNEQUIPPED}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {blocks.map((block) => (
        <table key={block.id} id={categoryAnchorId(block.id)} className="config-table config-block" style={{ width }} aria-label={block.desc}>
          <Cols count={columns.length} />
          <tbody>
            <tr className="config-block__title">
              <th scope="rowgroup" className="config-label">
                {block.desc}
              </th>
              <td colSpan={Math.max(1, columns.length)} />
            </tr>
            {rowsOf(block.data, codes, columnIndexes(block.headerData, codes))}
          </tbody>
        </table>
      ))}
      {children}
    </div>
  );
});
