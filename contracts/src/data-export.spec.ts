import { EXPORT_PAGES, offeredTags, priceExportSchema, priceVolumeExportSchema, rebateExportSchema } from './data-export';

describe('the price-volume, price and rebate export forms', () => {
  test('the price-volume form defaults to 5万-40万 in bands of 1万 (spec §9) and checks its bands', () => {
    expect(priceVolumeExportSchema.parse({ yyyyMm: '2026-01 - 2026-10' })).toMatchObject({
      yyyyMm: { from: 202601, to: 202610 },
      priceLow: 5,
      priceHigh: 40,
      segment: 1,
    });
    expect(priceVolumeExportSchema.safeParse({ yyyyMm: '2026-10', priceLow: '10', priceHigh: '30', segment: '2.5' }).success).toBe(true);
    expect(priceVolumeExportSchema.safeParse({ yyyyMm: '2026-10', segment: '3' }).error?.issues[0].message).toBe('价格区间应为价格段宽度的整数倍');
  });

  test('repeated and comma-joined values, only the fields each export has', () => {
    expect(priceExportSchema.parse({ yyyyMm: '2026-10', carId: ['1', '2,3'], city: '110100', titleKeys: ['car', 'city'] })).toMatchObject({
      carId: [1, 2, 3],
      city: [110100],
      titleKeys: ['car', 'city'],
    });
    expect(rebateExportSchema.safeParse({ yyyyMm: '2026-10', city: '110100' }).success).toBe(false);
    expect(rebateExportSchema.safeParse({ yyyyMm: '2026-10', titleKeys: 'city' }).success).toBe(false);
  });

  test('the extra tags are offered only with 车型; 城市 only on the price export', () => {
    const keys = (kind: keyof typeof EXPORT_PAGES, on: string[]) => offeredTags(EXPORT_PAGES[kind].tags, new Set(on)).map((t) => t.key);
    expect(keys('price', [])).not.toEqual(expect.arrayContaining(['engine']));
    expect(keys('price', [])).not.toContain('city');
    expect(keys('price', ['car'])).toEqual(expect.arrayContaining(['engine', 'gearbox', 'drive', 'city']));
    expect(keys('fandian', ['car'])).toEqual(expect.arrayContaining(['engine', 'gearbox', 'drive']));
    expect(keys('fandian', ['car'])).not.toContain('city');
    // §2.8 lists engine, gearbox and drive for the price-volume export whatever else is on.
    expect(keys('mix', [])).toEqual(expect.arrayContaining(['engine', 'gearbox', 'drive']));
    expect(keys('mix', []).indexOf('drive')).toBeLessThan(keys('mix', []).indexOf('fuel'));
    expect(keys('cityRetail', [])).toContain('gearbox');
    expect([EXPORT_PAGES.cityRetail.calendar, EXPORT_PAGES.mix.calendar, EXPORT_PAGES.price.calendar, EXPORT_PAGES.fandian.calendar]).toEqual([2, 2, 1, 3]);
  });
});
