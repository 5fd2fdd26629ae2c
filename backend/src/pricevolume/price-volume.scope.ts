import { Injectable } from '@nestjs/common';
import { formatMonth } from '@car/contracts';
import type { MeasureRequest } from '../analytics/query';
import { KeptCalendar } from '../reference/calendar.repository';
import { requestedMonth } from '../reference/requested-month';

/** The two periods a price-volume figure compares: the month or January to it, and the same a year earlier. */
export interface Periods {
  month: number;
  current: MeasureRequest;
  lastYear: MeasureRequest;
  /** '2026-10' or '2026年1-10月', and the same a year earlier: chart series and column titles. */
  currentLabel: string;
  lastYearLabel: string;
  /** The period as the tables name it: '2026-10' or '2026-01~2026-10'. */
  period: string;
}

/** The volume of the period and of the same period a year earlier, as the query layer's shifts. */
export function periodsOf(month: number, accumulate: 0 | 1): Periods {
  const year = Math.floor(month / 100);
  const m = month % 100;
  if (accumulate === 1) {
    const months = m === 1 ? '1月' : `1-${m}月`;
    return {
      month,
      current: { measure: 'qty', shift: 'yearToDate', as: 'qty' },
      lastYear: { measure: 'qty', shift: 'lastYearToDate', as: 'tq' },
      currentLabel: `${year}年${months}`,
      lastYearLabel: `${year - 1}年${months}`,
      period: `${year}-01~${formatMonth(month)}`,
    };
  }
  return {
    month,
    current: { measure: 'qty', shift: 'current', as: 'qty' },
    lastYear: { measure: 'qty', shift: 'lastYear', as: 'tq' },
    currentLabel: formatMonth(month),
    lastYearLabel: formatMonth(month - 100),
    period: formatMonth(month),
  };
}

/** The month a price-volume call means: `time`, which must hold retail data, or the latest that does (spec §7 calendar category 2). */
@Injectable()
export class PriceVolumeMonths {
  constructor(private readonly calendar: KeptCalendar) {}

  async resolve(time: string | undefined): Promise<number> {
    return requestedMonth(await this.calendar.months('retail'), time);
  }
}
