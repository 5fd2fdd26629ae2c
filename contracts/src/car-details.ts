import type { CarDetails, DetailSortColumn, ModelRow } from './sale-volume';
import { sortRows, type SortOrder } from './table-sort';

/**
 * The car-model detail table of the producer/brand page (spec 000 §2, §3 "Car details"), as the
 * `companyBrand/carDetails` call answers it, line by line — one rule for the page's table and its deck (导出PPT):
 * per segment its sub-series, then the producer's or brand's subtotal in the segment (heJi1) and the segment's
 * market total (heJi2), the segment's cell merged down all of them; then the totals.
 */

/** The merged first cell of a segment: its name and its part of the producer's or brand's volume. */
export interface SegmentCell {
  name: string;
  mixStr: string;
  tqMixStr: string;
  width: number;
  /** How many table rows the cell spans: the segment's sub-series and its two subtotals. */
  rowSpan: number;
}

export type DetailLine =
  | { kind: 'model' | 'subtotal'; key: string; row: ModelRow; segment: SegmentCell | null }
  /** The producer's or brand's total (and each compared one's), then the market's: name across the first two columns. */
  | { kind: 'total'; key: string; row: ModelRow; segment: null };

/** The table's rows, top to bottom; with an order, each segment's models in it (its two subtotals stay at its foot). */
export function detailLines(details: CarDetails, order: SortOrder<DetailSortColumn> | null = null): DetailLine[] {
  const lines: DetailLine[] = [];
  for (const segment of details.details) {
    const models = sortRows(segment.models, order, { value: (row, column) => row[column as DetailSortColumn] });
    const rows = [...models, segment.heJi1, segment.heJi2];
    const cell: SegmentCell = {
      name: segment.name,
      mixStr: segment.mixStr,
      tqMixStr: segment.tqMixStr,
      width: segment.width,
      rowSpan: rows.length,
    };
    rows.forEach((row, index) => {
      lines.push({
        kind: row.subtotal ? 'subtotal' : 'model',
        key: `${segment.id}-${index}-${row.id}`,
        row,
        segment: index === 0 ? cell : null,
      });
    });
  }
  const totals = details.hejis.length > 0 ? details.hejis : [details.wholeHeJi1];
  totals.forEach((row, index) => lines.push({ kind: 'total', key: `total-${index}-${row.id}`, row, segment: null }));
  lines.push({ kind: 'total', key: 'market', row: details.wholeHeJi2, segment: null });
  return lines;
}
