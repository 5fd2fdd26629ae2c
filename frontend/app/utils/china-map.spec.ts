import { REGIONS } from '@car/contracts';
import { CITIES, PROVINCES as API_PROVINCES, REGIONS as API_REGIONS } from '../../../backend/src/reference/data/geography';
import {
  classColor,
  classRangeText,
  featureLevelOf,
  MAP_CLASS_COLORS,
  MAP_NO_DATA_COLOR,
  mapHoverText,
  quantileClasses,
  mapIdOf,
  mapTitleOf,
  mapUrlOf,
  matchRows,
  normalizeAreaName,
  PROVINCES,
  provinceOf,
  provincesOfRegion,
  regionOfProvince,
  sameAreaName,
} from './china-map';

describe('the map geography', () => {
  it('has the API’s seven regions and every province of the API with its code and region', () => {
    expect(REGIONS).toEqual(API_REGIONS);
    const inApi = PROVINCES.filter((pr) => pr.inApi).map(({ code, name, shortName, regionId }) => ({ code, name, shortName, regionId }));
    expect(inApi).toEqual(API_PROVINCES);
  });

  it('draws 香港 and 澳门 in 华南 and 台湾 in 华东, outside the API', () => {
    expect(PROVINCES.filter((pr) => !pr.inApi).map((pr) => [pr.shortName, regionOfProvince(pr.code)?.name])).toEqual([
      ['台湾', '华东'],
      ['香港', '华南'],
      ['澳门', '华南'],
    ]);
  });

  it('finds a province’s region by code, city code or any form of its name', () => {
    expect(regionOfProvince(440000)?.name).toBe('华南');
    expect(regionOfProvince('440100')?.name).toBe('华南');
    expect(regionOfProvince('内蒙古自治区')?.name).toBe('华北');
    expect(regionOfProvince('陕西')?.name).toBe('西北');
    expect(regionOfProvince('山西省')?.name).toBe('华北');
    expect(regionOfProvince('火星')).toBeUndefined();
    expect(provinceOf(610000)?.name).toBe('陕西省');
    expect(provinceOf(140000)?.name).toBe('山西省');
  });

  it('lists a region’s provinces', () => {
    expect(provincesOfRegion(2).map((pr) => pr.shortName)).toEqual(['辽宁', '吉林', '黑龙江']);
    expect(provincesOfRegion('7').map((pr) => pr.code)).toEqual([610000, 620000, 630000, 640000, 650000]);
  });
});

describe('mapIdOf', () => {
  it('shows the nation for level 0, no level, or the area −1', () => {
    expect(mapIdOf(0, null)).toBe('cn');
    expect(mapIdOf(undefined)).toBe('cn');
    expect(mapIdOf(1, -1)).toBe('cn');
  });

  it('shows a region by its id and a province by its code', () => {
    expect(mapIdOf(1, 5)).toBe('5');
    expect(mapIdOf(1, '3')).toBe('3');
    expect(mapIdOf(2, 440000)).toBe('440000');
    expect(mapIdOf(2, '610000')).toBe('610000');
  });

  it('shows a city on its province’s map, and a municipality on its own', () => {
    expect(mapIdOf(3, 440100)).toBe('440000');
    expect(mapIdOf(3, '110000')).toBe('110000');
  });

  it('falls back to the nation for a region or province that does not exist', () => {
    expect(mapIdOf(1, 9)).toBe('cn');
    expect(mapIdOf(2, 990000)).toBe('cn');
  });

  it('names the file, the feature level and the title of a map', () => {
    expect(mapUrlOf('440000')).toBe('/static/json/map/440000.json');
    expect(featureLevelOf('cn')).toBe(2);
    expect(featureLevelOf('4')).toBe(2);
    expect(featureLevelOf('440000')).toBe(3);
    expect(mapTitleOf('cn')).toBe('全国');
    expect(mapTitleOf('6')).toBe('西南');
    expect(mapTitleOf('450000')).toBe('广西壮族自治区');
  });
});

describe('normalizeAreaName', () => {
  it.each([
    ['广东省', '广东'],
    ['广东', '广东'],
    ['内蒙古自治区', '内蒙古'],
    ['广西壮族自治区', '广西'],
    ['新疆维吾尔自治区', '新疆'],
    ['香港特别行政区', '香港'],
    ['北京市', '北京'],
    ['广州市', '广州'],
    ['那曲地区', '那曲'],
    ['那曲市', '那曲'],
    ['锡林郭勒盟', '锡林郭勒'],
    ['延边朝鲜族自治州', '延边'],
    ['巴音郭楞蒙古自治州', '巴音郭楞'],
    ['黔西南布依族苗族自治州', '黔西南'],
    ['大理白族自治州', '大理'],
    ['白沙黎族自治县', '白沙'],
    ['神农架林区', '神农架'],
    ['朝阳区', '朝阳区'],
  ])('%s → %s', (name, expected) => {
    expect(normalizeAreaName(name)).toBe(expected);
  });

  it('gives every city of the API a distinct stem within its province', () => {
    for (const province of API_PROVINCES) {
      const stems = CITIES.filter((c) => c.provinceCode === province.code).map((c) => normalizeAreaName(c.name));
      expect(new Set(stems).size).toBe(stems.length);
    }
  });

  it('matches the map’s and the API’s forms of a name', () => {
    expect(sameAreaName('宁夏', '宁夏回族自治区')).toBe(true);
    expect(sameAreaName('山西', '陕西省')).toBe(false);
  });
});

