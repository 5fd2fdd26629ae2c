import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CITIES, PROVINCES, REGIONS } from '../../reference/data/geography';
import { DICTIONARIES, ROLES } from '../../reference/data/dictionaries';
import { FAMILIES, SEGMENTS } from '../../reference/data/segments';

/**
 * Reference data every installation needs, demo data or not: the regions, provinces and prefecture
 * cities with their codes and tiers, segments, families, coded dictionaries and the roles.
 */
export class ReferenceData1763700000001 implements MigrationInterface {
  name = 'ReferenceData1763700000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT INTO area (id, name, sort) SELECT * FROM unnest($1::smallint[], $2::varchar[], $1::smallint[])`, [
      REGIONS.map((r) => r.id),
      REGIONS.map((r) => r.name),
    ]);
    await q.query(
      `INSERT INTO province (id, name, short_name, area_id)
       SELECT * FROM unnest($1::int[], $2::varchar[], $3::varchar[], $4::smallint[])`,
      [PROVINCES.map((p) => p.code), PROVINCES.map((p) => p.name), PROVINCES.map((p) => p.shortName), PROVINCES.map((p) => p.regionId)],
    );
    await q.query(
      `INSERT INTO city (id, name, province_id, tier, driving_restricted, purchase_restricted, weight)
       SELECT * FROM unnest($1::int[], $2::varchar[], $3::int[], $4::smallint[], $5::boolean[], $6::boolean[], $7::real[])`,
      [
        CITIES.map((c) => c.code),
        CITIES.map((c) => c.name),
        CITIES.map((c) => c.provinceCode),
        CITIES.map((c) => c.tier),
        CITIES.map((c) => c.drivingRestricted),
        CITIES.map((c) => c.purchaseRestricted),
        CITIES.map((c) => c.weight),
      ],
    );
    await q.query(`INSERT INTO segment (id, name, category, sort) SELECT * FROM unnest($1::smallint[], $2::varchar[], $3::smallint[], $1::smallint[])`, [
      SEGMENTS.map((s) => s.id),
      SEGMENTS.map((s) => s.name),
      SEGMENTS.map((s) => s.category),
    ]);
    await q.query(`INSERT INTO family (id, name) SELECT * FROM unnest($1::smallint[], $2::varchar[])`, [
      FAMILIES.map((f) => f.id),
      FAMILIES.map((f) => f.name),
    ]);
    const entries = Object.entries(DICTIONARIES).flatMap(([type, list]) => list.map(([key, value], i) => [type, String(key), value, i + 1] as const));
    await q.query(`INSERT INTO dictionary (type, key, value, sort) SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::smallint[])`, [
      entries.map((e) => e[0]),
      entries.map((e) => e[1]),
      entries.map((e) => e[2]),
      entries.map((e) => e[3]),
    ]);
    await q.query(`INSERT INTO role (id, code, name) SELECT * FROM unnest($1::smallint[], $2::varchar[], $3::varchar[])`, [
      ROLES.map((r) => r.id),
      ROLES.map((r) => r.code),
      ROLES.map((r) => r.name),
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menu; DELETE FROM app_user; DELETE FROM role;`);
    await q.query(`DELETE FROM dictionary; DELETE FROM family; DELETE FROM segment;`);
    await q.query(`DELETE FROM city; DELETE FROM province; DELETE FROM area;`);
  }
}
