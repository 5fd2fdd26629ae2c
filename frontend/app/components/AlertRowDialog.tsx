/**
 * 我的订阅's 对象 dialog (issue 45 §4, decision 279): 选择厂商 / 品牌 / 子车系 / 省份 / 城市, every row of the kind the
 * API answers for (`ALERTS.rows`, asked once per kind), narrowed by name in the browser as the search box is typed.
 * Single choice; `PickerInput`'s `alertRow` kind opens it.
 */
import { ALERT_ROW_KINDS, type AlertRowKind, type LetterGroup } from '@car/contracts';
import { useCallback, useRef } from 'react';

import { PickListDialog, selectHint, type PickDialogProps } from '~/components/PickListDialog';
import type { PickItem } from '~/utils/pick-list';
import { fetchPickList } from '~/utils/pick-list-source';

export interface AlertRowDialogProps extends PickDialogProps {
  rowKind: AlertRowKind;
}

export function AlertRowDialog({ rowKind, title, ...props }: AlertRowDialogProps) {
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

  return (
    <PickListDialog
      {...props}
      title={title ?? `选择${noun}`}
      hint={selectHint(false)}
      multiple={false}
      load={load}
      letterIndex={false}
      searchPlaceholder={`输入${noun}名称搜索`}
    />
  );
}
