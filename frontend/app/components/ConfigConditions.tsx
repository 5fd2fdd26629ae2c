/**
 * 配置查询's 查询条件 (spec 001 §2.6, §4): the sub-series search box and the chosen ones as chips (a new search
 * clears the trims and filters), and, folded away on demand, the trim picker and the four filters that apply
 * on 筛选 (the selection kept). Every change is an address (`go`). 竞品组 fills the sub-series with a set, or saves
 * the chosen ones as a set, the first as 本品 (decision 301).
 */
import { CONFIG_MESSAGES, type ConfigTable, type IdName } from '@car/contracts';
import { useEffect, useState } from 'react';
import { Button, Icon, Label } from 'semantic-ui-react';

import { CompetitorSetMenu } from '~/components/CompetitorSetMenu';
import { ConfigModelPicker } from '~/components/ConfigModelPicker';
import { ConfigSearchBox } from '~/components/ConfigSearchBox';
import { MultiSelect } from '~/components/MultiSelect';
import { useToast } from '~/components/Toast';
import { configWithSet } from '~/utils/competitor-monitor';
import {
  CONFIG_FILTER_KEYS,
  CONFIG_FILTER_LABELS,
  configFilterOptions,
  type ConfigFilters,
  type ConfigState,
  newSearch,
  pickFilters,
  toggleSubSeries,
  toggleTrim,
  withFilters,
} from '~/utils/config-query';

interface ConfigConditionsProps {
  state: ConfigState;
  table: ConfigTable | null;
  /** The trims chosen (the address's, or the loaded table's before any choice). */
  selectedCodes: string[];
  /** Opens a state's address; `replace` for a change of the same comparison's view. */
  go: (next: ConfigState, replace?: boolean) => void;
}

export function ConfigConditions({ state, table, selectedCodes, go }: ConfigConditionsProps) {
  const { show } = useToast();
  const [open, setOpen] = useState(true);
  const [filters, setFilters] = useState<ConfigFilters>(() => pickFilters(state));
  const filterKey = CONFIG_FILTER_KEYS.map((k) => state[k].join(',')).join('|') + state.ids.join(',');
  useEffect(() => setFilters(pickFilters(state)), [filterKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // Chip names: the table's, and those clicked in the dropdown while the table loads.
  const [clicked, setClicked] = useState<ReadonlyMap<number, string>>(new Map());
  const nameOf = (id: number): string => table?.cars.find((c) => c.id === id)?.name ?? clicked.get(id) ?? String(id);

  const toggle = (item: IdName) => {
    const ids = toggleSubSeries(state.ids, item.id);
    if (ids === 'tooMany') {
      show('warning', CONFIG_MESSAGES.tooManySubSeries);
      return;
    }
    setClicked((names) => new Map(names).set(item.id, item.name));
    go(newSearch(state, ids));
  };
  const filtering = () => {
    if (state.ids.length === 0) {
      show('warning', CONFIG_MESSAGES.noSubSeries);
      return;
    }
    go(withFilters(state, filters));
  };

  return (
    <section className="config-conditions" aria-label="查询条件">
      <div className="config-conditions__row">
        <span className="config-conditions__label">子车系</span>
        <ConfigSearchBox selectedIds={state.ids} onToggle={toggle} />
        <span className="config-conditions__hint">最多选择 5 个子车系对比</span>
        <CompetitorSetMenu
          hrefOf={configWithSet}
          saveAs={{
            own: state.ids.slice(0, 1).map((id) => ({ id, name: nameOf(id) })),
            rivals: state.ids.slice(1).map((id) => ({ id, name: nameOf(id) })),
            note: '第一个已选子车系为本品，其余为竞品；保存前可修改。',
            unavailable: state.ids.length < 2 ? '请先选择至少两个子车系' : null,
          }}
        />
        <Button type="button" basic size="mini" className="config-conditions__fold" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          <Icon name={open ? 'angle up' : 'angle down'} />
          {open ? '收起条件' : '展开条件'}
        </Button>
      </div>
      <div className="config-conditions__row">
        <span className="config-conditions__label">已选</span>
        <div className="config-chips" aria-label="已选子车系">
          {state.ids.length === 0 ? <span className="config-conditions__hint">未选择</span> : null}
          {state.ids.map((id) => (
            <Label key={id} basic color="blue" className="config-chip">
              {nameOf(id)}
              <Icon
                name="delete"
                aria-label={`移除 ${nameOf(id)}`}
                role="button"
                onClick={() =>
                  go(
                    newSearch(
                      state,
                      state.ids.filter((x) => x !== id),
                    ),
                  )
                }
              />
            </Label>
          ))}
        </div>
      </div>
      {open ? (
        <div className="config-conditions__more">
          <div className="config-conditions__row">
            <span className="config-conditions__label">车型</span>
            <ConfigModelPicker
              cars={table?.cars ?? []}
              codes={selectedCodes}
              onToggle={(code) => go({ ...state, codes: toggleTrim(selectedCodes, code) }, true)}
            />
          </div>
          <div className="config-conditions__row config-filters">
            {CONFIG_FILTER_KEYS.map((key) => {
              const options = configFilterOptions(table, key);
              return (
                <label key={key} className="config-filter">
                  <span className="config-conditions__label">{CONFIG_FILTER_LABELS[key]}</span>
                  <MultiSelect
                    label={CONFIG_FILTER_LABELS[key]}
                    options={options}
                    value={filters[key].filter((v) => options.some((o) => o.value === v))}
                    onChange={(value) => setFilters((f) => ({ ...f, [key]: value }))}
                    compact
                  />
                </label>
              );
            })}
            <Button type="button" primary size="small" onClick={filtering}>
              筛选
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
