import JSZip from 'jszip';
import { CHANGE_COLORS, DEFINITIONS, TRACE_LINES, traceLineStyle } from '@car/contracts';
import { columnGroups, type DeckDeclaration, tagLines, writeDeck } from './deck.writer';
import { DECK_FONT, TABLE_COLUMNS_PER_SLIDE, TABLE_ROWS_PER_SLIDE } from './deck.style';

interface Row {
  name: string;
  sales: number | null;
  yoy: number | null;
  mixChange: number | null;
  rank: number | null;
  status: number;
}

const ROWS: Row[] = Array.from({ length: TABLE_ROWS_PER_SLIDE + 3 }, (_, i) => ({
  name: i === 0 ? '=HYPERLINK("x")' : `车系${i}`,
  sales: 1234567 - i * 1000,
  yoy: i === 1 ? null : i % 2 === 0 ? 5.24 : -3.1,
  mixChange: i === 2 ? 1.94 : 0,
  rank: i + 1,
  status: i === 3 ? 1 : 0,
}));

const DECK: DeckDeclaration = {
  title: '整体市场表现',
  tags: [
    { label: '时间', value: '2026年10月' },
    { label: '数据来源', value: '零售' },
  ],
  asOf: { source: 'retail', status: { month: '2026-10', publishedAt: null, publishedOn: '2026-11-14' } },
  maker: '厂商/品牌：一汽-大众 / 大众',
  slides: [
    {
      kind: 'figures',
      title: '销量概况',
      figures: [
        { label: '10月销量', kind: 'count', value: 2101234 },
        { label: '同比', kind: 'growth', value: -4.26 },
        { label: '环比', kind: 'growth', value: null },
      ],
    },
    {
      kind: 'chart',
      title: '销量走势',
      chart: {
        xAxis: [{ categories: ['2026-08', '2026-09', '=1+1'] }],
        yAxis: [{ title: '销量（辆）' }, { title: '同比(%)' }],
        series: [
          { name: '销量', type: 'column', data: [1800000, 1900000, 2101234], yAxis: 0 },
          { name: '同比', type: 'spline', data: [3.5, null, -4.3], yAxis: 1 },
        ],
      },
    },
    {
      kind: 'table',
      title: '销量排行',
      columns: [
        { header: '车系', kind: 'text', value: (r: Row) => r.name },
        { header: '销量', kind: 'count', value: (r: Row) => r.sales },
        { header: '同比', kind: 'growth', value: (r: Row) => r.yoy },
        { header: '份额变化(百分点)', kind: 'points', value: (r: Row) => r.mixChange },
        { header: '累计排名', kind: 'count', value: (r: Row) => r.rank, arrow: (r: Row) => (r.status === 1 ? 'up' : null) },
      ],
      rows: ROWS,
      strong: (r: Row) => r.name === '车系1',
    },
  ],
};

async function open(deck: DeckDeclaration): Promise<JSZip> {
  return JSZip.loadAsync(await writeDeck(deck));
}

async function text(zip: JSZip, path: string): Promise<string> {
  const file = zip.file(path);
  if (!file) throw new Error(`${path} is not in the deck`);
  return file.async('string');
}

