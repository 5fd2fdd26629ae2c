import type { AreaLevel, LetterGroup } from '@car/contracts';

/**
 * The rules of the pick-list dialogs (spec "States and transitions"), as a reducer with no React, so they
 * can be pinned by unit tests and shared by every dialog of the kit:
 * - opening starts a draft from the last confirmed choice; 确定 makes the draft the choice and closes;
 *   X or Escape closes and drops the draft (the choice reverts to the last confirmed one);
 * - single-select dialogs toggle (choosing the chosen item clears it, another replaces it); multi-select
 *   dialogs toggle ids in a list;
 * - in the car-model dialog, choosing a different (sub-)series clears the chosen models;
 * - the user's own producer or brand (from the token) is pre-selected when nothing is chosen.
 * Also the A-Z letter index and the picker's display text.
 */

export type PickId = number | string;

export interface PickItem {
  id: PickId;
  name: string;
  /** Area nodes only. */
  level?: AreaLevel;
}

export interface Selection {
  items: readonly PickItem[];
  /** Car-model dialog only: the sub-series whose models are listed; null elsewhere. */
  series: PickItem | null;
}

export interface PickListState {
  /** What the page has: shown in the input and submitted with the form. */
  confirmed: Selection;
  /** What the open dialog shows; becomes `confirmed` on 确定, is dropped on X. */
  draft: Selection;
  open: boolean;
  /** The own producer or brand was offered during this opening (so clearing it sticks). */
  preselectDone: boolean;
}

export type PickListAction =
  | { type: 'open' }
  | { type: 'toggle'; item: PickItem; multiple: boolean }
  /** Multi-select: choose all of `items`, or drop them all when all are chosen (a series' sub-series). */
  | { type: 'toggleAll'; items: readonly PickItem[] }
  | { type: 'chooseSeries'; series: PickItem }
  | { type: 'clear' }
  | { type: 'confirm' }
  /** X, Escape: revert to the last confirmed choice. */
  | { type: 'close' }
  | { type: 'preselect'; item: PickItem }
  /** The page's value changed (a new URL, a form reset): it becomes both the choice and the draft. */
  | { type: 'replace'; selection: Selection };

export const EMPTY_SELECTION: Selection = { items: [], series: null };

export function selectionOf(items: readonly PickItem[] = [], series: PickItem | null = null): Selection {
  return { items, series };
}

export function initialPickListState(confirmed: Selection = EMPTY_SELECTION): PickListState {
  return { confirmed, draft: confirmed, open: false, preselectDone: false };
}

export function isChosen(selection: Selection, id: PickId): boolean {
  return selection.items.some((item) => sameId(item.id, id));
}

/** Ids compare as text: the URL gives '40', the API 40. */
export function sameId(a: PickId, b: PickId): boolean {
  return String(a) === String(b);
}

export function sameSelection(a: Selection, b: Selection): boolean {
  return idsKey(a.items) === idsKey(b.items) && (a.series?.id ?? null) === (b.series?.id ?? null);
}

/** The ids as the form submits them: comma-joined, in the order chosen. */
export function idsKey(items: readonly PickItem[]): string {
  return items.map((item) => String(item.id)).join(',');
}

/** The same entry: same id and, for area nodes, same level (北京市 is 110000 as a province and as a city). */
export function sameItem(a: PickItem, b: PickItem): boolean {
  return sameId(a.id, b.id) && (a.level ?? null) === (b.level ?? null);
}

function toggleItem(items: readonly PickItem[], item: PickItem, multiple: boolean): readonly PickItem[] {
  const chosen = items.some((i) => sameItem(i, item));
  if (multiple) return chosen ? items.filter((i) => !sameItem(i, item)) : [...items, item];
  return chosen && items.length === 1 ? [] : [item];
}

function toggleAllItems(items: readonly PickItem[], group: readonly PickItem[]): readonly PickItem[] {
  const allChosen = group.length > 0 && group.every((g) => items.some((i) => sameItem(i, g)));
  if (allChosen) return items.filter((i) => !group.some((g) => sameItem(g, i)));
  return [...items, ...group.filter((g) => !items.some((i) => sameItem(i, g)))];
}

function withDraft(state: PickListState, draft: Selection): PickListState {
  return state.open ? { ...state, draft } : state;
}

export function pickListReducer(state: PickListState, action: PickListAction): PickListState {
  switch (action.type) {
    case 'open':
      // A click right after the focus that opened it must not restart the draft.
      if (state.open) return state;
      return { ...state, open: true, draft: state.confirmed, preselectDone: false };
    case 'toggle':
      return withDraft(state, { ...state.draft, items: toggleItem(state.draft.items, action.item, action.multiple) });
    case 'toggleAll':
      return withDraft(state, { ...state.draft, items: toggleAllItems(state.draft.items, action.items) });
    case 'chooseSeries':
      if (state.draft.series && sameId(state.draft.series.id, action.series.id)) return state;
      return withDraft(state, { series: action.series, items: [] });
    case 'clear':
      return withDraft(state, EMPTY_SELECTION);
    case 'confirm':
      return state.open ? { ...state, open: false, confirmed: state.draft } : state;
    case 'close':
      return { ...state, open: false, draft: state.confirmed };
    case 'preselect':
      if (!state.open || state.preselectDone) return state;
      if (state.confirmed.items.length > 0 || state.draft.items.length > 0) return { ...state, preselectDone: true };
      return { ...state, preselectDone: true, draft: { ...state.draft, items: [action.item] } };
    case 'replace':
      return { ...state, confirmed: action.selection, draft: action.selection };
  }
}

/** The letter index, A-Z once each (the source listed G and K twice). */
export const LETTERS: readonly string[] = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

/** Letters of the index that have a group (the others are shown disabled). */
export function lettersWithEntries(groups: readonly LetterGroup<unknown>[]): ReadonlySet<string> {
  return new Set(groups.filter((g) => g.list.length > 0).map((g) => g.letter.toUpperCase()));
}

/** Finds an entry by id in letter groups, e.g. the user's own producer. */
export function findInGroups<T extends { id: PickId }>(groups: readonly LetterGroup<T>[], id: PickId): T | undefined {
  for (const group of groups) {
    const found = group.list.find((entry) => sameId(entry.id, id));
    if (found) return found;
  }
  return undefined;
}

export const PICKER_PLACEHOLDER = '选择';
/** Longest joined text the read-only input shows before it says how many instead. */
const MAX_JOINED_CHARS = 12;

/**
 * What the read-only input shows: the placeholder when nothing is chosen, the name when one, the names
 * joined with '、' while short, else 已选 N 项.
 */
export function displayText(items: readonly PickItem[], placeholder = PICKER_PLACEHOLDER): string {
  if (items.length === 0) return placeholder;
  if (items.length === 1) return items[0].name;
  const joined = items.map((item) => item.name).join('、');
  return joined.length <= MAX_JOINED_CHARS ? joined : `已选 ${items.length} 项`;
}
