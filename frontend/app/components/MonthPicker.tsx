/**
 * Month picker limited to the calendar's months (spec 000 §5): a year header and twelve month buttons,
 * months without data disabled. The chosen month travels in a hidden field named `name`.
 */
import { useEffect, useRef, useState } from 'react';
import { Icon } from 'semantic-ui-react';

import { useClickOutside } from '~/utils/use-click-outside';

interface MonthPickerProps {
  name: string;
  /** 'YYYY-MM'. */
  value: string;
  /** The calendar: months with data, newest first. */
  months: readonly string[];
  onChange?: (month: string) => void;
}

const MONTH_NUMBERS = Array.from({ length: 12 }, (_, i) => i + 1);

export function MonthPicker({ name, value, months, onChange }: MonthPickerProps) {
  const [month, setMonth] = useState(value);
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(Number(value.slice(0, 4)));
  const box = useRef<HTMLDivElement>(null);
  useClickOutside(box, open, () => setOpen(false));
  useEffect(() => {
    setMonth(value);
    setYear(Number(value.slice(0, 4)));
  }, [value]);

  const available = new Set(months);
  const years = [...new Set(months.map((m) => Number(m.slice(0, 4))))];
  const newestYear = Math.max(...years);
  const oldestYear = Math.min(...years);

  const choose = (chosen: string) => {
    setMonth(chosen);
    setOpen(false);
    onChange?.(chosen);
  };

  return (
    <div className="month-picker" ref={box}>
      <input type="hidden" name={name} value={month} />
      <button
        type="button"
        className="month-picker__input ui fluid basic button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
      >
        <Icon name="calendar alternate outline" />
        {month.replace('-', '年')}月
      </button>
      {open ? (
        <div className="month-picker__popup" role="dialog" aria-label="选择月份" onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
          <div className="month-picker__years">
            <button type="button" aria-label="上一年" disabled={year <= oldestYear} onClick={() => setYear(year - 1)}>
              <Icon name="angle left" fitted />
            </button>
            <span>{year}年</span>
            <button type="button" aria-label="下一年" disabled={year >= newestYear} onClick={() => setYear(year + 1)}>
              <Icon name="angle right" fitted />
            </button>
          </div>
          <div className="month-picker__grid">
            {MONTH_NUMBERS.map((m) => {
              const text = `${year}-${String(m).padStart(2, '0')}`;
              return (
                <button key={m} type="button" className={text === month ? 'is-chosen' : undefined} disabled={!available.has(text)} onClick={() => choose(text)}>
                  {m}月
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The 时间 filter's field (`time`): the picker over the calendar's months, or 暂无可选月份 when it has none. */
export function MonthField({ value, months, onChange }: { value: string | null | undefined; months: readonly string[]; onChange: (month: string) => void }) {
  return value && months.length ? <MonthPicker name="time" value={value} months={months} onChange={onChange} /> : <p className="filter-hint">暂无可选月份</p>;
}
