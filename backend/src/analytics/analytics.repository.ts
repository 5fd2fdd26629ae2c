import { Injectable } from '@nestjs/common';
import { ReadReplicas } from '../database/read-replicas';
import type { BuiltQuery } from './sql-writer';

/** The query layer's one statement: read-only, so a read replica answers it when one has replayed every change (decision 223). */
@Injectable()
export class AnalyticsRepository {
  constructor(private readonly reads: ReadReplicas) {}

  run(query: BuiltQuery): Promise<Array<Record<string, unknown>>> {
    return this.reads.query(query.sql, query.params);
  }
}
