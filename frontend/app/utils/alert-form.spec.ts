import type { AlertSubscription } from '@car/contracts';
import { alertBody, alertFormValues } from './alert-form';

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
