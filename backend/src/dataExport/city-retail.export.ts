import path from 'node:path';
import { Injectable } from '@nestjs/common';
import { CITY_RETAIL_TAGS, type CityRetailExportForm, type CityRetailTag, formatMonth } from '@car/contracts';
import { CityRetailRepository, type CityNames, type CityRetailRow, type TrimNames } from './city-retail.repository';
import { type ExportColumn, ExportWorkbook } from './export-workbook';

/** Reports rows written so far; the processor turns it into stored progress. */
export type ProgressSink = {
  counted(rowsExpected: number): Promise<void>;
  wrote(rowsWritten: number): Promise<void>;
};

interface Lookups {
  trims: Map<number, TrimNames>;
  cities: Map<number, CityNames>;
  useNature: Map<number, string>;
  ownership: Map<number, string>;
  colour: Map<number, string>;
}

type Cell = string | number | null;

/** Each tag's column: what it shows of a row. Tags that split the grain read the row's own code. */
const TAG_CELLS: Record<CityRetailTag, (row: CityRetailRow, trim: TrimNames | undefined, city: CityNames | undefined, l: Lookups) => Cell> = {
  area: (_r, _t, c) => c?.area ?? null,
  province: (_r, _t, c) => c?.province ?? null,
  city: (_r, _t, c) => c?.name ?? null,
  tier: (_r, _t, c) => c?.tier ?? null,
  brand: (_r, t) => t?.brand ?? null,
  producer: (_r, t) => t?.producer ?? null,
  producerBrand: (_r, t) => t?.producerBrand ?? null,
  series: (_r, t) => t?.series ?? null,
  subSeries: (_r, t) => t?.subSeries ?? null,
  subSeriesCode: (_r, t) => t?.subSeriesCode ?? null,
  modelLevel: (_r, t) => t?.modelLevel ?? null,
  bodyType: (_r, t) => t?.bodyType ?? null,
  producerProperty: (_r, t) => t?.producerProperty ?? null,
  brandProperty: (_r, t) => t?.brandProperty ?? null,
  brandFamily: (_r, t) => t?.brandFamily ?? null,
  fuel: (_r, t) => t?.fuel ?? null,
  emissionStandard: (_r, t) => t?.emissionStandard ?? null,
  engine: (_r, t) => t?.engine ?? null,
  gearbox: (_r, t) => t?.gearbox ?? null,
  drive: (_r, t) => t?.drive ?? null,
  useNature: (r, _t, _c, l) => (r.useNature === null ? null : l.useNature.get(r.useNature) ?? String(r.useNature)),
  ownership: (r, _t, _c, l) => (r.ownership === null ? null : l.ownership.get(r.ownership) ?? String(r.ownership)),
  colour: (r, _t, _c, l) => (r.colour === null ? null : l.colour.get(r.colour) ?? String(r.colour)),
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

/**
 * 城市零售数据导出 (spec §2.7): retail volume by month × city × trim from the facts, for the months and
 * filters of the form; each tag that is on (`titleKeys`) adds its column, and use nature, ownership and
 * colour split the rows by their values (README decision 72).
 */
@Injectable()
export class CityRetailExport {
  constructor(private readonly repository: CityRetailRepository) {}

  /** The tags whose columns the workbook shows, in the page's order. */
  static columnTags(form: CityRetailExportForm): CityRetailTag[] {
    const on = new Set(form.titleKeys ?? []);
    return CITY_RETAIL_TAGS.map((t) => t.key).filter((key) => on.has(key) && !SHOWN_BY_FIXED.has(key));
  }

  async write(form: CityRetailExportForm, filePath: string, progress: ProgressSink): Promise<number> {
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
    const [expected, trims, cities, useNature, ownership, colour] = await Promise.all([
      this.repository.count(scope),
      this.repository.trimNames(),
      this.repository.cityNames(),
      this.repository.labels('useNature'),
      this.repository.labels('owner'),
      this.repository.labels('colour'),
    ]);
    await progress.counted(expected);
    const lookups: Lookups = { trims, cities, useNature, ownership, colour };
    const labels = new Map<string, string>(CITY_RETAIL_TAGS.map((t) => [t.key, t.label]));
    const columns: ExportColumn[] = [
      ...FIXED_COLUMNS,
      ...tags.map((key): ExportColumn => ({ header: labels.get(key)!, width: key === 'tier' ? 10 : 16, kind: key === 'tier' ? 'count' : 'text' })),
      QTY_COLUMN,
    ];
    const workbook = new ExportWorkbook(filePath, '城市零售数据', columns);
    try {
      for await (const batch of this.repository.rows(scope)) {
        for (const row of batch) {
          const trim = trims.get(row.carId);
          const city = cities.get(row.cityId);
          workbook.addRow([
            formatMonth(row.month),
            city?.name ?? String(row.cityId),
            trim ? `${trim.subSeries} ${trim.name}` : String(row.carId),
            ...tags.map((key) => TAG_CELLS[key](row, trim, city, lookups)),
            row.qty,
          ]);
        }
        await progress.wrote(workbook.rowsWritten);
      }
      await workbook.complete();
      return workbook.rowsWritten;
    } catch (error) {
      await workbook.discard();
      throw error;
    }
  }

  /** The file's name as the user sees it. */
  static fileName(form: CityRetailExportForm, createdAt: Date): string {
    return `城市零售数据_${formatMonth(form.yyyyMm.from)}至${formatMonth(form.yyyyMm.to)}_${stamp(createdAt)}.xlsx`;
  }
}

/** 20261123-1530 in China's time. */
export function stamp(date: Date): string {
  const local = new Date(date.getTime() + 8 * 3600_000).toISOString();
  return `${local.slice(0, 10).replace(/-/g, '')}-${local.slice(11, 16).replace(':', '')}`;
}

export const storedFileName = (exportId: string): string => `${exportId}.xlsx`;
export const storedPath = (dir: string, exportId: string): string => path.join(dir, storedFileName(exportId));
