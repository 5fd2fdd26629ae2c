import PptxGenJS from 'pptxgenjs';
import type { Response } from 'express';
import {
  asOfValue,
  changeColor,
  CHART_PALETTE,
  type ChartResult,
  FIGURE_RULES,
  figureFormat,
  type FigureKind,
  growthDirection,
  type HeaderTag,
  labelledPoints,
  onRightAxis,
  percentNumberFormat,
  PPTX_MIME,
  type PriceScatter,
  type RankArrow,
  signedText,
  type WaterfallBar,
  zeroFigureText,
} from '@car/contracts';
import { attachmentHeader, definitionsSheetRows, neutralise, sourceDataName, type WorkbookAsOf, type WorkbookColumn } from '../workbook/table-workbook';
import { COLORS, CONTENT, CONTENT_MASTER, DECK_FONT, DECK_LAYOUT, hex, MARGIN, SLIDE_HEIGHT, SLIDE_WIDTH, TABLE_COLUMNS_PER_SLIDE } from './deck.style';
import { type DeckCell, DeckTables, tableXml } from './deck.tables';
import { type ChartEdit, editCharts } from './deck.charts';
import { waterfallColumns } from './deck.waterfall';
import { DENSE_TABLE, fitTable, LINE_EMS, lineCount, oneLineSize, pageSections, rowHeight, TABLE_DENSITY, type TableFit } from './deck.fit';

/**
 * The one .pptx writer (issue 31, docs/decks.md): a page declares its deck as data — a title slide of its
 * title, header tags, 数据截至 and the user's producer or brand, then its figures, charts and tables as
 * the page shows them — and this writes it with pptxgenjs: native, editable charts carrying their data in
 * an embedded workbook (text neutralised as the workbooks' cells), native tables in the pages' display
 * rules, the definitions (口径) of what each slide names in its speaker notes.
 */
export interface DeckDeclaration {
  /** The page's title: the title slide's heading and the start of the file name. */
  title: string;
  /** The page's header tags, as it shows them. */
  tags: readonly HeaderTag[];
  /** What the figures are as of: 数据截至 on the title slide and in every footer, the source's 口径 in the notes. */
  asOf: WorkbookAsOf;
  /** The user's producer or brand ('一汽-大众 / 大众'), when the account has one. */
  maker?: string;
  slides: readonly DeckSlide[];
}

/**
 * A column of a deck's table: a workbook column (one declaration for both) and, for a rank, its arrow; `text`, the
 * cell's text where the page shows the answer's own (a price's 元), else the kind's display rule writes it; `align`,
 * its cells' alignment when not the kind's (text left, figures right).
 */
export type DeckColumn<Row> = WorkbookColumn<Row> & { arrow?: (row: Row) => RankArrow; text?: (row: Row) => string; align?: 'left' | 'center' | 'right' };

/**
 * Figures in a row of cards (the five summary cards): each its title, kind and value; a 'text' figure is a
 * text the page shows as it is (看板's volumes in 千辆).
 */
export interface FiguresSlide {
  kind: 'figures';
  title: string;
  figures: ReadonlyArray<{ label: string; kind: 'text' | FigureKind; value: string | number | null | undefined }>;
}

/** A chart as the page draws it: columns on the left axis, lines (growths on the right axis), the answer's data. */
export interface ChartSlide {
  kind: 'chart';
  title: string;
  chart: ChartResult;
  /** The left axis holds percent numbers (a MIX chart: 12.3 reads 12.3%), not counts. */
  percent?: boolean;
  /** Each value axis as the page draws it (0 the left, 1 the right), where the page fixes it: see `ValueAxis`. */
  axes?: readonly [ValueAxis?, ValueAxis?];
  /**
   * Each line's width and its points' radius by the series' index, where the page draws them unequal (the trace's
   * 本品 thicker, contracts traceLineStyle): the page's pixels as points, a marker as wide as the page's point.
   * Without it every line is 2 pt with 5 pt markers.
   */
  lines?: ReadonlyArray<{ width: number; pointRadius: number }>;
}

/**
 * A value axis's range and number format where the page fixes them (the price charts: from zero, yuan or
 * percent, contracts `priceChartAxes`); what is not given is the writer's default (counts, percents, auto range).
 */
export interface ValueAxis {
  min?: number;
  max?: number;
  /** The labels' spreadsheet number format (figureFormat's, or the price axes' of priceChartAxes). */
  format?: string;
}

/** A chart's value axis options as pptxgenjs names them: the format, and the range where one is given. */
function valueAxisOptions(axis: ValueAxis | undefined, defaultFormat: string) {
  return {
    valAxisLabelFormatCode: axis?.format ?? defaultFormat,
    ...(axis?.min === undefined ? {} : { valAxisMinVal: axis.min }),
    ...(axis?.max === undefined ? {} : { valAxisMaxVal: axis.max }),
  };
}

