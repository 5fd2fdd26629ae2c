/**
 * 配置查询's search box: matches load while typing (carConfig/searchCar, through /picklist/configSubSeries);
 * clicking a match toggles its selection, empties the box and closes the dropdown, as a click outside does; Escape closes it
 * wherever the focus is inside the box (the input or a match), and gives the focus back to the input.
 */
import { type IdName } from '@car/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Icon, Input } from 'semantic-ui-react';

import { fetchPickList, useListRequest } from '~/utils/pick-list-source';
import { useClickOutside } from '~/utils/use-click-outside';

/** Typing pauses this long before a call: one call per word, not per key, and still instant to the eye. */
const TYPING_PAUSE_MS = 120;

export function ConfigSearchBox({ selectedIds, onToggle }: { selectedIds: readonly number[]; onToggle: (item: IdName) => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const matches = useListRequest<IdName[]>();
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<Input>(null);
  const close = useCallback(() => setOpen(false), []);
  // Focus given back after a pick or Escape does not reopen the list (a user's focus, a click or typing do).
  const quietFocus = useRef(false);
  const refocus = () => {
    quietFocus.current = true;
    input.current?.focus();
    quietFocus.current = false;
  };
  // A pick empties the box too, so the next search starts afresh (typing the same name again lists it again).
  const pick = (item: IdName) => {
    onToggle(item);
    setText('');
    close();
    refocus();
  };
  useClickOutside(box, open, close);
  const name = text.trim();
  const { run, cancel } = matches;

  useEffect(() => {
    if (name === '') {
      cancel();
      return;
    }
    const timer = setTimeout(() => void run((signal) => fetchPickList('configSubSeries', { name }, signal)), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [name, run, cancel]);

  const list = name === '' ? [] : (matches.data ?? []);
  return (
    <div
      className="config-search"
      ref={box}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        close();
        refocus();
      }}
    >
      <Input
        ref={input}
        icon="search"
        placeholder="输入子车系名称搜索"
        value={text}
        aria-label="搜索子车系"
        onChange={(_, { value }) => {
          setText(value);
          setOpen(true);
        }}
        onFocus={() => !quietFocus.current && setOpen(true)}
        onClick={() => setOpen(true)}
      />
      {open && name !== '' ? (
        <ul className="config-search__menu" role="listbox" aria-label="匹配的子车系" aria-multiselectable>
          {matches.error ? <li className="config-search__note">{matches.error}</li> : null}
          {!matches.error && matches.loading && list.length === 0 ? <li className="config-search__note">搜索中…</li> : null}
          {!matches.error && !matches.loading && matches.data !== null && list.length === 0 ? <li className="config-search__note">没有匹配的子车系</li> : null}
          {list.map((item) => {
            const selected = selectedIds.includes(item.id);
            return (
              <li
                key={item.id}
                role="option"
                aria-selected={selected}
                tabIndex={0}
                className={`config-search__item${selected ? ' is-selected' : ''}`}
                onClick={() => pick(item)}
                onKeyDown={(event) => event.key === 'Enter' && pick(item)}
              >
                <span>{item.name}</span>
                {selected ? <Icon name="check" color="blue" /> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
