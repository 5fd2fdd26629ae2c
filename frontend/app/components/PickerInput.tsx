/**
 * A filter field backed by a pick-list dialog: a read-only input showing the choice (选择 when empty, the
 * name when one, the names or 已选 N 项 when more) that opens its dialog on focus, click, Enter or Space,
 * and hidden inputs carrying the chosen ids (comma-joined in one field) so the surrounding GET form submits
 * them. Names come from the page: its loader resolves the ids of the URL and passes them as `value`, so
 * the URL holds ids only. A reset of the surrounding form clears the choice.
 */
import type { AlertRowKind } from '@car/contracts';
import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';

import { AlertRowDialog } from '~/components/AlertRowDialog';
import { AreaDialog } from '~/components/AreaDialog';
import { CarModelDialog } from '~/components/CarModelDialog';
import { MakerDialog } from '~/components/MakerDialog';
import { useFollowingPickList, type PickDialogProps } from '~/components/PickListDialog';
import { SeriesDialog } from '~/components/SeriesDialog';
import { EMPTY_SELECTION, PICKER_PLACEHOLDER, displayText, idsKey, selectionOf, type PickItem, type Selection } from '~/utils/pick-list';
import type { PickFilters } from '~/utils/pick-list-source';

export type PickerKind =
  'alertRow' | 'area' | 'company' | 'brand' | 'currentCompany' | 'currentBrand' | 'companyBrand' | 'series' | 'currentSeries' | 'carModel';

export interface PickerInputProps {
  /** Name of the hidden field with the chosen ids, comma-joined ('12,40'); left out when nothing is chosen. */
  name: string;
  kind: PickerKind;
  label?: string;
  /** The confirmed choice with names (the page's loader resolves the URL's ids). A new value replaces the choice. */
  value?: readonly PickItem[];
  /** carModel: the sub-series whose models are chosen. */
  series?: PickItem | null;
  /** alertRow: the kind of row a subscription's condition names (我的订阅's 对象). */
  rowKind?: AlertRowKind;
  /** company, brand, companyBrand, series, carModel: default true. area and current*: always single. */
  multiple?: boolean;
  /** After 确定 or a form reset, with the new choice. */
  onChange?: (items: PickItem[], selection: Selection) => void;
  /** Narrow the lists: detailId, producerProperties, brandProperties (makers and series), producerIds, brandIds (series), time (car models). */
  filters?: PickFilters;
  /** company, currentCompany: `useShell().user.producerId`, pre-selected when nothing is chosen. */
  ownProducerId?: number | null;
  /** brand, currentBrand: `useShell().user.brandId`. */
  ownBrandId?: number | null;
  /** Shown when nothing is chosen; default 选择. */
  placeholder?: string;
  /** Overrides the dialog's title. */
  title?: string;
  /** area: name of the hidden level field (1 region, 2 province, 3 city); default 'level'. */
  levelName?: string;
  /** carModel: name of a hidden field with the chosen sub-series id; none when not given. */
  seriesName?: string;
  id?: string;
  disabled?: boolean;
}

const SINGLE_ONLY: ReadonlySet<PickerKind> = new Set(['alertRow', 'area', 'currentCompany', 'currentBrand', 'currentSeries']);

function PickerDialog({
  kind,
  dialog,
  multiple,
  filters,
  ownProducerId,
  ownBrandId,
  rowKind,
}: {
  kind: PickerKind;
  dialog: PickDialogProps;
  multiple: boolean;
  filters?: PickFilters;
  ownProducerId: number | null;
  ownBrandId: number | null;
  rowKind: AlertRowKind;
}) {
  switch (kind) {
    case 'alertRow':
      return <AlertRowDialog {...dialog} rowKind={rowKind} />;
    case 'area':
      return <AreaDialog {...dialog} />;
    case 'company':
    case 'currentCompany':
      return <MakerDialog {...dialog} kind="company" current={kind === 'currentCompany'} multiple={multiple} filters={filters} ownId={ownProducerId} />;
    case 'brand':
    case 'currentBrand':
      return <MakerDialog {...dialog} kind="brand" current={kind === 'currentBrand'} multiple={multiple} filters={filters} ownId={ownBrandId} />;
    case 'companyBrand':
      return <MakerDialog {...dialog} kind="companyBrand" multiple={multiple} filters={filters} />;
    case 'series':
    case 'currentSeries':
      return <SeriesDialog {...dialog} current={kind === 'currentSeries'} multiple={multiple} filters={filters} />;
    case 'carModel':
      return <CarModelDialog {...dialog} multiple={multiple} filters={filters} />;
  }
}

