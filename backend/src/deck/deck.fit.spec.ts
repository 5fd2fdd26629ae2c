import JSZip from 'jszip';
import { CELL_PAD_X, DENSE_TABLE, fitTable, fitWidth, LINE_EMS, lineCount, pageRows, pageSections, rowHeight, TABLE_FONT, textWidth } from './deck.fit';
import { CONTENT, SLIDE_HEIGHT, TABLE_ROWS_PER_SLIDE } from './deck.style';
import { type DeckDeclaration, writeDeck } from './deck.writer';

const EMU = 914_400;

describe('text sized to its cell (issue 45 §1, decision 271)', () => {
  it('measures digits in the widest fallback face (DejaVu Sans, 0.636 em) and a Chinese character as an em', () => {
    expect(textWidth('19,199,594', 72)).toBeCloseTo(8 * 0.636 + 2 * 0.318, 3);
    expect(textWidth('19,199,594', 72, true)).toBeCloseTo(8 * 0.696 + 2 * 0.38, 3);
    expect(textWidth('本年累计销量', 12)).toBeCloseTo(1, 5);
  });

  it('wraps Chinese anywhere and Latin at its spaces, a piece wider than the box over lines of its own', () => {
    expect(lineCount('价格'.repeat(10), textWidth('价格'.repeat(5), 10), 10)).toBe(2);
    expect(lineCount('捷尼赛思(进口)', 10, 10)).toBe(1);
    expect(lineCount('Model Y Pro', textWidth('Model Y', 10) + 0.01, 10)).toBe(2);
    expect(lineCount('1234567890', textWidth('123456', 10), 10)).toBe(2);
  });

  /** The widest sales ranking: 类别, the name and all fourteen 数据列, their longest figures the segments'. */
  const ranking = [
    { header: '类别', figure: false, cells: [{ text: '轿车' }, { text: 'MPV' }] },
    { header: '级别', figure: false, cells: [{ text: 'A级' }, { text: '小计', bold: true }] },
    ...[
      '当月销量',
      '去年同期销量',
      '环比',
      '同比',
      '份额',
      '去年同期份额',
      '份额变化(百分点)',
      '累计排名',
      '本年累计销量',
      '去年累计销量',
      '累计同比',
      '累计份额',
      '去年累计份额',
      '累计份额变化(百分点)',
    ].map((header, i) => ({
      header,
      figure: true,
      // Volumes (the 合计 row's in bold), the rank with its arrow, growths and shares.
      cells: [0, 1, 8, 9].includes(i)
        ? [{ text: '3,452,271' }, { text: '19,199,594', bold: true }]
        : i === 7
          ? [{ text: '12 ↑' }]
          : [{ text: '-12.3%' }, { text: '100.0%', bold: true }],
    })),
  ];

  it('gives every figure column its longest cell on one line, shrinking the font to no less than its floor', () => {
    const fit = fitTable(ranking, CONTENT.w)!;
    expect(fit).toBeDefined();
    expect(fit.fontSize).toBeLessThan(TABLE_FONT.size);
    expect(fit.fontSize).toBeGreaterThanOrEqual(TABLE_FONT.floor);
    expect(fit.widths.reduce((a, b) => a + b, 0)).toBeCloseTo(CONTENT.w, 5);
    ranking.forEach((column, i) => {
      if (!column.figure) return;
      for (const cell of column.cells) expect(fit.widths[i] - CELL_PAD_X + 1e-9).toBeGreaterThanOrEqual(fitWidth(cell.text, fit.fontSize, cell.bold));
    });
  });

  it('keeps the size of a table that fits, and gives up below the floor (the writer splits its columns)', () => {
    expect(fitTable(ranking.slice(0, 6), CONTENT.w)?.fontSize).toBe(TABLE_FONT.size);
    expect(fitTable([...ranking, ...ranking.slice(2)], CONTENT.w)).toBeUndefined();
  });

  it('pages rows by their height, the last ending above the footer’s band, at most TABLE_ROWS_PER_SLIDE to a slide', () => {
    const heights = [...Array<number>(20).fill(0.34), ...Array<number>(10).fill(0.6)];
    const pages = pageRows(heights, 0.5, CONTENT.h, TABLE_ROWS_PER_SLIDE);
    expect(pages[0]).toEqual([0, TABLE_ROWS_PER_SLIDE]);
    expect(pages.flatMap(([a, b]) => Array.from({ length: b - a }, (_, i) => a + i))).toEqual(heights.map((_, i) => i));
    for (const [a, b] of pages) expect(CONTENT.y + 0.5 + heights.slice(a, b).reduce((s, h) => s + h, 0)).toBeLessThanOrEqual(SLIDE_HEIGHT - 0.5);
    // 40 characters of 10 pt in a 0.88 in column less the room fitWidth keeps: 8 lines.
    expect(rowHeight([{ text: '价格'.repeat(20) }], [1], 10, 0.34)).toBeCloseTo((8 * LINE_EMS * 10) / 72 + 0.1, 5);
  });

  it('pages rows in sections: a slide never ends on a heading, and one starting inside a section starts with its heading again', () => {
    // Headings at 0, 3 and 5; four rows of 1 in fit a slide 4 in high under a header of 0 (a repeated heading 1 in too).
    const headings = [true, false, false, true, false, true, false, false, false, false];
    const heights = headings.map(() => 1);
    expect(pageSections(heights, 0, 4, Number.POSITIVE_INFINITY, headings, () => 1)).toEqual([
      // Row 3 (a heading) would end the slide without its first row: it goes on to the next.
      { start: 0, end: 3 },
      { start: 3, end: 7 },
      { start: 7, end: 10, continued: 5 },
    ]);
    // At most two rows to a slide: a heading and its first row together.
    expect(pageSections(heights.slice(0, 5), 0, 10, 2, headings, () => 1)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 3, continued: 0 },
      { start: 3, end: 5 },
    ]);
    // Without headings, pageRows.
    expect(pageSections([1, 1, 1], 0, 2, 15, [], () => 1)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 3 },
    ]);
  });
});