/** The text of a slide's runs, in order (its last, on a content slide, is the page number). */
function runs(xml: string): string[] {
  return [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) =>
    m[1]
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

describe('the deck writer (issue 31)', () => {
  let zip: JSZip;
  beforeAll(async () => {
    zip = await open(DECK);
  });

  it('writes 16:9 slides: the title, the figures, the chart and the table over two slides', async () => {
    expect(await text(zip, 'ppt/presentation.xml')).toMatch(/<p:sldSz cx="12192000" cy="6858000"/);
    const slides = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f));
    expect(slides).toHaveLength(5);
    const title = runs(await text(zip, 'ppt/slides/slide1.xml'));
    expect(title).toEqual(
      expect.arrayContaining(['整体市场表现', '时间：2026年10月    数据来源：零售', '数据截至 2026-10（2026-11-14 发布）', '厂商/品牌：一汽-大众 / 大众']),
    );
  });

  it('names the Chinese font as the latin and the east-asian typeface, and in the theme', async () => {
    const slide = await text(zip, 'ppt/slides/slide1.xml');
    expect(slide).toContain(`<a:ea typeface="${DECK_FONT}"`);
    expect(slide).toContain(`<a:latin typeface="${DECK_FONT}"`);
    expect(await text(zip, 'ppt/theme/theme1.xml')).toContain(`<a:latin typeface="${DECK_FONT}"/>`);
  });

  it('shows figures by the display rules: thousands, one-decimal growth with its arrow and colour, a dash', async () => {
    const slide = await text(zip, 'ppt/slides/slide2.xml');
    expect(runs(slide)).toEqual(['销量概况', '10月销量', '同比', '环比', '2,101,234', '↓ -4.3%', '-', '2']);
    // A fall is pink, the pages' colour of a change (decision 269).
    expect(slide).toContain(`<a:srgbClr val="${CHANGE_COLORS.down.slice(1).toUpperCase()}"/>`);
  });

  it('draws a native chart, columns and a line on a second axis, with the series data and the page colours', async () => {
    const chart = await text(zip, 'ppt/charts/chart1.xml');
    expect(chart).toContain('<c:barChart>');
    expect(chart).toContain('<c:lineChart>');
    // The 同比 spline is drawn in straight segments: a smoothed line overshoots its points (decision 270).
    expect(chart).toContain('<c:smooth val="0"/>');
    expect(chart).not.toContain('<c:smooth val="1"/>');
    expect(chart.match(/<c:valAx>/g)).toHaveLength(2);
    const values = [...chart.matchAll(/<c:numCache>.*?<\/c:numCache>/gs)].map((m) => [...m[0].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => v[1]));
    expect(values).toEqual([
      ['1800000', '1900000', '2101234'],
      ['3.5', '', '-4.3'],
    ]);
    expect(chart).toContain('1A5FD0');
    // The axes read as the page's: counts with thousands, the percent axis in one-decimal percents of the numbers sent.
    expect(chart).toContain('<c:numFmt formatCode="#,##0" sourceLinked="0"/>');
    expect(chart).toContain('<c:numFmt formatCode="0.0&quot;%&quot;" sourceLinked="0"/>');
  });

  it("neutralises text in the chart's embedded workbook as the workbooks do", async () => {
    const embedded = Object.keys(zip.files).find((f) => /^ppt\/embeddings\/.*\.xlsx$/.test(f));
    expect(embedded).toBeDefined();
    const sheet = await JSZip.loadAsync(await zip.file(embedded!)!.async('nodebuffer'));
    const strings = runs((await text(sheet, 'xl/sharedStrings.xml')).replace(/<t>/g, '<a:t>').replace(/<\/t>/g, '</a:t>'));
    expect(strings).toEqual(expect.arrayContaining(['销量', '同比', '2026-08', "'=1+1"]));
    expect(strings).not.toContain('=1+1');
  });

  it('splits a long table over slides with its header repeated, figures as the page shows them', async () => {
    const first = await text(zip, 'ppt/slides/slide4.xml');
    const second = await text(zip, 'ppt/slides/slide5.xml');
    const header = ['车系', '销量', '同比', '份额变化(百分点)', '累计排名'];
    expect(runs(first).slice(0, 6)).toEqual(['销量排行（1/2）', ...header]);
    expect(runs(second).slice(0, 6)).toEqual(['销量排行（2/2）', ...header]);
    expect(runs(first).slice(6, 16)).toEqual(['=HYPERLINK("x")', '1,234,567', '5.2%', '-', '1', '车系1', '1,233,567', '-', '-', '2']);
    expect(runs(first)).toEqual(expect.arrayContaining(['+1.9', '4 ↑']));
    expect(
      runs(second)
        .slice(6)
        .filter((t) => t.startsWith('车系')),
    ).toEqual(['车系15', '车系16', '车系17']);
  });

  it('puts the definitions of what a slide names in its notes, and the source in every footer', async () => {
    const notes = await text(zip, 'ppt/notesSlides/notesSlide3.xml');
    expect(notes).toContain(DEFINITIONS.retail.text);
    expect(notes).toContain(DEFINITIONS.yoy.text);
    expect(notes).toContain('数据截至：2026-10（2026-11-14 发布），零售数据');
    const master = Object.keys(zip.files).filter((f) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(f));
    const layouts = await Promise.all(master.map((f) => text(zip, f)));
    expect(layouts.some((xml) => xml.includes('来源：车市分析平台 · 零售数据 · 数据截至 2026-10（2026-11-14 发布）'))).toBe(true);
  });

  it('writes a text slide as its paragraphs in order, the definitions of the measures it names in its notes', async () => {
    const deck = await JSZip.loadAsync(
      await writeDeck({
        ...DECK,
        slides: [
          {
            kind: 'text',
            title: '本月要点',
            paragraphs: [
              { heading: '市场', text: '第一句：零售 1.0 千辆。' },
              { heading: '车型', text: '第二句。' },
            ],
            labels: ['同比'],
          },
        ],
      }),
    );
    const slide = await text(deck, 'ppt/slides/slide2.xml');
    expect(runs(slide).slice(0, 5)).toEqual(['本月要点', '市场', '第一句：零售 1.0 千辆。', '车型', '第二句。']);
    expect(slide).toContain(`typeface="${DECK_FONT}"`);
    expect(await text(deck, 'ppt/notesSlides/notesSlide2.xml')).toContain(DEFINITIONS.yoy.text);
  });

  it('draws a MIX chart on a percent left axis, and names a price source once in the footer', async () => {
    const mix = await open({
      ...DECK,
      asOf: { source: 'price', status: { month: '2026-10', publishedAt: null, publishedOn: null } },
      slides: [
        {
          kind: 'chart',
          title: '价格段结构',
          percent: true,
          chart: {
            xAxis: [{ categories: ['5-10万', '10-15万'] }],
            yAxis: [{ title: 'MIX(%)' }],
            series: [{ name: '2026年1-10月', type: 'column', yAxis: 0, data: [40.5, 59.5] }],
          },
        },
      ],
    });
    const chart = Object.keys(mix.files).find((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f)) ?? '';
    expect(await text(mix, chart)).toContain('formatCode="0.0&quot;%&quot;"');
    const layouts = await Promise.all(
      Object.keys(mix.files)
        .filter((f) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(f))
        .map((f) => text(mix, f)),
    );
    expect(layouts.some((xml) => xml.includes('来源：车市分析平台 · 价格数据 · 数据截至 2026-10'))).toBe(true);
  });

  it('splits a table wider than a slide into column groups, its first column on each, each group’s row pages in turn', async () => {
    const columns = Array.from({ length: 2 * TABLE_COLUMNS_PER_SLIDE }, (_, i) => i);
    const parts = columnGroups(columns, 1, TABLE_COLUMNS_PER_SLIDE);
    expect(parts.map((p) => p[0])).toEqual([0, 0, 0]);
    expect(parts.flatMap((p) => p.slice(1))).toEqual(columns.slice(1));
    expect(parts.every((p) => p.length <= TABLE_COLUMNS_PER_SLIDE)).toBe(true);
    expect(columnGroups(columns.slice(0, TABLE_COLUMNS_PER_SLIDE), 1, TABLE_COLUMNS_PER_SLIDE)).toEqual([columns.slice(0, TABLE_COLUMNS_PER_SLIDE)]);

    const wide = await open({
      ...DECK,
      slides: [
        {
          kind: 'table',
          title: '宽表',
          columns: [
            { header: '车系', kind: 'text', value: (r: Row) => r.name },
            ...columns.slice(1).map((i) => ({ header: `列${i}`, kind: 'count' as const, value: (r: Row) => r.sales, text: () => `${i}元` })),
          ],
          rows: ROWS,
        },
      ],
    });
    const slides = Object.keys(wide.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f));
    expect(slides).toHaveLength(1 + 2 * parts.length);
    // Down, then over (decision 219): the first columns' two row pages, then the next columns'.
    expect(runs(await text(wide, 'ppt/slides/slide3.xml'))).toContain('车系15');
    const second = runs(await text(wide, 'ppt/slides/slide4.xml'));
    expect(second[0]).toBe(`宽表（3/${2 * parts.length}）`);
    expect(second.slice(1, 3)).toEqual(['车系', `列${TABLE_COLUMNS_PER_SLIDE}`]);
    expect(second).toContain(`${TABLE_COLUMNS_PER_SLIDE}元`);
  });

  it('makes room on the title slide for tags that wrap', () => {
    expect(tagLines('时间：2026年10月    数据来源：零售', 11.5, 16)).toBe(1);
    expect(tagLines('价格'.repeat(60), 11.5, 16)).toBe(3);
  });

  it('deflates the deck: a table of many slides is a small download', async () => {
    const body = await writeDeck(DECK);
    const parts = await JSZip.loadAsync(body);
    const unpacked = await Promise.all(Object.values(parts.files).map(async (f) => (await f.async('uint8array')).length));
    expect(body.length * 3).toBeLessThan(unpacked.reduce((a, b) => a + b, 0));
  });
});

