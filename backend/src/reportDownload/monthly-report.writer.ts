import { Injectable } from '@nestjs/common';
import { growth, growthNumber, share } from '@car/contracts';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { AnalyticsService } from '../analytics/analytics.service';
import { COMPARISONS, type Volumes, volumesOf } from '../analytics/comparisons';
import { writeDeck } from '../deck/deck.writer';
import { MonthlyDeckBuilder, type SubSeriesLine } from './monthly-report.deck';
import { ReportRepository } from './report.repository';
import { ReportStorage } from './report-storage';
import { DataStatusService } from '../reference/data-status.service';
import {
  addDefinitionsSheet,
  addTableHeader,
  headerRowOf,
  kindStyle,
  neutralise,
  shareCell,
  tableSheetOptions,
  type WorkbookAsOf,
  workbookCell,
  type WorkbookHead,
} from '../workbook/table-workbook';

export function monthLabel(month: number): string {
  return `${Math.floor(month / 100)}年${month % 100}月`;
}

/** A producer's retail in the month, a year earlier, January to date and the same a year earlier. */
interface ProducerFigures extends Volumes {
  id: number;
  name: string;
}

/**
 * 月度市场简报: one workbook and one deck (.pptx, issue 31 §2) per producer and month, written to the reports folder and
 * listed in the report table through the report storage, which the report-download page serves. The workbook's figures
 * come from the query layer, the deck's from the pages' services (monthly-report.deck.ts), both read by the display
 * rules every page and workbook shares (@car/contracts, display.ts).
 */
