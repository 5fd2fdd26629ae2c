import type { MenuGroup } from '@car/contracts';
import { DEFAULT_HOME_PATH, homePathOf, ROOT_PATH, toNavGroups } from './menus';

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
