import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CarConfigRepository } from '../carConfig/car-config.repository';
import { configItemKey, configPath, type ConfigReference } from './config-validator';
import { stageOf } from './data-import.repository';

/** A configuration item with its category and its path from the first level. */
interface ItemPath {
  id: number;
  category: string;
  path: string;
}

/**
 * The configuration sheets' side of an import (decision 119): the trim codes, categories and item paths a
 * file is checked against, the template (every item in the sheet's order), and the write of the staged
 * values into config_value with the changed trims' config_sheet rows rebuilt, in one transaction.
 */
@Injectable()
export class ConfigImportRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sheets: CarConfigRepository,
  ) {}

  async reference(): Promise<ConfigReference> {
    const cars: Array<{ id: number; code: string }> = await this.dataSource.query(`SELECT id, jll_code AS code FROM car`);
    const categories: Array<{ name: string }> = await this.dataSource.query(`SELECT name FROM config_category`);
    return {
      cars: new Map(cars.map((c) => [c.code, c.id])),
      categories: new Set(categories.map((c) => c.name)),
      items: new Map((await this.paths()).map((item) => [configItemKey(item.category, item.path), item.id])),
    };
  }

  /** The template: every item in the sheet's order and the values of the first trim that has a sheet. */
  async template(): Promise<{ car: string; rows: Array<{ category: string; path: string; value: string }> }> {
    const [first] = await this.dataSource.query<Array<{ id: number; code: string }>>(
      `SELECT c.id, c.jll_code AS code FROM car c WHERE EXISTS (SELECT 1 FROM config_sheet s WHERE s.car_id = c.id) ORDER BY c.id LIMIT 1`,
    );
    const fallback = first ? [] : await this.dataSource.query<Array<{ code: string }>>(`SELECT jll_code AS code FROM car ORDER BY id LIMIT 1`);
    const values = new Map<number, string>();
    if (first) {
      const rows = await this.dataSource.query<Array<{ item: number; value: string }>>(`SELECT item_id AS item, value FROM config_value WHERE car_id = $1`, [
        first.id,
      ]);
      for (const row of rows) values.set(row.item, row.value);
    }
    return {
      car: first?.code ?? fallback[0]?.code ?? '',
      rows: (await this.paths()).map((item) => ({ category: item.category, path: item.path, value: values.get(item.id) ?? '' })),
    };
  }

  /**
   * Writes the staged values in one transaction under the imports' write lock: each (trim, item) inserted
   * or, when its value differs, updated; then the sheets of the trims that changed are rebuilt (decision 123),
   * so the 配置查询 page shows the new values, and the import is done. Answers how many values changed.
   */
  async write(importId: string): Promise<{ changed: number; trims: number }> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('data_import:write', 0))`);
      const trims: Array<{ carId: number; n: number }> = await tx.query(
        `WITH written AS (
           INSERT INTO config_value (car_id, item_id, value)
           SELECT car_id, item_id, value FROM ${stageOf(importId)} ORDER BY car_id, item_id
           ON CONFLICT (car_id, item_id) DO UPDATE SET value = EXCLUDED.value WHERE config_value.value IS DISTINCT FROM EXCLUDED.value
           RETURNING car_id)
         SELECT car_id AS "carId", count(*)::int AS n FROM written GROUP BY car_id`,
      );
      const changed = trims.reduce((sum, t) => sum + t.n, 0);
      if (trims.length > 0)
        await this.sheets.rebuildSheets(
          trims.map((t) => t.carId),
          tx,
        );
      // The import ends with its write, in the same transaction: a crash after the commit finds it done (decision 137).
      await tx.query(`UPDATE data_import SET rows_written = $2, state = 'done', finished_at = now() WHERE id = $1`, [importId, changed]);
      return { changed, trims: trims.length };
    });
  }

  /** Every item with its category's name and its path, in the sheet's order (a sub-row after its parent). */
  private async paths(): Promise<ItemPath[]> {
    const items: Array<{ id: number; parent: number | null; name: string; category: string }> = await this.dataSource.query(
      `SELECT i.id, i.parent_id AS parent, i.name, c.name AS category
         FROM config_item i JOIN config_category c ON c.id = i.category_id ORDER BY c.sort, c.id, i.sort, i.id`,
    );
    const byId = new Map(items.map((item) => [item.id, item]));
    const levels = (id: number): string[] => {
      const item = byId.get(id)!;
      return item.parent === null ? [item.name] : [...levels(item.parent), item.name];
    };
    return items.map((item) => ({ id: item.id, category: item.category, path: configPath(levels(item.id)) }));
  }
}
