import { z } from 'zod';
import { monthParam, optional, positiveId, strictQuery } from './params';

/**
 * 数据导入 (/admin/import, administrators only): a file of one fact kind (CSV in UTF-8 or GBK, or XLSX)
 * under a declared month range is checked row by row first, then written month by month (decisions
 * 85, 86, 90-92). The published templates carry the Chinese headers below; the file's columns are found
 * by those headers, in any order.
 */

/** The fact kinds a file can hold, as the page names them. */
export const IMPORT_KINDS = {
  retail: '零售量',
  wholesale: '批发量',
  price: '成交价',
  msrp: '厂商指导价',
  rebate: '返点',
  catalog: '车型目录',
  config: '配置表',
} as const;
export type ImportKind = keyof typeof IMPORT_KINDS;
export const IMPORT_KIND_KEYS = Object.keys(IMPORT_KINDS) as [ImportKind, ...ImportKind[]];
/** The reference kinds: upserted, no month, the upload's month range ignored (the catalog, decision 117; the configuration sheets, decision 119). */
export const REFERENCE_IMPORT_KINDS = ['catalog', 'config'] as const;
export type ReferenceImportKind = (typeof REFERENCE_IMPORT_KINDS)[number];
/** The kinds that hold monthly facts. */
export type FactImportKind = Exclude<ImportKind, ReferenceImportKind>;
/** Whether a kind holds monthly facts (a declared month range, months replaced, rollups rebuilt). */
export const isFactImportKind = (kind: ImportKind): kind is FactImportKind => !(REFERENCE_IMPORT_KINDS as readonly string[]).includes(kind);
const KIND_CHOICES = '应为 retail、wholesale、price、msrp、rebate、catalog 或 config';

/** One column of a template: the header the file must carry and an example value for the template's second row. */
export interface ImportColumn {
  key: 'month' | 'city' | 'car' | 'useNature' | 'ownership' | 'colour' | 'qty' | 'tp' | 'msrp' | 'rebate' | CatalogColumnKey | ConfigColumnKey;
  header: string;
  example: string;
  /** What the template's note says the column holds. */
  note: string;
}

const C = {
  month: { key: 'month', header: '月份', example: '2026-10', note: 'YYYY-MM（也可 YYYYMM），须在所声明的月份区间内' },
  city: { key: 'city', header: '城市代码', example: '440100', note: '6 位行政区划代码（直辖市用省级代码，如北京 110000）' },
  car: { key: 'car', header: '车型代码', example: '', note: '车型（款型）代码，即配置查询中的车型编码' },
  useNature: { key: 'useNature', header: '使用性质', example: '1', note: '1 非营运 / 2 营运 / 3 租赁（代码或名称）' },
  ownership: { key: 'ownership', header: '所有权', example: '1', note: '1 个人 / 2 单位（代码或名称）' },
  colour: { key: 'colour', header: '颜色', example: '1', note: '1 白色 … 8 其他（代码或名称）' },
  qty: { key: 'qty', header: '销量', example: '12', note: '正整数（辆）' },
  tp: { key: 'tp', header: '成交价', example: '152000', note: '元，正整数' },
  msrp: { key: 'msrp', header: '厂商指导价', example: '169800', note: '元，正整数' },
  rebate: { key: 'rebate', header: '返点', example: '3000', note: '元/辆，非负整数' },
} as const satisfies Record<Exclude<ImportColumn['key'], CatalogColumnKey | ConfigColumnKey>, ImportColumn>;

/** The catalog's own columns (one row a trim with its sub-series and parents; decision 117). */
export type CatalogColumnKey =
  | 'producer'
  | 'producerProperty'
  | 'producerInitial'
  | 'producerType'
  | 'brand'
  | 'brandProperty'
  | 'brandInitial'
  | 'brandFamily'
  | 'brandGroup'
  | 'brandType'
  | 'series'
  | 'subCode'
  | 'subName'
  | 'initial'
  | 'segment'
  | 'carName'
  | 'modelYear'
  | 'fuel'
  | 'bodyType'
  | 'gearbox'
  | 'drive'
  | 'modelLevel'
  | 'seats'
  | 'engine'
  | 'battery'
  | 'emissionStandard'
  | 'launch'
  | 'end';

