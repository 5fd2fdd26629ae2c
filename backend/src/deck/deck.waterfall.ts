import { CHANGE_COLORS, settled, type WaterfallBar } from '@car/contracts';
import { COLORS, hex } from './deck.style';

/**
 * A waterfall (归因分析's, decision 302) as a native stacked column chart: PowerPoint's own waterfall chart type is an
 * extension part pptxgenjs cannot write and LibreOffice cannot draw, so each bar is a visible column stacked on a
 * hidden one that lifts it to where the bar starts — the way a waterfall is drawn in a spreadsheet by hand. The levels
 * (基期, 本期) are columns from zero in the house colour, a rise teal and a fall pink (CHANGE_COLORS, decision 269).
 */
export interface WaterfallColumns {
  /**
   * The stacked series, bottom first: the hidden lift, the levels, the rises, the falls, then the parts below zero of a
   * bar that crosses it; `listed`: named in the legend (the levels, 增加 and 减少 once each).
   */
  series: Array<{ name: string; color: string; values: number[]; listed: boolean }>;
  /** Per bar, the series (its index) whose point carries the bar's label: the level's, or the visible part above zero. */
  labelled: number[];
  /** The value axis's least value: below the lowest level the bars reach, rounded down, so the changes are not lost at the top of tall levels; 0 where they fall near or below it, none where a level is negative. */
  min?: number;
}

/** The hidden series: pptxgenjs writes a series of this colour with no fill. */
const HIDDEN = 'transparent';

/**
 * The stacked columns of a waterfall's bars. A level is one column from zero. A change from a to b is the visible
 * |b − a| (the bar's own value, as rounded as the answer sends it) on a hidden min(a, b); below zero, stacking runs
 * down from zero, so a change wholly below it lifts by max(a, b) and hangs its part under that; one that crosses zero
 * stands its part above zero in the rise or fall series and the part below in a series of its own, of the same colour.
 */
export function waterfallColumns(bars: readonly WaterfallBar[]): WaterfallColumns {
  const empty = () => bars.map(() => 0);
  const lift = empty();
  const levels = empty();
  const rises = empty();
  const falls = empty();
  const risesBelow = empty();
  const fallsBelow = empty();
  const labelled: number[] = [];
  bars.forEach((bar, i) => {
    if (bar.kind === 'base' || bar.kind === 'current') {
      levels[i] = bar.value;
      labelled.push(1);
      return;
    }
    const rise = bar.value >= 0;
    const [above, below] = rise ? [rises, risesBelow] : [falls, fallsBelow];
    const low = Math.min(bar.from, bar.to);
    const high = Math.max(bar.from, bar.to);
    if (low >= 0) {
      lift[i] = low;
      above[i] = Math.abs(bar.value);
    } else if (high <= 0) {
      lift[i] = high;
      above[i] = -Math.abs(bar.value);
    } else {
      above[i] = high;
      below[i] = low;
    }
    labelled.push(rise ? 2 : 3);
  });
  const series = [
    { name: '起点', color: HIDDEN, values: lift, listed: false },
    { name: '基期/本期', color: COLORS.brand, values: levels, listed: true },
    { name: '增加', color: hex(CHANGE_COLORS.up), values: rises, listed: true },
    { name: '减少', color: hex(CHANGE_COLORS.down), values: falls, listed: true },
  ];
  // A series only for a bar that crosses zero: a waterfall of volumes or prices never has one.
  if (risesBelow.some((v) => v !== 0)) series.push({ name: '增加（零以下）', color: hex(CHANGE_COLORS.up), values: risesBelow, listed: false });
  if (fallsBelow.some((v) => v !== 0)) series.push({ name: '减少（零以下）', color: hex(CHANGE_COLORS.down), values: fallsBelow, listed: false });
  return { series, labelled, min: axisMin(bars) };
}

/**
 * Where the value axis starts: the levels a month moves between are tall beside the month's changes (two million units
 * and a move of fifty thousand), so the axis starts below the lowest point a bar reaches by half the span the bars
 * cover, rounded down to a power of ten of that span — the levels' columns cut short, the changes legible. From zero
 * where that would be at or below zero; automatic when a bar reaches below zero.
 */
export function axisMin(bars: readonly WaterfallBar[]): number | undefined {
  const points = bars.flatMap((b) => (b.kind === 'base' || b.kind === 'current' ? [b.value] : [b.from, b.to]));
  if (points.length === 0) return undefined;
  const low = Math.min(...points);
  const high = Math.max(...points);
  if (low < 0) return undefined;
  const span = high - low;
  if (span <= 0) return 0;
  const step = 10 ** Math.floor(Math.log10(span));
  const min = Math.floor((low - span / 2) / step) * step;
  return min > 0 ? settled(min) : 0;
}