describe("a chart's value axes where the page fixes them (the price charts, decision 215)", () => {
  const priceDeck = (axes: NonNullable<Extract<DeckDeclaration['slides'][number], { kind: 'chart' }>['axes']>): DeckDeclaration => ({
    ...DECK,
    slides: [
      {
        kind: 'chart',
        title: '价格走势',
        chart: {
          xAxis: [{ categories: ['2026-09', '2026-10'] }],
          yAxis: [{ title: '价格（元）' }, { title: '优惠（元）' }],
          series: [
            { name: '成交价', type: 'column', data: [150000, 151000], yAxis: 0 },
            { name: '优惠', type: 'spline', data: [21000, 20500], yAxis: 1 },
          ],
        },
        axes,
      },
    ],
  });

  /** The deck's one chart part (pptxgenjs numbers its parts across the decks it writes). */
  const chartOf = async (deck: DeckDeclaration): Promise<string> => {
    const zip = await open(deck);
    const [path] = Object.keys(zip.files).filter((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f));
    return text(zip, path);
  };

  it('starts each axis where the page does and labels it in its format (a discount axis in yuan, not percents)', async () => {
    const chart = await chartOf(
      priceDeck([
        { min: 0, format: '#,##0' },
        { min: 0, max: 30000, format: '#,##0' },
      ]),
    );
    const axes = [...chart.matchAll(/<c:valAx>.*?<\/c:valAx>/gs)].map((m) => m[0]);
    expect(axes).toHaveLength(2);
    for (const axis of axes) {
      expect(axis).toContain('<c:min val="0"/>');
      expect(axis).toContain('<c:numFmt formatCode="#,##0" sourceLinked="0"/>');
    }
    expect(axes[1]).toContain('<c:max val="30000"/>');
    expect(chart).not.toContain('&quot;%&quot;');
  });

  it('leaves an axis the declaration does not fix to the default format and range', async () => {
    const chart = await chartOf(priceDeck([]));
    expect(chart).not.toContain('<c:min val=');
    expect(chart).toContain('<c:numFmt formatCode="0.0&quot;%&quot;" sourceLinked="0"/>');
  });
});

