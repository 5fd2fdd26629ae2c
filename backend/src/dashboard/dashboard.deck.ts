import {
  DASHBOARD_MODES,
  DASHBOARD_SIZES,
  type DashboardCityPage,
  type DashboardCityRow,
  type DashboardList,
  type DashboardNevTrend,
  type DashboardRow,
  type DashboardVolume,
  type DashboardWhole,
  type HeaderTag,
  JLL_TABS,
  type JllType,
  NEW_YEAR_LABEL,
} from '@car/contracts';
import type { ChartSlide, DeckColumn, DeckSlide, FiguresSlide, TableSlide, TextSlide } from '../deck/deck.writer';

/**
 * The slides of 看板 (decision 220), each from the answer the page shows: its cards as three rows of figures,
 * the NEV-penetration trend, its four top lists and its three data briefs.
 */

/** What the deck of the dashboard shows: the page's answers for its period, tabs and city page. */
export interface DashboardView {
  /** The period as the briefs name it ('2026年10月', '2026年1-10月', '2026年1-2月'). */
  period: string;
  accumulate: 0 | 1;
  newYear: boolean;
  brandType: JllType;
  modelType: JllType;
  whole: DashboardWhole;
  brands: DashboardList;
  models: DashboardList;
  cities: DashboardCityPage;
  nevTrend: DashboardNevTrend;
}

const tabLabel = (type: JllType): string => JLL_TABS.find((t) => t.value === type)?.label ?? String(type);

/** The tags of the title slide: the period and its mode, the tabs the lists show, the cities' ranks. */
export function dashboardTags(view: DashboardView): HeaderTag[] {
  const first = (view.cities.currentPage - 1) * view.cities.pageSize + 1;
  return [
    { label: '时间', value: view.period },
    { label: '统计', value: view.newYear ? NEW_YEAR_LABEL : (DASHBOARD_MODES.find((m) => m.value === view.accumulate)?.label ?? '') },
    { label: '数据来源', value: '零售量' },
    { label: '品牌、城市', value: tabLabel(view.brandType) },
    { label: '车型', value: tabLabel(view.modelType) },
    { label: '城市排名', value: `${first}~${first + view.cities.pageSize - 1}` },
  ];
}

/** A volume card as the page shows it: 千辆 with one decimal (the API's text), then its growth with arrow and colour. */
function volumeFigures(label: string, volume: DashboardVolume): FiguresSlide['figures'] {
  return [
    { label: `${label}（千辆）`, kind: 'text', value: volume.qtyStr },
    { label: `${label}同比`, kind: 'growth', value: volume.yoy },
  ];
}

function figureSlides(whole: DashboardWhole): FiguresSlide[] {
  return [
    {
      kind: 'figures',
      title: '新能源与整体市场',
      figures: [
        ...volumeFigures('新能源', whole.xinnengyuan),
        ...volumeFigures('整体市场', whole.all),
        { label: '渗透率', kind: 'percent', value: whole.shentoulv },
        { label: '渗透率较去年同期(百分点)', kind: 'points', value: whole.yoyShentoulv },
      ],
    },
    {
      kind: 'figures',
      title: '新能源构成',
      figures: [
        ...volumeFigures('BEV', whole.bev),
        { label: 'BEV占新能源', kind: 'percent', value: whole.bevPer },
        ...volumeFigures('PHEV', whole.phev),
        { label: 'PHEV占新能源', kind: 'percent', value: whole.phevPer },
      ],
    },
    {
      kind: 'figures',
      title: '新创、自主与合资',
      figures: [...volumeFigures('新创', whole.xinchuang), ...volumeFigures('自主', whole.zizhu), ...volumeFigures('合资', whole.hezi)],
    },
  ];
}

/** A row of a top list with its rank on the page (the city list's continues over its pages). */
interface RankedRow {
  rank: number;
  row: DashboardRow | DashboardCityRow;
}

/** A top list with the page's columns (DashboardTable): 排名, the name, 销量（千辆）, 份额, 同比; cities add their flags. */
export function topListSlide(title: string, nameHeader: string, rows: ReadonlyArray<DashboardRow | DashboardCityRow>, firstRank = 1): TableSlide<RankedRow> {
  const cities = rows.some((r) => 'xianxing' in r);
  const flags = (r: RankedRow): string =>
    ['xianxing' in r.row && r.row.xianxing ? '限行' : '', 'xiangou' in r.row && r.row.xiangou ? '限购' : ''].filter((f) => f !== '').join('、');
  const columns: Array<DeckColumn<RankedRow>> = [
    { header: '排名', kind: 'count', value: (r) => r.rank },
    { header: nameHeader, kind: 'text', value: (r) => r.row.name },
    ...(cities ? [{ header: '限行、限购', kind: 'text' as const, value: (r: RankedRow) => flags(r) || null }] : []),
    { header: '销量（千辆）', kind: 'text', value: (r) => r.row.qtyStr, align: 'right' },
    { header: '份额', kind: 'percent', value: (r) => r.row.per },
    { header: '同比', kind: 'growth', value: (r) => r.row.yoy },
  ];
  return { kind: 'table', title, columns, rows: rows.map((row, i) => ({ rank: firstRank + i, row })), keepColumns: 2 };
}

export function dashboardSlides(view: DashboardView): DeckSlide[] {
  const months = view.nevTrend.chart.xAxis[0]?.categories.length ?? 0;
  const trend: ChartSlide = { kind: 'chart', title: `新能源渗透率走势（近${months}个月）`, chart: view.nevTrend.chart, percent: true };
  const briefs: TextSlide = { kind: 'text', title: '数据简报', paragraphs: view.whole.briefs.map((b) => ({ heading: b.title, text: b.text })) };
  const cities = view.cities;
  return [
    ...figureSlides(view.whole),
    trend,
    topListSlide(`厂商 TOP${view.whole.producers.length}`, '厂商', view.whole.producers),
    topListSlide(`品牌 TOP${DASHBOARD_SIZES.brands}（${tabLabel(view.brandType)}）`, '品牌', view.brands.list),
    topListSlide(`车型 TOP${DASHBOARD_SIZES.modelSubs}（${tabLabel(view.modelType)}）`, '车型', view.models.list),
    topListSlide(`城市（${tabLabel(view.brandType)}）`, '城市', cities.list, (cities.currentPage - 1) * cities.pageSize + 1),
    briefs,
  ];
}
