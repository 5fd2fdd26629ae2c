import type { BandDetailRow } from '@car/contracts';
import type { Periods } from './price-volume.scope';

/**
 * The price-band detail table's rows as the service builds them and its deck and workbook read them: in a file of
 * their own so that neither writer imports the service that calls it.
 */

/** A group's volumes in the two periods and its MIX (part of the filtered market) in each. */
export interface BandFigures {
  sales: number;
  tqSales: number;
  yoy: number | null;
  mix: number | null;
  tqMix: number | null;
  mixYoy: number | null;
}

/** One row of the detail table before it becomes cells: a band's subtotal, a member, or the rest (其他). */
export interface BandRow extends BandFigures {
  band: number;
  bandLabel: string;
  name: string;
  kind: 'subtotal' | 'member' | 'rest';
  hidden?: BandDetailRow[];
}

/** A band of the detail table: its subtotal, then every member by sales. */
export interface BandGroup {
  subtotal: BandRow;
  members: BandRow[];
}

/** The detail table's bands in the page's order, before any member is folded into 其他. */
export interface BandGroups {
  dimensionLabel: string;
  periods: Periods;
  groups: BandGroup[];
  /** Members were picked (foreignIds): every one is listed, none folded. */
  picked: boolean;
  /** The filtered market's sales in both periods (what MIX is a part of). */
  market: { qty: number; tq: number };
}

/** The detail as the page lists it (the first five members of a band and 其他) and as the workbook does (every member). */
export interface BandTable {
  dimensionLabel: string;
  periods: Periods;
  rows: BandRow[];
}
