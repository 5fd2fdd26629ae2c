import type { DataSource } from 'typeorm';

/**
 * Runs a bulk load with the table's primary and foreign keys dropped, then puts them back exactly as
 * they were: one sort and one validation pass beat checking millions of rows one at a time.
 */
export async function withKeysDeferred<T>(dataSource: DataSource, table: string, load: () => Promise<T>): Promise<T> {
  const constraints: Array<{ name: string; type: 'p' | 'f'; definition: string }> = await dataSource.query(
    `SELECT conname AS name, contype AS type, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE conrelid = $1::regclass AND contype IN ('p', 'f')`,
    [table],
  );
  const foreignFirst = (a: { type: string }, b: { type: string }): number => (a.type === b.type ? 0 : a.type === 'f' ? -1 : 1);
  for (const c of [...constraints].sort(foreignFirst)) {
    await dataSource.query(`ALTER TABLE ${table} DROP CONSTRAINT ${c.name}`);
  }
  const result = await load();
  for (const c of [...constraints].sort(foreignFirst).reverse()) {
    await dataSource.query(`ALTER TABLE ${table} ADD CONSTRAINT ${c.name} ${c.definition}`);
  }
  return result;
}
