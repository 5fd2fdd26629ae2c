import { priceTableCell, priceTableUnit, priceTableUnitText, yuanText } from './price';
import { sharePercentText } from './display';

describe('a month table’s cells and unit (issue 45 §5)', () => {
  test('a price is its thousands without 元, the header says 元 once', () => {
    expect(priceTableUnit(2)).toBe('元');
    expect(priceTableUnit(0)).toBe('元');
    expect([priceTableCell(2, 158_432.4), priceTableCell(0, 12_000), priceTableCell(0, null)]).toEqual(['158,432', '12,000', '-']);
    // The API's text of the same figure, its unit taken off.
    expect(`${priceTableCell(2, 158_432.4)}元`).toBe(yuanText(158_432.4));
  });

  test('a discount rate is its one-decimal percent without %, the header says % once', () => {
    expect(priceTableUnit(1)).toBe('%');
    expect([priceTableCell(1, 8.46), priceTableCell(1, 0), priceTableCell(1, null)]).toEqual(['8.5', '0.0', '-']);
    expect(`${priceTableCell(1, 8.46)}%`).toBe(sharePercentText(8.46));
  });

  test('the unit as the title, the workbook’s header block and the deck’s table title write it once (decision 286)', () => {
    expect([priceTableUnitText(2), priceTableUnitText(0), priceTableUnitText(1)]).toEqual(['单位：元', '单位：元', '单位：%']);
  });
});
