import JSZip from 'jszip';
import { editChartXml, editCharts } from './deck.charts';

/** Two line series as pptxgenjs writes them (shortened): a 2 pt line and a 5 pt marker each. */
const LINES =
  '<c:lineChart>' +
  [0, 1]
    .map(
      (i) =>
        `<c:ser><c:idx val="${i}"/><c:order val="${i}"/><c:tx><c:v>s${i}</c:v></c:tx><c:spPr><a:solidFill/><a:ln w="25400" cap="flat"/></c:spPr>` +
        `<c:marker><c:symbol val="circle"/><c:size val="5"/><c:spPr><a:ln w="9525" cap="flat"/></c:spPr></c:marker><c:cat/><c:val/></c:ser>`,
    )
    .join('') +
  '</c:lineChart>';

describe('editing the charts pptxgenjs wrote (decision 287)', () => {
  test('a line series takes its own width and marker size; the others keep theirs, the markers’ outlines too', () => {
    const xml = editChartXml(LINES, { lines: new Map([[1, { width: 3.5, marker: 8 }]]) });
    const sers = [...xml.matchAll(/<c:ser>.*?<\/c:ser>/gs)].map((m) => m[0]);
    expect(sers[0]).toBe(/<c:ser>.*?<\/c:ser>/s.exec(LINES)![0]);
    expect(sers[1]).toContain('<a:ln w="44450" cap="flat"/></c:spPr><c:marker><c:symbol val="circle"/><c:size val="8"/><c:spPr><a:ln w="9525"');
  });

  test('a label goes before its series’ x values, its text escaped; a series without one is untouched', () => {
    const scatter = [0, 1].map((i) => `<c:ser><c:idx val="${i}"/><c:spPr/><c:xVal><c:v>1</c:v></c:xVal><c:yVal/></c:ser>`).join('');
    const xml = editChartXml(scatter, { labels: [{ series: 1, point: 4, text: 'A&B <2.0T>' }] });
    expect(xml.startsWith('<c:ser><c:idx val="0"/><c:spPr/><c:xVal>')).toBe(true);
    expect(xml).toMatch(/<c:idx val="1"\/><c:spPr\/><c:dLbls><c:dLbl><c:idx val="4"\/>.*<a:t>A&amp;B &lt;2\.0T&gt;<\/a:t>.*<\/c:dLbls><c:xVal>/s);
  });

  test('a deck whose chart parts are not the charts it added is refused, not labelled on the wrong chart', async () => {
    const zip = new JSZip();
    zip.file('ppt/charts/chart7.xml', LINES);
    const stored = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    await expect(editCharts(stored, [undefined, { lines: new Map([[0, { width: 3.5, marker: 8 }]]) }])).rejects.toThrow('1 chart parts for 2 charts');
    // Nothing to edit: the package is returned as it came.
    await expect(editCharts(stored, [undefined])).resolves.toBe(stored);
  });

  test('the k-th edit goes to the k-th chart part by number (chart10 after chart9)', async () => {
    const zip = new JSZip();
    zip.file('ppt/charts/chart10.xml', LINES);
    zip.file('ppt/charts/chart9.xml', LINES);
    const stored = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    const edited = await JSZip.loadAsync(await editCharts(stored, [undefined, { lines: new Map([[0, { width: 3.5, marker: 8 }]]) }]));
    expect(await edited.file('ppt/charts/chart9.xml')!.async('string')).toBe(LINES);
    expect(await edited.file('ppt/charts/chart10.xml')!.async('string')).toContain('<a:ln w="44450"');
  });
});
