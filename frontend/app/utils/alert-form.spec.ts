import type { AlertSubscription } from '@car/contracts';
import { alertBody, alertFormValues, subscribeFigureHref, subscribeFigureLabel } from './alert-form';

const form = (entries: Record<string, string>): FormData => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe('the subscription form', () => {
  test('starts from the view a page linked, as a new-month subscription', () => {
    const params = new URLSearchParams({ path: '/salevolume/wholemarket', search: 'source=2&time=2026-10', name: '整体市场表现' });
    expect(alertFormValues(params, undefined)).toMatchObject({
      id: null,
      name: '整体市场表现',
      path: '/salevolume/wholemarket',
      search: 'source=2&time=2026-10',
      kind: 'newMonth',
    });
    expect(alertFormValues(new URLSearchParams(), undefined)).toBeNull();
  });

  test("a bell's link starts a condition on its figure and row, named by the view's title in words", () => {
    const figure = { measure: 'yoy', rowKind: 'producer', rowId: 12, rowName: '一汽-大众' } as const;
    const href = subscribeFigureHref('/salevolume/companybrand', '?source=2&time=2026-10&type=0&id=12', figure);
    expect(href.startsWith('/alerts/subscriptions?')).toBe(true);
    expect(alertFormValues(new URL(href, 'http://x').searchParams, undefined)).toEqual({
      id: null,
      name: '厂商品牌表现 · 一汽-大众 · 零售 · 2026-10',
      path: '/salevolume/companybrand',
      search: 'source=2&time=2026-10&type=0&id=12',
      kind: 'condition',
      measure: 'yoy',
      comparison: 'below',
      threshold: '',
      rowKind: 'producer',
      rowId: '12',
      rowName: '一汽-大众',
      robotId: '',
    });
    expect(subscribeFigureLabel(figure)).toBe('订阅 一汽-大众 的同比提醒');
  });

  test("a bell's condition that is no such thing is left blank", () => {
    const params = new URLSearchParams({ path: '/p', kind: 'condition', measure: 'price', rowKind: 'planet', rowId: '1', rowName: 'x' });
    expect(alertFormValues(params, undefined)).toMatchObject({ kind: 'condition', measure: 'share', rowKind: 'brand', rowId: '', rowName: '' });
    const badId = new URLSearchParams({ path: '/p', kind: 'condition', rowKind: 'brand', rowId: '0' });
    expect(alertFormValues(badId, undefined)).toMatchObject({ rowKind: 'brand', rowId: '' });
  });

  test('starts from the subscription being edited', () => {
    const editing = {
      id: 7,
      name: '大众份额',
      path: '/p',
      search: '',
      kind: 'condition',
      measure: 'shareChange',
      comparison: 'below',
      threshold: -1,
      rowKind: 'brand',
      rowId: 21,
      robot: { id: 3, name: '华南群' },
    };
    expect(alertFormValues(new URLSearchParams({ path: '/other' }), editing as AlertSubscription)).toMatchObject({
      id: 7,
      threshold: '-1',
      rowId: '21',
      measure: 'shareChange',
      robotId: '3',
    });
  });

  test('a new-month body leaves the condition out; a condition sends its threshold as a number', () => {
    const view = { name: 'v', path: '/p', search: 's=1' };
    expect(alertBody(form({ ...view, kind: 'newMonth', threshold: '3' }))).toEqual({ ...view, kind: 'newMonth', robotId: null });
    expect(alertBody(form({ ...view, kind: 'newMonth', robotId: '3' }))).toEqual({ ...view, kind: 'newMonth', robotId: '3' });
    expect(
      alertBody(form({ ...view, id: '4', kind: 'condition', measure: 'share', comparison: 'below', threshold: ' -1.5 ', rowKind: 'brand', rowId: '21' })),
    ).toEqual({
      ...view,
      id: '4',
      kind: 'condition',
      measure: 'share',
      comparison: 'below',
      threshold: -1.5,
      rowKind: 'brand',
      rowId: '21',
      robotId: null,
    });
  });

  test('a threshold that is no number goes as typed, an empty one and an unpicked row as none', () => {
    const body = alertBody(
      form({ name: 'v', path: '/p', search: '', kind: 'condition', measure: 'share', comparison: 'above', threshold: 'abc', rowKind: 'brand', rowId: '' }),
    );
    expect(body).toMatchObject({ threshold: 'abc', rowId: null });
    expect(alertBody(form({ name: 'v', path: '/p', kind: 'condition', threshold: '' }))).toMatchObject({ threshold: null });
  });
});

describe("a 竞品监控 view's form (decision 298)", () => {
  const MONITOR = '/salevolume/competitormonitor';

  test("the bell on 本品组内份额 starts a condition on the view's set, named by the set", () => {
    const figure = { measure: 'setShare', rowKind: 'competitorSet', rowId: 7, rowName: '德锐对标' } as const;
    const href = subscribeFigureHref(MONITOR, '?set=7&time=2026-03&source=2', figure);
    expect(alertFormValues(new URL(href, 'http://x').searchParams, undefined)).toEqual({
      id: null,
      name: '竞品监控 · 德锐对标 · 零售 · 2026-03',
      path: MONITOR,
      search: 'set=7&time=2026-03&source=2',
      kind: 'condition',
      measure: 'setShare',
      comparison: 'below',
      threshold: '',
      rowKind: 'competitorSet',
      rowId: '7',
      rowName: '德锐对标',
      robotId: '',
    });
    expect(subscribeFigureLabel(figure)).toBe('订阅 德锐对标 的本品组内份额提醒');
  });

  test("订阅此视图 on 竞品监控: the condition's row is the view's set, unnamed until the page names it, by the set's measures", () => {
    const params = new URLSearchParams({ path: MONITOR, search: 'set=9&source=1', name: '竞品监控' });
    expect(alertFormValues(params, undefined)).toMatchObject({ kind: 'newMonth', measure: 'setShare', rowKind: 'competitorSet', rowId: '9', rowName: '' });
    // A link naming another set, or another row, is the view's set all the same.
    const other = new URLSearchParams({ path: MONITOR, search: 'set=9', kind: 'condition', measure: 'share', rowKind: 'brand', rowId: '21', rowName: '甲德' });
    expect(alertFormValues(other, undefined)).toMatchObject({ measure: 'setShare', rowKind: 'competitorSet', rowId: '9', rowName: '' });
    expect(alertFormValues(new URLSearchParams({ path: MONITOR, search: '' }), undefined)).toMatchObject({ rowKind: 'competitorSet', rowId: '' });
  });

  test("a set's condition on another page is left blank", () => {
    const params = new URLSearchParams({ path: '/salevolume/wholemarket', kind: 'condition', measure: 'rivalTpFall', rowKind: 'competitorSet', rowId: '7' });
    expect(alertFormValues(params, undefined)).toMatchObject({ measure: 'share', rowKind: 'brand', rowId: '', rowName: '' });
  });
});
