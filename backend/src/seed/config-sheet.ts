import { CONFIG_CATEGORIES } from './catalog/config-items';
import type { ConfigItemSpec, TrimTraits } from './catalog/config.types';
import type { DemoDataRepository } from './demo-data.repository';
import type { Dimensions, TrimRow } from './dimensions';
import { Rng } from './rng';
import { copyValue } from '../database/copy-writer';

interface FlatItem {
  id: number;
  categoryId: number;
  parentId: number | null;
  name: string;
  layer: number;
  spec: ConfigItemSpec;
}

/** The configuration sheet's rows in display order, with ids; sub-rows follow their parent. */
export function flattenConfigItems(): FlatItem[] {
  const items: FlatItem[] = [];
  const walk = (specs: ConfigItemSpec[], categoryId: number, parentId: number | null, layer: number): void => {
    for (const spec of specs) {
      const item = { id: items.length + 1, categoryId, parentId, name: spec.name, layer, spec };
      items.push(item);
      if (spec.children) walk(spec.children, categoryId, item.id, Math.min(3, layer + 1));
    }
  };
  CONFIG_CATEGORIES.forEach((category, i) => walk(category.items, i + 1, null, 1));
  return items;
}

export function trimTraits(trim: TrimRow, names: { subSeries: string; brand: string }): TrimTraits {
  const driveName = { 1: '前驱', 2: '后驱', 3: '四驱' }[trim.drive] ?? '前驱';
  const gearboxName = { 1: '6挡手动', 2: '8挡手自一体', 3: 'CVT无级变速', 4: '7挡双离合', 5: '电动车单速变速箱' }[trim.gearbox] ?? '自动';
  return {
    name: trim.name,
    subSeriesName: names.subSeries,
    brandName: names.brand,
    luxury: trim.luxury,
    energy: trim.energy,
    body: (['三厢', '两厢', '旅行车', 'SUV', 'MPV', '跑车'] as const)[trim.bodyType - 1],
    segment: trim.segmentId as TrimTraits['segment'],
    msrp: trim.msrp,
    modelYear: trim.modelYear,
    launchMonth: `${Math.floor(trim.launchMonth / 100)}-${String(trim.launchMonth % 100).padStart(2, '0')}`,
    lineupRank: trim.lineupRank,
    engine: trim.engine,
    batteryKwh: trim.batteryKwh,
    drive: driveName,
    gearbox: gearboxName,
    seats: trim.seats,
    emissionStandard: trim.emissionStandard === null ? null : (['国VI b', '国VI a', '国V'][trim.emissionStandard - 1] ?? null),
  };
}

/**
 * One trim's sheet as config_sheet holds it: the text `json_object_agg(item_id, value ORDER BY item_id)` makes of
 * its values (decision 123), `{ "1" : "…", "2" : "…" }`; JSON.stringify escapes a string as PostgreSQL's
 * escape_json does. `values` are in item order.
 */
export function sheetJson(itemIds: readonly number[], values: readonly string[]): string {
  return `{ ${values.map((value, i) => `"${itemIds[i]}" : ${JSON.stringify(value)}`).join(', ')} }`;
}

/**
 * Writes the categories and items, and opens the streams of every trim's value in every row and of each trim's
 * sheet: the sheets are written from the values as they are generated, not summed up from config_value afterwards.
 * `fill` generates them. Opened before anything reads the trims (the rollups): opening drops the keys that
 * reference them.
 */
export async function openConfigSheet(
  repository: DemoDataRepository,
): Promise<{ fill: (dims: Dimensions, seed: number, onTrim: () => void) => Promise<number> }> {
  const items = flattenConfigItems();
  await repository.copyRows(
    'config_category',
    ['id', 'name', 'sort'],
    CONFIG_CATEGORIES.map((c, i) => [i + 1, c.name, i + 1]),
  );
  await repository.copyRows(
    'config_item',
    ['id', 'category_id', 'parent_id', 'name', 'layer', 'sort'],
    items.map((item) => [item.id, item.categoryId, item.parentId, item.name, item.layer, item.id]),
  );
  const values = await repository.openFreshCopy('config_value', ['car_id', 'item_id', 'value']);
  const sheets = await repository.openFreshCopy('config_sheet', ['car_id', 'sheet']);
  const closeBoth = () => Promise.all([values.close(), sheets.close()]);
  const fill = async (dims: Dimensions, seed: number, onTrim: () => void): Promise<number> => {
    const subName = new Map(dims.subSeries.map((s) => [s.id, s.name]));
    const brandName = new Map(dims.brands.map((b) => [b.id, b.name]));
    const itemIds = items.map((item) => item.id);
    try {
      for (const trim of dims.trims) {
        const traits = trimTraits(trim, { subSeries: subName.get(trim.subSeriesId) ?? '', brand: brandName.get(trim.brandId) ?? '' });
        const rng = new Rng(seed ^ Math.imul(trim.id, 2654435761));
        const row = items.map((item) => item.spec.value(traits, rng).slice(0, 128));
        const prefix = `${trim.id}\t`;
        row.forEach((value, i) => values.push(`${prefix}${itemIds[i]}\t${copyValue(value)}`));
        sheets.row([trim.id, sheetJson(itemIds, row)]);
        await Promise.all([values.flushIfFull(), sheets.flushIfFull()]);
        onTrim();
      }
    } catch (error) {
      await closeBoth().catch(() => undefined);
      throw error;
    }
    const [written] = await closeBoth();
    return written;
  };
  return { fill };
}
