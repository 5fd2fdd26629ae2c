import type { AreaLevel } from './area-market.dto';
import type { TablePage, TableRow } from './sale-volume.types';

/**
 * A row of the area tree and of the map: a region, province or city with every table metric. The map
 * reads name, salesStr, yoy/yoys, salesSumStr and yearYoy/yearYoys from it, and drills by `code`
 * (the region id, or the 6-digit administrative code) and `dimensionality` (1 region, 2 province, 3 city).
 */
export interface AreaTreeRow extends TableRow {
  code: string;
  dimensionality: AreaLevel;
  children?: AreaTreeRow[];
}

/** The area tree as one unpaged table: `total` counts its top rows. */
export interface AreaTreePage extends Omit<TablePage, 'list'> {
  list: AreaTreeRow[];
}
