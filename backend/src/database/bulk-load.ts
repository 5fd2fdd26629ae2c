import type { DataSource } from 'typeorm';

/** Runs one statement and answers its rows, as DataSource.query and EntityManager.query do. */
export type RunQuery = (sql: string, parameters?: unknown[]) => Promise<unknown>;

/** A key or index of a table, as the statements that drop it and put it back exactly as it was. */
interface Deferred {
  drop: string;
  add: string;
  /** A foreign key: dropping it locks the table it references too. */
  foreign: boolean;
}

/**
 * The table's foreign keys, its indexes that back no constraint, and its primary key, in the order they are
 * dropped (a foreign key never outlives what it needs; the primary key goes last and comes back first).
 */
async function deferrable(query: RunQuery, table: string): Promise<Deferred[]> {
  const rows = (await query(
    `SELECT 'ALTER TABLE ' || $1 || ' DROP CONSTRAINT ' || quote_ident(conname) AS drop,
            'ALTER TABLE ' || $1 || ' ADD CONSTRAINT ' || quote_ident(conname) || ' ' || pg_get_constraintdef(oid) AS add,
            contype = 'f' AS "foreign", CASE contype WHEN 'f' THEN 0 ELSE 2 END AS rank
       FROM pg_constraint WHERE conrelid = $1::regclass AND contype IN ('p', 'f')
     UNION ALL
     SELECT 'DROP INDEX ' || i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid), false, 1
       FROM pg_index i
      WHERE i.indrelid = $1::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)
     ORDER BY rank, drop`,
    [table],
  )) as Deferred[];
  return rows;
}

/**
 * Runs a bulk load with the table's primary and foreign keys and its other indexes dropped, then puts them
 * back exactly as they were: one sort and one validation pass beat checking millions of rows one at a time.
 * Each statement commits on its own; see `keysAfterRows` for a load inside one transaction.
 */
export async function withKeysDeferred<T>(dataSource: DataSource, table: string, load: () => Promise<T>): Promise<T> {
  return keysAfterRows((sql, parameters) => dataSource.query(sql, parameters), table, load);
}

/**
 * The same on one connection: inside the transaction that emptied the table (TRUNCATE), the rows, the keys and
 * the indexes are then written without WAL at `wal_level = minimal`, and nothing is left without its keys if
 * the load fails (the transaction rolls back).
 */
export async function keysAfterRows<T>(query: RunQuery, table: string, load: () => Promise<T>): Promise<T> {
  const putBack = await dropKeys(query, table);
  const result = await load();
  await putBack();
  return result;
}

/**
 * Drops the table's keys and indexes; answers what puts them back (the primary key first). `only` picks some of
 * them: the foreign keys alone, or the primary key and the indexes.
 */
export async function dropKeys(query: RunQuery, table: string, only?: 'foreign' | 'own'): Promise<() => Promise<void>> {
  const deferred = (await deferrable(query, table)).filter((d) => !only || d.foreign === (only === 'foreign'));
  for (const d of deferred) await query(d.drop);
  return async () => {
    for (const d of [...deferred].reverse()) await query(d.add);
  };
}
