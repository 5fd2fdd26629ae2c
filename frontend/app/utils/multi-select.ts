/** The multi-select's text (spec 000 §4): 选择 when nothing is chosen, the value when one, 多选 for part, 全部 for all; one rule with the header tags, in the contracts (filter-tags.ts). */
export { multiSelectText } from '@car/contracts';

/** Focusing the empty select chooses every option; otherwise focus changes nothing. */
export function choiceOnFocus<T>(chosen: readonly T[], options: ReadonlyArray<{ value: T }>): T[] {
  return chosen.length === 0 ? options.map((o) => o.value) : [...chosen];
}

/** Toggling keeps the options' order. */
export function toggleChoice<T>(chosen: readonly T[], value: T, options: ReadonlyArray<{ value: T }>): T[] {
  const next = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value];
  return options.map((o) => o.value).filter((v) => next.includes(v));
}

/**
 * The row a key moves to in the open list of `count` rows, from row `at` (-1: none has focus): ArrowDown /
 * ArrowUp one row (stopping at the ends), Home the first, End the last; null for any other key.
 */
export function rowAfterKey(key: string, at: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return Math.min(at + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(at - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
