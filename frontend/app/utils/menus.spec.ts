import type { MenuGroup } from '@car/contracts';
import { DEFAULT_HOME_PATH, homePathOf, ROOT_PATH, toNavGroups, viewNameOf } from './menus';

const group = (id: number, path: string, items: string[]): MenuGroup => ({
  id,
  name: path,
  path,
  subMenuItems: items.map((item, i) => ({ id: id * 100 + i, name: item, path: item })),
});

describe('where `/` and a page outside the menus lead (spec 000 §2, decision 151)', () => {
  it('is 整体市场表现 when the menus hold it, wherever it stands', () => {
    const groups = toNavGroups([group(1, '/price', ['totalmarket']), group(2, '/salevolume', ['areamarket', 'wholemarket'])]);
    expect(homePathOf(groups)).toBe(DEFAULT_HOME_PATH);
    expect(DEFAULT_HOME_PATH).toBe('/salevolume/wholemarket');
  });

  it('is the first sub-menu of the first menu group with one otherwise', () => {
    expect(homePathOf(toNavGroups([group(1, '/empty', []), group(2, '/price', ['totalmarket', 'cabmodelpricetrace'])]))).toBe('/price/totalmarket');
  });

  it('is `/` itself for a user with no page', () => {
    expect(homePathOf([])).toBe(ROOT_PATH);
    expect(homePathOf(toNavGroups([group(1, '/salevolume', [])]))).toBe(ROOT_PATH);
  });
});

describe('订阅此视图 (decision 193)', () => {
  const groups = toNavGroups([
    { id: 1, name: '销量分析', path: '/salevolume', subMenuItems: [{ id: 11, name: '整体市场表现', path: 'wholemarket' }] },
    { id: 36, name: '订阅与提醒', path: '/alerts', subMenuItems: [{ id: 361, name: '我的订阅', path: '/alerts/subscriptions' }] },
  ]);

  it('names an analysis page after its menu entry', () => {
    expect(viewNameOf(groups, '/salevolume/wholemarket')).toBe('整体市场表现');
  });

  it('offers nothing on 订阅与提醒 itself, 系统管理, or a page outside the menus', () => {
    expect(viewNameOf(groups, '/alerts/subscriptions')).toBeNull();
    expect(viewNameOf(groups, '/admin/users')).toBeNull();
    expect(viewNameOf(groups, '/salevolume/areamarket')).toBeNull();
  });
});
