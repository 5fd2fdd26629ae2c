/**
 * 配置查询's state, all of it in the URL so a comparison can be bookmarked and shared: the sub-series
 * (`ids`), the trims in column order (`carJllCodes`), the four filters (`niankuan`, `engin`, `energy`,
 * `battery`) and the two checkboxes (`hide` 隐藏未配置项, `differ` 仅显示差异项: on unless `differ=0`, decision 273). The spec's state rules
 * (001 §4) as pure functions: a new search clears the trims and filters; the filter button keeps them.
 */
import { CAR_CONFIG, type ConfigColumn, type ConfigOption, type ConfigTable, DIFFER_BY_DEFAULT, MAX_CONFIG_SUB_SERIES, MAX_CONFIG_TRIMS } from '@car/contracts';

import { apiDownloadHref } from './download';
import { urlState } from './url-state';

export interface ConfigState {
  ids: number[];
  /** null: not chosen yet (the first load pre-selects); otherwise the columns in order. */
  codes: string[] | null;
  niankuan: string[];
  engin: string[];
  energy: string[];
  battery: string[];
  hide: boolean;
  differ: boolean;
}

export type ConfigFilterKey = 'niankuan' | 'engin' | 'energy' | 'battery';
export const CONFIG_FILTER_KEYS: readonly ConfigFilterKey[] = ['niankuan', 'engin', 'energy', 'battery'];
export const CONFIG_FILTER_LABELS: Readonly<Record<ConfigFilterKey, string>> = { niankuan: '年款', engin: '发动机', energy: '能源类型', battery: '电池' };
export type ConfigFilters = Pick<ConfigState, ConfigFilterKey>;

/** The four filters of a state (what the filter row edits until 筛选). */
export function pickFilters(state: ConfigState): ConfigFilters {
  return { niankuan: state.niankuan, engin: state.engin, energy: state.energy, battery: state.battery };
}

/** A filter's options: those the loaded table offers (none before a table). */
export function configFilterOptions(table: Pick<ConfigTable, 'niankuan' | 'engines' | 'energies' | 'batteries'> | null, key: ConfigFilterKey): ConfigOption[] {
  if (!table) return [];
  return key === 'niankuan' ? table.niankuan : key === 'engin' ? table.engines : key === 'energy' ? table.energies : table.batteries;
}

/** What the comparison says in place of rows: no column left by the filters, or no row to show; null when it has rows. */
export function configTableNote(columns: number, blocks: number, differ: boolean): string | null {
  if (columns === 0) return '所选车型均不符合筛选条件，请在“车型选择”中勾选车型。';
  return blocks === 0 ? `所选车型的配置没有${differ ? '差异' : '可显示的项目'}。` : null;
}

/**
 * The address read through 导出PPT's schema (the comparison with its two checkboxes), item by item: an item the API
 * would refuse is dropped. 仅显示差异项 is `1` on, `0` off (全部项), else the default (DIFFER_BY_DEFAULT).
 */
export function readConfigState(params: URLSearchParams): ConfigState {
  const url = urlState(CAR_CONFIG.ppt.params, params);
  return {
    ids: url.list('ids'),
    codes: url.names('carJllCodes') ? url.list('carJllCodes') : null,
    niankuan: url.list('niankuan').map(String),
    engin: url.list('engin'),
    energy: url.list('energy').map(String),
    battery: url.list('battery'),
    hide: url.value('hide', { fallback: false }),
    differ: url.value('differ'),
  };
}

/** The state of the page's address as the browser has it (`location.search`). */
export function configStateOf(search: string): ConfigState {
  return readConfigState(new URLSearchParams(search));
}

/** The comparison's parameters for `carConfig/get` (and, with the checkboxes, for the download). */
export function configApiParams(state: ConfigState): Record<string, string> {
  const params: Record<string, string> = { ids: state.ids.join(',') };
  if (state.codes && state.codes.length > 0) params.carJllCodes = state.codes.join(',');
  for (const key of CONFIG_FILTER_KEYS) if (state[key].length > 0) params[key] = state[key].join(',');
  return params;
}

