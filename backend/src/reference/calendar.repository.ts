import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Which kind of data a month must have: the column of data_month that says so. */
export type MonthData = 'retail' | 'wholesale' | 'price' | 'rebate';

const MONTH_FLAG: Record<MonthData, string> = {
  retail: 'has_retail',
  wholesale: 'has_wholesale',
  price: 'has_price',
  rebate: 'has_rebate',
};

/** The months that hold each kind of data (data_month): what every "latest month" default reads. */
@Injectable()
export class CalendarRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** YYYYMM months that have the data, newest first. */
  async months(data: MonthData): Promise<number[]> {
    const rows: Array<{ month: number }> = await this.dataSource.query(`SELECT month FROM data_month WHERE ${MONTH_FLAG[data]} ORDER BY month DESC`);
    return rows.map((row) => row.month);
  }

  /** Every YYYYMM month that holds any data, oldest first: the months the rollups are built for. */
  async allMonths(): Promise<number[]> {
    const rows: Array<{ month: number }> = await this.dataSource.query('SELECT month FROM data_month ORDER BY month');
    return rows.map((row) => row.month);
  }

  /** Each kind's latest month and when that month was published (decision 200); a kind without months is absent. */
  async latestPublished(): Promise<Array<{ data: MonthData; month: number; publishedAt: Date | null }>> {
    const kinds = Object.keys(MONTH_FLAG) as MonthData[];
    const rows: Array<{ data: MonthData; month: number; published_at: Date | null }> = await this.dataSource.query(
      kinds
        .map(
          (data) =>
            `(SELECT '${data}' AS data, month, ${data}_published_at AS published_at FROM data_month WHERE ${MONTH_FLAG[data]} ORDER BY month DESC LIMIT 1)`,
        )
        .join(' UNION ALL '),
    );
    return rows.map((row) => ({ data: row.data, month: row.month, publishedAt: row.published_at }));
  }

  /** When the kind's month was published; null when unknown or the month has none of it. */
  async publishedAt(data: MonthData, month: number): Promise<Date | null> {
    const rows: Array<{ published_at: Date | null }> = await this.dataSource.query(
      `SELECT ${data}_published_at AS published_at FROM data_month WHERE month = $1 AND ${MONTH_FLAG[data]}`,
      [month],
    );
    return rows[0]?.published_at ?? null;
  }

  async latestMonth(data: MonthData): Promise<number | null> {
    const rows: Array<{ month: number | null }> = await this.dataSource.query(`SELECT max(month) AS month FROM data_month WHERE ${MONTH_FLAG[data]}`);
    return rows[0]?.month ?? null;
  }

  async hasMonth(data: MonthData, month: number): Promise<boolean> {
    const rows: Array<{ found: boolean }> = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM data_month WHERE month = $1 AND ${MONTH_FLAG[data]}) AS found`,
      [month],
    );
    return rows[0]?.found === true;
  }
}