describe('the price × figure charts of a deck (decision 218)', () => {
  const chart = {
    xTitle: 'TP（万元）',
    yTitle: '细分市场MIX(%)',
    series: [
      {
        name: '2026-10',
        points: [
          { id: 1, name: '车型甲', x: 13.33, y: 30, sales: 300 },
          { id: 2, name: '车型乙', x: null, y: 20, sales: 200 },
        ],
      },
      { name: '=2025-10', points: [{ id: 1, name: '车型甲', x: 15, y: 0, sales: 100 }] },
    ],
  };
  const deckOf = (drawn: 'bubble' | 'scatter'): DeckDeclaration => ({
    ...DECK,
    slides: [{ kind: 'scatter', title: '时间段对比', chart, drawn, percent: true }],
  });
  /** The deck's one chart part (pptxgenjs numbers charts across the decks a process writes). */
  const chartPart = async (zip: JSZip) => text(zip, Object.keys(zip.files).find((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f)) ?? 'no chart');
  const caches = (xml: string, tag: string) =>
    [...xml.matchAll(new RegExp(`<c:${tag}>.*?</c:${tag}>`, 'gs'))].map((m) => [...m[0].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => v[1]));

  it('writes a native scatter chart: one row per drawn point, each series its own y column, no lines between points', async () => {
    const zip = await open(deckOf('scatter'));
    const xml = await chartPart(zip);
    expect(xml).toContain('<c:scatterChart>');
    expect(caches(xml, 'xVal')).toEqual([
      ['13.33', '15'],
      ['13.33', '15'],
    ]);
    expect(caches(xml, 'yVal')).toEqual([
      ['30', ''],
      ['', '0'],
    ]);
    expect(xml).toContain('<a:ln><a:noFill/></a:ln>');
    expect(xml).toContain('<c:numFmt formatCode="0.0&quot;%&quot;" sourceLinked="0"/>');
    const embedded = Object.keys(zip.files).find((f) => /^ppt\/embeddings\/.*\.xlsx$/.test(f));
    const sheet = await JSZip.loadAsync(await zip.file(embedded!)!.async('nodebuffer'));
    const strings = runs((await text(sheet, 'xl/sharedStrings.xml')).replace(/<t>/g, '<a:t>').replace(/<\/t>/g, '</a:t>'));
    expect(strings).toEqual(['TP（万元）', '2026-10', "'=2025-10"]);
    expect(await text(sheet, 'xl/worksheets/sheet1.xml')).toContain('<c r="A2"><v>13.33</v></c><c r="B2"><v>30</v></c>');
  });

  it('writes a native bubble chart sized by each point’s sales', async () => {
    const zip = await open(deckOf('bubble'));
    const xml = await chartPart(zip);
    expect(xml).toContain('<c:bubbleChart>');
    expect(caches(xml, 'bubbleSize')).toEqual([
      ['300', ''],
      ['', '100'],
    ]);
    expect(runs(await text(zip, 'ppt/notesSlides/notesSlide2.xml')).join('\n')).toContain(DEFINITIONS.tp.text);
  });

  /** Each series' point labels as its c:dLbl elements hold them: [the point's row, its text]. */
  const pointLabels = (xml: string) =>
    [...xml.matchAll(/<c:ser>(.*?)<\/c:ser>/gs)].map((ser) =>
      [...ser[1].matchAll(/<c:dLbl>(.*?)<\/c:dLbl>/gs)].map((l) => [
        Number(/<c:idx val="(\d+)"\/>/.exec(l[1])?.[1]),
        runs(l[1]).join('').replace(/&lt;/g, '<').replace(/&gt;/g, '>'),
      ]),
    );
  // Eight trims over two years, 车型甲 in both: the six largest are named, 车型甲 once, at its larger point (decision 287).
  const crowded = {
    xTitle: 'TP（万元）',
    yTitle: '销量',
    series: [
      {
        name: '2026-10',
        points: [
          { id: 1, name: '车型甲', x: 13, y: 300, sales: 300 },
          { id: 2, name: '车型乙', x: 14, y: 900, sales: 900 },
          { id: 3, name: '车型丙', x: null, y: 1000, sales: 1000 },
          { id: 4, name: '车型丁', x: 15, y: 50, sales: 50 },
          { id: 5, name: '车型<戊>', x: 16, y: 400, sales: 400 },
        ],
      },
      {
        name: '2025-10',
        points: [
          { id: 1, name: '车型甲', x: 12, y: 700, sales: 700 },
          { id: 6, name: '车型己', x: 11, y: 200, sales: 200 },
          { id: 7, name: '车型庚', x: 10, y: 100, sales: 100 },
          { id: 8, name: '车型辛', x: 9, y: 80, sales: 80 },
        ],
      },
    ],
  };

  it.each(['bubble', 'scatter'] as const)('names the six largest points of a %s chart as the page does, each at its own point', async (drawn) => {
    const zip = await open({ ...DECK, slides: [{ kind: 'scatter', title: '时间段对比', chart: crowded, drawn, percent: false }] });
    const xml = await chartPart(zip);
    // Rows of the sheet: 甲 乙 丁 戊 (2026-10; 丙 has no price), then 甲 己 庚 辛 (2025-10).
    expect(pointLabels(xml)).toEqual([
      [
        [1, '车型乙'],
        [3, '车型<戊>'],
      ],
      [
        [4, '车型甲'],
        [5, '车型己'],
        [6, '车型庚'],
        [7, '车型辛'],
      ],
    ]);
    // The other points show nothing; a label sits on its bubble or above its point, in the deck's face on one line, on the page's white.
    const dLbls = [...xml.matchAll(/<c:ser>(.*?)<\/c:ser>/gs)].map((m) => /<c:dLbls>.*<\/c:dLbls>/s.exec(m[1])![0].replace(/<c:dLbl>.*?<\/c:dLbl>/gs, ''));
    expect(dLbls).toHaveLength(2);
    for (const rest of dLbls) expect(rest).toContain('<c:showVal val="0"/>');
    const label = /<c:dLbl>.*?<\/c:dLbl>/s.exec(xml)![0];
    expect(label).toContain(`<c:dLblPos val="${drawn === 'bubble' ? 'ctr' : 't'}"/>`);
    expect(label).toContain('<a:bodyPr wrap="none"/>');
    expect(label).toContain(`<a:ea typeface="${DECK_FONT}"/>`);
    expect(label).toContain('<a:srgbClr val="FFFFFF"><a:alpha val="80000"/></a:srgbClr>');
  });

  it('says 暂无数据 where the page draws no point', async () => {
    const zip = await open({ ...DECK, slides: [{ kind: 'scatter', title: '车型对比', chart: { ...chart, series: [] }, drawn: 'scatter', percent: false }] });
    expect(runs(await text(zip, 'ppt/slides/slide2.xml'))).toContain('暂无数据');
    expect(Object.keys(zip.files).some((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))).toBe(false);
  });
});

