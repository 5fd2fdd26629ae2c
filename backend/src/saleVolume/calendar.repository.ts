import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Which months hold data, per data source (1 wholesale, 2 retail). */
@Injectable()
export class CalendarRepository {
  constructor(private readonly dataSource: DataSource) {}

  async months(source: 1 | 2): Promise<number[]> {
    const column = source === 1 ? 'has_wholesale' : 'has_retail';
    const rows: Array<{ month: number }> = await this.dataSource.query(`SELECT month FROM data_month WHERE ${column} ORDER BY month DESC`);
    return rows.map((r) => r.month);
  }
}
