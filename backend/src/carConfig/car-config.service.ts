import { Injectable } from '@nestjs/common';
import {
  CONFIG_MESSAGES,
  CONFIG_SEARCH_LIMIT,
  type ConfigBlock,
  type ConfigDeckQuery,
  type ConfigDownloadQuery,
  type ConfigColumn,
  type ConfigFreeze,
  type ConfigQuery,
  type ConfigTable,
  type ConfigTrim,
  formatMonth,
  LABEL_KEY,
  MAX_CONFIG_SUB_SERIES,
  FIGURE_RULES,
  tenThousands,
  UNEQUIPPED,
  visibleBlocks,
} from '@car/contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import { ApiException } from '../common/api-codes';
import { KeptCalendar } from '../reference/calendar.repository';
import { DeckService } from '../deck/deck.service';
import type { DeckDeclaration } from '../deck/deck.writer';
import { DataStatusService } from '../reference/data-status.service';
import type { SessionUser } from '../security/session-user';
import type { WorkbookAsOf } from '../workbook/table-workbook';
import { DictionaryRepository } from '../reference/dictionary.repository';
import { CarConfigRepository, type CategoryRow, type ConfigTrimRow, type SubSeriesRow } from './car-config.repository';
import { configSlides, configTags } from './car-config.deck';
import { buildBlocks, defaultSelection, freezeLines, isOnSale, optionLists, passesFilters, withCatalogue } from './car-config.rules';

/** The MSRP lookup's month when no month holds retail data: every trim's latest price. */
const NO_MONTH = 999_912;

/** A comparison's columns, with the trims they are and the sub-series they come from. */
export interface ConfigComparison {
  table: ConfigTable;
  subSeries: SubSeriesRow[];
}

@Injectable()
export class CarConfigService {
  constructor(
    private readonly repository: CarConfigRepository,
    private readonly calendar: KeptCalendar,
    private readonly dictionaries: DictionaryRepository,
    private readonly analytics: AnalyticsService,
    private readonly dataStatus: DataStatusService,
    private readonly decks: DeckService,
  ) {}

  /** The search box's dropdown; an empty box lists nothing. */
  async searchCar(name: string | undefined): Promise<SubSeriesRow[]> {
    if (name === undefined) return [];
    return this.repository.searchSubSeries(name, CONFIG_SEARCH_LIMIT);
  }

  level1(): Promise<CategoryRow[]> {
    return this.repository.categories();
  }

  /**
   * The comparison (spec 001 §3, §4): the picker's trims of each sub-series split into 在售 / 停售, the
   * columns (the trims asked for that pass the filters, or on a first load the default selection), their
   * heads with the market's verdict, and one table per category.
   */
  async compare(query: ConfigQuery): Promise<ConfigComparison> {
    const ids = query.ids ?? [];
    if (ids.length === 0) throw ApiException.badRequest(CONFIG_MESSAGES.noSubSeries);
    if (ids.length > MAX_CONFIG_SUB_SERIES) throw ApiException.badRequest(CONFIG_MESSAGES.tooManySubSeries);
    // Three rounds (decision 183): what needs no month (with a link's trims, their sheets too), then the
    // sub-series and their trims with the catalogue's facts in one statement, then the columns' figures. All but
    // the fuels and the figures are kept between calls until data changes (decision 288), so the fuels are read
    // beside the whole call and the figures are its one round trip once the rest is kept.
    const codes = query.carJllCodes;
    const fuelsRead = this.dictionaries.entries('dicFuel');
    // Awaited with the figures; a refusal thrown before then must not leave its failure unobserved.
    fuelsRead.catch(() => undefined);
    const [month, { categories, items }, linkedValues] = await Promise.all([
      this.calendar.latestMonth('retail'),
      this.repository.layout(),
      codes ? this.repository.sheets(codes) : null,
    ]);
    const { subSeries, trims } = await this.repository.comparedTrims(ids, month ?? NO_MONTH);
    const unknownIds = ids.filter((id) => !subSeries.some((s) => s.id === id));
    if (unknownIds.length > 0) throw ApiException.badRequest(`参数 ids 中的子车系 ${unknownIds.join('、')} 不存在`);

    const byCode = new Map(trims.map((t) => [t.jllCode, t]));
    const unknownCodes = (codes ?? []).filter((code) => !byCode.has(code));
    if (unknownCodes.length > 0) throw ApiException.badRequest(`参数 carJllCodes 中的车型 ${unknownCodes.slice(0, 5).join('、')} 不属于所选子车系`);

    const passing = trims.filter(passesFilters(query));
    const passingCodes = new Set(passing.map((t) => t.jllCode));
    const chosen = codes ? codes.filter((code) => passingCodes.has(code)).map((code) => byCode.get(code)!) : defaultSelection(passing, ids, month);
    const chosenCodes = new Set(chosen.map((t) => t.jllCode));

    const [columns, values, fuels] = await Promise.all([
      this.columns(chosen, subSeries, month),
      linkedValues ?? this.repository.sheets(chosen.map((t) => t.jllCode)),
      fuelsRead,
    ]);
    const picker = (t: ConfigTrimRow): ConfigTrim => ({
      carJllCode: t.jllCode,
      carName: t.name,
      msrp: tenThousands(t.msrp),
      modelYear: t.modelYear,
      checked: chosenCodes.has(t.jllCode),
    });
    const table: ConfigTable = {
      month: month === null ? null : formatMonth(month),
      cars: subSeries.map((s) => {
        const own = passing.filter((t) => t.subSeriesId === s.id);
        return {
          id: s.id,
          name: s.name,
          zaishouList: own.filter((t) => isOnSale(t, month)).map(picker),
          tingshouList: own.filter((t) => !isOnSale(t, month)).map(picker),
        };
      }),
      headerData: [LABEL_KEY, ...columns.map((c) => c.carJllCode)],
      columns,
      freezes: freezeRows(columns, month),
      items: withCatalogue(
        buildBlocks(
          categories,
          items,
          chosen.map((t) => ({ carJllCode: t.jllCode, carId: t.id })),
          values,
        ),
        chosen,
      ),
      ...optionLists(trims, new Map(fuels.map((f) => [Number(f.key), f.value]))),
    };
    return { table, subSeries };
  }

