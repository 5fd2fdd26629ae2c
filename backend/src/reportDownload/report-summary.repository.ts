import { DataSource } from 'typeorm';

export interface ProducerSummary {
  producerId: number;
  producerName: string;
  qty: number;
  tqQty: number;
  ljQty: number;
  tqLjQty: number;
}

export interface SubSeriesSummary {
  producerId: number;
  subSeriesName: string;
  segmentName: string;
  qty: number;
  tqQty: number;
  ljQty: number;
}

/** The retail figures a producer's monthly market summary is made of. */
export class ReportSummaryRepository {
  constructor(private readonly dataSource: DataSource) {}

  async marketTotals(month: number): Promise<{ qty: number; ljQty: number }> {
    const [row] = await this.dataSource.query(
      `SELECT coalesce(sum(qty) FILTER (WHERE month = $1), 0)::bigint AS qty,
              coalesce(sum(qty), 0)::bigint AS lj
         FROM retail_fact WHERE month BETWEEN $2 AND $1`,
      [month, Math.floor(month / 100) * 100 + 1],
    );
    return { qty: Number(row.qty), ljQty: Number(row.lj) };
  }

  async producers(month: number, producerIds?: number[]): Promise<ProducerSummary[]> {
    const yearStart = Math.floor(month / 100) * 100 + 1;
    const rows: Array<Record<string, string>> = await this.dataSource.query(
      `SELECT p.id, p.name,
              coalesce(sum(f.qty) FILTER (WHERE f.month = $1), 0) AS qty,
              coalesce(sum(f.qty) FILTER (WHERE f.month = $1 - 100), 0) AS tq,
              coalesce(sum(f.qty) FILTER (WHERE f.month BETWEEN $2 AND $1), 0) AS lj,
              coalesce(sum(f.qty) FILTER (WHERE f.month BETWEEN $2 - 100 AND $1 - 100), 0) AS tqlj
         FROM producer p
         JOIN car c ON c.producer_id = p.id
         JOIN retail_fact f ON f.car_id = c.id AND f.month BETWEEN $2 - 100 AND $1
        WHERE ($3::int[] IS NULL OR p.id = ANY($3))
        GROUP BY p.id, p.name
       HAVING sum(f.qty) FILTER (WHERE f.month = $1) > 0
        ORDER BY p.id`,
      [month, yearStart, producerIds ?? null],
    );
    return rows.map((r) => ({
      producerId: Number(r.id),
      producerName: r.name,
      qty: Number(r.qty),
      tqQty: Number(r.tq),
      ljQty: Number(r.lj),
      tqLjQty: Number(r.tqlj),
    }));
  }

  async subSeries(month: number, producerIds: number[]): Promise<SubSeriesSummary[]> {
    const yearStart = Math.floor(month / 100) * 100 + 1;
    const rows: Array<Record<string, string>> = await this.dataSource.query(
      `SELECT c.producer_id, s.name, g.name AS segment,
              coalesce(sum(f.qty) FILTER (WHERE f.month = $1), 0) AS qty,
              coalesce(sum(f.qty) FILTER (WHERE f.month = $1 - 100), 0) AS tq,
              coalesce(sum(f.qty) FILTER (WHERE f.month BETWEEN $2 AND $1), 0) AS lj
         FROM retail_fact f
         JOIN car c ON c.id = f.car_id
         JOIN sub_series s ON s.id = c.sub_series_id
         JOIN segment g ON g.id = s.segment_id
        WHERE (f.month BETWEEN $2 AND $1 OR f.month = $1 - 100) AND c.producer_id = ANY($3)
        GROUP BY c.producer_id, s.name, g.name
        ORDER BY c.producer_id, qty DESC, s.name`,
      [month, yearStart, producerIds],
    );
    return rows.map((r) => ({
      producerId: Number(r.producer_id),
      subSeriesName: r.name,
      segmentName: r.segment,
      qty: Number(r.qty),
      tqQty: Number(r.tq),
      ljQty: Number(r.lj),
    }));
  }

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
