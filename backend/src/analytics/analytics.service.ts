import { Injectable } from '@nestjs/common';
import { formatMonth } from '@car/contracts';
import { AnalyticsRepository } from './analytics.repository';
import { DIMENSIONS, DimensionKey } from './model';
import { AnalyticsQuery, buildQuery } from './query-builder';

/** One row of an answer: the dimension ids and names of the group, and each named sum. */
export interface AnalyticsRow {
  key: Partial<Record<DimensionKey, number>>;
  name: Partial<Record<DimensionKey, string>>;
  values: Record<string, number>;
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
    const measures = Object.keys(query.measures);
    return raw.map((r) => {
      const row: AnalyticsRow = { key: {}, name: {}, values: {} };
      for (const d of query.dimensions) {
        const id = Number(r[d]);
        row.key[d] = id;
        const names = DIMENSIONS[d].names;
        if ('time' in names) row.name[d] = timeName(names.time, id);
        else if ('labels' in names) row.name[d] = names.labels[id] ?? String(id);
        else row.name[d] = String(r[`${d}Name`] ?? id);
      }
      for (const m of measures) row.values[m] = Number(r[m] ?? 0);
      return row;
    });
  }
}
