import { type MakerKind } from '@car/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The table of each kind of maker, from a closed list. */
const MAKER_TABLES: Record<MakerKind, string> = { producer: 'producer', brand: 'brand' };

/** Names of producers and brands, for the ones a request picks by id. */
@Injectable()
export class CompanyBrandRepository {
  constructor(private readonly dataSource: DataSource) {}

  async names(kind: MakerKind, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; name: string }> = await this.dataSource.query(`SELECT id, name FROM ${MAKER_TABLES[kind]} WHERE id = ANY($1::int[])`, [
      [...ids],
    ]);
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }
}
