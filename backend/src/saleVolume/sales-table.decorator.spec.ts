import { AREA_MARKET, salesDimensionOfPath, WHOLE_MARKET } from '@car/contracts';

describe('the sales table calls', () => {
  it('name their table by SALES_DIMENSIONS, whole market and area market alike', () => {
    expect(salesDimensionOfPath(WHOLE_MARKET.detail.path)).toBe('segment');
    expect(salesDimensionOfPath(WHOLE_MARKET.series.path)).toBe('family');
    expect(salesDimensionOfPath(WHOLE_MARKET.bound.path)).toBe('brand');
    expect(salesDimensionOfPath(WHOLE_MARKET.producer.path)).toBe('producer');
    expect(salesDimensionOfPath(WHOLE_MARKET.modelSub.path)).toBe('carSeries');
    expect(salesDimensionOfPath(WHOLE_MARKET.area.path)).toBe('area');
    expect(salesDimensionOfPath(AREA_MARKET.bound.path)).toBe('brand');
    expect(salesDimensionOfPath(WHOLE_MARKET.whole.path)).toBeUndefined();
  });

  it('that one handler serves share one schema, so its pipe validates each of them by its own contract', () => {
    expect(WHOLE_MARKET.series.params).toBe(WHOLE_MARKET.detail.params);
    expect(WHOLE_MARKET.producer.params).toBe(WHOLE_MARKET.bound.params);
    // 车系 has a handler of its own: its schema adds the 竞品组 filter (decision 300).
    expect(WHOLE_MARKET.modelSub.params).not.toBe(WHOLE_MARKET.bound.params);
    expect(AREA_MARKET.series.params).toBe(AREA_MARKET.detail.params);
    expect(AREA_MARKET.producer.params).toBe(AREA_MARKET.bound.params);
  });
});
