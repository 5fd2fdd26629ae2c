import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export const SEGMENT_CATEGORIES: Record<number, string> = { 1: '轿车', 2: 'SUV', 3: 'MPV', 4: '跑车' };

/** Small reference lookups the sales tables group by. */
@Injectable()
export class DimensionLookupRepository {
  private segments: Promise<Map<number, number>> | null = null;

  constructor(private readonly dataSource: DataSource) {}

  /** segment id → category (1 sedan, 2 SUV, 3 MPV, 4 sports); reference data, read once. */
  segmentCategories(): Promise<Map<number, number>> {
    this.segments ??= this.dataSource
      .query('SELECT id, category FROM segment')
      .then((rows: Array<{ id: number; category: number }>) => new Map(rows.map((r) => [r.id, r.category])));
    return this.segments;
  }
}