@Injectable()
export class MonthlyReportWriter {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly reports: ReportRepository,
    private readonly storage: ReportStorage,
    private readonly dataStatus: DataStatusService,
    private readonly decks: MonthlyDeckBuilder,
  ) {}

  /** Writes the month's summaries, a workbook and a deck per producer; returns how many producers were written. */
  async writeMonth(month: number, producerIds?: number[]): Promise<number> {
    const [whole] = await this.analytics.query({ source: 2, dimensions: [], month, measures: COMPARISONS });
    const market = { qty: whole?.values.qty ?? 0, lj: whole?.values.lj ?? 0 };
    const producers: ProducerFigures[] = (
      await this.analytics.query({
        source: 2,
        dimensions: ['producer'],
        filters: { producerIds: producerIds ?? [] },
        month,
        measures: COMPARISONS,
        keepWhenAny: ['qty'],
        order: [{ by: 'producer', direction: 'asc' }],
      })
    ).map((row) => ({ id: row.key.producer!, name: row.name.producer!, ...volumesOf(row.values) }));
    if (producers.length === 0) return 0;
    const asOf = await this.dataStatus.ofMonth('retail', month);
    const [lines, deckMarket] = await Promise.all([
      this.subSeriesLines(
        month,
        producers.map((p) => p.id),
      ),
      this.decks.market(month),
    ]);
    for (const producer of producers) {
      const name = `${producer.name}${monthLabel(month)}乘用车市场简报`;
      const own = lines.get(producer.id) ?? [];
      // Written through the report storage (generated name, partial file renamed when complete), as uploads are.
      const workbook = await this.storage.write('xlsx', (partialPath) => this.writeWorkbook(partialPath, name, month, producer, market, own, asOf));
      await this.storage.remove(await this.reports.replaceReport(producer.id, month, name, 'xlsx', workbook));
      const deck = await this.decks.deck(deckMarket, producer, own, name, asOf);
      const slides = await writeDeck(deck);
      const pptx = await this.storage.write('pptx', (partialPath) => fs.promises.writeFile(partialPath, slides));
      await this.storage.remove(await this.reports.replaceReport(producer.id, month, name, 'pptx', pptx));
    }
    return producers.length;
  }

  /** Each producer's sub-series with sales in the month or the year, largest first. */
  private async subSeriesLines(month: number, producerIds: number[]): Promise<Map<number, SubSeriesLine[]>> {
    const rows = await this.analytics.query({
      source: 2,
      dimensions: ['producer', 'subSeries', 'segment'],
      filters: { producerIds },
      month,
      measures: COMPARISONS,
      // The lines of the sheet: sold this month, a year earlier or this year (not only last year).
      keepWhenAny: ['qty', 'tq', 'lj'],
      order: [
        { by: 'producer', direction: 'asc' },
        { by: 'qty', direction: 'desc' },
        { by: 'subSeries', direction: 'asc' },
      ],
    });
    const byProducer = new Map<number, SubSeriesLine[]>();
    for (const row of rows) {
      const producerId = row.key.producer!;
      const line: SubSeriesLine = {
        producerId,
        subSeriesId: row.key.subSeries!,
        subSeriesName: row.name.subSeries!,
        segmentId: row.key.segment!,
        segmentName: row.name.segment!,
        ...volumesOf(row.values),
      };
      const list = byProducer.get(producerId) ?? [];
      list.push(line);
      byProducer.set(producerId, list);
    }
    return byProducer;
  }

  private async writeWorkbook(
    filePath: string,
    title: string,
    month: number,
    producer: ProducerFigures,
    market: { qty: number; lj: number },
    lines: readonly SubSeriesLine[],
    asOf: WorkbookAsOf,
  ): Promise<void> {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = '车市分析平台';
    workbook.created = new Date(Date.UTC(Math.floor(month / 100), month % 100, 10));
    // Both sheets open with the header block, their header row filtered, frozen and repeated on each printed page,
    // landscape and one page wide, every cell in the workbook's face (decisions 267, 281); shares are unrounded
    // fractions under the percent format (decision 282).
    const head: WorkbookHead = {
      title,
      tags: [
        { label: '厂商', value: producer.name },
        { label: '月份', value: monthLabel(month) },
        { label: '数据来源', value: '零售' },
      ],
    };
    const headerRow = headerRowOf(head, asOf);
    const sheetOptions = tableSheetOptions({ first: headerRow, last: headerRow });
    const figures: Array<[string, 'count' | 'percent' | 'growth', number | null]> = [
      ['当月零售量', 'count', producer.qty],
      ['去年同期零售量', 'count', producer.tq],
      ['同比', 'growth', growthNumber(growth(producer.qty, producer.tq))],
      ['当月市场份额', 'percent', share(producer.qty, market.qty)],
      ['年累计零售量', 'count', producer.lj],
      ['去年同期累计', 'count', producer.tqLj],
      ['累计同比', 'growth', growthNumber(growth(producer.lj, producer.tqLj))],
      ['累计市场份额', 'percent', share(producer.lj, market.lj)],
    ];
    const overview = workbook.addWorksheet('概览', sheetOptions);
    overview.columns = [
      { width: 22, style: kindStyle('text') },
      { width: 18, style: kindStyle('text') },
    ];
    addTableHeader(overview, head, asOf, ['项目', '数值']);
    overview.addRows([
      ['厂商', neutralise(producer.name)],
      ['月份', monthLabel(month)],
      ['数据说明', '零售量（演示数据）'],
    ]);
    for (const [label, kind, value] of figures) {
      overview.addRow([label, kind === 'percent' ? shareCell(value) : workbookCell(kind, value)]).getCell(2).style = kindStyle(kind);
    }

    const detail = workbook.addWorksheet('子车系', sheetOptions);
    const detailColumns: Array<{ header: string; width: number; kind: 'text' | 'count' | 'growth' | 'percent' }> = [
      { header: '子车系', width: 24, kind: 'text' },
      { header: '细分市场', width: 14, kind: 'text' },
      { header: '当月零售量', width: 14, kind: 'count' },
      { header: '去年同期', width: 14, kind: 'count' },
      { header: '同比', width: 10, kind: 'growth' },
      { header: '厂商内占比', width: 12, kind: 'percent' },
      { header: '年累计', width: 14, kind: 'count' },
    ];
    detail.columns = detailColumns.map((c) => ({ width: c.width, style: kindStyle(c.kind) }));
    addTableHeader(
      detail,
      head,
      asOf,
      detailColumns.map((c) => c.header),
    );
    for (const line of lines) {
      detail.addRow([
        neutralise(line.subSeriesName),
        neutralise(line.segmentName),
        workbookCell('count', line.qty),
        workbookCell('count', line.tq),
        workbookCell('growth', growthNumber(growth(line.qty, line.tq))),
        shareCell(share(line.qty, producer.qty)),
        workbookCell('count', line.lj),
      ]);
    }
    addDefinitionsSheet(workbook, [...figures.map(([label]) => label), ...detailColumns.map((c) => c.header)], asOf);
    await workbook.xlsx.writeFile(filePath);
  }
}
