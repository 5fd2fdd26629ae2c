/** The left anchor navigation of 配置查询: a first-level category scrolls its table to the top of the comparison. */
import type { IdName } from '@car/contracts';

export function ConfigAnchorNav({ categories, shown, onJump }: { categories: readonly IdName[]; shown: ReadonlySet<number>; onJump: (id: number) => void }) {
  return (
    <nav className="config-anchors" aria-label="配置分类">
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <button type="button" disabled={!shown.has(c.id)} onClick={() => onJump(c.id)}>
              {c.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
