import {
  configFilterOptions,
  configStateOf,
  configTableNote,
  configDeckHref,
  configDownloadHref,
  configNeedsReload,
  configSearch,
  moveColumn,
  newSearch,
  onePerSubSeries,
  pickFilters,
  readConfigState,
  removeColumn,
  shownCodes,
  subSeriesGroups,
  toggleSubSeries,
  toggleTrim,
} from './config-query';

const url = (search: string) => new URL(`http://x/product/configquery${search}`);
const state = (search: string) => readConfigState(new URLSearchParams(search));

describe('the configuration query state', () => {
  test('reads and writes the URL, keeping the column order', () => {
    const s = state('?ids=53,51,x&carJllCodes=J2,J1&niankuan=2026&engin=1.5T,无&hide=1');
    expect(s).toEqual({ ids: [53, 51], codes: ['J2', 'J1'], niankuan: ['2026'], engin: ['1.5T', '无'], energy: [], battery: [], hide: true, differ: true });
    expect(decodeURIComponent(configSearch(s))).toBe('?ids=53,51&carJllCodes=J2,J1&niankuan=2026&engin=1.5T,无&hide=1');
    expect(state('?ids=51').codes).toBeNull();
  });

  test('仅显示差异项 is on unless the address says differ=0 (全部项, decision 273)', () => {
    expect(state('?ids=51').differ).toBe(true);
    expect(state('?ids=51&differ=1').differ).toBe(true);
    expect(state('?ids=51&differ=0').differ).toBe(false);
    expect(configSearch(state('?ids=51&differ=1'))).toBe('?ids=51');
    expect(configSearch(state('?ids=51&differ=0'))).toBe('?ids=51&differ=0');
  });

  test('a new search clears the trims and the four filters, keeping the checkboxes', () => {
    expect(newSearch(state('?ids=51&carJllCodes=J1&niankuan=2026&energy=6&differ=1'), [51, 52])).toEqual({
      ids: [51, 52],
      codes: null,
      niankuan: [],
      engin: [],
      energy: [],
      battery: [],
      hide: false,
      differ: true,
    });
  });

  test('a sixth sub-series is refused; a chosen one toggles off', () => {
    expect(toggleSubSeries([1, 2, 3, 4, 5], 6)).toBe('tooMany');
    expect(toggleSubSeries([1, 2, 3, 4, 5], 3)).toEqual([1, 2, 4, 5]);
    expect(toggleSubSeries([1], 2)).toEqual([1, 2]);
  });

  test('columns move by one, stop at the edges, and the last one stays', () => {
    expect(moveColumn(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(removeColumn(['a', 'b'], 'a')).toEqual(['b']);
    expect(removeColumn(['b'], 'b')).toEqual(['b']);
    expect(toggleTrim(['b'], 'b')).toEqual(['b']);
    expect(toggleTrim(['b'], 'c')).toEqual(['b', 'c']);
  });

  test('the columns shown are the URL trims the table holds, in the URL order', () => {
    expect(shownCodes({ codes: ['c', 'x', 'a'] }, ['a', 'b', 'c'])).toEqual(['c', 'a']);
    expect(shownCodes({ codes: null }, ['a', 'b'])).toEqual(['a', 'b']);
  });

  test('checkboxes, moves and removals need no reload; new trims, sub-series or filters do', () => {
    const base = '?ids=51&carJllCodes=a,b,c';
    expect(configNeedsReload(url(base), url(`${base}&hide=1&differ=1`))).toBe(false);
    expect(configNeedsReload(url(base), url('?ids=51&carJllCodes=c,a'))).toBe(false);
    expect(configNeedsReload(url(base), url('?ids=51&carJllCodes=a,b,c,d'))).toBe(true);
    expect(configNeedsReload(url(base), url(`${base}&niankuan=2026`))).toBe(true);
    expect(configNeedsReload(url(base), url('?ids=51,52'))).toBe(true);
  });

  test('the download carries the comparison in column order and the checkboxes', () => {
    expect(decodeURIComponent(configDownloadHref({ ...state('?ids=51&differ=1'), codes: ['b', 'a'] }))).toBe(
      '/car/api/carConfig/download?ids=51&carJllCodes=b,a&differ=1',
    );
    // 导出PPT: the same view as a deck (decision 219); 仅显示差异项 said either way (decision 273).
    expect(decodeURIComponent(configDeckHref({ ...state('?ids=51&hide=1&niankuan=2026'), codes: ['b', 'a'] }))).toBe(
      '/car/api/carConfig/ppt?ids=51&carJllCodes=b,a&niankuan=2026&hide=1&differ=1',
    );
    expect(decodeURIComponent(configDeckHref({ ...state('?ids=51&differ=0'), codes: ['a'] }))).toBe('/car/api/carConfig/ppt?ids=51&carJllCodes=a&differ=0');
  });
});

describe('the sub-series groups and the one-trim-per-sub-series pick', () => {
  const col = (carJllCode: string, subSeriesId: number, retailQty: number | null) => ({ carJllCode, subSeriesId, subSeriesName: `S${subSeriesId}`, retailQty });

  test('a group spans each run of adjacent trims of one sub-series', () => {
    expect(subSeriesGroups([col('A', 1, 5), col('B', 1, 9), col('C', 2, null), col('D', 1, 1)])).toEqual([
      { subSeriesId: 1, name: 'S1', span: 2 },
      { subSeriesId: 2, name: 'S2', span: 1 },
      { subSeriesId: 1, name: 'S1', span: 1 },
    ]);
    expect(subSeriesGroups([])).toEqual([]);
  });

  test('each sub-series keeps its best seller, or its first trim when none sold or on a tie, in column order', () => {
    expect(onePerSubSeries([col('A', 1, 5), col('B', 1, 9), col('C', 2, null), col('D', 2, null), col('E', 3, 4), col('F', 3, 4), col('G', 1, 2)])).toEqual([
      'B',
      'C',
      'E',
    ]);
    expect(onePerSubSeries([col('X', 7, 0), col('Y', 7, 3)])).toEqual(['Y']);
  });
});

describe("the configuration query's address and its panels", () => {
  test("the address is read through the deck's schema: an item the API would refuse is dropped, a checkbox off unless 1", () => {
    const s = configStateOf('?ids=53,0,53,x&carJllCodes=J1,bad-code&niankuan=2026,26&energy=2,x&battery=60.5,lots&hide=yes&differ=x');
    expect(s).toEqual({ ids: [53], codes: ['J1'], niankuan: ['2026'], engin: [], energy: ['2'], battery: ['60.5'], hide: false, differ: true });
    // An empty trim list is a choice (no column), not the first load's "not chosen yet".
    expect(configStateOf('?ids=53&carJllCodes=').codes).toEqual([]);
  });

  test('the filter row edits the four filters; their options are the loaded table’s', () => {
    const s = state('?ids=51&niankuan=2026&engin=1.5T&energy=2&battery=60.5&hide=1');
    expect(pickFilters(s)).toEqual({ niankuan: ['2026'], engin: ['1.5T'], energy: ['2'], battery: ['60.5'] });
    const option = (value: string) => [{ value, label: value }];
    const table = { niankuan: option('2026'), engines: option('1.5T'), energies: option('2'), batteries: option('60.5') };
    expect(['niankuan', 'engin', 'energy', 'battery'].map((key) => configFilterOptions(table, key as 'niankuan')[0].value)).toEqual([
      '2026',
      '1.5T',
      '2',
      '60.5',
    ]);
    expect(configFilterOptions(null, 'engin')).toEqual([]);
  });

  test('the comparison says why it has no rows: no trim left by the filters, or nothing differing or to show', () => {
    expect(configTableNote(0, 0, true)).toBe('所选车型均不符合筛选条件，请在“车型选择”中勾选车型。');
    expect(configTableNote(2, 0, true)).toBe('所选车型的配置没有差异。');
    expect(configTableNote(2, 0, false)).toBe('所选车型的配置没有可显示的项目。');
    expect(configTableNote(2, 3, true)).toBeNull();
  });
});
