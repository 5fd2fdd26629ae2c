/**
 * The control a tag shows on an export page once it is on: a multi-select of a list (an empty one selects
 * all when it gains focus, spec 001 §4, as on the other pages), a pick-list dialog for makers and
 * sub-series, the city dialog grouped by province for 城市 (§2.11), or a text box for codes. Each reports
 * the chosen values and their names. The page names each control (its `<label>` row), so none shows a
 * label of its own.
 */
import { Input } from 'semantic-ui-react';

import { CityPicker, type CityOption, type ProvinceOption } from '~/components/CityDialog';
import { MultiSelect, type MultiSelectOption } from '~/components/MultiSelect';
import { PickerInput, type PickerKind } from '~/components/PickerInput';
import { splitValues, type TagChoice } from '~/utils/export-form';

export type TagControl =
  | { kind: 'list'; options: ReadonlyArray<MultiSelectOption<string>> }
  | { kind: 'city'; provinces: readonly ProvinceOption[]; cities: readonly CityOption[] }
  | { kind: 'picker'; picker: PickerKind }
  | { kind: 'text' };

interface ExportTagControlProps {
  label: string;
  control: TagControl;
  choice: TagChoice | undefined;
  onChange: (choice: TagChoice) => void;
}

export function ExportTagControl({ label, control, choice, onChange }: ExportTagControlProps) {
  const values = choice?.values ?? [];
  switch (control.kind) {
    case 'list': {
      const names = new Map(control.options.map((o) => [o.value, o.label]));
      return (
        <MultiSelect
          label={label}
          options={control.options}
          value={values}
          onChange={(next) => onChange({ values: next, names: next.map((v) => names.get(v) ?? v) })}
        />
      );
    }
    case 'city':
      return (
        <CityPicker
          label={label}
          provinces={control.provinces}
          cities={control.cities}
          value={values.map((v, i) => ({ id: v, name: choice?.names[i] ?? v }))}
          onChange={(items) => onChange({ values: items.map((i) => String(i.id)), names: items.map((i) => i.name) })}
        />
      );
    case 'picker':
      return (
        <PickerInput
          name={`pick-${label}`}
          kind={control.picker}
          value={values.map((v, i) => ({ id: Number(v), name: choice?.names[i] ?? v }))}
          onChange={(items) => onChange({ values: items.map((i) => String(i.id)), names: items.map((i) => i.name) })}
        />
      );
    case 'text':
      return (
        <Input
          size="small"
          aria-label={label}
          placeholder="多个代码用逗号分隔"
          value={values.join(',')}
          onChange={(_e, { value }) => {
            const next = splitValues(String(value));
            onChange({ values: String(value).endsWith(',') ? [...next, ''] : next, names: next });
          }}
        />
      );
  }
}
