/**
 * The header tags of 车型价格段销量 (/pricevolume/cabmodelprice): the contracts' rule (`priceBandTags`, one
 * for the page and its deck's title slide) with the names the page's lookups give.
 */
import { priceBandTags as bandTags } from '@car/contracts';
import { cityName } from '~/components/CitySelect';
import type { HeaderTag } from '~/components/HeaderTags';
import type { PickItem } from './pick-list';
import type { PriceQtyLookups } from './price-volume-lookups.server';
import type { PriceQtyFilters } from './price-volume-query';

/** A lookup list as a multi-select's options, without its 全部 entry (key -1). */
export { keyOptions } from '@car/contracts';

export function priceBandTags(f: PriceQtyFilters, lookups: PriceQtyLookups | null, brands: readonly PickItem[]): HeaderTag[] {
  return bandTags(
    f,
    lookups,
    brands.map((b) => b.name),
    cityName(lookups?.cities, f.tpCity),
  );
}
