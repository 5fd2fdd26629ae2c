/** The spec's result objects (000 §3). Numbers are percents with one decimal (12.3 = 12.3 %) or null for '-'. */

export interface Summary {
  qty: number;
  qtyStr: string;
  /** 同期: the same month a year earlier. */
  tb: number;
  /** 环比基期: the month before. */
  hb: number;
  ljQty: number;
  ljQtyStr: string;
  /** Last year's January-to-date. */
  ljTb: number;
  yoy: number | null;
  yoys: string;
  mom: number | null;
  moms: string;
  yearYoy: number | null;
  yearYoys: string;
  time: string;
}

/** A row of a ranking table; the s-suffixed fields are display strings. */
export interface TableRow {
  id: number;
  name: string;
  sales: number;
  salesStr: string;
  salesWidth: number;
  tqSales: number;
  tqSalesStr: string;
  salesSum: number;
  salesSumStr: string;
  salesSumWidth: number;
  tqSalesSum: number;
  tqSalesSumStr: string;
  mom: number | null;
  moms: string;
  yoy: number | null;
  yoys: string;
  mix: number | null;
  mixs: string;
  tqMix: number | null;
  tqMixs: string;
  /** 份额变化 in percentage points. */
  mixChange: number | null;
  mixChanges: string;
  yearYoy: number | null;
  yearYoys: string;
  yearMix: number | null;
  yearMixs: string;
  tqYearMix: number | null;
  tqYearMixs: string;
  yearMixChange: number | null;
  yearMixChanges: string;
  /** 累计排名: rank by January-to-date sales within the table's dimension. */
  ljRanking: number | null;
  /** Against last year's January-to-date rank: 1 up, −1 down, 0 flat, −2 none. */
  rankingStatus: -2 | -1 | 0 | 1;
  /** The group this row belongs to (segment category, big region) in merged tables. */
  groupName: string | null;
  rowMerge: boolean;
  rowMergeNum: number;
  columnMerge: boolean;
  columnMergeNum: number;
  color: string | null;
  /** A subtotal (小计) or total (合计) row. */
  heji: boolean;
  hasChildren: boolean;
  children?: TableRow[];
}

export interface TablePage {
  list: TableRow[];
  /** Rows in the whole table (before paging), subtotals excluded. */
  total: number;
  currentPage: number;
  pageSize: number;
}

export interface ChartSeries {
  name: string;
  type: 'column' | 'line' | 'spline';
  data: Array<number | null>;
  /** Which y axis: 0 volume, 1 percent. */
  yAxis?: number;
}

export interface ChartResult {
  xAxis: Array<{ categories: string[] }>;
  yAxis: Array<{ title: string }>;
  series: ChartSeries[];
}
