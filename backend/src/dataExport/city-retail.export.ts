import { Injectable } from '@nestjs/common';
import { CITY_RETAIL_TAGS, type CityRetailExportForm, type CityRetailTag, formatMonth } from '@car/contracts';
import { CityRetailRepository, type CityNames, type CityRetailRow, type TrimNames } from './city-retail.repository';
import type { Cell, ExportDefinition, ExportPlan } from './export-pipeline';
import type { ExportColumn } from './export-workbook';

interface Lookups {
  trims: Map<number, TrimNames>;
  cities: Map<number, CityNames>;
  useNature: Map<number, string>;
  ownership: Map<number, string>;
  colour: Map<number, string>;
}

/** What a trim's tag columns show: the product attributes every export's rows carry. */
export const TRIM_CELLS = {
  brand: (t) => t?.brand ?? null,
  producer: (t) => t?.producer ?? null,
  producerBrand: (t) => t?.producerBrand ?? null,
  series: (t) => t?.series ?? null,
  subSeries: (t) => t?.subSeries ?? null,
  subSeriesCode: (t) => t?.subSeriesCode ?? null,
  modelLevel: (t) => t?.modelLevel ?? null,
  bodyType: (t) => t?.bodyType ?? null,
  producerProperty: (t) => t?.producerProperty ?? null,
  brandProperty: (t) => t?.brandProperty ?? null,
  brandFamily: (t) => t?.brandFamily ?? null,
  fuel: (t) => t?.fuel ?? null,
  emissionStandard: (t) => t?.emissionStandard ?? null,
  engine: (t) => t?.engine ?? null,
  gearbox: (t) => t?.gearbox ?? null,
  drive: (t) => t?.drive ?? null,
} satisfies Record<string, (trim: TrimNames | undefined) => Cell>;
export type TrimTag = keyof typeof TRIM_CELLS;

const trimCell = (key: TrimTag) => (_r: CityRetailRow, t: TrimNames | undefined) => TRIM_CELLS[key](t);

/** Each tag's column: what it shows of a row. Tags that split the grain read the row's own code. */
const TAG_CELLS: Record<CityRetailTag, (row: CityRetailRow, trim: TrimNames | undefined, city: CityNames | undefined, l: Lookups) => Cell> = {
  area: (_r, _t, c) => c?.area ?? null,
  province: (_r, _t, c) => c?.province ?? null,
  city: (_r, _t, c) => c?.name ?? null,
  tier: (_r, _t, c) => c?.tier ?? null,
  ...(Object.fromEntries(Object.keys(TRIM_CELLS).map((key) => [key, trimCell(key as TrimTag)])) as Record<TrimTag, ReturnType<typeof trimCell>>),
  useNature: (r, _t, _c, l) => (r.useNature === null ? null : (l.useNature.get(r.useNature) ?? String(r.useNature))),
  ownership: (r, _t, _c, l) => (r.ownership === null ? null : (l.ownership.get(r.ownership) ?? String(r.ownership))),
  colour: (r, _t, _c, l) => (r.colour === null ? null : (l.colour.get(r.colour) ?? String(r.colour))),
};

/** Columns always there: the grain month × city × trim. */
const FIXED_COLUMNS: ExportColumn[] = [
  { header: '月份', width: 10, kind: 'text' },
  { header: '城市', width: 12, kind: 'text' },
  { header: '车型', width: 40, kind: 'text' },
];
const QTY_COLUMN: ExportColumn = { header: '零售量', width: 12, kind: 'count' };

/** Tags whose column the fixed ones already show. */
const SHOWN_BY_FIXED = new Set<CityRetailTag>(['city']);

/** A trim as the 车型 column names it. */
export const trimText = (carId: number, trim: TrimNames | undefined): string => (trim ? `${trim.subSeries} ${trim.name}` : String(carId));

/**
 * 城市零售数据导出 (spec §2.7): retail volume by month × city × trim from the facts, for the months and
 * filters of the form; each tag that is on (`titleKeys`) adds its column, and use nature, ownership and
 * colour split the rows by their values (decision 72). The rows stream from a cursor on the facts.
 */
@Injectable()
export class CityRetailExport implements ExportDefinition<CityRetailExportForm> {
  readonly kind = 'cityRetail' as const;

  constructor(private readonly repository: CityRetailRepository) {}

  /** The tags whose columns the workbook shows, in the page's order. */
  static columnTags(form: CityRetailExportForm): CityRetailTag[] {
    const on = new Set(form.titleKeys ?? []);
    return CITY_RETAIL_TAGS.map((t) => t.key).filter((key) => on.has(key) && !SHOWN_BY_FIXED.has(key));
  }

  refuse(): string | null {
    return null;
  }

  async plan(form: CityRetailExportForm): Promise<ExportPlan> {
    const tags = CityRetailExport.columnTags(form);
    const grain = { useNature: tags.includes('useNature'), ownership: tags.includes('ownership'), colour: tags.includes('colour') };
    const [trimIds, cityIds] = await Promise.all([this.repository.trimIds(form), this.repository.cityIds(form)]);
    const scope = {
      from: form.yyyyMm.from,
      to: form.yyyyMm.to,
      trimIds,
      cityIds,
      useNature: form.useNature,
      ownership: form.owner,
      colour: form.colour,
      grain,
    };
    const [trims, cities, useNature, ownership, colour] = await Promise.all([
      this.repository.trimNames(),
      this.repository.cityNames(),
      this.repository.labels('useNature'),
      this.repository.labels('owner'),
      this.repository.labels('colour'),
    ]);
    const lookups: Lookups = { trims, cities, useNature, ownership, colour };
    const labels = new Map<string, string>(CITY_RETAIL_TAGS.map((t) => [t.key, t.label]));
    const repository = this.repository;
    return {
      columns: [
        ...FIXED_COLUMNS,
        ...tags.map((key): ExportColumn => ({ header: labels.get(key)!, width: key === 'tier' ? 10 : 16, kind: key === 'tier' ? 'count' : 'text' })),
        QTY_COLUMN,
      ],
      count: () => repository.count(scope),
      async *batches() {
        for await (const batch of repository.rows(scope)) {
          yield batch.map((row): Cell[] => {
            const trim = trims.get(row.carId);
            const city = cities.get(row.cityId);
            return [
              formatMonth(row.month),
              city?.name ?? String(row.cityId),
              trimText(row.carId, trim),
              ...tags.map((key) => TAG_CELLS[key](row, trim, city, lookups)),
              row.qty,
            ];
          });
        }
      },
    };
  }
}