/**
 * A table; longer than a slide holds, it goes on over slides with its header repeated. Wider than
 * `columnsPerSlide`, its columns go on over slides too, the first `keepColumns` (its name columns) on each.
 */
export interface TableSlide<Row> {
  kind: 'table';
  title: string;
  columns: ReadonlyArray<DeckColumn<Row>>;
  rows: readonly Row[];
  /** Rows shown in bold (totals, subtotals). */
  strong?: (row: Row) => boolean;
  /** Columns on one slide, the kept ones among them (default TABLE_COLUMNS_PER_SLIDE). */
  columnsPerSlide?: number;
  /** The leading columns repeated on every slide of a split (default: the leading text columns, at least one). */
  keepColumns?: number;
  /**
   * The rows that head a section (配置查询's categories, decision 285), by the section's name: a slide never ends on
   * one, a slide that starts inside a section starts with its heading again (its first cell followed by （续）), and
   * the title names the sections on the slide (`<title>：车身、发动机（3/12）`).
   */
  section?: (row: Row) => string | undefined;
  /** Set densely (DENSE_TABLE: 9 pt, thin margins, as many rows as the slide's height holds) rather than TABLE_DENSITY. */
  dense?: boolean;
}

/** Written paragraphs (看板's briefs, a monthly deck's 本月要点): each a heading in bold above its sentence. */
export interface TextSlide {
  kind: 'text';
  title: string;
  paragraphs: ReadonlyArray<{ heading: string; text: string }>;
  /** The measures the sentences name besides their headings, for the notes' definitions. */
  labels?: readonly string[];
}

/**
 * A price × figure chart as the page draws it (ScatterChart, decision 218): each point a trim at its price (x,
 * 万) against its sales or MIX (y), one colour per series, as bubbles sized by volume or as plain points.
 */
export interface ScatterSlide {
  kind: 'scatter';
  title: string;
  chart: PriceScatter;
  /** Bubbles (area by the point's sales, as the page's radius by its square root) or plain points. */
  drawn: 'bubble' | 'scatter';
  /** The y axis is a MIX percent (one decimal and '%'), else a count. */
  percent: boolean;
}

/**
 * A waterfall as the page draws it (归因分析, decision 302): the base level, the changes in their order, the current
 * level, as a native stacked column chart (deck.waterfall.ts), each bar labelled with its figure — a level by
 * `levelKind`'s display rule, a change by `changeKind`'s, signed.
 */
export interface WaterfallSlide {
  kind: 'waterfall';
  title: string;
  bars: readonly WaterfallBar[];
  levelKind: FigureKind;
  changeKind: FigureKind;
  /** The value axis holds percent numbers (a share: 12.34 reads 12.3%), not counts. */
  percent?: boolean;
  /** The measures the bars are, for the notes' definitions. */
  labels?: readonly string[];
}

/** The edits of the charts a deck adds, one entry per chart in the order they are added (deck.charts.ts). */
type ChartEdits = Array<ChartEdit | undefined>;

// A slide's rows are typed by its own declaration; the deck holds tables of any row.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DeckSlide = FiguresSlide | ChartSlide | ScatterSlide | TableSlide<any> | TextSlide | WaterfallSlide;

const ARROWS: Record<Exclude<RankArrow, null>, string> = { up: '↑', down: '↓', flat: '—' };

/** The text a figure shows on the page, by its kind's display rule (contracts display.ts). */
export function figureText(kind: 'text' | FigureKind, value: string | number | null | undefined): string {
  if (kind === 'text') return value === null || value === undefined ? '-' : String(value);
  return FIGURE_RULES[kind].text(typeof value === 'number' ? value : null);
}

/** The colour rule of the pages: a growth or a point change that shows is teal up, pink down (decision 269); anything else plain. */
function signColor(kind: 'text' | FigureKind, value: unknown): string | undefined {
  if (kind !== 'growth' && kind !== 'points' && kind !== 'points2') return undefined;
  const color = changeColor(typeof value === 'number' ? value : null);
  return color ? hex(color) : undefined;
}

/** The speaker notes of a slide: 数据截至, the source's 口径, then the definition of each measure the slide names. */
export function notesOf(labels: Iterable<string>, asOf: WorkbookAsOf): string {
  return definitionsSheetRows(labels, asOf)
    .map(([name, text]) => `${name}：${text}`)
    .join('\n');
}

/** The footer's source line: the product, the source and 数据截至. */
function sourceLine(asOf: WorkbookAsOf): string {
  return `来源：车市分析平台 · ${sourceDataName(asOf)} · 数据截至 ${asOfValue(asOf.status)}`;
}

