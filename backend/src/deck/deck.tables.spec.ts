import JSZip from 'jszip';
import { DeckTables, tableXml, xmlText } from './deck.tables';

const CELL = { color: '1F2D3D', align: 'right', fontSize: 10 } as const;

describe('the decks’ long tables (decision 233)', () => {
  it('escapes text for XML and drops the characters XML cannot hold', () => {
    expect(xmlText('A&B <c> "d" \'e\'')).toBe('A&amp;B &lt;c&gt; &quot;d&quot; &apos;e&apos;');
    expect(xmlText('a\u0001b\u000Bc\td')).toBe('abc\td');
  });

  it('writes one row per row and one cell per cell, each in its style', () => {
    const xml = tableXml([2, 1], 0.34, [
      [
        { ...CELL, text: '名称', bold: true, fill: '1A5FD0', color: 'FFFFFF', align: 'center' },
        { ...CELL, text: '销量', bold: true, fill: '1A5FD0', color: 'FFFFFF', align: 'center' },
      ],
      [
        { ...CELL, text: '一汽-大众', align: 'left' },
        { ...CELL, text: '12,345' },
      ],
    ]);
    expect(xml.match(/<a:tr /g)).toHaveLength(2);
    expect(xml.match(/<a:tc>/g)).toHaveLength(4);
    expect(xml).toContain('<a:gridCol w="1828800"/><a:gridCol w="914400"/>');
    expect(xml).toMatch(
      /<a:pPr algn="ctr"\/><a:r><a:rPr lang="zh-CN" altLang="en-US" sz="1000" b="1" dirty="0"><a:solidFill><a:srgbClr val="FFFFFF"\/><\/a:solidFill><a:latin typeface="Microsoft YaHei"\/><a:ea typeface="Microsoft YaHei"\/>/,
    );
    expect(xml).toMatch(
      /<a:pPr algn="r"\/><a:r><a:rPr lang="zh-CN" altLang="en-US" sz="1000" dirty="0"><a:solidFill><a:srgbClr val="1F2D3D"\/><\/a:solidFill>.*<a:t>12,345<\/a:t>/,
    );
  });

  it('writes an empty cell without a run, its paragraph ending at the cell’s size, gives each row its own height and margins of 0.06 in (decision 271)', () => {
    const xml = tableXml(
      [2, 1],
      [0.34, 0.5],
      [
        [
          { ...CELL, text: '', align: 'left', fontSize: 8.5 },
          { ...CELL, text: '12,345', fontSize: 8.5 },
        ],
        [
          { ...CELL, text: '一汽-大众', align: 'left' },
          { ...CELL, text: '' },
        ],
      ],
    );
    expect(xml.match(/<a:tr h="\d+">/g)).toEqual(['<a:tr h="310896">', '<a:tr h="457200">']);
    expect(xml.match(/<a:endParaRPr lang="zh-CN" sz="850" dirty="0"\/><\/a:p>/g)).toHaveLength(2);
    expect(xml.match(/<a:endParaRPr lang="zh-CN" sz="1000" dirty="0"\/><\/a:p>/g)).toHaveLength(2);
    expect(xml).toContain('marL="54864" marR="54864" marT="45720" marB="45720"');
    // An empty cell has no run: LibreOffice draws an empty run's line at 18 pt whatever its size.
    expect(xml).not.toContain('<a:t></a:t>');
    expect(xml.match(/<a:tc><a:txBody><a:bodyPr\/><a:lstStyle\/><a:p><a:pPr algn="l"\/><a:endParaRPr/g)).toHaveLength(1);
  });

  it('puts each table where its marker stands, leaving the rest of the slide as it was', () => {
    const tables = new DeckTables();
    const first = tables.marker('<a:tbl>ONE</a:tbl>');
    const second = tables.marker('<a:tbl>TWO</a:tbl>');
    const slide = `<p:sld><a:tbl><a:tr><a:tc><a:t>${first}</a:t></a:tc></a:tr></a:tbl><p:sp/><a:tbl><a:t>${second}</a:t></a:tbl></p:sld>`;
    expect(tables.fill(slide)).toBe('<p:sld><a:tbl>ONE</a:tbl><p:sp/><a:tbl>TWO</a:tbl></p:sld>');
    expect(tables.fill('<p:sld/>')).toBe('<p:sld/>');
  });

  it('zips the package again, deflated, its parts in their order and its slides filled', async () => {
    const tables = new DeckTables();
    const marker = tables.marker('<a:tbl>FILLED</a:tbl>');
    const source = new JSZip();
    source.file('[Content_Types].xml', '<Types/>');
    source.file('ppt/slides/slide1.xml', `<p:sld><a:tbl>${marker}</a:tbl>${'<p:sp/>'.repeat(2000)}</p:sld>`);
    source.file('ppt/slides/_rels/slide1.xml.rels', `<r>${marker}</r>`);
    const zipped = await tables.zip(await source.generateAsync({ type: 'nodebuffer', compression: 'STORE' }));
    const read = await JSZip.loadAsync(zipped);
    expect(Object.keys(read.files)).toEqual(['[Content_Types].xml', 'ppt/slides/slide1.xml', 'ppt/slides/_rels/slide1.xml.rels']);
    expect(await read.file('ppt/slides/slide1.xml')!.async('string')).toMatch(/^<p:sld><a:tbl>FILLED<\/a:tbl><p:sp\/>/);
    // Only slides are filled; every other part is copied byte for byte.
    expect(await read.file('ppt/slides/_rels/slide1.xml.rels')!.async('string')).toBe(`<r>${marker}</r>`);
    expect(zipped.length).toBeLessThan(2000);
  });
});
