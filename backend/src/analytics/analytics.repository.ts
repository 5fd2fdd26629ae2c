import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BuiltQuery } from './sql-writer';

@Injectable()
export class AnalyticsRepository {
  constructor(private readonly dataSource: DataSource) {}

  run(query: BuiltQuery): Promise<Array<Record<string, unknown>>> {
    return this.dataSource.query(query.sql, query.params);
  }
}
