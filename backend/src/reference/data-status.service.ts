import { Injectable } from '@nestjs/common';
import { type DataSourceKind, type DataSourceStatus, type DataStatus, formatMonth } from '@car/contracts';
import { chinaDay } from '../common/china-time';
import { KeptCalendar } from './calendar.repository';

function statusOf(month: number, publishedAt: Date | null): NonNullable<DataSourceStatus> {
  return { month: formatMonth(month), publishedAt: publishedAt?.toISOString() ?? null, publishedOn: publishedAt ? chinaDay(publishedAt) : null };
}

/** 数据截至 (decision 200): each data source's latest month and the day it was published, for the pages and every workbook. */
@Injectable()
export class DataStatusService {
  constructor(private readonly calendar: KeptCalendar) {}

  async all(): Promise<DataStatus> {
    const status: DataStatus = { retail: null, wholesale: null, price: null, rebate: null };
    for (const row of await this.calendar.latestPublished()) status[row.data] = statusOf(row.month, row.publishedAt);
    return status;
  }

  /** A source's status as of one month (a monthly report's): that month and the day it was published. */
  async ofMonth(source: DataSourceKind, month: number): Promise<{ source: DataSourceKind; status: DataSourceStatus }> {
    return { source, status: statusOf(month, await this.calendar.publishedAt(source, month)) };
  }

  /** One source's status, as a workbook states it. */
  async of(source: DataSourceKind): Promise<{ source: DataSourceKind; status: DataSourceStatus }> {
    return { source, status: (await this.all())[source] };
  }
}
