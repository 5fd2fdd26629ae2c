/**
 * Multi-select with the spec's text rule (选择 / the value / 多选 / 全部); focusing it while empty selects
 * every option; a click anywhere on a row of the list, Space or Enter toggles it; a click outside closes it. The chosen values travel comma-joined in a hidden field.
 *
 * Roles: the field is a button (named by its own aria-label and the text it shows, "燃料类型 全部") that opens a
 * listbox named by the label, whose rows are options with aria-selected; the checkbox drawn in a row is
 * decoration. Arrow keys move between the rows; Escape closes the list and gives focus back to the field.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Checkbox, Icon } from 'semantic-ui-react';

import { choiceOnFocus, multiSelectText, rowAfterKey, toggleChoice } from '~/utils/multi-select';
import { useClickOutside } from '~/utils/use-click-outside';

export interface MultiSelectOption<T extends string | number> {
  value: T;
  label: string;
}

interface MultiSelectProps<T extends string | number> {
  /** Form field; omit for a control that only calls onChange. */
  name?: string;
  label: string;
  options: ReadonlyArray<MultiSelectOption<T>>;
  value: readonly T[];
  onChange?: (value: T[]) => void;
  /** Fill the empty select with every option when it gains focus (the spec's rule for filters). */
  selectAllOnFocus?: boolean;
  compact?: boolean;
}

interface ChoiceProps {
  className: string;
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onToggle: () => void;
}

const DRAWN_LABEL = { opacity: 1 } as const;

/** One row of the list: a click anywhere on it, Space or Enter toggles it (the checkbox only shows the state). */
function Choice({ className, label, checked, indeterminate, onToggle }: ChoiceProps) {
  return (
    <div
      role="option"
      aria-selected={checked}
      aria-label={label}
      tabIndex={0}
      className={className}
      onClick={onToggle}
      onKeyDown={(event) => {
        if (event.key !== ' ' && event.key !== 'Enter') return;
        event.preventDefault();
        onToggle();
      }}
    >
      {/* The drawn checkbox only shows the state: disabled, so it is no control inside the option (axe
          nested-interactive), and styled as enabled (semantic greys a disabled one and ignores clicks on it). */}
      <Checkbox
        label={<label style={DRAWN_LABEL}>{label}</label>}
        checked={checked}
        indeterminate={indeterminate}
        readOnly
        disabled
        tabIndex={-1}
        aria-hidden
      />
    </div>
  );
}

export function MultiSelect<T extends string | number>({
  name,
  label,
  options,
  value,
  onChange,
  selectAllOnFocus = true,
  compact = false,
}: MultiSelectProps<T>) {
  const [chosen, setChosen] = useState<T[]>([...value]);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const close = () => setOpen(false);
  useClickOutside(box, open, close);
  const valueKey = value.join(',');
  // The page hands a new array each render; only a change of the chosen values resets the choice.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the chosen values' text, as said above
  useEffect(() => setChosen([...value]), [valueKey]);

  const update = (next: T[]) => {
    setChosen(next);
    onChange?.(next);
  };
  const listId = `multi-${name ?? label}`;
  const ownId = useId();
  const field = useRef<HTMLButtonElement>(null);
  const closeToField = () => {
    close();
    field.current?.focus();
  };
  /** Escape closes; the arrows, Home and End move between the rows. */
  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeToField();
      return;
    }
    const rows = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="option"]'));
    const to = rowAfterKey(event.key, rows.indexOf(document.activeElement as HTMLElement), rows.length);
    if (to === null) return;
    event.preventDefault();
    rows[to].focus();
  };

  return (
    <div className={`multi-select${compact ? ' multi-select--compact' : ''}`} ref={box}>
      {name ? <input type="hidden" name={name} value={chosen.join(',')} /> : null}
      <button
        ref={field}
        id={`${ownId}-field`}
        type="button"
        className="multi-select__input"
        aria-label={label}
        aria-labelledby={`${ownId}-field ${ownId}-text`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        onFocus={(event) => {
          // Focus given back by its own list (Escape) is not a visit: an emptied choice stays empty.
          if (box.current?.contains(event.relatedTarget)) return;
          if (selectAllOnFocus && chosen.length === 0) update(choiceOnFocus(chosen, options));
        }}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            close();
          } else if (event.key === 'ArrowDown' && open) {
            event.preventDefault();
            box.current?.querySelector<HTMLElement>('[role="option"]')?.focus();
          }
        }}
      >
        <span id={`${ownId}-text`} className="multi-select__text">
          {multiSelectText(chosen, options)}
        </span>
        <Icon name="dropdown" fitted />
      </button>
      {open ? (
        <div id={listId} className="multi-select__menu" role="listbox" aria-label={label} aria-multiselectable onKeyDown={onListKey}>
          <Choice
            className="multi-select__all"
            label="全部"
            checked={chosen.length === options.length}
            indeterminate={chosen.length > 0 && chosen.length < options.length}
            onToggle={() => update(chosen.length === options.length ? [] : options.map((o) => o.value))}
          />
          {options.map((option) => (
            <Choice
              key={option.value}
              className="multi-select__item"
              label={option.label}
              checked={chosen.includes(option.value)}
              onToggle={() => update(toggleChoice(chosen, option.value, options))}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