describe('matchRows', () => {
  const features = [
    { name: '广州市', code: '440100' },
    { name: '深圳市', code: '440300' },
    { name: '那曲地区', code: null },
    { name: '中国属钓鱼岛', code: null },
  ];

  it('matches by code first, then by name', () => {
    const rows = [
      { name: '深圳', code: '440300' },
      { name: 'Guangzhou', code: 440100 },
      { name: '那曲市', code: '540600' },
    ];
    expect(matchRows(features, rows)).toEqual([rows[1], rows[0], rows[2], undefined]);
  });

  it('matches by name when rows carry no code', () => {
    const rows = [{ name: '深圳市' }, { name: '广州' }];
    expect(matchRows(features, rows)).toEqual([rows[1], rows[0], undefined, undefined]);
  });

  it('colours one feature per row', () => {
    const rows = [
      { name: '广州市', code: '440100' },
      { name: '广州', code: null },
    ];
    expect(matchRows(features, rows)).toEqual([rows[0], undefined, undefined, undefined]);
  });

  it('matches the nation’s provinces by the API’s short names', () => {
    const nation = [
      { name: '内蒙古', code: '150000' },
      { name: '陕西', code: '610000' },
      { name: '山西', code: '140000' },
    ];
    const rows = [{ name: '山西' }, { name: '内蒙古自治区' }, { name: '陕西省' }];
    expect(matchRows(nation, rows)).toEqual([rows[1], rows[2], rows[0]]);
  });
});

describe('the map’s colour classes (decision 175)', () => {
  it('cuts the shown values into five quantile classes of about equal counts, each with its range', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const classes = quantileClasses(values);
    expect(classes.map((c) => [c.from, c.to])).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
    ]);
    expect(classes.map((c) => c.color)).toEqual([...MAP_CLASS_COLORS]);
  });

  it('spreads provinces bunched at the top of a range over several colours (the old fixed scale made them one)', () => {
    // Eastern provinces 14-16 %, a few western ones far lower: a 0-20 % scale gave the east one colour.
    const rates = [3.1, 4.2, 5.0, 14.1, 14.4, 14.8, 15.0, 15.2, 15.5, 15.9, 16.0];
    const classes = quantileClasses(rates);
    const eastern = new Set([14.4, 15.0, 15.5, 16.0].map((v) => classColor(v, classes)));
    expect(eastern.size).toBeGreaterThanOrEqual(3);
  });

  it('never splits equal values, so a few distinct values make fewer classes, spread over the ramp', () => {
    const classes = quantileClasses([5, 5, 5, 5, 9, 9]);
    expect(classes.map((c) => [c.from, c.to])).toEqual([
      [5, 5],
      [9, 9],
    ]);
    expect(classes.map((c) => c.color)).toEqual([MAP_CLASS_COLORS[0], MAP_CLASS_COLORS[4]]);
    expect(quantileClasses([7]).map((c) => c.color)).toEqual([MAP_CLASS_COLORS[4]]);
  });

  it('leaves units without a value out of the classes and colours them 无数据 grey', () => {
    const classes = quantileClasses([null, 2, undefined, 4, Number.NaN]);
    expect(classes.map((c) => [c.from, c.to])).toEqual([
      [2, 2],
      [4, 4],
    ]);
    expect(classColor(null, classes)).toBe(MAP_NO_DATA_COLOR);
    expect(classColor(3, [])).toBe(MAP_NO_DATA_COLOR);
    expect(classColor(2, classes)).toBe(MAP_CLASS_COLORS[0]);
    expect(classColor(4, classes)).toBe(MAP_CLASS_COLORS[4]);
  });

  it('writes a class’s range and a unit’s hover label', () => {
    const percent = (v: number) => `${v.toFixed(1)}%`;
    expect(classRangeText({ from: 12.3, to: 15 }, percent)).toBe('12.3% - 15.0%');
    expect(classRangeText({ from: 9, to: 9 }, percent)).toBe('9.0%');
    expect(mapHoverText('广东', '优惠率 12.3%')).toBe('广东：优惠率 12.3%');
    expect(mapHoverText('台湾', null)).toBe('台湾：无数据');
  });
});
