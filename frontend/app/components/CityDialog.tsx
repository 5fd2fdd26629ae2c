/**
 * 选择城市 (spec 001 §2.11: the city dialog grouped by province with a search box), built on the pick-list
 * kit: the cities under their province's heading, a search box (Enter or the icon searches; a province's
 * name finds all its cities), toggles (several cities), the choices so far, 清空 and 确定; reopened it shows
 * the confirmed choice; X or Escape drop the draft. The lists are the page's own (its loader has them), so
 * a search needs no call. `CityPicker` is the read-only field that opens it, as `PickerInput` does for
 * the other dialogs; the phone page uses the same grouping rule (`cityGroups`) in its own light picker.
 */
import { useCallback, useMemo, type KeyboardEvent } from 'react';

import type { LetterGroup } from '@car/contracts';
import { PickListDialog, selectHint, useFollowingPickList, type PickDialogProps } from '~/components/PickListDialog';
import { cityGroups } from '~/utils/city-groups';
import { displayText, PICKER_PLACEHOLDER, selectionOf, type PickItem } from '~/utils/pick-list';

export interface CityOption {
  value: string;
  label: string;
  provinceId: string;
}

export interface ProvinceOption {
  value: string;
  label: string;
}

export interface CityDialogProps extends PickDialogProps {
  /** The provinces whose cities are offered, in their order. */
  provinces: readonly ProvinceOption[];
  cities: readonly CityOption[];
}

export function CityDialog({ title = '选择城市', provinces, cities, ...props }: CityDialogProps) {
  const places = useMemo(() => provinces.map((p) => ({ id: p.value, name: p.label })), [provinces]);
  const towns = useMemo(() => cities.map((c) => ({ id: c.value, name: c.label, provinceId: c.provinceId })), [cities]);
  const load = useCallback(
    (key: string): Promise<LetterGroup<PickItem>[]> =>
      Promise.resolve(
        cityGroups(places, towns, key).map(({ province, cities: list }) => ({ letter: province.name, list: list.map((c) => ({ id: c.id, name: c.name })) })),
      ),
    [places, towns],
  );
  return <PickListDialog {...props} title={title} hint={selectHint(true)} multiple load={load} letterIndex={false} searchPlaceholder="输入城市或省份搜索" />;
}

interface CityPickerProps {
  /** The field's accessible name (the page shows its label beside it). */
  label: string;
  provinces: readonly ProvinceOption[];
  cities: readonly CityOption[];
  /** The confirmed cities (ids as text) with their names; a new value (the page's 重置) replaces the choice. */
  value: readonly PickItem[];
  onChange: (items: PickItem[]) => void;
}

/** The read-only field showing the chosen cities (选择 when none) that opens the dialog on click, Enter or Space. */
export function CityPicker({ label, provinces, cities, value, onChange }: CityPickerProps) {
  const valueKey = JSON.stringify(value);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the value's text: the page hands a new array each render
  const incoming = useMemo(() => selectionOf(value), [valueKey]);
  const pick = useFollowingPickList(incoming);
  const { confirmed } = pick.state;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      pick.open();
    }
  };
  const items = confirmed.items;
  return (
    <div className="field pick-input">
      <div className="ui fluid icon input pick-input__box">
        <input
          type="text"
          readOnly
          aria-label={label}
          value={items.length > 0 ? displayText(items) : ''}
          placeholder={PICKER_PLACEHOLDER}
          title={items.map((item) => item.name).join('、') || undefined}
          // A text field may not carry aria-expanded; the dialog it opens says it is open (aria-modal).
          aria-haspopup="dialog"
          onClick={() => pick.open()}
          onKeyDown={onKeyDown}
        />
        <i className="list alternate outline icon" aria-hidden="true" />
      </div>
      <CityDialog pick={pick} provinces={provinces} cities={cities} onConfirm={(selection) => onChange([...selection.items])} />
    </div>
  );
}
