/**
 * 我的订阅's 对象: a searchable pick-list of the page kit, not a native select of a hundred producers (issue 45 §4). The
 * read-only field shows the chosen row (选择 when none) and opens 选择厂商 / 品牌 / 子车系 / 省份 / 城市 on click, Enter or
 * Space; the dialog lists every row of the kind the API answers for (`ALERTS.rows`, asked once per kind) and its
 * search box narrows them by name. The chosen id travels in the hidden field `rowId`.
 */
import { ALERT_ROW_KINDS, type AlertRowKind, type LetterGroup } from '@car/contracts';
import { useCallback, useMemo, useRef, type KeyboardEvent } from 'react';

import { PickListDialog, selectHint, useFollowingPickList } from '~/components/PickListDialog';
import { displayText, PICKER_PLACEHOLDER, selectionOf, type PickItem } from '~/utils/pick-list';
import { fetchPickList } from '~/utils/pick-list-source';

interface AlertRowPickerProps {
  id: string;
  rowKind: AlertRowKind;
  /** The chosen row with its name (a bell's, or the subscription's being edited), null when none. */
  value: PickItem | null;
  onChange: (item: PickItem | null) => void;
}

export function AlertRowPicker({ id, rowKind, value, onChange }: AlertRowPickerProps) {
  const valueKey = JSON.stringify(value);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the value's text: the form hands a new object each render
  const incoming = useMemo(() => selectionOf(value ? [value] : []), [valueKey]);
  const pick = useFollowingPickList(incoming);
  const noun = ALERT_ROW_KINDS[rowKind];
  const rows = useRef<{ kind: AlertRowKind; list: Promise<PickItem[]> } | null>(null);

  const load = useCallback(
    async (key: string): Promise<LetterGroup<PickItem>[]> => {
      if (rows.current?.kind !== rowKind) {
        // Not tied to one search's signal: the list is shared by the searches that follow.
        const list = fetchPickList('alertRows', { kind: rowKind });
        rows.current = { kind: rowKind, list };
        // A failed answer is asked again at the next opening or search.
        list.catch(() => {
          if (rows.current?.list === list) rows.current = null;
        });
      }
      const all = await rows.current.list;
      const text = key.trim().toLowerCase();
      const found = text ? all.filter((row) => row.name.toLowerCase().includes(text)) : all;
      return found.length > 0 ? [{ letter: noun, list: found }] : [];
    },
    [rowKind, noun],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      // Enter would otherwise submit the form.
      event.preventDefault();
      pick.open();
    }
  };
  const chosen = pick.state.confirmed.items[0] ?? null;
  return (
    <div className="pick-input">
      <div className="ui fluid icon input pick-input__box">
        <input
          id={id}
          type="text"
          readOnly
          value={chosen ? displayText([chosen]) : ''}
          placeholder={PICKER_PLACEHOLDER}
          title={chosen?.name}
          // A text field may not carry aria-expanded; the dialog it opens says it is open (aria-modal).
          aria-haspopup="dialog"
          onClick={() => pick.open()}
          onKeyDown={onKeyDown}
        />
        <i className="list alternate outline icon" aria-hidden="true" />
      </div>
      {chosen ? <input type="hidden" name="rowId" value={String(chosen.id)} /> : null}
      <PickListDialog
        pick={pick}
        title={`选择${noun}`}
        hint={selectHint(false)}
        multiple={false}
        load={load}
        letterIndex={false}
        searchPlaceholder={`输入${noun}名称搜索`}
        onConfirm={(selection) => onChange(selection.items[0] ?? null)}
      />
    </div>
  );
}
