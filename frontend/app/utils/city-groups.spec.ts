import { cityGroups } from './city-groups';

const PROVINCES = [
  { id: 440000, name: '广东省' },
  { id: 460000, name: '海南省' },
  { id: 110000, name: '北京市' },
];
const CITIES = [
  { id: 460100, name: '海口市', provinceId: 460000 },
  { id: 440100, name: '广州市', provinceId: 440000 },
  { id: 440300, name: '深圳市', provinceId: 440000 },
  { id: 460200, name: '三亚市', provinceId: 460000 },
];
const names = (groups: ReturnType<typeof cityGroups>) => groups.map((g) => [g.province.name, g.cities.map((c) => c.name)]);

describe('the city pick-list grouped by province', () => {
  it("lists every city under its province, in the provinces' order, without empty provinces", () => {
    expect(names(cityGroups(PROVINCES, CITIES))).toEqual([
      ['广东省', ['广州市', '深圳市']],
      ['海南省', ['海口市', '三亚市']],
    ]);
  });
  it('a key keeps the cities whose name holds it', () => expect(names(cityGroups(PROVINCES, CITIES, ' 深圳 '))).toEqual([['广东省', ['深圳市']]]));
  it("a province's name finds all its cities", () => expect(names(cityGroups(PROVINCES, CITIES, '海南'))).toEqual([['海南省', ['海口市', '三亚市']]]));
  it('matches ids given as text too, and finds nothing for an unknown key', () => {
    expect(names(cityGroups([{ id: '440000', name: '广东省' }], [{ name: '广州市', provinceId: '440000' }], '广州'))).toEqual([['广东省', ['广州市']]]);
    expect(cityGroups(PROVINCES, CITIES, '拉萨')).toEqual([]);
  });
});