/** Which dictionary (GET search/dictionary?type=) a coded catalog column takes, by key or label. */
export const CATALOG_DICTIONARY_OF: Partial<Record<CatalogColumnKey, string>> = {
  producerProperty: 'dicProducerProperty',
  brandProperty: 'dicBoundProperty',
  fuel: 'dicFuel',
  bodyType: 'dicBodyShape',
  gearbox: 'dicGearBox',
  drive: 'dicDriving',
  modelLevel: 'dicModelLevel',
  emissionStandard: 'dicDischargeStandard',
};

/** 厂商类型 / 品牌类型 (jll_type), by code or label: 0 合资, 1 自主, 2 新创 (the dashboard's brand-type tabs). */
export const CATALOG_JLL_TYPE_COLUMNS: ReadonlyArray<CatalogColumnKey> = ['producerType', 'brandType'];
/** A new engine's form (发动机): displacement in litres, then L (aspirated) or T (turbo), e.g. 1.5T. */
export const ENGINE_PATTERN = /^\d\.\d{1,2}[LT]$/;
/** What a cell says to clear 发动机, 电池容量 or 排放标准 (a trim without an engine, battery or emission standard). */
export const CATALOG_NONE = '无';
/** What a 停产月份 cell says of a trim on sale (as an empty cell does when the file has the column; decision 120). */
export const CATALOG_ON_SALE = '在售';

const K = {
  producer: { key: 'producer', header: '厂商', example: '', note: '厂商名称；系统中没有时新建厂商（须同时填写厂商属性、厂商首字母、厂商类型）；新子车系必填' },
  producerProperty: {
    key: 'producerProperty',
    header: '厂商属性',
    example: '',
    note: '1 自主 / 2 合资 / 3 外资独资 / 4 进口（代码或名称）；新厂商必填，空表示不改',
  },
  producerInitial: { key: 'producerInitial', header: '厂商首字母', example: '', note: '厂商名称的拼音首字母 A-Z；新厂商必填，空表示不改' },
  producerType: { key: 'producerType', header: '厂商类型', example: '', note: '0 合资 / 1 自主 / 2 新创（代码或名称）；新厂商必填，空表示不改' },
  brand: {
    key: 'brand',
    header: '品牌',
    example: '',
    note: '品牌名称；系统中没有时新建品牌（须同时填写品牌属性、品牌首字母、品牌系别、品牌集团、品牌类型）；新子车系必填',
  },
  brandProperty: { key: 'brandProperty', header: '品牌属性', example: '', note: '1 豪华 / 2 主流（代码或名称）；新品牌必填，空表示不改' },
  brandInitial: { key: 'brandInitial', header: '品牌首字母', example: '', note: '品牌名称的拼音首字母 A-Z；新品牌必填，空表示不改' },
  brandFamily: {
    key: 'brandFamily',
    header: '品牌系别',
    example: '',
    note: '1 自主 / 2 德系 / 3 日系 / 4 美系 / 5 韩系 / 6 法系 / 7 其他（代码或名称）；新品牌必填，空表示不改',
  },
  brandGroup: { key: 'brandGroup', header: '品牌集团', example: '', note: '集团名称（系统中没有时新建）；新品牌必填，空表示不改' },
  brandType: { key: 'brandType', header: '品牌类型', example: '', note: '0 合资 / 1 自主 / 2 新创（代码或名称）；新品牌必填，空表示不改' },
  series: { key: 'series', header: '车系', example: '', note: '车系名称（该厂商品牌下没有时新建）；新子车系必填' },
  subCode: { key: 'subCode', header: '子车系代码', example: '', note: '子车系编码（必填）：系统中没有时新建子车系' },
  subName: { key: 'subName', header: '子车系', example: '', note: '子车系名称（全系统唯一）；新子车系必填' },
  initial: { key: 'initial', header: '首字母', example: '', note: '子车系名称的拼音首字母 A-Z；新子车系必填' },
  segment: { key: 'segment', header: '细分市场', example: '', note: '细分市场名称或编号（如 A级SUV）；新子车系必填' },
  car: { key: 'car', header: '车型代码', example: '', note: '车型（款型）代码（必填）：系统中没有时新建车型' },
  carName: { key: 'carName', header: '车型名称', example: '', note: '新车型必填' },
  modelYear: { key: 'modelYear', header: '年款', example: '', note: '四位年份；新车型必填' },
  msrp: { key: 'msrp', header: '厂商指导价', example: '', note: '上市时的厂商指导价，元，正整数；新车型必填' },
  fuel: { key: 'fuel', header: '燃料类型', example: '', note: '1 汽油 … 6 纯电动（代码或名称）；新车型必填' },
  bodyType: { key: 'bodyType', header: '车身形式', example: '', note: '1 三厢 … 6 跑车（代码或名称）；新车型必填' },
  gearbox: { key: 'gearbox', header: '变速箱', example: '', note: '1 手动 … 5 电动车单速（代码或名称）；新车型必填' },
  drive: { key: 'drive', header: '驱动形式', example: '', note: '1 前驱 / 2 后驱 / 3 四驱（代码或名称）；新车型必填' },
  modelLevel: { key: 'modelLevel', header: '车型级别', example: '', note: '1 微型车 … 6 大型车（代码或名称）；新车型必填' },
  seats: { key: 'seats', header: '座位数', example: '', note: '正整数；新车型必填' },
  engine: {
    key: 'engine',
    header: '发动机',
    example: '',
    note: '排量及进气方式，如 1.5T、2.0L（新的排量加入发动机字典，并给出警告）；填「无」清除（纯电动车型），空表示不改',
  },
  battery: { key: 'battery', header: '电池容量', example: '', note: '动力电池容量，kWh，最多一位小数，如 75 或 18.3；填「无」清除，空表示不改' },
  emissionStandard: {
    key: 'emissionStandard',
    header: '排放标准',
    example: '',
    note: '1 国VI b / 2 国VI a / 3 国V（代码或名称）；填「无」清除（纯电动车型），空表示不改',
  },
  launch: { key: 'launch', header: '上市月份', example: '', note: 'YYYY-MM；新车型必填' },
  end: {
    key: 'end',
    header: '停产月份',
    example: '',
    note: 'YYYY-MM。此列表示车型的在售状态：文件中有此列时，空单元格（或「在售」）表示在售，会清除原停产月份并给出警告；文件中没有此列时停产月份不变',
  },
} as const satisfies Record<CatalogColumnKey | 'car' | 'msrp', ImportColumn>;

