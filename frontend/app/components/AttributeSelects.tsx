/**
 * A filter form's attribute multi-selects (厂商属性, 品牌属性, 车身形式, 系别 …): one labelled field each, its
 * options a lookup list without its 全部 entry (no choice is 全部). The band pages' panels share it.
 */
import { keyOptions } from '@car/contracts';
import { MultiSelect } from '~/components/MultiSelect';

/** One attribute multi-select: its form field, its label, the lookup list it offers and its state. */
export interface AttributeList {
  name: string;
  label: string;
  options: ReadonlyArray<{ key: number | string; value: string }> | undefined;
  value: number[];
  onChange: (value: number[]) => void;
}

export function AttributeSelects({ lists }: { lists: AttributeList[] }) {
  return (
    <>
      {lists.map((list) => (
        <div className="filter-field" key={list.name}>
          {list.label}
          <MultiSelect name={list.name} label={list.label} options={keyOptions(list.options)} value={list.value} onChange={list.onChange} />
        </div>
      ))}
    </>
  );
}