/** The page's address for a state: `?ids=…&carJllCodes=…`. */
export function configSearch(state: ConfigState): string {
  const params = new URLSearchParams();
  if (state.ids.length > 0) params.set('ids', state.ids.join(','));
  if (state.codes !== null) params.set('carJllCodes', state.codes.join(','));
  for (const key of CONFIG_FILTER_KEYS) if (state[key].length > 0) params.set(key, state[key].join(','));
  if (state.hide) params.set('hide', '1');
  if (state.differ !== DIFFER_BY_DEFAULT) params.set('differ', state.differ ? '1' : '0');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The page's view as a file's parameters: the comparison with its two checkboxes (下载 Excel, 导出PPT), `differ` always said. */
function viewParams(state: ConfigState): URLSearchParams {
  const params = new URLSearchParams(configApiParams(state));
  if (state.hide) params.set('hide', '1');
  params.set('differ', state.differ ? '1' : '0');
  return params;
}

export function configDownloadHref(state: ConfigState): string {
  return apiDownloadHref(CAR_CONFIG.download, viewParams(state));
}

/** 导出PPT (decision 219): the deck of the view the page shows, with the same parameters as 下载 Excel. */
export function configDeckHref(state: ConfigState): string {
  return apiDownloadHref(CAR_CONFIG.ppt, viewParams(state));
}

/** A new search (sub-series added or removed): trims and filters cleared, the table loads afresh; the checkboxes stay. */
export function newSearch(state: ConfigState, ids: readonly number[]): ConfigState {
  return { ids: [...ids], codes: null, niankuan: [], engin: [], energy: [], battery: [], hide: state.hide, differ: state.differ };
}

/** Clicking a match toggles it; a sixth is refused (spec 001 §5). */
export function toggleSubSeries(ids: readonly number[], id: number): number[] | 'tooMany' {
  if (ids.includes(id)) return ids.filter((x) => x !== id);
  if (ids.length >= MAX_CONFIG_SUB_SERIES) return 'tooMany';
  return [...ids, id];
}

/** The filter button: the chosen filters with the selection kept. */
export function withFilters(state: ConfigState, filters: Pick<ConfigState, ConfigFilterKey>): ConfigState {
  return { ...state, ...filters };
}

/** A picker checkbox: a trim joins as the last column or leaves; the last column cannot leave. */
export function toggleTrim(codes: readonly string[], code: string): string[] {
  if (codes.includes(code)) return codes.length > 1 ? codes.filter((c) => c !== code) : [...codes];
  return codes.length >= MAX_CONFIG_TRIMS ? [...codes] : [...codes, code];
}

/** Columns can be removed only while more than one remains (spec 001 §5). */
export function canRemoveColumn(codes: readonly string[]): boolean {
  return codes.length > 1;
}

export function removeColumn(codes: readonly string[], code: string): string[] {
  return canRemoveColumn(codes) ? codes.filter((c) => c !== code) : [...codes];
}

/** Swaps a column with its neighbour to the left (-1) or right (+1); at an edge nothing moves. */
export function moveColumn(codes: readonly string[], code: string, direction: -1 | 1): string[] {
  const from = codes.indexOf(code);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= codes.length) return [...codes];
  const next = [...codes];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/**
 * The columns shown: the URL's trims in its order among those the table holds (a filter may have left
 * some out); before any choice, the table's own columns.
 */
export function shownCodes(state: Pick<ConfigState, 'codes'>, loaded: readonly string[]): string[] {
  if (state.codes === null) return [...loaded];
  const have = new Set(loaded);
  return state.codes.filter((code) => have.has(code));
}

/**
 * Whether a change of address needs the table again: not for the checkboxes, nor for columns removed or
 * moved (every column it shows is loaded already); yes for anything else.
 */
export function configNeedsReload(currentUrl: URL, nextUrl: URL): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  const before = readConfigState(currentUrl.searchParams);
  const after = readConfigState(nextUrl.searchParams);
  const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  if (!same(before.ids, after.ids) || CONFIG_FILTER_KEYS.some((key) => !same(before[key], after[key]))) return true;
  if (before.codes === null || after.codes === null) return before.codes !== after.codes;
  const had = new Set(before.codes);
  return after.codes.some((code) => !had.has(code));
}

/** A sub-series' group over its trims in the head: consecutive columns of one sub-series share one cell. */
export interface SubSeriesGroup {
  subSeriesId: number;
  name: string;
  span: number;
}

/**
 * The group header row over the trims: one cell per run of adjacent columns of the same sub-series (a
 * column moved away from its own starts a second cell of that sub-series, so every cell sits over its trims).
 */
export function subSeriesGroups(columns: ReadonlyArray<Pick<ConfigColumn, 'subSeriesId' | 'subSeriesName'>>): SubSeriesGroup[] {
  const groups: SubSeriesGroup[] = [];
  for (const column of columns) {
    const last = groups.at(-1);
    if (last && last.subSeriesId === column.subSeriesId) last.span++;
    else groups.push({ subSeriesId: column.subSeriesId, name: column.subSeriesName, span: 1 });
  }
  return groups;
}

/**
 * 每个子车系一款 (decision 179): of the columns shown, each sub-series keeps one trim, its best seller in the
 * month of the head's 零售量 (the first of it in column order when none sold or on a tie); the kept
 * columns stay in their order.
 */
export function onePerSubSeries(columns: ReadonlyArray<Pick<ConfigColumn, 'carJllCode' | 'subSeriesId' | 'retailQty'>>): string[] {
  const best = new Map<number, Pick<ConfigColumn, 'carJllCode' | 'retailQty'>>();
  for (const column of columns) {
    const kept = best.get(column.subSeriesId);
    if (!kept || (column.retailQty ?? 0) > (kept.retailQty ?? 0)) best.set(column.subSeriesId, column);
  }
  const codes = new Set([...best.values()].map((c) => c.carJllCode));
  return columns.filter((c) => codes.has(c.carJllCode)).map((c) => c.carJllCode);
}
