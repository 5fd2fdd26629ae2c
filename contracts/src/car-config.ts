import { z } from 'zod';
import { blankIsAbsent, CONTROL_CHARACTERS, idList, optional, searchText, strictQuery } from './params';
import { refersTo } from './references';

/**
 * 配置查询 (/product/configquery): up to five sub-series' trims compared row by row over the configuration
 * sheet (spec 001 §2.6, §3, §4, §5). The wire keeps the old tool's names: `zaishouList` 在售 (on sale),
 * `tingshouList` 停售 (discontinued), `niankuan` 年款 (model year), `engin` (sic) the engines, `freezes`
 * the frozen header rows, `items` the category tables.
 */

/** At most this many sub-series in one comparison (spec 001 §5). */
export const MAX_CONFIG_SUB_SERIES = 5;
export const CONFIG_MESSAGES = {
  tooManySubSeries: '最多只能选择5个子车系',
  noSubSeries: '请选择子车系',
} as const;
/** What a trim shows in a row it is not equipped with. */
export const UNEQUIPPED = '-';
/** At most this many trim columns (five sub-series hold at most about 200 trims). */
export const MAX_CONFIG_TRIMS = 300;
/** At most this many matches in the search box's dropdown. */
export const CONFIG_SEARCH_LIMIT = 20;
/** The option of the engine and battery filters for a trim that has none (a BEV's engine, a petrol car's battery). */
export const NONE_OPTION = '无';

/** A comma list of distinct texts, each checked by `part`, in the order given; '' is absent. */
function textList(part: RegExp, message: string, max: number) {
  return z.string(message).transform((text, ctx) => {
    const parts = text
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.some((p) => !part.test(p) || CONTROL_CHARACTERS.test(p))) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (parts.length > max) {
      ctx.addIssue({ code: 'custom', message: `最多 ${max} 个` });
      return z.NEVER;
    }
    return [...new Set(parts)];
  });
}

/** Trim codes as the catalog writes them (JLL0007648): letters and digits, at most 20. */
export const jllCodeList = textList(/^[A-Za-z0-9]{1,20}$/, '应为逗号分隔的车型编码', MAX_CONFIG_TRIMS);
/** Model years: 1990-2099. */
const modelYearList = textList(/^(19|20)\d\d$/, '应为逗号分隔的年款（如 2026）', 50).transform((years) => years.map(Number));
/** Engine texts as the filter lists them ('2.0T', '1.5L', 无). */
const engineList = textList(/^[^,]{1,16}$/, `应为逗号分隔的发动机（每个不超过 16 个字符）`, 100);
/** Battery capacities in kWh with at most one decimal ('60.5'), or 无. */
const batteryList = textList(/^(\d{1,3}(\.\d)?|无)$/, '应为逗号分隔的电池容量（kWh，如 60.5）或 无', 200);

export const configSearchSchema = strictQuery({ name: optional(searchText) });

/** The comparison: ids (sub-series), carJllCodes (the chosen trims, in column order) and the four filters. */
const configShape = {
  // The limit is the schema's, so that six sub-series are refused as too many before any is looked up.
  ids: refersTo(
    optional(idList).refine((ids) => (ids?.length ?? 0) <= MAX_CONFIG_SUB_SERIES, CONFIG_MESSAGES.tooManySubSeries),
    'subSeries',
  ),
  carJllCodes: optional(jllCodeList),
  niankuan: optional(modelYearList),
  engin: optional(engineList),
  /** Fuel keys (dicFuel). */
  energy: refersTo(optional(idList), 'fuel'),
  battery: optional(batteryList),
};
export const configQuerySchema = strictQuery(configShape);
export type ConfigQuery = z.output<typeof configQuerySchema>;

const flag = optional(z.enum(['0', '1'], '应为 0 或 1').transform((v) => v === '1'));
/** The download is the page's view: the same comparison, with its two checkboxes. */
export const configDownloadSchema = strictQuery({
  ...configShape,
  /** 隐藏未配置项 */
  hide: flag,
  /** 仅显示差异项 */
  differ: flag,
});
export type ConfigDownloadQuery = z.output<typeof configDownloadSchema>;

/**
 * 仅显示差异项 is the view's default (issue 45 §1, decision 273): the page opens on the items that differ and
 * 全部项 is one choice away (unticking it: `differ=0` in the address and in the files' links); 导出PPT, asked
 * without `differ`, is the deck of the items that differ too. (下载 Excel's API keeps its old default, all
 * items, for the callers that leave it out; the page's link always says which.)
 */
export const DIFFER_BY_DEFAULT = true;
/** 导出PPT's parameters: 下载 Excel's, with 仅显示差异项 on unless `differ=0`. */
export const configDeckSchema = strictQuery({
  ...configShape,
  hide: flag,
  differ: z.preprocess(blankIsAbsent, z.enum(['0', '1'], '应为 0 或 1').default(DIFFER_BY_DEFAULT ? '1' : '0')).transform((v) => v === '1'),
});
export type ConfigDeckQuery = z.output<typeof configDeckSchema>;

