import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CopyValue, CopyWriter, copyRows } from '../database/copy-writer';
import type { NewUser } from '../database/entities/user.entity';

/**
 * Tables the demo set fills. Reference data (areas, dictionaries, roles, menus) comes from migrations
 * and stays; the rollups are derived from the facts and rebuilt, which empties them, by whoever loads
 * the demo set (bootstrap/load-demo-data.ts), so this list needs nothing from the query layer.
 */
const DEMO_TABLES = [
  'export_job',
  'report',
  'app_user',
  'config_value',
  'config_item',
  'config_category',
  'retail_fact',
  'wholesale_fact',
  'price_fact',
  'msrp_month',
  'rebate_month',
  'data_month',
  'car',
  'sub_series',
  'series',
  'producer_brand',
  'brand',
  'producer',
  'brand_group',
];

/** The demo generator's writes: emptying the demo tables, COPY streams and the few plain inserts. */
@Injectable()
export class DemoDataRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Empties every demo table and the engine dictionary, which the generator derives from its trims. */
  async empty(): Promise<void> {
    await this.dataSource.query(`TRUNCATE ${DEMO_TABLES.join(', ')} CASCADE`);
    await this.dataSource.query(`DELETE FROM dictionary WHERE type = 'dicEngine'`);
  }

  /** Loads a small table in one COPY. */
  copyRows(table: string, columns: readonly string[], rows: Iterable<ReadonlyArray<CopyValue>>): Promise<number> {
    return copyRows(this.dataSource, table, columns, rows);
  }

  /**
   * A COPY stream that replaces a big table's rows in one transaction: emptied, its keys dropped, the rows
   * written frozen, the keys put back and the commit when it closes (CopyWriter.openFresh).
   */
  openFreshCopy(table: string, columns: readonly string[]): Promise<CopyWriter> {
    return CopyWriter.openFresh(this.dataSource, table, columns);
  }

  /** Records that the months hold every kind of data (retail, wholesale, price, rebate), published now (decision 200). */
  async recordMonths(months: readonly number[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO data_month (month, has_retail, has_wholesale, has_price, has_rebate,
                               retail_published_at, wholesale_published_at, price_published_at, rebate_published_at)
       SELECT m, true, true, true, true, now(), now(), now(), now() FROM unnest($1::int[]) AS m`,
      [[...months]],
    );
  }

  async createUser(user: NewUser): Promise<void> {
    await this.dataSource.query(`INSERT INTO app_user (account, password_hash, nickname, role_id, producer_id, brand_id) VALUES ($1, $2, $3, $4, $5, $6)`, [
      user.account,
      user.passwordHash,
      user.nickname,
      user.roleId,
      user.producerId,
      user.brandId,
    ]);
  }

  /** Binds a mini-program openId to a user by account (the demo link's identity). */
  async bindOpenId(openId: string, account: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO mp_binding (open_id, user_id, password_version) SELECT $1, id, password_changed_at FROM app_user WHERE account = $2`,
      [openId, account],
    );
  }

  /**
   * Fresh planner statistics after a reload, for every table but those that took theirs as they were written: the
   * ones loaded by openFreshCopy and the rollups (RollupRepository.rebuild). Sampling them again would read
   * hundreds of thousands of pages for the same figures.
   */
  async analyze(analysed: readonly string[]): Promise<void> {
    const tables: Array<{ name: string }> = await this.dataSource.query(
      `SELECT quote_ident(tablename) AS name FROM pg_tables
        WHERE schemaname = current_schema() AND tablename NOT LIKE 'rollup\\_%' AND tablename <> ALL($1::text[]) ORDER BY 1`,
      [[...analysed]],
    );
    await this.dataSource.query(`ANALYZE ${tables.map((t) => t.name).join(', ')}`);
  }
}
