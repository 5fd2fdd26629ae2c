import type { Response } from 'express';
import {
  ATTRIBUTION_PAGE,
  ATTRIBUTION_SUBJECTS,
  ATTRIBUTION_TABS,
  type AttributionTab,
  DATA_SOURCES,
  type FigureKind,
  type HeaderTag,
  PRICE_EFFECT_LABELS,
  PRICE_ITEM_STATUS_LABELS,
  type PriceAttribution,
  type PriceAttributionRow,
  pointsHeader,
  SHARE_EFFECT_LABELS,
  shareColumnHeader,
  type ShareAttribution,
  type ShareAttributionRow,
  type VolumeAttribution,
  type VolumeAttributionRow,
  type WaterfallBar,
} from '@car/contracts';
import {
  kindStyle,
  neutralise,
  streamTableWorkbook,
  type TableColumn,
  type WorkbookAsOf,
  type WorkbookHead,
  workbookCell,
  workbookFont,
} from '../workbook/table-workbook';

/**
 * 归因分析's downloads (issue 50 §4, decision 302): each split's answer as the page shows it, one declaration for the
 * workbook and the deck (attribution.deck.ts) — the header tags, the table's columns with its 合计 row, the levels and
 * effects, the waterfall and the 口径 note. The figures are the answer's own, rounded as it sends them (its columns
 * add up to their totals by the largest remainder), written as numbers under the display rules' formats: the
 * workbook's sums are the page's.
 */

/** A table row of a download: the answer's row, or its 合计 (bold). */
export type Totalled<Row> = Row & { isTotal?: true };

/** A level or effect as the page's cards and the workbook's block under the table show it. */
export interface AttributionFigure {
  label: string;
  kind: FigureKind;
  value: number | null;
  /** A change (signed in a deck's card: '+52,310'); a level is not. */
  change?: boolean;
  /** One of the effects the change is split into (the waterfall's bars); the others are the levels and the change. */
  effect?: boolean;
}

/** What the workbook and the deck of one split show, from its answer. */
export interface AttributionFile<Row> {
  tab: AttributionTab;
  /** The page's header tags for this answer: the tab, the periods, the source, the split, the scope. */
  tags: HeaderTag[];
  /** The answer's month, for the file's name. */
  time: string;
  /** The table's columns; `signed`: a change in units or yuan, which the page and the deck show signed ('+12,345'). */
  columns: ReadonlyArray<TableColumn<Totalled<Row>> & { signed?: boolean }>;
  /** Every row of the answer, in its order, then its 合计. */
  rows: Array<Totalled<Row>>;
  /** How much a row moved the change, whatever its sign: the deck keeps the largest (attribution.deck.ts). */
  moved: (row: Row) => number;
  /** The levels and the change, then the effects. */
  figures: AttributionFigure[];
  waterfall: { title: string; bars: readonly WaterfallBar[]; levelKind: FigureKind; changeKind: FigureKind; percent: boolean };
  note: string;
}

const TOTAL = '合计';

/** A tab's label (销量拉动, 份额归因, 价格归因). */
export function tabLabel(tab: AttributionTab): string {
  return ATTRIBUTION_TABS.find((t) => t.key === tab)?.label ?? tab;
}

/** The download's name: 归因分析-销量拉动-2026-10.xlsx. */
export function attributionFileName(file: Pick<AttributionFile<unknown>, 'tab' | 'time'>, extension: 'xlsx' | 'pptx'): string {
  return `${ATTRIBUTION_PAGE.name}-${tabLabel(file.tab)}-${file.time}.${extension}`;
}

/** The header tags every split opens with: the tab, the two periods and their comparison. */
function periodTags(tab: AttributionTab, periods: VolumeAttribution['periods']): HeaderTag[] {
  return [
    { label: '分析', value: tabLabel(tab) },
    { label: '时间', value: `${periods.current} vs ${periods.base}` },
    { label: '对比', value: periods.comparison },
  ];
}

/** A sales split's source tag: 零售量 or 批发量, as the sales pages' header names it. */
function sourceTag(source: number): HeaderTag {
  return { label: '数据来源', value: DATA_SOURCES.find((s) => s.value === source)?.label ?? '-' };
}

// ---------- 销量拉动 ----------