/** The catalog columns a file must carry; the others may be left out (their cells count as empty). */
export const CATALOG_KEY_COLUMNS: ReadonlyArray<ImportColumn['key']> = ['subCode', 'car'];
/** The largest catalog file, in data rows (it is checked as a whole: parents are found across rows). */
export const CATALOG_MAX_ROWS = 100_000;

/**
 * The configuration sheets' file (decision 119): a wide sheet as the 配置查询 page shows it, one row a
 * configuration item (its category and its path, sub-rows after their parent with ' > ' between the levels)
 * and one column a trim, headed by its trim code. Non-empty cells are written; an empty cell keeps the trim's
 * value for that item ('-' is the sheet's own "not fitted").
 */
export type ConfigColumnKey = 'configCategory' | 'configItem';
/** Between the levels of a configuration item's path: 主驾驶座椅 > 加热. */
export const CONFIG_PATH_SEPARATOR = ' > ';
/** The longest configuration value (config_value.value). */
export const CONFIG_VALUE_MAX = 128;
/** The most trim columns a configuration file may have. */
export const CONFIG_MAX_TRIMS = 2000;
const G = {
  configCategory: { key: 'configCategory', header: '配置类别', example: '', note: '一级分类名称，如 基本信息、车身（须已在系统中）' },
  configItem: {
    key: 'configItem',
    header: '配置项',
    example: '',
    note: `配置项名称；子项写出上级路径，用「${CONFIG_PATH_SEPARATOR.trim()}」分隔，如 主驾驶座椅${CONFIG_PATH_SEPARATOR}加热（须已在系统中）`,
  },
} as const satisfies Record<ConfigColumnKey, ImportColumn>;
/** The note of the trim columns of a configuration file (their headers are trim codes). */
export const CONFIG_TRIM_COLUMN_NOTE = `其余每列一个车型：表头为车型代码，单元格为该车型此项的配置值（如 ●、○、-、4,680mm，最多 ${CONFIG_VALUE_MAX} 个字）；空单元格表示不改，不配备请填 -`;

