import { HOUSE_COLORS } from '@car/contracts';

/**
 * The decks' house style (issue 31): 16:9, the product's colours (contracts charts.ts, the values of
 * app.css), one Chinese font named on every run (decision 209), a title bar and a footer with the source
 * and the page number on every slide but the title slide.
 */

/**
 * The font every text run names, as its latin, east-asian and complex-script typeface (decision 209):
 * 微软雅黑 ships with Windows and with Office for Mac, and WPS maps it on every system.
 */
export const DECK_FONT = 'Microsoft YaHei';

/** The layout: pptxgenjs's 16:9 (13.33 × 7.5 in). */
export const DECK_LAYOUT = 'LAYOUT_WIDE';
export const SLIDE_WIDTH = 13.333;
export const SLIDE_HEIGHT = 7.5;

/** The margin left and right, and the frame the content of a slide is drawn in (below the title bar, above the footer). */
export const MARGIN = 0.45;
export const CONTENT = { x: MARGIN, y: 1.05, w: SLIDE_WIDTH - 2 * MARGIN, h: 5.75 } as const;

/** A colour as pptxgenjs writes it: the hex digits without '#'. */
export function hex(color: string): string {
  return color.replace(/^#/, '').toUpperCase();
}

export const COLORS = {
  brand: hex(HOUSE_COLORS.brand),
  brandDark: hex(HOUSE_COLORS.brandDark),
  brandSoft: hex(HOUSE_COLORS.brandSoft),
  text: hex(HOUSE_COLORS.text),
  muted: hex(HOUSE_COLORS.text3),
  line: hex(HOUSE_COLORS.line),
  white: 'FFFFFF',
} as const;

/** The master of every content slide: its name, as the slides name it. */
export const CONTENT_MASTER = 'CAR_CONTENT';

/** Rows of a table on one slide, under its header (a longer table goes on, its header repeated). */
export const TABLE_ROWS_PER_SLIDE = 15;

/**
 * Columns of a table on one slide, its leading name columns among them: a wider table goes on over slides, the name
 * columns on each. The widest sales ranking (类别, the name and all fourteen 数据列) and a price month table (the
 * region and thirteen months) fit whole.
 */
export const TABLE_COLUMNS_PER_SLIDE = 16;
