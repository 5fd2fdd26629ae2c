/**
 * The sales tables' dimensions (spec 000 §2, §4: "Table dimension codes: 1 segment, 2 family, 3 brand,
 * 4 area, 5 producer, 6 car series"), written once: the page's code (`dimension` in the URL), the table
 * call's last path segment (saleVolume/wholeMarket/<path>), the query layer's dimension, the Chinese label of
 * the button, the table's first column and the workbook, and the download's `type` (the code less one).
 * Code 6 is the spec's "car series": its rows are sub-series (子车系, the wire's modelSub), labelled 车系
 * (decision 154).
 */

export type TableDimension = 1 | 2 | 3 | 4 | 5 | 6;

export interface SalesDimension {
  code: TableDimension;
  /** The table call under saleVolume/wholeMarket (and areaMarket, but for 'modelSub'). */
  path: 'detail' | 'series' | 'bound' | 'area' | 'producer' | 'modelSub';
  /** The query layer's dimension that ranks the table's rows (area: the big regions; provinces by `dimensionality`). */
  query: 'segment' | 'family' | 'brand' | 'area' | 'producer' | 'subSeries';
  label: string;
}

export const SALES_DIMENSIONS = {
  segment: { code: 1, path: 'detail', query: 'segment', label: '细分市场' },
  family: { code: 2, path: 'series', query: 'family', label: '系别' },
  brand: { code: 3, path: 'bound', query: 'brand', label: '品牌' },
  area: { code: 4, path: 'area', query: 'area', label: '区域' },
  producer: { code: 5, path: 'producer', query: 'producer', label: '厂商' },
  carSeries: { code: 6, path: 'modelSub', query: 'subSeries', label: '车系' },
} as const satisfies Record<string, SalesDimension>;

/** A sales table by its English name: 'segment', 'family', 'brand', 'area', 'producer', 'carSeries'. */
export type SalesDimensionKey = keyof typeof SALES_DIMENSIONS;

const BY_CODE = Object.fromEntries(Object.entries(SALES_DIMENSIONS).map(([key, d]) => [d.code, { ...d, key }])) as Record<
  TableDimension,
  SalesDimension & { key: SalesDimensionKey }
>;

/** The dimension of a page's code. */
export function salesDimension(code: TableDimension): SalesDimension & { key: SalesDimensionKey } {
  return BY_CODE[code];
}

/** The table a download's `type` names: the code less one. */
export function salesDimensionOfDownloadType(type: number): SalesDimensionKey {
  return BY_CODE[(type + 1) as TableDimension].key;
}

const BY_PATH = Object.fromEntries(Object.entries(SALES_DIMENSIONS).map(([key, d]) => [d.path, key])) as Record<string, SalesDimensionKey | undefined>;

/** The table a table call serves, by its path's last segment ('saleVolume/wholeMarket/detail' → 'segment'); else undefined. */
export function salesDimensionOfPath(path: string): SalesDimensionKey | undefined {
  return BY_PATH[path.slice(path.lastIndexOf('/') + 1)];
}

/** A download's `type` for a page's code. */
export function downloadTypeOf(code: TableDimension): number {
  return code - 1;
}

/** Button order on the pages. */
export const DIMENSION_ORDER: readonly TableDimension[] = [1, 2, 5, 3, 6, 4];
/** A dimension the filters hide falls back to this one (family). */
export const FALLBACK_DIMENSION: TableDimension = SALES_DIMENSIONS.family.code;