/** Each kind's columns, in the templates' order. */
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  retail: [C.month, C.city, C.car, C.useNature, C.ownership, C.colour, C.qty],
  wholesale: [C.month, C.car, C.qty],
  price: [C.month, C.car, C.city, C.tp, C.qty],
  msrp: [C.month, C.car, C.msrp],
  rebate: [C.month, C.car, C.rebate],
  catalog: [
    K.producer,
    K.producerProperty,
    K.producerInitial,
    K.producerType,
    K.brand,
    K.brandProperty,
    K.brandInitial,
    K.brandFamily,
    K.brandGroup,
    K.brandType,
    K.series,
    K.subCode,
    K.subName,
    K.initial,
    K.segment,
    K.car,
    K.carName,
    K.modelYear,
    K.msrp,
    K.fuel,
    K.bodyType,
    K.gearbox,
    K.drive,
    K.modelLevel,
    K.seats,
    K.engine,
    K.battery,
    K.emissionStandard,
    K.launch,
    K.end,
  ],
  config: [G.configCategory, G.configItem],
};

/** A transaction price this far from the trim's MSRP (a share of it) is reported as a warning. */
export const TP_WARNING_SHARE = 0.5;
/** The largest file an import accepts. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** At most this many problems are kept per import (the counts are exact; the list stops here). */
export const IMPORT_MAX_PROBLEMS = 50_000;
/** How many past imports the list shows. */
export const RECENT_IMPORTS = 20;
/** How many problems the page shows. */
export const IMPORT_PROBLEMS_SHOWN = 100;

/** The import's life: checked, then (without errors, or once confirmed) written, then the rollups rebuilt. */
export const IMPORT_STATES = {
  queued: '排队中',
  validating: '校验中',
  review: '待确认',
  writing: '写入中',
  publishing: '重建汇总',
  done: '已完成',
  failed: '失败',
  cancelled: '已取消',
} as const;
export type ImportState = keyof typeof IMPORT_STATES;
export const IMPORT_STATE_KEYS = Object.keys(IMPORT_STATES) as [ImportState, ...ImportState[]];
/** States in which the job is still at work: the page polls while it sees one. */
export const IMPORT_BUSY_STATES: readonly ImportState[] = ['queued', 'validating', 'writing', 'publishing'];

export const IMPORT_LEVELS = { error: '错误', warning: '警告' } as const;
export type ImportLevel = keyof typeof IMPORT_LEVELS;

const MONTH_TEXT = z.string().regex(/^\d{4}-\d{2}$/);

export const dataImportSchema = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KIND_KEYS),
  kindText: z.string(),
  fileName: z.string(),
  /** The declared range, 'YYYY-MM'. */
  from: MONTH_TEXT,
  to: MONTH_TEXT,
  /** The months the file's valid rows hold (known once checked), 'YYYY-MM'. */
  months: z.array(MONTH_TEXT),
  state: z.enum(IMPORT_STATE_KEYS),
  stateText: z.string(),
  /** Data rows read so far (the header not counted). */
  rowsParsed: z.number().int(),
  /** Rows that passed every check. */
  rowsValid: z.number().int(),
  /** Rows written into the facts. */
  rowsWritten: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
  /** Why the import failed, in Chinese; null otherwise. */
  error: z.string().nullable(),
  owner: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DataImportView = z.infer<typeof dataImportSchema>;

