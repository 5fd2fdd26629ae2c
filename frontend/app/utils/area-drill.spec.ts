import { drillTarget, mapIdOfNode, nodeName, parentOf, pathOf, readAreaNode } from './area-drill';

describe('the area drill-down', () => {
  it('opens a province on the national map as its big region, then the province, then a city', () => {
    expect(drillTarget(null, '440000')).toEqual({ id: 5, level: 1 });
    expect(drillTarget({ id: 5, level: 1 }, '440000')).toEqual({ id: 440000, level: 2 });
    expect(drillTarget({ id: 440000, level: 2 }, '440300')).toEqual({ id: 440300, level: 3 });
    expect(drillTarget({ id: 440300, level: 3 }, '440100')).toEqual({ id: 440100, level: 3 });
  });

  it('ignores the inset and units without a code', () => {
    expect(drillTarget(null, null)).toBeNull();
  });

  it('goes back up city → province → region → nation', () => {
    expect(parentOf({ id: 440300, level: 3 })).toEqual({ id: 440000, level: 2 });
    expect(parentOf({ id: 440000, level: 2 })).toEqual({ id: 5, level: 1 });
    expect(parentOf({ id: 5, level: 1 })).toBeNull();
    expect(pathOf({ id: 440300, level: 3 })).toEqual([
      { id: 5, level: 1 },
      { id: 440000, level: 2 },
      { id: 440300, level: 3 },
    ]);
  });

  it('shows a city on its province map', () => {
    expect(mapIdOfNode(null)).toBe('cn');
    expect(mapIdOfNode({ id: 5, level: 1 })).toBe('5');
    expect(mapIdOfNode({ id: 440300, level: 3 })).toBe('440000');
  });

  it('reads the node from area and level, and the nation from anything else', () => {
    expect(readAreaNode(new URLSearchParams('area=440000&level=2'))).toEqual({ id: 440000, level: 2 });
    expect(readAreaNode(new URLSearchParams('area=440000'))).toBeNull();
    expect(readAreaNode(new URLSearchParams('area=-1&level=1'))).toBeNull();
    expect(nodeName({ id: 440000, level: 2 })).toBe('广东');
    expect(nodeName(null)).toBe('全国');
  });
});
