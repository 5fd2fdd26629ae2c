import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The report table: which producer's report of which month is which file. */
@Injectable()
export class ReportRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Lists the report, replacing an earlier one of the same producer, month and name. */
  async replaceReport(producerId: number, month: number, name: string, fileName: string, fileSize: number): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query('DELETE FROM report WHERE producer_id = $1 AND month = $2 AND name = $3', [producerId, month, name]);
      await tx.query(
        `INSERT INTO report (producer_id, name, month, file_name, file_size, created_at)
         VALUES ($1, $2, $3, $4, $5, make_date($3 / 100, $3 % 100, 1) + interval '1 month' + interval '9 days 10 hours')`,
        [producerId, name, month, fileName, fileSize],
      );
    });
  }
}