/** 销量拉动: each member's two volumes, the change, its 拉动 (points) and its part of the change; 合计 the scope's total and growth. */
export function volumeFile(answer: VolumeAttribution): AttributionFile<VolumeAttributionRow> {
  const { total } = answer;
  const totalRow: Totalled<VolumeAttributionRow> = {
    id: 0,
    name: TOTAL,
    current: total.current,
    base: total.base,
    change: total.change,
    contribution: total.growth,
    changeShare: total.change === 0 ? null : 100,
    drill: null,
    isTotal: true,
  };
  return {
    tab: 'volume',
    tags: [...periodTags('volume', answer.periods), sourceTag(answer.source), { label: '拆分维度', value: answer.byLabel }, ...answer.scope],
    time: answer.time,
    columns: [
      { header: answer.byLabel, kind: 'text', width: 24, value: (r) => r.name },
      { header: '本期', kind: 'count', value: (r) => r.current },
      { header: '基期', kind: 'count', value: (r) => r.base },
      { header: '变化', kind: 'count', value: (r) => r.change, signed: true },
      { header: pointsHeader('拉动'), kind: 'points', value: (r) => r.contribution },
      { header: '变化占比', kind: 'percent', value: (r) => r.changeShare },
    ],
    rows: [...answer.rows, totalRow],
    moved: (r) => Math.abs(r.change),
    figures: [
      { label: '本期', kind: 'count', value: total.current },
      { label: '基期', kind: 'count', value: total.base },
      { label: '变化', kind: 'count', value: total.change, change: true },
      { label: '增速', kind: 'growth', value: total.growth, change: true },
    ],
    waterfall: { title: `${answer.byLabel}拉动（辆）`, bars: answer.waterfall, levelKind: 'count', changeKind: 'count', percent: false },
    note: answer.note,
  };
}

// ---------- 份额归因 ----------

/** 份额归因: each part's weight and the subject's share in it in both periods (two decimals), its three terms and their sum; 合计 the subject's shares and the effects. */
export function shareFile(answer: ShareAttribution): AttributionFile<ShareAttributionRow> {
  const { share, effects } = answer;
  const whole = (shown: number | null) => (shown === null ? null : 100);
  const totalRow: Totalled<ShareAttributionRow> = {
    id: 0,
    name: TOTAL,
    weightBase: whole(share.base),
    weightCurrent: whole(share.current),
    shareBase: share.base,
    shareCurrent: share.current,
    mix: effects.mix,
    performance: effects.performance,
    interaction: effects.interaction,
    total: share.change,
    isTotal: true,
  };
  const subjectLabel = answer.subject.inSet ? '竞品组本品' : (ATTRIBUTION_SUBJECTS[answer.subject.type as keyof typeof ATTRIBUTION_SUBJECTS]?.label ?? '对象');
  return {
    tab: 'share',
    tags: [
      ...periodTags('share', answer.periods),
      sourceTag(answer.source),
      { label: subjectLabel, value: answer.subject.name },
      { label: '拆分维度', value: answer.byLabel },
      ...answer.scope,
    ],
    time: answer.time,
    columns: [
      { header: answer.byLabel, kind: 'text', width: 24, value: (r) => r.name },
      { header: shareColumnHeader('weight', 'base'), kind: 'percent2', value: (r) => r.weightBase },
      { header: shareColumnHeader('weight', 'current'), kind: 'percent2', value: (r) => r.weightCurrent },
      { header: shareColumnHeader('share', 'base'), kind: 'percent2', value: (r) => r.shareBase },
      { header: shareColumnHeader('share', 'current'), kind: 'percent2', value: (r) => r.shareCurrent },
      { header: pointsHeader(SHARE_EFFECT_LABELS.mix), kind: 'points2', width: 18, value: (r) => r.mix },
      { header: pointsHeader(SHARE_EFFECT_LABELS.performance), kind: 'points2', width: 18, value: (r) => r.performance },
      { header: pointsHeader(SHARE_EFFECT_LABELS.interaction), kind: 'points2', width: 16, value: (r) => r.interaction },
      { header: pointsHeader('份额变化'), kind: 'points2', width: 16, value: (r) => r.total },
    ],
    rows: [...answer.rows, totalRow],
    moved: (r) => Math.abs(r.mix) + Math.abs(r.performance) + Math.abs(r.interaction),
    figures: [
      { label: '本期份额', kind: 'percent2', value: share.current },
      { label: '基期份额', kind: 'percent2', value: share.base },
      { label: pointsHeader('份额变化'), kind: 'points2', value: share.change, change: true },
      { label: SHARE_EFFECT_LABELS.mix, kind: 'points2', value: effects.mix, change: true, effect: true },
      { label: SHARE_EFFECT_LABELS.performance, kind: 'points2', value: effects.performance, change: true, effect: true },
      { label: SHARE_EFFECT_LABELS.interaction, kind: 'points2', value: effects.interaction, change: true, effect: true },
    ],
    waterfall: { title: `${answer.subject.name}份额变化（%，百分点）`, bars: answer.waterfall, levelKind: 'percent2', changeKind: 'points2', percent: true },
    note: answer.note,
  };
}

// ---------- 价格归因 ----------

/** A yuan header: '价格效应(元)'. */
const yuanHeader = (label: string) => `${label}(元)`;

