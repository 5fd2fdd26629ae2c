/**
 * The comparison: a header table frozen at the top of its scroll box (a group row naming each sub-series
 * over its trims, the trims as columns with move and remove, then the frozen rows: sub-series, MSRP, the
 * month's volume and TP; every frozen cell opaque, so nothing scrolls through them), and one table per category
 * with sub-rows indented under their parents. Every table has the same fixed column widths, so the
 * columns line up and nothing moves when the data arrives; the label column stays on the left.
 *
 * Drawn in two steps (decision 274): the head and the categories of the first screenful at once, the rest of the
 * rows right after, as a transition (thousands of cells: five sub-series' trims × the sheet's rows), so the table
 * shows as soon as its first rows are ready and the page stays responsive while the rest is drawn. Each category's
 * table is drawn again only when its rows or the columns change (not while a sub-series loads).
 */
import { cellsOf, columnIndexes, type ConfigBlock, type ConfigColumn, type ConfigFreeze, type ConfigRow, UNEQUIPPED } from '@car/contracts';
import { forwardRef, memo, type ReactNode, useEffect, useMemo, useState, useTransition } from 'react';
import { Icon } from 'semantic-ui-react';

import { DefinedLabel } from '~/components/DefinedLabel';
import { subSeriesGroups } from '~/utils/config-query';

const LABEL_WIDTH = 200;
const COLUMN_WIDTH = 180;
/**
 * Rows drawn in the first step: more than the scroll box shows at once in a 1080-px-tall window (about 20 under the
 * head). 40 drew a third category on the five sub-series' first load, 60 % more cells before the table showed
 * (decision 288).
 */
export const FIRST_ROWS = 24;

export const categoryAnchorId = (id: number): string => `config-cat-${id}`;

interface Props {
  columns: readonly ConfigColumn[];
  freezes: readonly ConfigFreeze[];
  blocks: readonly ConfigBlock[];
  canRemove: boolean;
  onMove: (code: string, direction: -1 | 1) => void;
  onRemove: (code: string) => void;
  /** Every row now (a jump to a category), without waiting for the second step. */
  allRows?: boolean;
  /** A line under the table (no column passes the filters, no row differs). */
  note?: string | null;
}

/** How many of the blocks the first step draws: those that start within the first FIRST_ROWS rows (at least one). */
export function firstBlocks(blocks: readonly ConfigBlock[]): number {
  const count = (rows: readonly ConfigRow[]): number => rows.reduce((n, r) => n + 1 + count(r.data), 0);
  let rows = 0;
  let n = 0;
  while (n < blocks.length && rows < FIRST_ROWS) rows += 1 + count(blocks[n++].data);
  return n;
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

/**
 * One category's table; drawn again only when its rows or the columns change. Its box, as wide as the table, is what
 * the browser skips while it is far from the scroll box's view (content-visibility: a table itself cannot be skipped)
 * and what the category navigation scrolls to (decision 288).
 */
const BlockTable = memo(function BlockTable({ block, codes, width }: { block: ConfigBlock; codes: readonly string[]; width: number }) {
  return (
    <div id={categoryAnchorId(block.id)} className="config-block-box" style={{ width }}>
      <BlockRows block={block} codes={codes} width={width} />
    </div>
  );
});

function BlockRows({ block, codes, width }: { block: ConfigBlock; codes: readonly string[]; width: number }) {
  return (
    <table className="config-table config-block" style={{ width }} aria-label={block.desc}>
      <Cols count={codes.length} />
      <tbody>
        <tr className="config-block__title">
          <th scope="rowgroup" className="config-label">
            {block.desc}
          </th>
          <td colSpan={Math.max(1, codes.length)} />
        </tr>
        {rowsOf(block.data, codes, columnIndexes(block.headerData, codes))}
      </tbody>
    </table>
  );
}

export const ConfigCompareTable = memo(
  forwardRef<HTMLDivElement, Props>(function ConfigCompareTable({ columns, freezes, blocks, canRemove, onMove, onRemove, allRows, note }, scrollRef) {
    const codes = useMemo(() => columns.map((c) => c.carJllCode), [columns]);
    const width = LABEL_WIDTH + COLUMN_WIDTH * columns.length;
    // The blocks every row of which is drawn; others wait for the second step.
    const [whole, setWhole] = useState<readonly ConfigBlock[] | null>(null);
    const [, startTransition] = useTransition();
    const complete = allRows === true || whole === blocks;
    useEffect(() => {
      if (whole !== blocks) startTransition(() => setWhole(blocks));
    }, [blocks, whole]);
    const drawn = complete ? blocks : blocks.slice(0, firstBlocks(blocks));
    return (
      <ConfigTableBody
        ref={scrollRef}
        columns={columns}
        codes={codes}
        width={width}
        freezes={freezes}
        blocks={drawn}
        busy={!complete}
        canRemove={canRemove}
        onMove={onMove}
        onRemove={onRemove}
      >
        {note ? <p className="config-note">{note}</p> : null}
      </ConfigTableBody>
    );
  }),
);

interface BodyProps {
  columns: readonly ConfigColumn[];
  codes: readonly string[];
  width: number;
  freezes: readonly ConfigFreeze[];
  blocks: readonly ConfigBlock[];
  busy: boolean;
  canRemove: boolean;
  onMove: (code: string, direction: -1 | 1) => void;
  onRemove: (code: string) => void;
  children?: ReactNode;
}

const ConfigTableBody = forwardRef<HTMLDivElement, BodyProps>(function ConfigTableBody(
  { columns, codes, width, freezes, blocks, busy, canRemove, onMove, onRemove, children },
  scrollRef,
) {
  return (
    <div className="config-scroll" ref={scrollRef} aria-busy={busy || undefined} data-rows={busy ? 'first' : 'all'}>
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
        <BlockTable key={block.id} block={block} codes={codes} width={width} />
      ))}
      {children}
    </div>
  );
});
