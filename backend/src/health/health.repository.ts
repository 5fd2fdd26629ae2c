import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Injectable()
export class HealthRepository {
  constructor(private readonly dataSource: DataSource) {}

  async latestRetailMonth(): Promise<number | null> {
    const rows: Array<{ month: number | null }> = await this.dataSource.query(
      'SELECT max(month) AS month FROM data_month WHERE has_retail',
    );
    return rows[0]?.month ?? null;
  }
}