function defineMaster(pptx: PptxGenJS, asOf: WorkbookAsOf): void {
  pptx.defineSlideMaster({
    title: CONTENT_MASTER,
    background: { color: COLORS.white },
    objects: [
      { rect: { x: 0, y: 0, w: SLIDE_WIDTH, h: 0.12, fill: { color: COLORS.brand } } },
      { line: { x: MARGIN, y: SLIDE_HEIGHT - 0.5, w: SLIDE_WIDTH - 2 * MARGIN, h: 0, line: { color: COLORS.line, width: 0.75 } } },
      {
        text: {
          text: sourceLine(asOf),
          options: { x: MARGIN, y: SLIDE_HEIGHT - 0.45, w: SLIDE_WIDTH - 2 * MARGIN - 1, h: 0.3, fontFace: DECK_FONT, fontSize: 9, color: COLORS.muted },
        },
      },
    ],
    slideNumber: {
      x: SLIDE_WIDTH - MARGIN - 0.8,
      y: SLIDE_HEIGHT - 0.45,
      w: 0.8,
      h: 0.3,
      fontFace: DECK_FONT,
      fontSize: 9,
      color: COLORS.muted,
      align: 'right',
    },
  });
}

function contentSlide(pptx: PptxGenJS, title: string, labels: Iterable<string>, asOf: WorkbookAsOf): PptxGenJS.Slide {
  const slide = pptx.addSlide({ masterName: CONTENT_MASTER });
  slide.addText(title, { x: MARGIN, y: 0.3, w: SLIDE_WIDTH - 2 * MARGIN, h: 0.6, fontFace: DECK_FONT, fontSize: 22, bold: true, color: COLORS.text });
  slide.addNotes(notesOf([title, ...labels], asOf));
  return slide;
}

/** The lines a text takes in a box `width` inches wide at `fontSize` points: a Chinese character is as wide as the size, other characters about half. */
export function tagLines(text: string, width: number, fontSize: number): number {
  const inches = [...text].reduce((sum, ch) => sum + (/[\u2E80-\uFFEF]/.test(ch) ? 1 : 0.55), 0) * (fontSize / 72);
  return Math.max(1, Math.ceil(inches / width));
}

function addTitleSlide(pptx: PptxGenJS, deck: DeckDeclaration): void {
  const slide = pptx.addSlide();
  slide.background = { color: COLORS.white };
  slide.addShape(pptx.ShapeType.rect, { x: 0, y: 0, w: 0.35, h: SLIDE_HEIGHT, fill: { color: COLORS.brand } });
  slide.addText(deck.title, { x: 1, y: 1.6, w: 11, h: 1.1, fontFace: DECK_FONT, fontSize: 40, bold: true, color: COLORS.brandDark });
  const tags = deck.tags.map((t) => `${t.label}：${t.value}`).join('    ');
  // Many tags wrap: the lines below move down by the lines the tags take.
  const tagsHeight = 0.6 + (tagLines(tags, 11.5, 16) - 1) * 0.35;
  slide.addText(tags, { x: 1, y: 2.9, w: 11.5, h: tagsHeight, fontFace: DECK_FONT, fontSize: 16, color: COLORS.text, valign: 'top' });
  const below = 2.9 + tagsHeight + 0.1;
  slide.addText(`数据截至 ${asOfValue(deck.asOf.status)}`, { x: 1, y: below, w: 11, h: 0.5, fontFace: DECK_FONT, fontSize: 14, color: COLORS.muted });
  if (deck.maker) slide.addText(deck.maker, { x: 1, y: below + 0.6, w: 11, h: 0.5, fontFace: DECK_FONT, fontSize: 14, color: COLORS.muted });
  slide.addText('车市分析平台', { x: 1, y: SLIDE_HEIGHT - 1, w: 6, h: 0.4, fontFace: DECK_FONT, fontSize: 12, color: COLORS.brand, bold: true });
  const labels = deck.slides.flatMap(slideLabels);
  slide.addNotes(notesOf([deck.title, ...labels], deck.asOf));
}

/** The labels a slide names (its figures', series', axes' or columns'), for its notes. */
function slideLabels(slide: DeckSlide): string[] {
  switch (slide.kind) {
    case 'figures':
      return slide.figures.map((f) => f.label);
    case 'chart':
      return [...slide.chart.yAxis.map((a) => a.title), ...slide.chart.series.map((s) => s.name)];
    case 'scatter':
      return [slide.chart.xTitle, slide.chart.yTitle, ...slide.chart.series.map((s) => s.name)];
    case 'table':
      return slide.columns.map((c) => c.header);
    case 'text':
      return [...slide.paragraphs.map((p) => p.heading), ...(slide.labels ?? [])];
    case 'waterfall':
      return [...(slide.labels ?? [])];
  }
}

