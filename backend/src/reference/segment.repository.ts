import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SegmentRow {
  id: number;
  name: string;
}

/** The 细分市场 segments and their categories (1 sedan, 2 SUV, 3 MPV, 4 sports). */
@Injectable()
export class SegmentRepository {
  private categoryOf: Promise<Map<number, number>> | null = null;

  constructor(private readonly dataSource: DataSource) {}

  /** Segments in their display order, optionally of one category. */
  async segments(category?: number): Promise<SegmentRow[]> {
    return this.dataSource.query(`SELECT id, name FROM segment WHERE ($1::int IS NULL OR category = $1) ORDER BY sort, id`, [category ?? null]);
  }

  /** segment id → category; reference data only a migration changes, so read once per process. */
  categories(): Promise<Map<number, number>> {
    this.categoryOf ??= this.dataSource
      .query('SELECT id, category FROM segment')
      .then((rows: Array<{ id: number; category: number }>) => new Map(rows.map((r) => [r.id, r.category])))
      .catch((error: unknown) => {
        // A failed first read must not stick: the next request tries again.
        this.categoryOf = null;
        throw error;
      });
    return this.categoryOf;
  }
}
