/**
 * How a car is named wherever a page, a deck or a workbook shows it beside others: one rule for every module.
 */

/**
 * A trim named with its sub-series ('英朗 2026款 1.5L 自动 进取版'): a trim's own name ('2026款 1.5L 自动 进取版')
 * does not say whose it is; one that already starts with it is left as it is. The config comparison's columns and
 * the price trace's lines (its subject, its compared trims) name trims by it.
 */
export function trimTitle(subSeries: string, trim: string): string {
  return subSeries === '' || trim.startsWith(subSeries) ? trim : `${subSeries} ${trim}`;
}
