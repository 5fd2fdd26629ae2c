/**
 * A row of the sales ranking tables as the API sends it (spec 000 §3 "Table row"). Wire names kept:
 * tq = the same period last year (同期), lj / Sum = year to date (累计), mix = share, hb = month-on-month.
 */
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
  ljRanking: number | null;
  /** −2 no arrow, −1 down, 0 flat, 1 up. */
  rankingStatus?: -2 | -1 | 0 | 1;
  groupName?: string | null;
  rowMerge: boolean;
  rowMergeNum: number;
  columnMerge: boolean;
  columnMergeNum: number;
  color?: string | null;
  /** A subtotal or total row (合计 / 小计). */
  heji: boolean;
  hasChildren: boolean;
  children?: TableRow[];
  code?: string;
  dimensionality?: number;
}

export interface TablePage {
  list: TableRow[];
  total: number;
  currentPage: number;
  pageSize: number;
}
