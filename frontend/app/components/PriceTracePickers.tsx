import { Form, useLocation } from '@remix-run/react';
import { useState } from 'react';
import { Button } from 'semantic-ui-react';

import { CompetitorSetMenu } from '~/components/CompetitorSetMenu';
import { PickerInput } from '~/components/PickerInput';
import { traceWithSet } from '~/utils/competitor-monitor';
import type { PickItem } from '~/utils/pick-list';
import type { PriceTraceData } from '~/utils/price-trace.server';

/**
 * The chart's pickers: the own model, then the comparison brand (spec 001 §3 compareBrand) that narrows the
 * comparison series and models dialogs to its series; choosing another comparison brand drops the chosen
 * comparison series and models, as choosing another own brand drops the own series (decision 148). 竞品组 fills the
 * own series and the comparison series with a set (issue 49 §3); 将当前选择存为竞品组 saves the traced sub-series as
 * 本品 with the comparison series shown as its rivals (decision 301; the comparison trims are trims, not sub-series).
 */
export function PriceTracePickers({ data }: { data: PriceTraceData }) {
  const location = useLocation();
  const [compareBrand, setCompareBrand] = useState<PickItem | null>(data.compareBrand);
  const [series, setSeries] = useState<PickItem[]>(data.comparedSeries);
  const [cars, setCars] = useState<PickItem[]>(data.comparedCars);
  const carFilters = data.state.time ? { time: data.state.time } : undefined;
  const narrowed = compareBrand ? { brandIds: [Number(compareBrand.id)] } : {};
  return (
    <Form
      method="get"
      className="trace-pickers"
      preventScrollReset
      aria-label="对比选择"
      key={JSON.stringify([data.compareBrand, data.comparedSeries, data.comparedCars])}
    >
      {data.state.time ? <input type="hidden" name="time" value={data.state.time} /> : null}
      <input type="hidden" name="measure" value={data.state.measure} />
      {data.state.city !== null ? <input type="hidden" name="city" value={data.state.city} /> : null}
      {data.brand ? <input type="hidden" name="brand" value={data.brand.id} /> : null}
      <input type="hidden" name="type" value={data.state.type} />
      <PickerInput
        name="carId"
        kind="carModel"
        label="本品车型"
        multiple={false}
        value={data.ownCar}
        series={data.own}
        seriesName="modelSubId"
        filters={carFilters}
        title="选择本品车型"
      />
      <PickerInput
        name="compareBrand"
        kind="currentBrand"
        label="对比品牌"
        value={compareBrand ? [compareBrand] : []}
        placeholder="全部品牌"
        title="选择对比品牌"
        onChange={(items) => {
          const next = items[0] ?? null;
          if (next?.id === compareBrand?.id) return;
          setCompareBrand(next);
          setSeries([]);
          setCars([]);
        }}
      />
      <PickerInput name="modelSubIds" kind="series" label="对比车系" value={series} filters={narrowed} onChange={setSeries} title="选择对比车系" />
      <PickerInput
        name="carIds"
        kind="carModel"
        label="对比车型"
        value={cars}
        filters={{ ...carFilters, ...narrowed }}
        onChange={setCars}
        title="选择对比车型"
      />
      <Button size="small" primary type="submit">
        查询
      </Button>
      <CompetitorSetMenu
        hrefOf={(set) => traceWithSet(location.search, set)}
        saveAs={{
          own: data.own ? [data.own] : [],
          rivals: series,
          note:
            cars.length > 0
              ? '本品为追踪的子车系，竞品为所选对比车系；对比车型不计入，可在竞品子车系中添加。保存前可修改。'
              : '本品为追踪的子车系，竞品为所选对比车系；保存前可修改。',
          unavailable: !data.own ? '请先选择本品车型' : series.length === 0 ? '请先选择对比车系' : null,
        }}
      />
    </Form>
  );
}