/** 价格归因: each item's volumes, weights and values in both periods, its four terms in yuan; 合计 the subject's values and the effects (新品 and 退市 together in their column). */
export function priceFile(answer: PriceAttribution): AttributionFile<PriceAttributionRow> {
  const { value, effects } = answer;
  const sum = (pick: (r: PriceAttributionRow) => number) => answer.rows.reduce((total, r) => total + pick(r), 0);
  const totalRow: Totalled<PriceAttributionRow> = {
    id: 0,
    name: TOTAL,
    status: 'both',
    qtyBase: sum((r) => r.qtyBase),
    qtyCurrent: sum((r) => r.qtyCurrent),
    weightBase: null,
    weightCurrent: null,
    valueBase: value.base,
    valueCurrent: value.current,
    price: effects.price,
    mix: effects.mix,
    interaction: effects.interaction,
    newOrGone: effects.entry + effects.exit,
    isTotal: true,
  };
  const measure = answer.measureLabel;
  return {
    tab: 'price',
    tags: [
      ...periodTags('price', answer.periods),
      { label: ATTRIBUTION_SUBJECTS[answer.subject.type as keyof typeof ATTRIBUTION_SUBJECTS]?.label ?? '对象', value: answer.subject.name },
      { label: '指标', value: `加权${measure}` },
      { label: '拆分', value: `按${answer.itemLabel}` },
    ],
    time: answer.time,
    columns: [
      { header: answer.itemLabel, kind: 'text', width: 28, value: (r) => r.name },
      { header: '状态', kind: 'text', width: 10, value: (r) => (r.isTotal ? '' : PRICE_ITEM_STATUS_LABELS[r.status]) },
      { header: '基期销量', kind: 'count', value: (r) => r.qtyBase },
      { header: '本期销量', kind: 'count', value: (r) => r.qtyCurrent },
      { header: '基期权重', kind: 'percent2', value: (r) => r.weightBase },
      { header: '本期权重', kind: 'percent2', value: (r) => r.weightCurrent },
      { header: yuanHeader(`基期${measure}`), kind: 'count', value: (r) => r.valueBase },
      { header: yuanHeader(`本期${measure}`), kind: 'count', value: (r) => r.valueCurrent },
      { header: yuanHeader(PRICE_EFFECT_LABELS.price), kind: 'count', value: (r) => r.price, signed: true },
      { header: yuanHeader(PRICE_EFFECT_LABELS.mix), kind: 'count', value: (r) => r.mix, signed: true },
      { header: yuanHeader(PRICE_EFFECT_LABELS.interaction), kind: 'count', value: (r) => r.interaction, signed: true },
      {
        header: yuanHeader(`${PRICE_EFFECT_LABELS.entry}/${PRICE_EFFECT_LABELS.exit}`),
        kind: 'count',
        width: 18,
        value: (r) => r.newOrGone,
        signed: true,
      },
    ],
    rows: [...answer.rows, totalRow],
    moved: (r) => Math.abs(r.price) + Math.abs(r.mix) + Math.abs(r.interaction) + Math.abs(r.newOrGone),
    figures: [
      { label: `本期${measure}`, kind: 'count', value: value.current },
      { label: `基期${measure}`, kind: 'count', value: value.base },
      { label: `${measure}变化`, kind: 'count', value: value.change, change: true },
      ...(['price', 'mix', 'interaction', 'entry', 'exit'] as const).map((key) => ({
        label: PRICE_EFFECT_LABELS[key],
        kind: 'count' as const,
        value: effects[key],
        change: true,
        effect: true,
      })),
    ],
    waterfall: { title: `${answer.subject.name}加权${measure}变化（元）`, bars: answer.waterfall, levelKind: 'count', changeKind: 'count', percent: false },
    note: answer.note,
  };
}

// ---------- the workbook ----------

/** The header block of a split's workbook and the title slide of its deck: the page's name, the answer's tags. */
export function attributionHead(file: Pick<AttributionFile<unknown>, 'tags'>): WorkbookHead & { tags: HeaderTag[] } {
  return { title: ATTRIBUTION_PAGE.name, tags: file.tags };
}

/**
 * A split's workbook: the header block (the page, the tab, the periods, the source, the scope, 数据截至), the table
 * with every row of the answer and its 合计 in bold — filtered, frozen and printed as every table sheet (decision
 * 267) — then, under it, the levels and effects as the page's cards show them and the 口径 note; the 口径说明 sheet
 * last. Every figure is a number cell under its display rule's format (percents as fractions, points as points).
 */
export async function streamAttributionWorkbook<Row>(response: Response, file: AttributionFile<Row>, asOf: WorkbookAsOf): Promise<void> {
  await streamTableWorkbook(response, attributionFileName(file, 'xlsx'), tabLabel(file.tab), file.columns, file.rows, asOf, {
    head: attributionHead(file),
    highlight: (row) => row.isTotal === true,
    below: (sheet) => {
      const text = (line: string, isBold = false): void => {
        const added = sheet.addRow([neutralise(line)]);
        added.getCell(1).style = { font: workbookFont(isBold) };
        added.commit();
      };
      text('');
      text('变化与拆分', true);
      for (const figure of file.figures) {
        const added = sheet.addRow([neutralise(figure.label), workbookCell(figure.kind, figure.value)]);
        added.getCell(1).style = { font: workbookFont() };
        added.getCell(2).style = kindStyle(figure.kind);
        added.commit();
      }
      text('');
      text('口径', true);
      text(file.note);
    },
  });
}
