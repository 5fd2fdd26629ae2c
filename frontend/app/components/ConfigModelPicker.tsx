/**
 * 车型选择: two tabs (在售, 停售), each with the sub-series as a tab list and their trims as checkboxes
 * with name and MSRP in 万. A checkbox changes the comparison at once; 确定 and 取消 only close (spec 001 §2.6).
 */
import type { ConfigCars } from '@car/contracts';
import { useCallback, useRef, useState } from 'react';
import { Button, Checkbox, Icon } from 'semantic-ui-react';

import { useClickOutside } from '~/utils/use-click-outside';

type SaleTab = 'zaishouList' | 'tingshouList';
const TABS: ReadonlyArray<[SaleTab, string]> = [
  ['zaishouList', '在售'],
  ['tingshouList', '停售'],
];

export function ConfigModelPicker({ cars, codes, onToggle }: { cars: readonly ConfigCars[]; codes: readonly string[]; onToggle: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<SaleTab>('zaishouList');
  const [subId, setSubId] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(box, open, close);

  const active = cars.find((c) => c.id === subId) ?? cars[0];
  const trims = active ? active[tab] : [];
  return (
    <div className="config-picker" ref={box}>
      <Button type="button" basic size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} disabled={cars.length === 0}>
        车型选择（已选 {codes.length} 款）
        <Icon name="dropdown" />
      </Button>
      {open ? (
        <div className="config-picker__panel" role="dialog" aria-label="车型选择">
          <div className="config-picker__tabs" role="tablist">
            {TABS.map(([key, label]) => (
              <button key={key} type="button" role="tab" aria-selected={tab === key} className={tab === key ? 'is-active' : ''} onClick={() => setTab(key)}>
                {label}
              </button>
            ))}
          </div>
          <div className="config-picker__body">
            <ul className="config-picker__subs" role="tablist" aria-label="子车系">
              {cars.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    role="tab"
                    aria-selected={c.id === active?.id}
                    className={c.id === active?.id ? 'is-active' : ''}
                    onClick={() => setSubId(c.id)}
                  >
                    {c.name}
                    <span className="config-picker__count">{c[tab].length}</span>
                  </button>
                </li>
              ))}
            </ul>
            <ul className="config-picker__trims" aria-label={`${active?.name ?? ''}的车型`}>
              {trims.length === 0 ? <li className="config-picker__none">{tab === 'zaishouList' ? '没有在售车型' : '没有停售车型'}</li> : null}
              {trims.map((t) => {
                const checked = codes.includes(t.carJllCode);
                return (
                  <li key={t.carJllCode}>
                    <Checkbox label={t.carName} checked={checked} disabled={checked && codes.length === 1} onChange={() => onToggle(t.carJllCode)} />
                    <span className="config-picker__msrp">{t.msrp.toFixed(2)}万</span>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="config-picker__actions">
            <Button type="button" size="small" onClick={close}>
              取消
            </Button>
            <Button type="button" size="small" primary onClick={close}>
              确定
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