  /**
   * The comparison as the page shows it, for the workbook and the deck: the two checkboxes applied; with the
   * retail data's 数据截至 for the 口径说明 sheet and the notes (decision 202).
   */
  private async view(query: ConfigDownloadQuery): Promise<{ name: string; table: ConfigTable; blocks: ConfigBlock[]; asOf: WorkbookAsOf; names: string[] }> {
    const { hide, differ, ...comparison } = query;
    const [{ table, subSeries }, asOf] = await Promise.all([this.compare(comparison), this.dataStatus.of('retail')]);
    const codes = table.columns.map((c) => c.carJllCode);
    const blocks = visibleBlocks(table.items, codes, { hideUnequipped: hide === true, onlyDiffering: differ === true });
    const names = subSeries.map((s) => s.name);
    return { name: `配置对比_${names.join('_')}`, table, blocks, asOf, names };
  }

  async download(query: ConfigDownloadQuery): Promise<{ fileName: string; table: ConfigTable; blocks: ConfigBlock[]; asOf: WorkbookAsOf }> {
    const { name, table, blocks, asOf } = await this.view(query);
    return { fileName: `${name}.xlsx`, table, blocks, asOf };
  }

  /**
   * 导出PPT (decisions 219, 273): the comparison as the page shows it — the same call as the page and its workbook —
   * as the trims' market verdict and the sheet's rows (by default the items that differ) under their categories,
   * a sub-series' trims together, each trim's head naming its sub-series.
   */
  async deck(query: ConfigDeckQuery, user: Pick<SessionUser, 'producerId' | 'brandId'>): Promise<{ fileName: string; deck: DeckDeclaration }> {
    const [{ name, table, blocks, asOf, names }, maker] = await Promise.all([this.view(query), this.decks.maker(user)]);
    return {
      fileName: `${name}.pptx`,
      deck: {
        title: '配置查询',
        tags: configTags(table, names, query, { hide: query.hide === true, differ: query.differ }),
        asOf,
        maker,
        slides: configSlides(table, blocks),
      },
    };
  }

  /** The columns' heads: the trim, its MSRP, and its retail volume and weighted TP in the month (query layer). */
  private async columns(chosen: readonly ConfigTrimRow[], subSeries: readonly SubSeriesRow[], month: number | null): Promise<ConfigColumn[]> {
    const carIds = chosen.map((t) => t.id);
    const verdict = async (source: 2 | 'price', measure: 'qty' | 'tp'): Promise<Map<number, number | null>> => {
      if (month === null || carIds.length === 0) return new Map();
      const rows = await this.analytics.query({
        source,
        dimensions: ['car'],
        filters: { carIds },
        month,
        measures: [{ measure, as: 'value' }],
      });
      return new Map(rows.map((row) => [row.key.car!, row.values.value]));
    };
    const [qty, tp] = await Promise.all([verdict(2, 'qty'), verdict('price', 'tp')]);
    const names = new Map(subSeries.map((s) => [s.id, s.name]));
    return chosen.map((t) => {
      const price = tp.get(t.id);
      return {
        carJllCode: t.jllCode,
        carName: t.name,
        subSeriesId: t.subSeriesId,
        subSeriesName: names.get(t.subSeriesId) ?? '',
        modelYear: t.modelYear,
        onSale: isOnSale(t, month),
        msrp: tenThousands(t.msrp),
        retailQty: qty.get(t.id) || null,
        tp: price === null || price === undefined ? null : tenThousands(price),
      };
    });
  }
}

/** The frozen header rows under the trims' names as the page shows them: each line's text by its display rule. */
export function freezeRows(columns: readonly ConfigColumn[], month: number | null): ConfigFreeze[] {
  return freezeLines(month === null ? null : formatMonth(month)).map((line) => ({
    desc: line.desc,
    values: Object.fromEntries(
      columns.map((c) => {
        const value = line.value(c);
        return [c.carJllCode, line.kind === 'text' ? String(value ?? UNEQUIPPED) : FIGURE_RULES[line.kind].text(value as number | null)];
      }),
    ),
  }));
}