export const importProblemSchema = z.object({
  line: z.number().int(),
  /** The column's header, or '' for the whole row. */
  column: z.string(),
  level: z.enum(['error', 'warning']),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importProblemsSchema = z.object({ total: z.number().int(), items: z.array(importProblemSchema) });
export type ImportProblems = z.infer<typeof importProblemsSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const importId = z.string('不能为空').regex(UUID, '应为导入任务编号');

/** The upload's form fields (multipart, beside `file`): the kind and the declared month range. */
export const importUploadSchema = strictQuery({ kind: z.enum(IMPORT_KIND_KEYS, KIND_CHOICES), from: monthParam, to: monthParam }).refine(
  (form) => form.from <= form.to,
  { message: '开始月份不能晚于结束月份', path: ['from'] },
);
export type ImportUploadForm = z.output<typeof importUploadSchema>;

export const importIdSchema = strictQuery({ id: importId });
export const importProblemsQuerySchema = strictQuery({
  id: importId,
  limit: optional(positiveId('应为正整数').refine((n) => n <= 1000, '不能超过 1000')).transform((n) => n ?? IMPORT_PROBLEMS_SHOWN),
});
export const importTemplateSchema = strictQuery({
  kind: z.enum(IMPORT_KIND_KEYS, KIND_CHOICES),
  format: optional(z.enum(['xlsx', 'csv'], '应为 xlsx 或 csv')).transform((f) => f ?? 'xlsx'),
});
export const importListSchema = strictQuery({});

/** The messages of the import calls. */
/**
 * What one uploaded file may make the process hold (decision 138), so no file can exhaust the worker's heap
 * (or, without Redis, the app's): a file past any of these is refused with its reason. Rows, columns and a
 * cell's characters are Excel's own limits for an .xlsx and the same for a CSV; a CSV record (a line, or
 * more with quoted line breaks) is bounded by csv-parse before it is held; an .xlsx's parts are checked
 * inflated before exceljs reads them (its reader keeps all shared strings in memory).
 */
export const IMPORT_LIMITS = {
  /** Data rows of a CSV (an .xlsx sheet holds at most 1,048,575 under its header). */
  rows: 10_000_000,
  /** Columns of a row: Excel's 16,384 (XFD). */
  columns: 16_384,
  /** Characters of a cell: Excel's 32,767. */
  cellChars: 32_767,
  /** Characters of one CSV record (csv-parse's max_record_size). */
  recordChars: 1 << 20,
  /** Inflated bytes of an .xlsx part read whole: the shared strings (kept in memory by exceljs), styles, the workbook. */
  xlsxPartBytes: 16 * 1024 * 1024,
  /** Inflated bytes of one worksheet (streamed row by row). */
  xlsxSheetBytes: 1024 * 1024 * 1024,
  /** Bytes of one run of XML text or one tag in an .xlsx part (a cell of 32,767 characters, escaped, fits). */
  xlsxRunBytes: 256 * 1024,
  /** Parts of an .xlsx package. */
  xlsxParts: 10_000,
} as const;

export const IMPORT_MESSAGES = {
  noFile: '请选择要导入的文件（CSV 或 XLSX）',
  tooLarge: `文件不能超过 ${IMPORT_MAX_BYTES / 1024 / 1024 / 1024} GB`,
  noSuchImport: '导入任务不存在',
  notInReview: '只有待确认的导入可以确认',
  notCancellable: '只有待确认、排队中或中断的导入可以取消',
  running: '导入正在执行，暂不能取消：请稍后再试',
  stageLost: '导入中断且暂存的数据已丢失：原有数据未改变，请重新上传文件',
  died: '导入中断：处理进程意外退出，原有数据未改变，请检查文件后重新上传',
  recordTooLong: (line: number) => `第 ${line} 行过长：一行不能超过 ${IMPORT_LIMITS.recordChars.toLocaleString('en-US')} 个字符（请检查是否有未闭合的引号）`,
  cellTooLong: `文件中有单元格过长：一个单元格不能超过 ${IMPORT_LIMITS.cellChars.toLocaleString('en-US')} 个字符`,
  tooManyColumns: (line: number) => `第 ${line} 行列数过多：不能超过 ${IMPORT_LIMITS.columns.toLocaleString('en-US')} 列`,
  tooManyRows: `文件行数过多：不能超过 ${IMPORT_LIMITS.rows.toLocaleString('en-US')} 行，请分多个文件导入`,
  xlsxBroken: 'XLSX 文件已损坏或不是有效的工作簿：请用 Excel 另存为 .xlsx 后重新上传',
  xlsxTooLarge: 'XLSX 文件过大或结构异常：请分多个文件导入，或另存为 CSV',
  xlsxSharedStrings: `XLSX 文件的共享字符串解压后超过 ${IMPORT_LIMITS.xlsxPartBytes / 1024 / 1024} MB：请删除多余内容或另存为 CSV 后上传`,
  xlsxPartTooLarge: (part: string) => `XLSX 文件的组成部分 ${part.slice(0, 80)} 解压后过大：请删除多余内容或另存为 CSV 后上传`,
  nothingValid: '没有可导入的有效行',
  failed: '导入失败：写入时出错，原有数据未改变，请稍后重试',
  unreadable: '文件无法读取：请上传 UTF-8 或 GBK 编码的 CSV，或 XLSX 工作簿',
  publishFailed: '数据已写入，但汇总重建失败：该月份暂不显示，请重新导入',
  noRows: '文件中没有数据行',
  configTooManyTrims: `配置表文件最多 ${CONFIG_MAX_TRIMS} 个车型列：请分多个文件导入`,
  catalogTooLarge: `车型目录文件不能超过 ${CATALOG_MAX_ROWS.toLocaleString('en-US')} 行：请分多个文件导入`,
} as const;

/** The file name of a template download. */
export const importTemplateName = (kind: ImportKind, format: 'xlsx' | 'csv'): string => `${IMPORT_KINDS[kind]}导入模板.${format}`;
