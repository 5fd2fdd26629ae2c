/**
 * The header tags of 车型价格段销量 (/pricevolume/cabmodelprice): the chosen month, market, the four
 * attribute lists, brands, the price range and order, TP / MSRP (with its city) and 月 / 累计.
 */
import { BAND_ORDERS, bandRangeText, MONTH_OR_CUMULATIVE, PRICE_BASES } from '@car/contracts';
import { cityName } from '~/components/CitySelect';
import type { HeaderTag } from '~/components/HeaderTags';
import { monthTagText } from './filter-tags';
import { multiSelectText } from './multi-select';
import type { PickItem } from './pick-list';
import type { PriceQtyLookups } from './price-volume-lookups.server';
import type { PriceQtyFilters } from './price-volume-query';

/** A lookup list as a multi-select's options, without its 全部 entry (key -1). */
export function keyOptions(list: ReadonlyArray<{ key: number | string; value: string }> | undefined) {
  return (list ?? []).filter((p) => Number(p.key) !== -1).map((p) => ({ value: Number(p.key), label: p.value }));
}

export function priceBandTags(f: PriceQtyFilters, lookups: PriceQtyLookups | null, brands: readonly PickItem[]): HeaderTag[] {
  const listText = (ids: number[], options: ReturnType<typeof keyOptions>) => (ids.length ? multiSelectText(ids, options) : '全部');
  const labelOf = <T extends number>(options: ReadonlyArray<{ value: T; label: string }>, value: T) => options.find((o) => o.value === value)?.label ?? '-';
  return [
    { label: '时间', value: monthTagText(f.time) },
    { label: '市场', value: lookups?.segments.find((s) => s.id === f.detailId)?.name ?? '整体市场' },
    { label: '厂商属性', value: listText(f.producerProperties, keyOptions(lookups?.producerProperties)) },
    { label: '品牌属性', value: listText(f.brandProperties, keyOptions(lookups?.brandProperties)) },
    { label: '品牌', value: brands.length ? brands.map((b) => b.name).join('、') : '全部' },
    { label: '车身形式', value: listText(f.bodyShape, keyOptions(lookups?.bodyShapes)) },
    { label: '系别', value: listText(f.series, keyOptions(lookups?.families)) },
    { label: '价格区间', value: bandRangeText(f) },
    { label: '排序', value: labelOf(BAND_ORDERS, f.orderBy) },
    { label: '价格', value: labelOf(PRICE_BASES, f.data1) },
    ...(f.data1 === 0 ? [{ label: 'TP城市', value: cityName(lookups?.cities, f.tpCity) ?? '全国' }] : []),
    { label: '平均', value: labelOf(MONTH_OR_CUMULATIVE, f.accumulate) },
  ];
}