const CELL = { fontFace: DECK_FONT, fontSize: 10, color: COLORS.text, valign: 'middle' } as const;
/** A long table's cells (deck.tables.ts): its header, and the body's defaults. */
const HEADER_CELL = { fontSize: CELL.fontSize, bold: true, color: COLORS.white, fill: COLORS.brand, align: 'center' } as const;
const BODY_CELL = { fontSize: CELL.fontSize, color: COLORS.text } as const;
/** The cards' sizes (decision 271): a figure's and a label's size, and the floors they shrink to before either would wrap. */
const CARD_FONT = { value: 26, valueFloor: 14, label: 14, labelFloor: 10 } as const;
/** A card's margins left and right together, with room to spare, inches. */
const CARD_PAD = 0.3;

function addFiguresSlide(pptx: PptxGenJS, slide: FiguresSlide, asOf: WorkbookAsOf): void {
  const target = contentSlide(pptx, slide.title, slideLabels(slide), asOf);
  const shown = slide.figures.map((f) => {
    const text = figureText(f.kind, f.value);
    const direction = f.kind === 'growth' && typeof f.value === 'number' ? growthDirection(f.value) : null;
    return { figure: f, text: direction ? `${direction === 'up' ? ARROWS.up : ARROWS.down} ${text}` : text };
  });
  // One size for the row of cards: the largest at which the widest figure (and label) fits its card on one line.
  // pptxgenjs's cells keep 0.1 in each side; a little more is left for the face's side bearings.
  const inside = CONTENT.w / Math.max(1, shown.length) - CARD_PAD;
  const valueSize = oneLineSize(
    shown.map((s) => s.text),
    inside,
    CARD_FONT.value,
    CARD_FONT.valueFloor,
    true,
  );
  const labelSize = oneLineSize(
    slide.figures.map((f) => f.label),
    inside,
    CARD_FONT.label,
    CARD_FONT.labelFloor,
  );
  const titles = slide.figures.map((f) => ({ text: f.label, options: { ...CELL, fontSize: labelSize, color: COLORS.muted, align: 'center' as const } }));
  const values = shown.map(({ figure, text }) => ({
    text,
    options: { ...CELL, fontSize: valueSize, bold: true, align: 'center' as const, color: signColor(figure.kind, figure.value) ?? COLORS.text },
  }));
  target.addTable([titles, values], {
    x: CONTENT.x,
    y: CONTENT.y + 0.8,
    w: CONTENT.w,
    rowH: [0.6, 1.2],
    border: { type: 'solid', pt: 0.75, color: COLORS.line },
    fill: { color: COLORS.brandSoft },
  });
}

function addChartSlide(pptx: PptxGenJS, slide: ChartSlide, asOf: WorkbookAsOf, edits: ChartEdits): void {
  const target = contentSlide(pptx, slide.title, slideLabels(slide), asOf);
  const { chart } = slide;
  // Text reaches the embedded workbook as cells: a category or series name that a spreadsheet would run as a formula is neutralised.
  const labels = (chart.xAxis[0]?.categories ?? []).map(neutralise);
  const series = chart.series.map((s, index) => ({ series: s, index, color: hex(CHART_PALETTE[index % CHART_PALETTE.length]) }));
  const right = series.some((s) => onRightAxis(s.series));
  const groups = (['column', 'line'] as const).flatMap((drawn) =>
    [false, true].map((onRight) => ({
      drawn,
      onRight,
      members: series.filter((s) => (s.series.type === 'column') === (drawn === 'column') && onRightAxis(s.series) === onRight),
    })),
  );
  const shown = groups.filter((g) => g.members.length > 0);
  // A line of its own width (the trace's 本品): pptxgenjs numbers the series (c:idx) across the parts in their order.
  const lines = new Map(
    shown
      .flatMap((g) => g.members)
      .flatMap((m, idx) => {
        const line = m.series.type === 'column' ? undefined : slide.lines?.[m.index];
        return line ? [[idx, { width: line.width, marker: Math.round(2 * line.pointRadius) }] as const] : [];
      }),
  );
  edits.push(lines.size > 0 ? { lines } : undefined);
  const parts = shown.map((g) => ({
    type: g.drawn === 'column' ? ('bar' as const) : ('line' as const),
    data: g.members.map((m) => ({ name: neutralise(m.series.name), labels, values: m.series.data as number[] })),
    options: {
      chartColors: g.members.map((m) => m.color),
      ...(g.drawn === 'column'
        ? { barDir: 'col' as const, barGapWidthPct: 60 }
        : // Straight segments: a smoothed line overshoots its points, and PowerPoint has no monotone curve (decision 270).
          { lineSize: 2, lineDataSymbolSize: 5, lineSmooth: false }),
      ...(g.onRight ? { secondaryValAxis: true, secondaryCatAxis: true } : {}),
    },
  }));
  const axisFont = { fontFace: DECK_FONT, fontSize: 10, color: COLORS.muted };
  const leftFormat = slide.percent ? percentNumberFormat() : figureFormat('count');
  const valAxis = (title: string | undefined, format: string, gridLines: boolean, axis?: ValueAxis) => ({
    showValAxisTitle: Boolean(title),
    valAxisTitle: title ?? '',
    valAxisTitleFontFace: DECK_FONT,
    valAxisTitleFontSize: 10,
    valAxisTitleColor: COLORS.muted,
    ...valueAxisOptions(axis, format),
    valAxisLabelFontFace: axisFont.fontFace,
    valAxisLabelFontSize: axisFont.fontSize,
    valAxisLabelColor: axisFont.color,
    valGridLine: gridLines ? { color: COLORS.line, size: 0.75 } : { style: 'none' as const },
  });
  const catAxis = {
    catAxisLabelFontFace: axisFont.fontFace,
    catAxisLabelFontSize: axisFont.fontSize,
    catAxisLabelColor: axisFont.color,
    catAxisLineShow: true,
  };
  // A combined chart: pptxgenjs reads its options from the third argument when the second (its typings' data) is empty.
  const noData = undefined as unknown as [];
  target.addChart(parts, noData, {
    x: CONTENT.x,
    y: CONTENT.y,
    w: CONTENT.w,
    h: CONTENT.h,
    showLegend: true,
    legendPos: 't',
    legendFontFace: DECK_FONT,
    legendFontSize: 11,
    legendColor: COLORS.text,
    ...(right
      ? {
          valAxes: [
            valAxis(chart.yAxis[0]?.title, leftFormat, true, slide.axes?.[0]),
            valAxis(chart.yAxis[1]?.title, percentNumberFormat(), false, slide.axes?.[1]),
          ],
          catAxes: [catAxis, { catAxisHidden: true }],
        }
      : { ...valAxis(chart.yAxis[0]?.title, leftFormat, true, slide.axes?.[0]), ...catAxis }),
  });
}

