import { bandRangeText, bandSettingsSummary, PRICE_VOLUME_DEFAULTS } from './price-volume';

/** The band settings read the same on the price-band page and the price-structure pair. */
describe('the band settings as text', () => {
  test('the filter group summary is the range, a slash, then the width, each in 万', () => {
    expect(bandSettingsSummary(PRICE_VOLUME_DEFAULTS)).toBe('5-40万 / 5万');
    expect(bandSettingsSummary({ priceLow: '10', priceHigh: '30', segment: '2.5' })).toBe('10-30万 / 2.5万');
  });

  test('the header tag names the width per band', () => {
    expect(bandRangeText(PRICE_VOLUME_DEFAULTS)).toBe('5-40万，每段5万');
    expect(bandRangeText({ priceLow: '0', priceHigh: '100', segment: '10' })).toBe('0-100万，每段10万');
  });

  test('bounds read as the URL spells them, one decimal kept', () => {
    expect(bandSettingsSummary({ priceLow: '7.5', priceHigh: '12.5', segment: '0.5' })).toBe('7.5-12.5万 / 0.5万');
    expect(bandRangeText({ priceLow: 7.5, priceHigh: 12.5, segment: 0.5 })).toBe('7.5-12.5万，每段0.5万');
  });
});