describe('a chart’s lines as the page draws them (the trace’s 本品 thicker, decision 287)', () => {
  const trace: DeckDeclaration = {
    ...DECK,
    slides: [
      {
        kind: 'chart',
        title: '价格走势（成交价）',
        chart: {
          xAxis: [{ categories: ['2026-09', '2026-10'] }],
          yAxis: [{ title: '成交价（元）' }],
          series: ['德锐', '乙电EV', '日行SUV'].map((name, i) => ({ name, type: 'line', data: [150000 - i * 1000, 151000], yAxis: 0 })),
        },
        lines: [0, 1, 2].map(traceLineStyle),
      },
    ],
  };
  /** Each line series: its name, its line's width (EMU) and its marker's size (points). */
  const lines = (xml: string) =>
    [...xml.matchAll(/<c:ser>(.*?)<\/c:ser>/gs)].map((ser) => [
      /<c:tx>.*?<c:v>([^<]*)<\/c:v>/s.exec(ser[1])?.[1],
      Number(/<c:spPr>.*?<a:ln w="(\d+)"/s.exec(ser[1])?.[1]),
      Number(/<c:marker>.*?<c:size val="(\d+)"\/>/s.exec(ser[1])?.[1]),
    ]);
  const EMU_PER_POINT = 12_700;

  it('draws the subject’s line at the page’s 3.5 and the rivals’ at 1.5 (points), the subject’s markers larger', async () => {
    const zip = await open(trace);
    const xml = await text(
      zip,
      Object.keys(zip.files).find((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))!,
    );
    expect(lines(xml)).toEqual([
      ['德锐', TRACE_LINES.own.width * EMU_PER_POINT, 2 * TRACE_LINES.own.pointRadius],
      ['乙电EV', TRACE_LINES.rival.width * EMU_PER_POINT, 2 * TRACE_LINES.rival.pointRadius],
      ['日行SUV', TRACE_LINES.rival.width * EMU_PER_POINT, 2 * TRACE_LINES.rival.pointRadius],
    ]);
  });

  it('leaves a chart that declares no lines at the writer’s one width', async () => {
    const zip = await open({ ...trace, slides: [{ ...trace.slides[0], lines: undefined } as DeckDeclaration['slides'][number]] });
    const xml = await text(
      zip,
      Object.keys(zip.files).find((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))!,
    );
    expect(new Set(lines(xml).map((l) => l[1]))).toEqual(new Set([2 * EMU_PER_POINT]));
  });
});