describe('a dense table in sections (配置查询’s sheet, decision 285)', () => {
  interface Item {
    name: string;
    values: string[];
    heading?: boolean;
  }
  const rows: Item[] = ['车身', '发动机', '主动安全'].flatMap((category, c) => [
    { name: category, values: [], heading: true },
    ...Array.from({ length: 14 + c * 3 }, (_, i) => ({ name: `${category}项目${i + 1}`, values: ['●7/10', '98kW、110kW', '-', '○1/10', '7~12.3英寸'] })),
  ]);
  const deck: DeckDeclaration = {
    title: '配置查询',
    tags: [],
    asOf: { source: 'retail', status: { month: '2026-10', publishedAt: null, publishedOn: '2026-11-14' } },
    slides: [
      {
        kind: 'table',
        title: '配置对比',
        columns: [
          { header: '配置项', kind: 'text', value: (r: Item) => r.name },
          ...Array.from({ length: 5 }, (_, i) => ({ header: `子车系${i + 1}（10款）`, kind: 'text' as const, value: (r: Item) => r.values[i] ?? '' })),
        ],
        rows,
        strong: (r: Item) => r.heading === true,
        section: (r: Item) => (r.heading ? r.name : undefined),
        dense: true,
      },
    ],
  };

  it('sets 9 pt rows a line tall, more than fifteen to a slide, each slide titled by its sections, a section going on under its heading again', async () => {
    const zip = await JSZip.loadAsync(await writeDeck(deck));
    const slides = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length;
    const read = async (n: number) => {
      const xml = await zip.file(`ppt/slides/slide${n}.xml`)!.async('string');
      const cells = [...xml.matchAll(/<a:tr\b[^>]*>(.*?)<\/a:tr>/gs)].map((tr) => [...tr[1].matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => t[1]).join('|'));
      const heights = [...xml.matchAll(/<a:tr h="(\d+)">/g)].map((m) => Number(m[1]) / EMU);
      const title = /<a:t>([^<]*)<\/a:t>/.exec(xml)![1];
      return { xml, cells, heights, title };
    };
    const shown: string[] = [];
    const titles: string[] = [];
    for (let n = 2; n <= slides; n++) {
      const { xml, cells, heights, title } = await read(n);
      titles.push(title);
      expect(Number(/<a:tc>.*?sz="(\d+)"/s.exec(xml)![1]) / 100).toBe(DENSE_TABLE.font.size);
      expect(heights[1]).toBeCloseTo((LINE_EMS * 9) / 72 + DENSE_TABLE.padY, 2);
      if (n < slides) expect(heights.length - 1).toBeGreaterThan(15);
      expect(CONTENT.y + heights.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(SLIDE_HEIGHT - 0.5);
      // No slide ends on a heading.
      expect(rows.find((r) => r.name === cells.at(-1)!.split('|')[0])?.heading).toBeUndefined();
      shown.push(...cells.slice(1).map((c) => c.split('|')[0]));
    }
    expect(slides - 1).toBe(3);
    expect(shown.filter((name) => !name.endsWith('（续）'))).toEqual(rows.map((r) => r.name));
    expect(titles).toEqual(['配置对比：车身、发动机（1/3）', '配置对比：发动机、主动安全（2/3）', '配置对比：主动安全（3/3）']);
    expect(shown.filter((name) => name.endsWith('（续）'))).toEqual(['发动机（续）', '主动安全（续）']);
  });
});

describe('the writer sizes cards and tables to their text (decision 271)', () => {
  interface Row {
    group: string;
    name: string;
    values: number[];
  }
  const rows: Row[] = Array.from({ length: 40 }, (_, i) => ({
    group: i < 30 ? '轿车' : 'MPV',
    name: i % 3 === 0 ? `很长很长的细分市场名称第${i}个` : `A${i}级`,
    values: Array.from({ length: 14 }, (_, c) => 3452271 - i * 1000 - c),
  }));
  const deck: DeckDeclaration = {
    title: '整体市场表现',
    tags: [],
    asOf: { source: 'retail', status: { month: '2026-10', publishedAt: null, publishedOn: '2026-11-14' } },
    slides: [
      {
        kind: 'figures',
        title: '销量概况',
        figures: [
          { label: '10月销量', kind: 'count', value: 2276228 },
          { label: '同比', kind: 'growth', value: 0.9 },
          { label: '环比', kind: 'growth', value: -0.3 },
          { label: '本年累计销量', kind: 'count', value: 19199594 },
          { label: '累计同比', kind: 'growth', value: -0.2 },
        ],
      },
      {
        kind: 'table',
        title: '销量排行',
        columns: [
          { header: '类别', kind: 'text', value: (r: Row) => r.group },
          { header: '细分市场', kind: 'text', value: (r: Row) => r.name },
          ...Array.from({ length: 14 }, (_, c) => ({ header: `本年累计销量${c}`, kind: 'count' as const, value: (r: Row) => r.values[c] })),
        ],
        rows,
      },
    ],
  };
  let zip: JSZip;
  const slide = (n: number) => zip.file(`ppt/slides/slide${n}.xml`)!.async('string');
  beforeAll(async () => {
    zip = await JSZip.loadAsync(await writeDeck(deck));
  });

  it('writes the cards’ figures at one size at which the widest fits its card on one line', async () => {
    const xml = await slide(2);
    // The cards' table: its second row holds the figures, in bold.
    const table = /<a:tbl>.*<\/a:tbl>/s.exec(xml)![0];
    const sizes = [...table.matchAll(/<a:rPr[^>]*sz="(\d+)"[^>]*b="1"/g)].map((m) => Number(m[1]) / 100);
    expect(sizes).toHaveLength(5);
    expect(new Set(sizes).size).toBe(1);
    const value = sizes[0];
    expect(value).toBeLessThan(26);
    expect(fitWidth('19,199,594', value, true)).toBeLessThanOrEqual(CONTENT.w / 5 - 0.2);
  });

  it('writes each figure column as wide as its longest figure, and no slide’s rows below the footer’s line', async () => {
    const slides = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length;
    let shown = 0;
    for (let n = 3; n <= slides; n++) {
      const xml = await slide(n);
      const widths = [...xml.matchAll(/<a:gridCol w="(\d+)"\/>/g)].map((m) => Number(m[1]) / EMU);
      const size = Number(/<a:tc>.*?sz="(\d+)"/s.exec(xml)![1]) / 100;
      expect(size).toBeGreaterThanOrEqual(TABLE_FONT.floor);
      for (const w of widths.slice(2)) expect(w - CELL_PAD_X).toBeGreaterThanOrEqual(fitWidth('3,452,271', size));
      const heights = [...xml.matchAll(/<a:tr h="(\d+)">/g)].map((m) => Number(m[1]) / EMU);
      expect(CONTENT.y + heights.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(SLIDE_HEIGHT - 0.5);
      shown += heights.length - 1;
    }
    expect(shown).toBe(rows.length);
  });
});
