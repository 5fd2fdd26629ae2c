import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SubSeriesInfo {
  id: number;
  name: string;
  segmentId: number;
}

/** The sub-series and trims a sales-proportion request names: their names, segments and parents. */
@Injectable()
export class PriceVolumeRepository {
  constructor(private readonly dataSource: DataSource) {}

  async subSeries(ids: readonly number[]): Promise<Map<number, SubSeriesInfo>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; name: string; segment_id: number }> = await this.dataSource.query(
      'SELECT id, name, segment_id FROM sub_series WHERE id = ANY($1::int[])',
      [[...ids]],
    );
    return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name, segmentId: Number(r.segment_id) }]));
  }

  /** The sub-series of each trim asked for (unknown ids are absent). */
  async subSeriesOfCars(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; sub_series_id: number }> = await this.dataSource.query(
      'SELECT id, sub_series_id FROM car WHERE id = ANY($1::int[])',
      [[...ids]],
    );
    return new Map(rows.map((r) => [Number(r.id), Number(r.sub_series_id)]));
  }
}
