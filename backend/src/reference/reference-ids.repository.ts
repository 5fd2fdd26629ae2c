import { Injectable } from '@nestjs/common';
import type { ReferenceKind } from '@car/contracts';
import { DataSource } from 'typeorm';

/** Where each kind of id lives: a catalog or geography table keyed by `id`, or a dictionary type keyed by `key`. */
const SOURCE_OF: Record<ReferenceKind, { table: string } | { dictionary: string }> = {
  region: { table: 'area' },
  province: { table: 'province' },
  city: { table: 'city' },
  segment: { table: 'segment' },
  family: { table: 'family' },
  producer: { table: 'producer' },
  brand: { table: 'brand' },
  producerBrand: { table: 'producer_brand' },
  series: { table: 'series' },
  subSeries: { table: 'sub_series' },
  car: { table: 'car' },
  fuel: { dictionary: 'dicFuel' },
  bodyShape: { dictionary: 'dicBodyShape' },
  producerProperty: { dictionary: 'dicProducerProperty' },
  brandProperty: { dictionary: 'dicBoundProperty' },
  dischargeStandard: { dictionary: 'dicDischargeStandard' },
  gearbox: { dictionary: 'dicGearBox' },
  drive: { dictionary: 'dicDriving' },
  modelLevel: { dictionary: 'dicModelLevel' },
  useNature: { dictionary: 'useNature' },
  ownership: { dictionary: 'owner' },
  colour: { dictionary: 'colour' },
};

/**
 * Which of some ids name a row of the reference data (decision 131). Read afresh on every call, by
 * primary key: the catalog changes with every catalog import, and a request names a handful of ids.
 */
@Injectable()
export class ReferenceIdsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The ids among `ids` that name a `kind`. */
  async known(kind: ReferenceKind, ids: number[]): Promise<Set<number>> {
    const source = SOURCE_OF[kind];
    const rows: Array<{ id: number | string }> =
      'table' in source
        ? await this.dataSource.query(`SELECT id FROM ${source.table} WHERE id = ANY($1::int[])`, [ids])
        : await this.dataSource.query(`SELECT key AS id FROM dictionary WHERE type = $1 AND key = ANY($2::text[])`, [source.dictionary, ids.map(String)]);
    return new Set(rows.map((row) => Number(row.id)));
  }

  /** The name of one `kind` row, or null when there is none (no id, or an id of no row). */
  async nameOf(kind: ReferenceKind, id: number | null): Promise<string | null> {
    return id === null ? null : ((await this.names(kind, [id])).get(id) ?? null);
  }

  /** The names of the `kind` rows among `ids` (a dictionary entry's value), by id. */
  async names(kind: ReferenceKind, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const source = SOURCE_OF[kind];
    const rows: Array<{ id: number | string; name: string }> =
      'table' in source
        ? await this.dataSource.query(`SELECT id, name FROM ${source.table} WHERE id = ANY($1::int[])`, [ids])
        : await this.dataSource.query(`SELECT key AS id, value AS name FROM dictionary WHERE type = $1 AND key = ANY($2::text[])`, [
            source.dictionary,
            ids.map(String),
          ]);
    return new Map(rows.map((row) => [Number(row.id), row.name]));
  }
}
