import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DictionaryRow {
  key: string;
  value: string;
}

/** The coded dictionaries (fuel, body shape, producer property …) as the database holds them. */
@Injectable()
export class DictionaryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A dictionary's entries in their sort order. Keys come back as stored (text). */
  async entries(type: string): Promise<DictionaryRow[]> {
    return this.dataSource.query(`SELECT key, value FROM dictionary WHERE type = $1 ORDER BY sort, key`, [type]);
  }
}
