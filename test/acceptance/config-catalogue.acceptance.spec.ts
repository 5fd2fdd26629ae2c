import ExcelJS from 'exceljs';
import { API_PREFIX, type ConfigTable, figureFormat } from '@car/contracts';
import { describeInBrowser, useBrowser } from '../support/browser';
import { openDeck, slide, slideCount } from '../support/deck-zip';
import { apiResult, settled } from '../support/sales-pages';
import { ANALYST, openAs, pointHelpersAtShipped, saveDownload } from './support/analytics-kit';

/**
 * Issue 26 #1 and #2 as shipped: the configuration comparison of 宝来 and 朗逸 names each trim's producer in
 * 厂商 (一汽-大众, 上汽大众: the catalogue's, decision 142), on the page and in its Excel; the Excel's MSRP,
 * volume and TP are number cells with the display rules' formats (decision 141).
 */
pointHelpersAtShipped();

describeInBrowser('配置查询 names the producer, as the catalogue does', () => {
  const browser = useBrowser();

  test('宝来 and 朗逸: 厂商 reads 一汽-大众 and 上汽大众 on the page and in 下载 Excel, whose figures are numbers', async () => {
    const { page, assertClean } = await openAs(browser(), ANALYST, '/product/configquery', { width: 1440, height: 900 });
    const found = await Promise.all(['宝来', '朗逸'].map((name) => apiResult<Array<{ id: number; name: string }>>(page, '/carConfig/searchCar', { name })));
    const ids = ['宝来', '朗逸'].map((name, i) => found[i].find((s) => s.name === name)!.id).join(',');
    await Promise.all([page.waitForURL((u) => u.searchParams.has('carJllCodes')), page.goto(`${new URL(page.url()).origin}/product/configquery?ids=${ids}`)]);
    await settled(page);
    const codes = new URL(page.url()).searchParams.get('carJllCodes')!.split(',');
    const table = await apiResult<ConfigTable>(page, '/carConfig/get', { ids, carJllCodes: codes.join(',') });
    const producerOf = new Map(table.columns.map((c) => [c.carJllCode, c.subSeriesName === '宝来' ? '一汽-大众' : '上汽大众']));
    expect(new Set(producerOf.values())).toEqual(new Set(['一汽-大众', '上汽大众']));

    const basic = page.getByRole('table', { name: '基本信息', exact: true });
    const producerRow = basic.locator('tr.config-row').filter({ has: page.locator('th.config-label', { hasText: /^厂商$/ }) });
    expect(await producerRow.locator('td').allTextContents()).toEqual(codes.map((c) => producerOf.get(c)));

    const file = await saveDownload(page, page.locator('.config-toolbar'), '下载 Excel');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rowOf = (label: string): ExcelJS.Row => {
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        const value = row.getCell(1).value;
        const text = typeof value === 'string' ? value : '';
        if (!found && (text === label || text.startsWith(`${label} `))) found = row;
      });
      return found!;
    };
    expect((rowOf('厂商').values as unknown[]).slice(2)).toEqual(codes.map((c) => producerOf.get(c)));
    const msrp = rowOf('厂商指导价(万元)').getCell(2);
    expect({ type: typeof msrp.value, numFmt: msrp.numFmt }).toEqual({ type: 'number', numFmt: figureFormat('tenThousand') });
    const cells = codes.map((_, i) => rowOf('零售量(辆)').getCell(i + 2));
    expect(cells.every((c) => c.value === '-' || (typeof c.value === 'number' && c.numFmt === figureFormat('count')))).toBe(true);
    expect(cells.some((c) => typeof c.value === 'number')).toBe(true);

    // 导出PPT (decision 219): a deck that opens, of the comparison as shown — its sub-series, the trims' verdict
    // with the page's figures, 厂商 in the sheet's slides.
    const deckFile = await saveDownload(page, page.locator('.config-toolbar'), '导出PPT');
    expect(deckFile.fileName).toBe(`配置对比_${table.cars.map((c) => c.name).join('_')}.pptx`);
    const deck = await openDeck(deckFile.body);
    const title = (await slide(deck, 1)).texts.join('\n');
    expect(title).toContain('配置查询');
    expect(title).toContain(`子车系：${table.cars.map((c) => c.name).join('、')}`);
    expect(title).toContain('一汽-大众');
    const verdict = (await slide(deck, 2)).table;
    const shownVolumes = await page.locator('tr.config-freeze').filter({ hasText: '零售量' }).locator('td').allTextContents();
    const volumeColumn = verdict[0].findIndex((h) => h.startsWith('零售量'));
    expect(verdict.slice(1).map((r) => [r[0], r[volumeColumn]])).toEqual(table.columns.map((c, i) => [c.carName, shownVolumes[i]]));
    // The sheet has a column per sub-series, its trims' verdict in each cell (decision 285): 厂商 once for each.
    const producers: string[] = [];
    for (let n = 3; n <= slideCount(deck); n++) {
      const { texts, table: cells } = await slide(deck, n);
      if (!texts[0].startsWith('配置对比：基本信息')) continue;
      producers.push(...(cells.find((r) => r[0] === '厂商')?.slice(1) ?? []));
    }
    expect(producers).toEqual([...new Set(table.columns.map((c) => producerOf.get(c.carJllCode)))]);

    // Without a session the deck is refused as the page's other calls are.
    const anonymous = await browser().newContext();
    try {
      const origin = new URL(page.url()).origin;
      const [deckCall, getCall] = await Promise.all(['ppt', 'get'].map((name) => anonymous.request.get(`${origin}${API_PREFIX}/carConfig/${name}?ids=${ids}`)));
      expect({ status: deckCall.status(), code: (await deckCall.json()).code }).toEqual({ status: getCall.status(), code: (await getCall.json()).code });
      expect(deckCall.status()).toBe(401);
    } finally {
      await anonymous.close();
    }
    assertClean();
  });
});