/**
 * A waterfall bar's label: a level by its rule, a change by its rule and signed ('+52,310', '-0.41'); a change that
 * moved nothing reads as zero to the rule's decimals ('0.00'), not the dash of a table, as the page's bar does.
 */
export function waterfallLabel(slide: Pick<WaterfallSlide, 'levelKind' | 'changeKind'>, bar: WaterfallBar): string {
  if (bar.kind === 'base' || bar.kind === 'current') return figureText(slide.levelKind, bar.value);
  const text = figureText(slide.changeKind, bar.value);
  if (text === '-') return zeroFigureText(slide.changeKind);
  return text.startsWith('+') ? text : signedText(text);
}

/**
 * A waterfall (decision 302): its bars as stacked columns on a hidden lift (waterfallColumns), the legend naming the
 * levels' colour, 增加 and 减少 (the lift left out), each bar labelled inside its end with its figure; the value axis
 * starts below the lowest level the bars reach.
 */
function addWaterfallSlide(pptx: PptxGenJS, slide: WaterfallSlide, asOf: WorkbookAsOf, edits: ChartEdits): void {
  const target = contentSlide(pptx, slide.title, slideLabels(slide), asOf);
  const columns = waterfallColumns(slide.bars);
  const labels = slide.bars.map((b) => neutralise(b.name));
  edits.push({
    labels: slide.bars.map((bar, point) => ({ series: columns.labelled[point], point, text: waterfallLabel(slide, bar) })),
    labelPosition: 'inEnd',
    unlisted: columns.series.flatMap((s, idx) => (s.listed ? [] : [idx])),
  });
  const axisText = { fontFace: DECK_FONT, fontSize: 10, color: COLORS.muted };
  target.addChart(
    pptx.ChartType.bar,
    columns.series.map((s) => ({ name: neutralise(s.name), labels, values: s.values })),
    {
      x: CONTENT.x,
      y: CONTENT.y,
      w: CONTENT.w,
      h: CONTENT.h,
      barDir: 'col',
      barGrouping: 'stacked',
      barGapWidthPct: 50,
      chartColors: columns.series.map((s) => s.color),
      showLegend: true,
      legendPos: 't',
      legendFontFace: DECK_FONT,
      legendFontSize: 11,
      legendColor: COLORS.text,
      catAxisLabelFontFace: axisText.fontFace,
      catAxisLabelFontSize: axisText.fontSize,
      catAxisLabelColor: axisText.color,
      catAxisLineShow: true,
      ...valueAxisOptions({ min: columns.min }, slide.percent ? percentNumberFormat() : figureFormat('count')),
      valAxisLabelFontFace: axisText.fontFace,
      valAxisLabelFontSize: axisText.fontSize,
      valAxisLabelColor: axisText.color,
      valGridLine: { color: COLORS.line, size: 0.75 },
    },
  );
}

/** A point the page draws (ScatterChart leaves out a point without a price or a figure), with its series' index. */
export interface DrawnPoint {
  series: number;
  name: string;
  x: number;
  y: number;
  sales: number;
}

/** The points a price × figure chart draws, series by series in the answer's order. */
export function drawnPoints(chart: PriceScatter): DrawnPoint[] {
  return chart.series.flatMap((s, series) =>
    s.points.flatMap((p) => (p.x === null || p.y === null ? [] : [{ series, name: p.name, x: p.x, y: p.y, sales: p.sales }])),
  );
}

