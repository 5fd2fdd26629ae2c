/**
 * The area page's place in the geography and its map drill-down (spec 000 §2, §4): nation → big region
 * → province → city. The chosen node is the URL's `area` + `level`; the way up (the back stack) follows
 * from the node itself, so a bookmarked or reloaded view keeps its breadcrumb.
 */
import type { AreaLevel } from '@car/contracts';
import { mapIdOf, provinceOf, regionById, regionOfProvince } from './china-map';

export interface AreaNode {
  /** Region id 1-7, or a province or city 6-digit code. */
  id: number;
  level: AreaLevel;
}

export function readAreaNode(params: URLSearchParams): AreaNode | null {
  const area = Number(params.get('area'));
  const level = Number(params.get('level') ?? params.get('dimensionality'));
  if (!Number.isInteger(area) || area <= 0 || ![1, 2, 3].includes(level)) return null;
  return { id: area, level: level as AreaLevel };
}

export function provinceCodeOfCity(cityCode: number): number {
  return Math.floor(cityCode / 10000) * 10000;
}

/** The node one level up; null above the nation. */
export function parentOf(node: AreaNode | null): AreaNode | null {
  if (!node) return null;
  if (node.level === 3) return { id: provinceCodeOfCity(node.id), level: 2 };
  if (node.level === 2) {
    const region = regionOfProvince(node.id);
    return region ? { id: Number(region.id), level: 1 } : null;
  }
  return null;
}

/** The path from the nation down to the node (the nation itself is null). */
export function pathOf(node: AreaNode | null): AreaNode[] {
  const path: AreaNode[] = [];
  for (let n = node; n; n = parentOf(n)) path.unshift(n);
  return path;
}

/** The map that shows a node: the nation, a region's provinces, or a province's cities (a city shows its province). */
export function mapIdOfNode(node: AreaNode | null): string {
  if (!node) return mapIdOf(0);
  if (node.level === 3) return mapIdOf(2, provinceCodeOfCity(node.id));
  return mapIdOf(node.level, node.id);
}

/** The node whose `area` call gives the rows of the node's map. */
export function mapNodeOf(node: AreaNode | null): AreaNode | null {
  return node?.level === 3 ? { id: provinceCodeOfCity(node.id), level: 2 } : node;
}

/** Where a click on a map feature leads: a province on the national map opens its region, then the province, then a city. */
export function drillTarget(node: AreaNode | null, featureCode: string | number | null): AreaNode | null {
  const code = Number(featureCode);
  if (!featureCode || !Number.isInteger(code) || code <= 0) return null;
  if (!node) {
    const region = regionOfProvince(code);
    return region ? { id: Number(region.id), level: 1 } : null;
  }
  if (node.level === 1) return { id: code, level: 2 };
  return { id: code, level: 3 };
}

/** A node's name from the geography (cities come from the API's rows). */
export function nodeName(node: AreaNode | null, cityName?: string): string {
  if (!node) return '全国';
  if (node.level === 1) return regionById(node.id)?.name ?? String(node.id);
  if (node.level === 2) return provinceOf(node.id)?.shortName ?? String(node.id);
  return cityName ?? String(node.id);
}
