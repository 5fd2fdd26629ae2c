import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CatalogueTrim } from './model-years';

export interface SubSeriesInfo {
  id: number;
  name: string;
  segmentId: number;
  segmentName: string;
}

/** The sub-series and trims a sales-proportion request names: their names, segments and parents. */
@Injectable()
export class PriceVolumeRepository {
  constructor(private readonly dataSource: DataSource) {}

  async subSeries(ids: readonly number[]): Promise<Map<number, SubSeriesInfo>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; name: string; segment_id: number; segment_name: string }> = await this.dataSource.query(
      'SELECT s.id, s.name, s.segment_id, g.name AS segment_name FROM sub_series s JOIN segment g ON g.id = s.segment_id WHERE s.id = ANY($1::int[])',
      [[...ids]],
    );
    return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name, segmentId: Number(r.segment_id), segmentName: r.segment_name }]));
  }

  /** Every trim of the sub-series asked for, with its model year and name (the model-year link, decision 278). */
  async trimsOf(subSeriesIds: readonly number[]): Promise<CatalogueTrim[]> {
    if (subSeriesIds.length === 0) return [];
    const rows: Array<{ id: number; sub_series_id: number; model_year: number; name: string }> = await this.dataSource.query(
      'SELECT id, sub_series_id, model_year, name FROM car WHERE sub_series_id = ANY($1::int[])',
      [[...subSeriesIds]],
    );
    return rows.map((r) => ({ id: Number(r.id), subSeriesId: Number(r.sub_series_id), modelYear: Number(r.model_year), name: r.name }));
  }

  /** The sub-series of each trim asked for (unknown ids are absent). */
  async subSeriesOfCars(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; sub_series_id: number }> = await this.dataSource.query('SELECT id, sub_series_id FROM car WHERE id = ANY($1::int[])', [
      [...ids],
    ]);
    return new Map(rows.map((r) => [Number(r.id), Number(r.sub_series_id)]));
  }
}
