/**
 * The city pick-list's one rule (spec 001 §2.11: the city dialog grouped by province with a search box),
 * shared by the export pages' 城市 dialog and the phone page's city picker: cities grouped under their
 * province in the provinces' order; a search key keeps the cities whose name holds it, and every city of
 * a province whose name holds it (广东 finds all of 广东省). Provinces left without a city are dropped.
 */
export interface CityGroup<P, C> {
  province: P;
  cities: C[];
}

/** Case and surrounding spaces do not matter. */
const folded = (text: string) => text.trim().toLowerCase();

export function cityGroups<P extends { id: string | number; name: string }, C extends { name: string; provinceId: string | number }>(
  provinces: readonly P[],
  cities: readonly C[],
  key = '',
): Array<CityGroup<P, C>> {
  const wanted = folded(key);
  const byProvince = new Map<string, C[]>();
  for (const city of cities) {
    const at = String(city.provinceId);
    byProvince.set(at, [...(byProvince.get(at) ?? []), city]);
  }
  const groups: Array<CityGroup<P, C>> = [];
  for (const province of provinces) {
    const own = byProvince.get(String(province.id)) ?? [];
    const matched = wanted === '' || folded(province.name).includes(wanted) ? own : own.filter((c) => folded(c.name).includes(wanted));
    if (matched.length > 0) groups.push({ province, cities: matched });
  }
  return groups;
}