export function PickerInput({
  name,
  kind,
  label,
  value = [],
  series = null,
  rowKind = 'producer',
  multiple = !SINGLE_ONLY.has(kind),
  onChange,
  filters,
  ownProducerId = null,
  ownBrandId = null,
  placeholder = PICKER_PLACEHOLDER,
  title,
  levelName = 'level',
  seriesName,
  id,
  disabled = false,
}: PickerInputProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const valueKey = JSON.stringify([value, series]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const incoming = useMemo(() => selectionOf(value, series), [valueKey]);
  // A new value from the page (another URL, names resolved by the loader) becomes the choice.
  const pick = useFollowingPickList(incoming);
  const { confirmed, open } = pick.state;
  const { replace } = pick;
  const input = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // The filter panel's Reset clears pickers.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const onReset = () => {
      replace(EMPTY_SELECTION);
      onChangeRef.current?.([], EMPTY_SELECTION);
    };
    form.addEventListener('reset', onReset);
    return () => form.removeEventListener('reset', onReset);
  }, [replace]);

  // Focus comes back to the field when the dialog closes, without opening it again.
  const returningFocus = useRef(false);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open && input.current) {
      returningFocus.current = true;
      input.current.focus();
      returningFocus.current = false;
    }
    wasOpen.current = open;
  }, [open]);

  const openDialog = () => {
    if (!disabled) pick.open();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      // Enter would otherwise submit the surrounding form.
      event.preventDefault();
      openDialog();
    }
  };

  const items = confirmed.items;
  const ids = idsKey(items);
  const level = kind === 'area' ? items[0]?.level : undefined;
  const names = items.map((item) => item.name).join('、');

  return (
    <div className={`field pick-input${disabled ? ' disabled' : ''}`}>
      {label ? <label htmlFor={inputId}>{label}</label> : null}
      <div className="ui fluid icon input pick-input__box">
        <input
          ref={input}
          id={inputId}
          type="text"
          readOnly
          disabled={disabled}
          value={items.length > 0 ? displayText(items, placeholder) : ''}
          placeholder={placeholder}
          title={names || undefined}
          // A text field may not carry aria-expanded; the dialog it opens says it is open (aria-modal).
          aria-haspopup="dialog"
          onFocus={() => {
            if (!returningFocus.current) openDialog();
          }}
          onClick={openDialog}
          onKeyDown={onKeyDown}
        />
        <i className="list alternate outline icon" aria-hidden="true" />
      </div>
      {ids !== '' ? <input type="hidden" name={name} value={ids} /> : null}
      {level !== undefined ? <input type="hidden" name={levelName} value={level} /> : null}
      {seriesName && confirmed.series ? <input type="hidden" name={seriesName} value={String(confirmed.series.id)} /> : null}
      {/* Keyed by kind: another kind is another list, never the last one's answer shown while the new one loads. */}
      <PickerDialog
        key={kind}
        kind={kind}
        dialog={{
          pick,
          title,
          onConfirm: (selection) => onChangeRef.current?.([...selection.items], selection),
        }}
        multiple={SINGLE_ONLY.has(kind) ? false : multiple}
        filters={filters}
        ownProducerId={ownProducerId}
        ownBrandId={ownBrandId}
        rowKind={rowKind}
      />
    </div>
  );
}
