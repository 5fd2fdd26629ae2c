/**
 * Multi-select with the spec's text rule (选择 / the value / 多选 / 全部); focusing it while empty selects
 * every option; a click anywhere on a row of the list, Space or Enter toggles it; a click outside closes it. The chosen values travel comma-joined in a hidden field.
 */
import { useEffect, useRef, useState } from 'react';
import { Checkbox, Icon } from 'semantic-ui-react';

import { choiceOnFocus, multiSelectText, toggleChoice } from '~/utils/multi-select';
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
      <Checkbox label={label} checked={checked} indeterminate={indeterminate} readOnly tabIndex={-1} />
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

  return (
    <div className={`multi-select${compact ? ' multi-select--compact' : ''}`} ref={box}>
      {name ? <input type="hidden" name={name} value={chosen.join(',')} /> : null}
      <button
        type="button"
        className="multi-select__input"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        onFocus={() => {
          if (selectAllOnFocus && chosen.length === 0) update(choiceOnFocus(chosen, options));
        }}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => event.key === 'Escape' && close()}
      >
        <span className="multi-select__text">{multiSelectText(chosen, options)}</span>
        <Icon name="dropdown" fitted />
      </button>
      {open ? (
        <div id={listId} className="multi-select__menu" role="listbox" aria-multiselectable onKeyDown={(event) => event.key === 'Escape' && close()}>
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