/**
 * A native scatter or bubble chart (decision 218). pptxgenjs shares one x column among a chart's series, so
 * every drawn point is a row of the embedded sheet: its price in the x column, its figure in its own series'
 * column (and, for bubbles, its sales in the series' size column), the other series' cells empty. The points the
 * page names (contracts labelledPoints) carry their trim's name, on a bubble or above a point (decision 287).
 */
function addScatterSlide(pptx: PptxGenJS, slide: ScatterSlide, asOf: WorkbookAsOf, edits: ChartEdits): void {
  const target = contentSlide(pptx, slide.title, slideLabels(slide), asOf);
  const { chart } = slide;
  const points = drawnPoints(chart);
  if (points.length === 0) {
    target.addText('暂无数据', {
      x: CONTENT.x,
      y: CONTENT.y + 2,
      w: CONTENT.w,
      h: 0.8,
      fontFace: DECK_FONT,
      fontSize: 16,
      color: COLORS.muted,
      align: 'center',
    });
    return;
  }
  const bubble = slide.drawn === 'bubble';
  const own = (index: number, value: (p: DrawnPoint) => number) => points.map((p) => (p.series === index ? value(p) : null));
  const data = [
    { name: neutralise(chart.xTitle), values: points.map((p) => p.x) },
    ...chart.series.map((s, index) => ({
      name: neutralise(s.name),
      values: own(index, (p) => p.y),
      ...(bubble ? { sizes: own(index, (p) => p.sales) } : {}),
    })),
  ];
  const axisText = { fontFace: DECK_FONT, fontSize: 10, color: COLORS.muted };
  // A series' point is its row of the sheet, so a label's point is its place among all the drawn points.
  const rows = new Map(points.map((p, row) => [p, row]));
  edits.push({
    labels: labelledPoints(points).map((p) => ({ series: p.series, point: rows.get(p)!, text: p.name })),
    labelPosition: bubble ? 'ctr' : 't',
  });
  target.addChart(bubble ? pptx.ChartType.bubble : pptx.ChartType.scatter, data as PptxGenJS.OptsChartData[], {
    x: CONTENT.x,
    y: CONTENT.y,
    w: CONTENT.w,
    h: CONTENT.h,
    chartColors: chart.series.map((_, index) => hex(CHART_PALETTE[index % CHART_PALETTE.length])),
    ...(bubble ? { chartColorsOpacity: 60 } : { lineSize: 0, lineDataSymbol: 'circle' as const, lineDataSymbolSize: 8 }),
    showLegend: true,
    legendPos: 't',
    legendFontFace: DECK_FONT,
    legendFontSize: 11,
    legendColor: COLORS.text,
    showCatAxisTitle: true,
    catAxisTitle: chart.xTitle,
    catAxisTitleFontFace: DECK_FONT,
    catAxisTitleFontSize: 10,
    catAxisTitleColor: COLORS.muted,
    catAxisLabelFontFace: axisText.fontFace,
    catAxisLabelFontSize: axisText.fontSize,
    catAxisLabelColor: axisText.color,
    catGridLine: { style: 'none' },
    showValAxisTitle: true,
    valAxisTitle: chart.yTitle,
    valAxisTitleFontFace: DECK_FONT,
    valAxisTitleFontSize: 10,
    valAxisTitleColor: COLORS.muted,
    valAxisLabelFormatCode: slide.percent ? percentNumberFormat() : figureFormat('count'),
    valAxisLabelFontFace: axisText.fontFace,
    valAxisLabelFontSize: axisText.fontSize,
    valAxisLabelColor: axisText.color,
    valGridLine: { color: COLORS.line, size: 0.75 },
  });
}

/**
 * The column groups of a table's slides: all its columns when they fit on one slide; else the kept leading
 * columns (its name columns) followed on each slide by as many of the others as fit.
 */
export function columnGroups<Column>(columns: readonly Column[], keep: number, perSlide: number): Column[][] {
  if (columns.length <= perSlide) return [[...columns]];
  const kept = columns.slice(0, keep);
  const rest = columns.slice(keep);
  const step = Math.max(1, perSlide - kept.length);
  const groups: Column[][] = [];
  for (let start = 0; start < rest.length; start += step) groups.push([...kept, ...rest.slice(start, start + step)]);
  return groups;
}

/** The leading text columns of a table (its name columns, with a group's), at least one: what a column split keeps. */
function leadingTextColumns(columns: ReadonlyArray<{ kind: string }>): number {
  const figure = columns.findIndex((c) => c.kind !== 'text');
  return Math.max(1, figure < 0 ? 1 : figure);
}

/**
 * The column groups of a table whose slides it fits (decision 271): `columnGroups` by count, and a group whose
 * columns do not fit the slide's width even at the floor size split again, its kept columns on each part.
 */
