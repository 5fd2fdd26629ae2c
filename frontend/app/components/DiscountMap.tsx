/** Beyond the old tool: each province's TP discount rate of the month in quantile classes, deepest discounts darkest, and a table beside. */
import { useMemo } from 'react';

import type { PriceMap } from '@car/contracts';
import { ChinaMap } from '~/components/ChinaMap';
import { PanelBusy } from '~/components/PanelBusy';
import { discountMap } from '~/utils/discount-map';

export function DiscountMap({ map, loading }: { map: PriceMap | null; loading: boolean }) {
  const { rows, measure } = useMemo(() => discountMap(map), [map]);
  return (
    <section className="panel price-map" aria-busy={loading} aria-label="各省优惠率">
      <header className="panel__head">
        <h3 className="panel__title">各省优惠率{map ? `（${map.time}）` : ''}</h3>
      </header>
      <ChinaMap mapId="cn" rows={rows} height={420} measure={measure} table />
      <PanelBusy active={loading} />
    </section>
  );
}
