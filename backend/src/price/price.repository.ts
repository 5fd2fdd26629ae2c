import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SubSeriesName {
  id: number;
  name: string;
  producerName: string;
  brandId: number;
  brandName: string;
}

export interface TrimName {
  id: number;
  name: string;
  subSeriesId: number;
  subSeriesName: string;
  producerName: string;
}

/** The names the price pages show for the sub-series, trims and segments a request picks by id. */
@Injectable()
export class PriceRepository {
  constructor(private readonly dataSource: DataSource) {}

  async subSeries(ids: readonly number[]): Promise<Map<number, SubSeriesName>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; name: string; producer_name: string; brand_id: number; brand_name: string }> = await this.dataSource.query(
      `SELECT s.id, s.name, p.name AS producer_name, b.id AS brand_id, b.name AS brand_name
         FROM sub_series s JOIN producer p ON p.id = s.producer_id JOIN brand b ON b.id = s.brand_id
        WHERE s.id = ANY($1::int[])`,
      [[...ids]],
    );
    return new Map(
      rows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name, producerName: r.producer_name, brandId: Number(r.brand_id), brandName: r.brand_name }]),
    );
  }

  async trims(ids: readonly number[]): Promise<Map<number, TrimName>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; name: string; sub_series_id: number; sub_series_name: string; producer_name: string }> = await this.dataSource.query(
      `SELECT c.id, c.name, c.sub_series_id, s.name AS sub_series_name, p.name AS producer_name
         FROM car c JOIN sub_series s ON s.id = c.sub_series_id JOIN producer p ON p.id = c.producer_id
        WHERE c.id = ANY($1::int[])`,
      [[...ids]],
    );
    return new Map(
      rows.map((r) => [
        Number(r.id),
        { id: Number(r.id), name: r.name, subSeriesId: Number(r.sub_series_id), subSeriesName: r.sub_series_name, producerName: r.producer_name },
      ]),
    );
  }

  /** A segment's id and name (the first segment when `id` is null); null when there is no such segment. */
  async segment(id: number | null): Promise<{ id: number; name: string } | null> {
    const rows: Array<{ id: number; name: string }> = await this.dataSource.query(
      `SELECT id, name FROM segment WHERE $1::int IS NULL OR id = $1 ORDER BY id LIMIT 1`,
      [id],
    );
    return rows[0] ? { id: Number(rows[0].id), name: rows[0].name } : null;
  }
}