function fittedGroups<Column>(
  groups: Column[][],
  keep: number,
  fits: (columns: Column[]) => TableFit | undefined,
  floor: number,
): Array<{ columns: Column[]; fit: TableFit }> {
  return groups.flatMap((columns) => {
    const fit = fits(columns);
    if (fit) return [{ columns, fit }];
    const kept = Math.min(keep, columns.length - 1);
    const rest = columns.length - kept;
    // One column besides the kept ones that still does not fit takes the width it needs at the floor: nothing is left to split.
    if (rest <= 1) return [{ columns, fit: fits(columns) ?? { fontSize: floor, widths: columns.map(() => CONTENT.w / columns.length) } }];
    return fittedGroups(columnGroups(columns, kept, kept + Math.ceil(rest / 2)), keep, fits, floor);
  });
}

/**
 * A table over as many slides as it needs: its columns split into groups (the name columns kept on each), each
 * group's rows over slides with the header repeated — all the rows of one group before the next, as a wide
 * sheet prints (down, then over). The slides are numbered in the title when there are several.
 *
 * Each group is sized to its cells (decision 271): its columns as wide as their longest figure at the table's font,
 * the font shrunk to a floor before a figure would wrap, and its rows go over slides by their measured height, the
 * last ending above the footer's band; a table in sections starts a slide inside one with its heading again
 * (decision 285).
 */
function addTableSlides<Row>(pptx: PptxGenJS, tables: DeckTables, slide: TableSlide<Row>, asOf: WorkbookAsOf): void {
  const density = slide.dense ? DENSE_TABLE : TABLE_DENSITY;
  const keep = slide.keepColumns ?? leadingTextColumns(slide.columns);
  const header = (c: DeckColumn<Row>): DeckCell => ({ ...HEADER_CELL, text: c.header });
  // Every row's cells in every column, once: the fit measures them, the slides show them.
  const cells = slide.rows.map((row) => tableRow(slide, slide.columns, row));
  const sections = slide.rows.map((row) => slide.section?.(row));
  const headings = sections.map((name) => name !== undefined);
  const index = new Map(slide.columns.map((c, i) => [c, i]));
  const fits = (columns: Array<DeckColumn<Row>>) =>
    fitTable(
      columns.map((c) => ({
        header: c.header,
        figure: c.kind !== 'text',
        cells: cells.map((row) => row[index.get(c)!]),
      })),
      CONTENT.w,
      density.font,
    );
  const groups = fittedGroups(columnGroups(slide.columns, keep, slide.columnsPerSlide ?? TABLE_COLUMNS_PER_SLIDE), keep, fits, density.font.floor);
  const laid = groups.map(({ columns, fit }) => {
    const at = columns.map((c) => index.get(c)!);
    const head = columns.map((c) => ({ ...header(c), fontSize: fit.fontSize }));
    const body = cells.map((row) => at.map((i) => ({ ...row[i], fontSize: fit.fontSize })));
    const height = (row: readonly DeckCell[]) => rowHeight(row, fit.widths, fit.fontSize, density.minRow, density.padY);
    // A heading drawn again at the top of a slide its section goes on to.
    const continued = (heading: number): DeckCell[] => body[heading].map((c, i) => (i === 0 ? { ...c, text: `${c.text}（续）` } : c));
    const headHeight = height(head);
    const heights = body.map(height);
    const pages = pageSections(heights, headHeight, CONTENT.h, density.rows, headings, (heading) => height(continued(heading)));
    return { fit, head, body, headHeight, heights, continued, height, pages, columns };
  });
  const count = laid.reduce((sum, g) => sum + g.pages.length, 0);
  let number = 0;
  for (const { columns, fit, head, body, headHeight, heights, continued, height, pages } of laid) {
    for (const { start, end, continued: heading } of pages) {
      number += 1;
      const named = [heading, ...Array.from({ length: end - start }, (_, i) => start + i).filter((i) => headings[i])].flatMap((i) =>
        i === undefined ? [] : [sections[i]!],
      );
      const title = `${slide.title}${named.length > 0 ? `：${named.join('、')}` : ''}${count > 1 ? `（${number}/${count}）` : ''}`;
      const target = contentSlide(pptx, title, slideLabels({ ...slide, columns }), asOf);
      const again = heading === undefined ? [] : [continued(heading)];
      const rowHeights = [headHeight, ...again.map(height), ...heights.slice(start, end)];
      const xml = tableXml(fit.widths, rowHeights, [head, ...again, ...body.slice(start, end)], density.padY);
      // pptxgenjs draws the frame; its one cell's marker becomes the table when the deck is zipped (decision 233).
      const h = rowHeights.reduce((a, b) => a + b, 0);
      target.addTable([[{ text: tables.marker(xml) }]], { x: CONTENT.x, y: CONTENT.y, w: CONTENT.w, h });
    }
  }
}

