/**
 * One city of a filter form, picked from the cities grouped by province (a native select with a group
 * per province, so it works before JavaScript loads and types ahead by name). The empty choice is
 * nationwide and leaves the field out of the query.
 */
import type { ChangeEvent } from 'react';

import type { ProvinceCities } from '@car/contracts';

export function CitySelect({
  name,
  label,
  value,
  provinces,
  emptyLabel = '全国',
  id,
  onChange,
}: {
  name: string;
  label: string;
  value: number | null;
  provinces: readonly ProvinceCities[];
  emptyLabel?: string;
  id?: string;
  /** Makes the select controlled by `value`; the field then has no name while nationwide (no empty param). */
  onChange?: (city: number | null) => void;
}) {
  const control = onChange
    ? { value: value ?? '', onChange: (event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value ? Number(event.target.value) : null) }
    : { defaultValue: value ?? '' };
  return (
    <label className="filter-field">
      {label}
      <select
        id={id}
        name={onChange && value === null ? undefined : name}
        className="ui fluid selection dropdown native-select"
        aria-label={label}
        {...control}
      >
        <option value="">{emptyLabel}</option>
        {provinces.map((p) => (
          <optgroup key={p.id} label={p.name}>
            {p.cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}

/** The name of a city of the groups, or null. */
export function cityName(provinces: readonly ProvinceCities[] | undefined, id: number | null): string | null {
  if (id === null) return null;
  for (const p of provinces ?? []) for (const c of p.cities) if (c.id === id) return c.name;
  return null;
}
