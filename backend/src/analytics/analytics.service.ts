import { Injectable } from '@nestjs/common';
import { formatMonth } from '@car/contracts';
import { AnalyticsRepository } from './analytics.repository';
import { bandLabel } from './measures';
import { DIMENSIONS, DimensionKey } from './model';
import type { AnalyticsQuery } from './query';
import { buildQuery } from './sql-writer';

/**
 * One row of an answer: the dimension ids and names of the group, and each named measure and window.
 * Volumes, totals, ranks and counts are numbers; a price, share or rate is null where it has no data.
 */
export interface AnalyticsRow {
  key: Partial<Record<DimensionKey, number>>;
  name: Partial<Record<DimensionKey, string>>;
  values: Record<string, number | null>;
}

function timeName(kind: 'month' | 'quarter' | 'year', key: number): string {
  if (kind === 'month') return formatMonth(key);
  if (kind === 'quarter') return `${Math.floor(key / 10)}Q${key % 10}`;
  return String(key);
}

/** The query layer: endpoints state what they need; this answers from the smallest rollup. */
@Injectable()
export class AnalyticsService {
  constructor(private readonly repository: AnalyticsRepository) {}

  async query(query: AnalyticsQuery): Promise<AnalyticsRow[]> {
    const built = buildQuery(query);
    const raw = await this.repository.run(built);
    const names = [...query.measures.map((m) => m.as), ...(query.windows ?? []).map((w) => w.as)];
    // A band's label is the same on every row of the band (a thousand members share nine bands).
    const bandNames = new Map<number, string>();
    const bandName = (id: number): string => {
      if (!query.priceBand) return String(id);
      let name = bandNames.get(id);
      if (name === undefined) bandNames.set(id, (name = bandLabel(query.priceBand, id)));
      return name;
    };
    return raw.map((r) => {
      const row: AnalyticsRow = { key: {}, name: {}, values: {} };
      for (const d of query.dimensions) {
        const id = Number(r[d]);
        row.key[d] = id;
        const source = DIMENSIONS[d].names;
        if ('time' in source) row.name[d] = timeName(source.time, id);
        else if ('labels' in source) row.name[d] = source.labels[id] ?? String(id);
        else if ('band' in source) row.name[d] = bandName(id);
        else {
          const name = r[`${d}Name`];
          row.name[d] = typeof name === 'string' || typeof name === 'number' ? String(name) : String(id);
        }
      }
      // pg answers sums of bigint as numeric text; every value here fits a double.
      for (const m of names) row.values[m] = r[m] === null || r[m] === undefined ? null : Number(r[m]);
      return row;
    });
  }
}
