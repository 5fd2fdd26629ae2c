import { MIGRATIONS } from './data-source';
import { migrationsOf } from './table-copy';

const names = MIGRATIONS.map((migration) => new migration().name);

describe('the migrations that made a table archive’s schema (decision 264)', () => {
  it('are the first of this release’s: all of them, some of them (an older release) or none', () => {
    expect(migrationsOf(names)).toEqual(MIGRATIONS);
    expect(migrationsOf(names.slice(0, 5))).toEqual(MIGRATIONS.slice(0, 5));
    expect(migrationsOf([])).toEqual([]);
  });

  it('an archive of a newer release, or with the migrations in another order, is refused in Chinese', () => {
    expect(() => migrationsOf([...names, 'Later1799999999999'])).toThrow('备份来自更新的版本（有本版本没有的迁移 Later1799999999999）');
    expect(() => migrationsOf([names[1], names[0]])).toThrow(`备份的迁移顺序与本版本不同（第 1 个为 ${names[1]}）：不能恢复`);
  });
});
