import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_CHANGE_LISTENER, KeptUntilChange, type NotifyListener } from '../database/notify-listener';

/** Which kind of data a month must have: the column of data_month that says so. */
export type MonthData = 'retail' | 'wholesale' | 'price' | 'rebate';

const KINDS: readonly MonthData[] = ['retail', 'wholesale', 'price', 'rebate'];

/** One row of data_month: which kinds the month holds and when each was published. */
interface CalendarMonth {
  month: number;
  has: Record<MonthData, boolean>;
  publishedAt: Record<MonthData, Date | null>;
}

/**
 * The months that hold each kind of data (data_month): what every "latest month" default reads. The table is a few
 * hundred rows at most and is read whole. This one reads it afresh on every question: the jobs that publish a month
 * and then build its rollups, alerts and reports must see their own write at once. The calls of the pages read
 * `KeptCalendar`.
 */
@Injectable()
export class CalendarRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** YYYYMM months that have the data, newest first. */
  async months(data: MonthData): Promise<number[]> {
    return (await this.calendar()).filter((row) => row.has[data]).map((row) => row.month);
  }

  /** Every YYYYMM month that holds any data, oldest first: the months the rollups are built for. */
  async allMonths(): Promise<number[]> {
    return (await this.calendar()).map((row) => row.month).reverse();
  }

  /** Each kind's latest month and when that month was published (decision 200); a kind without months is absent. */
  async latestPublished(): Promise<Array<{ data: MonthData; month: number; publishedAt: Date | null }>> {
    const calendar = await this.calendar();
    return KINDS.flatMap((data) => {
      const latest = calendar.find((row) => row.has[data]);
      return latest ? [{ data, month: latest.month, publishedAt: latest.publishedAt[data] }] : [];
    });
  }

  /** When the kind's month was published; null when unknown or the month has none of it. */
  async publishedAt(data: MonthData, month: number): Promise<Date | null> {
    const row = (await this.calendar()).find((r) => r.month === month && r.has[data]);
    return row?.publishedAt[data] ?? null;
  }

  async latestMonth(data: MonthData): Promise<number | null> {
    return (await this.months(data))[0] ?? null;
  }

  async hasMonth(data: MonthData, month: number): Promise<boolean> {
    return (await this.months(data)).includes(month);
  }

  /** The whole table, newest month first. */
  protected calendar(): Promise<readonly CalendarMonth[]> {
    return this.read();
  }

  protected async read(): Promise<CalendarMonth[]> {
    const rows: Array<Record<string, unknown> & { month: number }> = await this.dataSource.query(
      `SELECT month, ${KINDS.map((data) => `has_${data}, ${data}_published_at`).join(', ')} FROM data_month ORDER BY month DESC`,
    );
    return rows.map((row) => ({
      month: row.month,
      has: Object.fromEntries(KINDS.map((data) => [data, row[`has_${data}`] === true])) as Record<MonthData, boolean>,
      publishedAt: Object.fromEntries(KINDS.map((data) => [data, (row[`${data}_published_at`] as Date | null) ?? null])) as Record<MonthData, Date | null>,
    }));
  }
}

/**
 * The calendar as the pages' calls read it (decision 234): kept until any process changes data, as the answer cache
 * is, so that a call does not pay a round trip for it. Where no data-change listener stands (the worker, or the
 * listener lost) it reads afresh.
 */
@Injectable()
export class KeptCalendar extends CalendarRepository {
  private readonly kept: KeptUntilChange<readonly CalendarMonth[]> | null;

  constructor(dataSource: DataSource, @Optional() @Inject(DATA_CHANGE_LISTENER) changes?: NotifyListener) {
    super(dataSource);
    this.kept = changes ? new KeptUntilChange([changes], 1) : null;
  }

  protected override calendar(): Promise<readonly CalendarMonth[]> {
    return this.kept ? this.kept.get('', () => this.read()) : this.read();
  }
}