/** What 显示 says of the view (the deck's title tags): the rows it keeps, or 全部项 when it keeps every row. */
export function configViewLabels(view: { hide: boolean; differ: boolean }): string[] {
  const shown = [view.hide ? '隐藏未配置项' : null, view.differ ? '仅显示差异项' : null].filter((t): t is string => t !== null);
  return shown.length > 0 ? shown : ['全部项'];
}

/** What a trim shows in a row it has as standard (标配) and as an option (选配). */
export const STANDARD_MARK = '●';
export const OPTIONAL_MARK = '○';
/** The marks' legend, as the page shows it beside the table and the deck in its sheet's head. */
export const CONFIG_LEGEND = `${STANDARD_MARK} 标配　${OPTIONAL_MARK} 选配　${UNEQUIPPED} 无`;

/** A figure with its unit ('98kW', '4,680mm', '12.3英寸', '2026款', '2025.11'): its whole part, its decimals, its unit. */
const FIGURE_WITH_UNIT = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\D*)$/;

/** Distinct values a verdict lists before it counts the rest (`A、B等5种`). */
const LISTED_VALUES = 2;

/**
 * A sub-series' verdict on a row of the sheet (issue 45 §1, decision 285): what its trims show there, in one cell,
 * so that five sub-series of ten trims fit one slide's width. `values` are the row's cells of the sub-series' trims.
 * - All alike: the value (one trim's verdict is its own value).
 * - Marks only (●, ○, -): how many of the trims have it as standard and as an option: `●7/10`, `●4/10 ○2/10`.
 * - Else the values of the trims that have it (not -): one as it is; two listed, figures rising, else the commonest
 *   first (`8挡手自一体、6挡手动`); more, their range when they are figures of one unit (`7~12.3英寸`,
 *   `91,800~131,800`), else the two commonest and how many in all (`全速自适应巡航、定速巡航等3种`); then how many
 *   have it when not all do (`4G 3/10`).
 */
export function trimsVerdict(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  if (counts.size <= 1) return values[0] ?? UNEQUIPPED;
  const of = `/${values.length}`;
  if ([...counts.keys()].every((v) => v === STANDARD_MARK || v === OPTIONAL_MARK || v === UNEQUIPPED)) {
    return [STANDARD_MARK, OPTIONAL_MARK]
      .filter((mark) => counts.has(mark))
      .map((mark) => `${mark}${counts.get(mark)}${of}`)
      .join(' ');
  }
  const lacking = counts.get(UNEQUIPPED) ?? 0;
  counts.delete(UNEQUIPPED);
  // The commonest first; a tie keeps the columns' order (a Map keeps the order of first appearance, sort is stable).
  const distinct = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!);
  const figures = distinct.map((v) => FIGURE_WITH_UNIT.exec(v));
  const unit = figures[0]?.[3];
  const sorted = figures.every((f) => f !== null && f[3] === unit) ? (figures as RegExpExecArray[]).sort((a, b) => figureValue(a) - figureValue(b)) : null;
  let body: string;
  if (distinct.length <= LISTED_VALUES) body = (sorted?.map((f) => f[0]) ?? distinct).join('、');
  else if (sorted) body = `${sorted[0][1]}${sorted[0][2] ?? ''}~${sorted.at(-1)![0]}`;
  else body = `${distinct.slice(0, LISTED_VALUES).join('、')}等${distinct.length}种`;
  return lacking > 0 ? `${body} ${values.length - lacking}${of}` : body;
}

/** A figure's value from its match of FIGURE_WITH_UNIT (its thousands separators dropped). */
function figureValue(figure: RegExpExecArray): number {
  return Number(figure[1].replace(/,/g, '') + (figure[2] ?? ''));
}

export const configLevel1Schema = strictQuery({});

// ------------------------------------------------------------------------------------------------
// Results
// ------------------------------------------------------------------------------------------------

export const configSubSeriesSchema = z.object({ id: z.number(), name: z.string() });

/** A trim in the model picker. msrp: 万元, two decimals. checked: it is a column of the table. */
export const configTrimSchema = z.object({
  carJllCode: z.string(),
  carName: z.string(),
  msrp: z.number(),
  modelYear: z.number(),
  checked: z.boolean(),
});
export type ConfigTrim = z.infer<typeof configTrimSchema>;

/** One sub-series in the picker: its trims on sale (在售) and discontinued (停售) that pass the filters. */
export const configCarsSchema = z.object({
  id: z.number(),
  name: z.string(),
  zaishouList: z.array(configTrimSchema),
  tingshouList: z.array(configTrimSchema),
});
export type ConfigCars = z.infer<typeof configCarsSchema>;

/** A filter's option: the value sent back, the label shown. */
export const configOptionSchema = z.object({ value: z.string(), label: z.string() });
export type ConfigOption = z.infer<typeof configOptionSchema>;

/**
 * A trim column's head: name, sub-series, MSRP (万元) and the market's verdict in `month`: its retail
 * volume and volume-weighted transaction price (万元), null when it sold none.
 */