describe('the deck writer: wide tables, written paragraphs and a percent axis (decisions 219, 220)', () => {
  interface Wide {
    item: string;
    values: string[];
  }
  const TRIMS = 8;
  const WIDE_ROWS: Wide[] = Array.from({ length: 17 }, (_, r) => ({
    item: `配置${r + 1}`,
    values: Array.from({ length: TRIMS }, (_, c) => `${r + 1}-${c + 1}`),
  }));
  const WIDE: DeckDeclaration = {
    ...DECK,
    slides: [
      {
        kind: 'table',
        title: '配置对比',
        columns: [
          { header: '配置项', kind: 'text', value: (r: Wide) => r.item },
          ...Array.from({ length: TRIMS }, (_, c) => ({
            header: `车型${c + 1}`,
            kind: 'text' as const,
            value: (r: Wide) => r.values[c],
            align: 'center' as const,
          })),
        ],
        rows: WIDE_ROWS,
        keepColumns: 1,
        columnsPerSlide: 4,
      },
      {
        kind: 'text',
        title: '数据简报',
        paragraphs: [
          { heading: '2026年10月乘用车市场', text: '乘用车零售 2,101.2 千辆，同比下降 4.3%。' },
          { heading: '2026年10月新能源', text: '=渗透率 52.1%。' },
        ],
      },
      {
        kind: 'chart',
        title: '新能源渗透率走势',
        percent: true,
        chart: {
          xAxis: [{ categories: ['2026-09', '2026-10'] }],
          yAxis: [{ title: '渗透率（%）' }],
          series: [{ name: '新能源渗透率', type: 'line', yAxis: 0, data: [50.2, 52.1] }],
        },
      },
    ],
  };

  it('keeps groups of columns the name columns on each, and keeps a table that fits whole', () => {
    expect(columnGroups(['a', 'b', 'c', 'd', 'e', 'f'], 1, 3)).toEqual([
      ['a', 'b', 'c'],
      ['a', 'd', 'e'],
      ['a', 'f'],
    ]);
    expect(columnGroups(['a', 'b', 'c'], 1, 3)).toEqual([['a', 'b', 'c']]);
    expect(columnGroups(['g', 'n', 'x', 'y', 'z'], 2, 4)).toEqual([
      ['g', 'n', 'x', 'y'],
      ['g', 'n', 'z'],
    ]);
  });

  it('splits a wide table over slides by columns, then rows: every row of a group of columns before the next, the item column and header on each', async () => {
    const zip = await open(WIDE);
    const slides = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f));
    // The title, 3 column groups × 2 row pages (15 + 2 rows), the text slide, the chart.
    expect(slides).toHaveLength(1 + 6 + 2);
    const table = async (n: number) => runs(await text(zip, `ppt/slides/slide${n}.xml`));
    expect((await table(2)).slice(0, 5)).toEqual(['配置对比（1/6）', '配置项', '车型1', '车型2', '车型3']);
    expect((await table(2)).slice(5, 9)).toEqual(['配置1', '1-1', '1-2', '1-3']);
    expect((await table(3)).slice(0, 9)).toEqual(['配置对比（2/6）', '配置项', '车型1', '车型2', '车型3', '配置16', '16-1', '16-2', '16-3']);
    expect((await table(4)).slice(0, 9)).toEqual(['配置对比（3/6）', '配置项', '车型4', '车型5', '车型6', '配置1', '1-4', '1-5', '1-6']);
    expect((await table(7)).slice(0, 7)).toEqual(['配置对比（6/6）', '配置项', '车型7', '车型8', '配置16', '16-7', '16-8']);
    expect(await text(zip, 'ppt/slides/slide2.xml')).toContain('algn="ctr"');
  });

  it('writes paragraphs as text, each heading bold above its sentence', async () => {
    const zip = await open(WIDE);
    const slide = await text(zip, 'ppt/slides/slide8.xml');
    expect(runs(slide).slice(0, 5)).toEqual([
      '数据简报',
      '2026年10月乘用车市场',
      '乘用车零售 2,101.2 千辆，同比下降 4.3%。',
      '2026年10月新能源',
      '=渗透率 52.1%。',
    ]);
    expect(slide).toMatch(/<a:rPr[^>]*b="1"[^>]*>(?:(?!<\/a:r>).)*<a:t>2026年10月乘用车市场<\/a:t>/s);
  });

  it('reads a percent chart’s left axis in one-decimal percents', async () => {
    const zip = await open(WIDE);
    const part = Object.keys(zip.files).find((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f));
    const chart = await text(zip, part!);
    expect(chart).toContain('<c:lineChart>');
    const axis = /<c:valAx>.*?<\/c:valAx>/s.exec(chart)![0];
    expect(axis).toContain('<c:numFmt formatCode="0.0&quot;%&quot;" sourceLinked="0"/>');
  });
});
