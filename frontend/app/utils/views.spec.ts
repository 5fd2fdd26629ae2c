import type { SavedView } from '@car/contracts';

import { shareText, viewRowActions } from './views';

const view = (over: Partial<SavedView> = {}): SavedView => ({
  id: 7,
  name: '十月大盘',
  path: '/salevolume/wholemarket',
  pageName: '整体市场表现',
  query: '?time=2026-10',
  updateTime: '2026-11-27 09:00',
  owner: { id: 1, account: 'demo', nickname: '演示' },
  mine: true,
  sharedWith: [],
  sharedWithProducer: false,
  sharedProducerName: null,
  ...over,
});

test('an owner opens, subscribes to, renames, shares and deletes a view; a receiver opens it, subscribes and saves a copy', () => {
  expect(viewRowActions(view()).map((a) => a.text)).toEqual(['打开', '订阅', '重命名', '共享', '删除']);
  expect(viewRowActions(view({ mine: false })).map((a) => a.text)).toEqual(['打开', '订阅', '另存为我的视图']);
  expect(viewRowActions(view())[0].href).toBe('/myviews/open/7');
  // 订阅 opens 订阅与提醒's form with the view's page, query and name filled in.
  const subscribe = new URL(viewRowActions(view())[1].href!, 'http://x');
  expect(subscribe.pathname).toBe('/alerts/subscriptions');
  expect(Object.fromEntries(subscribe.searchParams)).toEqual({ path: '/salevolume/wholemarket', search: 'time=2026-10', name: '十月大盘' });
});

test('sharing reads as the colleagues and the producer, or 未共享', () => {
  expect(shareText(view())).toBe('未共享');
  expect(
    shareText(
      view({
        sharedWith: [
          { id: 2, account: 'li', nickname: '李雷' },
          { id: 3, account: 'han', nickname: '' },
        ],
        sharedWithProducer: true,
        sharedProducerName: '一汽-大众',
      }),
    ),
  ).toBe('李雷、han、一汽-大众全部同事');
});