export const configColumnSchema = z.object({
  carJllCode: z.string(),
  carName: z.string(),
  subSeriesId: z.number(),
  subSeriesName: z.string(),
  modelYear: z.number(),
  onSale: z.boolean(),
  msrp: z.number(),
  retailQty: z.number().nullable(),
  tp: z.number().nullable(),
});
export type ConfigColumn = z.infer<typeof configColumnSchema>;

/**
 * A row of a category table: its label (`desc`), layer 1-3, and one value per trim column, in the order
 * of its table's headerData after 'desc' (UNEQUIPPED where the trim has none); sub-rows (layer 2 and 3)
 * nest in `data`. Values are a list rather than an object keyed by carJllCode: five sub-series with every
 * trim are 72,600 cells, and the keys would be two thirds of the answer (decision 69).
 */
export interface ConfigRow {
  id: number;
  layer: number;
  desc: string;
  values: string[];
  data: ConfigRow[];
}
export const configRowSchema: z.ZodType<ConfigRow> = z.lazy(() =>
  z.object({
    id: z.number(),
    layer: z.number().int().min(1).max(3),
    desc: z.string(),
    values: z.array(z.string()),
    data: z.array(configRowSchema),
  }),
);

/** One first-level category's table. headerData: the column keys, 'desc' (the label column) then each carJllCode. */
export const configBlockSchema = z.object({
  id: z.number(),
  desc: z.string(),
  headerData: z.array(z.string()),
  data: z.array(configRowSchema),
});
export type ConfigBlock = z.infer<typeof configBlockSchema>;

/** A frozen header row (指导价, 零售量, 成交价): a label and one text per column. */
export const configFreezeSchema = z.object({ desc: z.string(), values: z.record(z.string(), z.string()) });
export type ConfigFreeze = z.infer<typeof configFreezeSchema>;

export const configTableSchema = z.object({
  /** The month of the columns' retail volume and TP ('YYYY-MM'), the latest with retail data; null with none. */
  month: z.string().nullable(),
  cars: z.array(configCarsSchema),
  /** 'desc' then the columns' carJllCodes, in column order. */
  headerData: z.array(z.string()),
  columns: z.array(configColumnSchema),
  freezes: z.array(configFreezeSchema),
  items: z.array(configBlockSchema),
  niankuan: z.array(configOptionSchema),
  engines: z.array(configOptionSchema),
  energies: z.array(configOptionSchema),
  batteries: z.array(configOptionSchema),
});
export type ConfigTable = z.infer<typeof configTableSchema>;

export const configCategorySchema = z.object({ id: z.number(), name: z.string() });

// ------------------------------------------------------------------------------------------------
// The two checkboxes, applied by the page and by the download alike
// ------------------------------------------------------------------------------------------------

/** The label column's key in headerData. */
export const LABEL_KEY = 'desc';

/** Where each column (by carJllCode) sits in a table's rows; -1 for one the table does not hold. */
export function columnIndexes(headerData: readonly string[], codes: readonly string[]): number[] {
  return codes.map((code) => headerData.indexOf(code) - 1);
}

/** A row's values in the given columns (indexes into its values). */
export function cellsOf(row: ConfigRow, columns: readonly number[]): string[] {
  return columns.map((i) => (i < 0 ? UNEQUIPPED : (row.values[i] ?? UNEQUIPPED)));
}

/**
 * The rows that pass `keep`, with their parents: a row stays when it passes or when one of its
 * sub-rows stays, so a kept sub-row never loses the row it belongs to.
 */
export function keepRows(rows: readonly ConfigRow[], keep: (row: ConfigRow) => boolean): ConfigRow[] {
  const out: ConfigRow[] = [];
  for (const row of rows) {
    const data = keepRows(row.data, keep);
    if (data.length > 0 || keep(row)) out.push({ ...row, data });
  }
  return out;
}

/**
 * The category tables as the page shows them for the columns `codes`: 隐藏未配置项 drops a row every
 * shown trim has as unequipped, 仅显示差异项 a row the shown trims all show alike; a table left with no
 * row goes.
 */
export function visibleBlocks(
  blocks: readonly ConfigBlock[],
  codes: readonly string[],
  options: { hideUnequipped: boolean; onlyDiffering: boolean },
): ConfigBlock[] {
  if (!options.hideUnequipped && !options.onlyDiffering) return [...blocks];
  return blocks
    .map((block) => {
      const columns = columnIndexes(block.headerData, codes);
      const keep = (row: ConfigRow): boolean => {
        const cells = cellsOf(row, columns);
        return (!options.hideUnequipped || cells.some((value) => value !== UNEQUIPPED)) && (!options.onlyDiffering || new Set(cells).size > 1);
      };
      return { ...block, data: keepRows(block.data, keep) };
    })
    .filter((block) => block.data.length > 0);
}

/** 万元 with two decimals from yuan: 119800 → 11.98. */
export function tenThousands(yuan: number): number {
  return Math.round(yuan / 100) / 100;
}
