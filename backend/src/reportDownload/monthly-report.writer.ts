import * as fs from 'node:fs';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { ProducerSummary, ReportSummaryRepository, SubSeriesSummary } from './report-summary.repository';

/** yoy as the spec shows it: one decimal percent, or '-' when there is nothing to compare with. */
function growth(current: number, previous: number): string {
  if (previous <= 0 || current <= 0) return '-';
  const value = (current / previous - 1) * 100;
  return Math.abs(value) >= 1000 ? '-' : `${value.toFixed(1)}%`;
}

function share(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '-';
}

export function monthLabel(month: number): string {
  return `${Math.floor(month / 100)}年${month % 100}月`;
}

/**
 * 月度市场简报: one workbook per producer and month, written to the reports folder and listed in the
 * report table, which the report-download page serves.
 */
export class MonthlyReportWriter {
  private readonly repository: ReportSummaryRepository;

  constructor(
    dataSource: DataSource,
    private readonly reportsDir: string,
  ) {
    this.repository = new ReportSummaryRepository(dataSource);
  }

  /** Writes the month's summaries; returns how many workbooks were written. */
  async writeMonth(month: number, producerIds?: number[]): Promise<number> {
    fs.mkdirSync(this.reportsDir, { recursive: true });
    const market = await this.repository.marketTotals(month);
    const producers = await this.repository.producers(month, producerIds);
    if (producers.length === 0) return 0;
    const lines = await this.repository.subSeries(month, producers.map((p) => p.producerId));
    const byProducer = new Map<number, SubSeriesSummary[]>();
    for (const line of lines) {
      const list = byProducer.get(line.producerId) ?? [];
      list.push(line);
      byProducer.set(line.producerId, list);
    }
    for (const producer of producers) {
      const name = `${producer.producerName}${monthLabel(month)}乘用车市场简报`;
      const fileName = `report-${producer.producerId}-${month}.xlsx`;
      const filePath = path.join(this.reportsDir, fileName);
      await this.writeWorkbook(filePath, name, month, producer, market, byProducer.get(producer.producerId) ?? []);
      await this.repository.replaceReport(producer.producerId, month, name, fileName, fs.statSync(filePath).size);
    }
    return producers.length;
  }

  private async writeWorkbook(
    filePath: string,
    title: string,
    month: number,
    producer: ProducerSummary,
    market: { qty: number; ljQty: number },
    lines: SubSeriesSummary[],
  ): Promise<void> {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = '车市分析平台';
    workbook.created = new Date(Date.UTC(Math.floor(month / 100), month % 100, 10));
    const overview = workbook.addWorksheet('概览');
    overview.columns = [{ width: 22 }, { width: 18 }];
    overview.addRow([title]).font = { bold: true, size: 14 };
    overview.addRow(['数据说明', '零售量（演示数据）']);
    overview.addRows([
      ['厂商', producer.producerName],
      ['月份', monthLabel(month)],
      ['当月零售量', producer.qty],
      ['去年同期零售量', producer.tqQty],
      ['同比', growth(producer.qty, producer.tqQty)],
      ['当月市场份额', share(producer.qty, market.qty)],
      ['年累计零售量', producer.ljQty],
      ['去年同期累计', producer.tqLjQty],
      ['累计同比', growth(producer.ljQty, producer.tqLjQty)],
      ['累计市场份额', share(producer.ljQty, market.ljQty)],
    ]);
    overview.getColumn(2).numFmt = '#,##0';

    const detail = workbook.addWorksheet('子车系');
    detail.columns = [
      { header: '子车系', width: 24 },
      { header: '细分市场', width: 14 },
      { header: '当月零售量', width: 14, style: { numFmt: '#,##0' } },
      { header: '去年同期', width: 14, style: { numFmt: '#,##0' } },
      { header: '同比', width: 10 },
      { header: '厂商内占比', width: 12 },
      { header: '年累计', width: 14, style: { numFmt: '#,##0' } },
    ];
    detail.getRow(1).font = { bold: true };
    for (const line of lines) {
      detail.addRow([
        line.subSeriesName,
        line.segmentName,
        line.qty,
        line.tqQty,
        growth(line.qty, line.tqQty),
        share(line.qty, producer.qty),
        line.ljQty,
      ]);
    }
    await workbook.xlsx.writeFile(filePath);
  }
}
