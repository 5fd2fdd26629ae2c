import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Which kind of data a month must have: the column of data_month that says so. */
export type MonthData = 'retail' | 'price' | 'rebate';

const MONTH_FLAG: Record<MonthData, string> = {
  retail: 'has_retail',
  price: 'has_price',
  rebate: 'has_rebate',
};

export interface SegmentRow {
  id: number;
  name: string;
}

export interface DictionaryRow {
  key: string;
  value: string;
}

/** Months with data, segments and coded dictionaries: the reference lists behind the filter panels. */
@Injectable()
export class ReferenceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** YYYYMM months that have the data, newest first. */
  async months(data: MonthData): Promise<number[]> {
    const rows: Array<{ month: number }> = await this.dataSource.query(
      `SELECT month FROM data_month WHERE ${MONTH_FLAG[data]} ORDER BY month DESC`,
    );
    return rows.map((row) => row.month);
  }

  async latestMonth(data: MonthData): Promise<number | null> {
    const rows: Array<{ month: number | null }> = await this.dataSource.query(
      `SELECT max(month) AS month FROM data_month WHERE ${MONTH_FLAG[data]}`,
    );
    return rows[0]?.month ?? null;
  }

  async hasMonth(data: MonthData, month: number): Promise<boolean> {
    const rows: Array<{ found: boolean }> = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM data_month WHERE month = $1 AND ${MONTH_FLAG[data]}) AS found`,
      [month],
    );
    return rows[0]?.found === true;
  }

  /** Segments in their display order, optionally of one category (1 sedan, 2 SUV, 3 MPV, 4 sports). */
  async segments(category?: number): Promise<SegmentRow[]> {
    return this.dataSource.query(
      `SELECT id, name FROM segment WHERE ($1::int IS NULL OR category = $1) ORDER BY sort, id`,
      [category ?? null],
    );
  }

  /** A dictionary's entries in their sort order. Keys come back as stored (text). */
  async dictionary(type: string): Promise<DictionaryRow[]> {
    return this.dataSource.query(`SELECT key, value FROM dictionary WHERE type = $1 ORDER BY sort, key`, [type]);
  }
}