/** A table row's cells in the given columns, each by its display rule, arrow and colour; bold on a total. */
function tableRow<Row>(slide: TableSlide<Row>, columns: ReadonlyArray<DeckColumn<Row>>, row: Row): DeckCell[] {
  const bold = slide.strong?.(row) ?? false;
  return columns.map((c) => {
    const value = c.value(row);
    const arrow = c.arrow?.(row);
    const text = c.text ? c.text(row) : figureText(c.kind, value);
    return {
      ...BODY_CELL,
      text: arrow && text !== '-' ? `${text} ${ARROWS[arrow]}` : text,
      bold,
      align: c.align ?? (c.kind === 'text' ? 'left' : 'right'),
      color: signColor(c.kind, value) ?? COLORS.text,
      ...(bold ? { fill: COLORS.brandSoft } : {}),
    };
  });
}

/** A text slide's sizes, points: each heading's and sentence's, and the least share of them it shrinks to (decision 271). */
const TEXT_FONT = { heading: 16, text: 14, leastScale: 0.625 } as const;

/** The height of a text slide's paragraphs at a scale of their sizes, inches, wrapped in the content's width (less the box's insets). */
function paragraphsHeight(paragraphs: TextSlide['paragraphs'], scale: number): number {
  const width = CONTENT.w - 0.2;
  return paragraphs.reduce((sum, p, i) => {
    const heading = TEXT_FONT.heading * scale;
    const text = TEXT_FONT.text * scale;
    const lines = lineCount(p.heading, width, heading, true) * LINE_EMS * heading + lineCount(p.text, width, text) * LINE_EMS * text;
    return sum + (lines + (i > 0 ? 14 : 0) + 4) / 72;
  }, 0.1);
}

/** Written paragraphs, each its heading in bold above its text, their sizes shrunk (to a floor) to end above the footer's band. */
function addTextSlide(pptx: PptxGenJS, slide: TextSlide, asOf: WorkbookAsOf): void {
  const target = contentSlide(pptx, slide.title, slideLabels(slide), asOf);
  let scale = 1;
  while (scale > TEXT_FONT.leastScale && paragraphsHeight(slide.paragraphs, scale) > CONTENT.h) scale -= 0.0625;
  const runs = slide.paragraphs.flatMap((p, i) => [
    {
      text: p.heading,
      options: {
        fontFace: DECK_FONT,
        fontSize: TEXT_FONT.heading * scale,
        bold: true,
        color: COLORS.brandDark,
        breakLine: true,
        ...(i > 0 ? { paraSpaceBefore: 14 } : {}),
      },
    },
    { text: p.text, options: { fontFace: DECK_FONT, fontSize: TEXT_FONT.text * scale, color: COLORS.text, breakLine: true, paraSpaceBefore: 4 } },
  ]);
  target.addText(runs, { x: CONTENT.x, y: CONTENT.y, w: CONTENT.w, h: CONTENT.h, valign: 'top' });
}

/** The deck as a .pptx in memory (a deck of a page is a few hundred kilobytes). */
export async function writeDeck(deck: DeckDeclaration): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = DECK_LAYOUT;
  pptx.author = '车市分析平台';
  pptx.company = '车市分析平台';
  pptx.title = deck.title;
  pptx.theme = { headFontFace: DECK_FONT, bodyFontFace: DECK_FONT };
  const tables = new DeckTables();
  const charts: ChartEdits = [];
  defineMaster(pptx, deck.asOf);
  addTitleSlide(pptx, deck);
  for (const slide of deck.slides) {
    if (slide.kind === 'figures') addFiguresSlide(pptx, slide, deck.asOf);
    else if (slide.kind === 'chart') addChartSlide(pptx, slide, deck.asOf, charts);
    else if (slide.kind === 'text') addTextSlide(pptx, slide, deck.asOf);
    else if (slide.kind === 'scatter') addScatterSlide(pptx, slide, deck.asOf, charts);
    else if (slide.kind === 'waterfall') addWaterfallSlide(pptx, slide, deck.asOf, charts);
    else addTableSlides(pptx, tables, slide, deck.asOf);
  }
  // pptxgenjs's write() stores its parts uncompressed; the charts' edits are made, then DeckTables fills in the tables and deflates them natively.
  const stored = (await pptx.write({ outputType: 'nodebuffer', compression: false })) as Buffer;
  return tables.zip(await editCharts(stored, charts));
}

/** Sends a deck as the download of `fileName` (.pptx), with the workbooks' download header. */
export async function sendDeck(response: Response, fileName: string, deck: DeckDeclaration): Promise<void> {
  const body = await writeDeck(deck);
  response.setHeader('Content-Type', PPTX_MIME);
  response.setHeader('Content-Disposition', attachmentHeader(fileName));
  response.setHeader('Content-Length', body.length);
  response.end(body);
}
