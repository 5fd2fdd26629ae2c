import type { AreaChoice, AreaLevel } from '@car/contracts';
import type { Filters } from '../analytics/model';
import { ApiException } from '../common/api-codes';
import type { Geography } from '../reference/geography.repository';

export const WHOLESALE_HAS_NO_AREA = '批发量数据没有地区维度，请选择零售量（数据来源 2）';

/** The chosen node of the area tree: the nation (level 0), a region, a province or a city. */
export interface AreaNode {
  level: 0 | AreaLevel;
  id: number;
  name: string;
  /** How the node narrows the market. */
  filters: Filters;
}

export const NATION: AreaNode = { level: 0, id: -1, name: '全国', filters: {} };

/**
 * The node a request's `area` + `level` names, checked against the geography: the area market and the
 * producer/brand page narrow their market by it. Wholesale figures have no geography, so a node with
 * data source 1 is the caller's mistake.
 */
export function areaNodeOf(choice: AreaChoice | null, source: number, geography: Geography): AreaNode {
  if (choice === null) return NATION;
  if (source === 1) throw ApiException.badRequest(WHOLESALE_HAS_NO_AREA);
  const { id, level } = choice;
  if (level === 1) {
    const region = geography.regions.get(id);
    if (!region) throw ApiException.badRequest(`参数 area 没有编号为 ${id} 的大区`);
    return { level, id, name: region.name, filters: { areaIds: [id] } };
  }
  if (level === 2) {
    const province = geography.provinces.get(id);
    if (!province) throw ApiException.badRequest(`参数 area 没有代码为 ${id} 的省份`);
    return { level, id, name: province.name, filters: { provinceIds: [id] } };
  }
  const city = geography.cities.get(id);
  if (!city) throw ApiException.badRequest(`参数 area 没有代码为 ${id} 的城市`);
  return { level, id, name: city.name, filters: { cityIds: [id] } };
}
