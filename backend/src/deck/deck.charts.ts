import JSZip from 'jszip';
import { xmlText } from './deck.tables';
import { COLORS, DECK_FONT } from './deck.style';

/**
 * What the decks' charts draw that pptxgenjs 4.0.1 cannot write (decision 287): a line series of its own width and
 * marker size (its `lineSize` is one for a chart part, and a part per width misplaces the markers' colours), and a
 * label on chosen points of a bubble or scatter chart (it has no labels for bubbles, and for scatter points only a
 * text on every point). The writer records an edit per chart it adds; the chart parts are edited once written.
 */
export interface ChartEdit {
  /** Line series by their `c:idx`: the line's width and the markers' size, in points. */
  lines?: ReadonlyMap<number, { width: number; marker: number }>;
  /** Point labels: the series' `c:idx`, the point's index in it, the text. */
  labels?: ReadonlyArray<{ series: number; point: number; text: string }>;
  /** Series by their `c:idx` left out of the legend (a waterfall's hidden lift, decision 302). */
  unlisted?: readonly number[];
  /** Where the labels sit: on a bubble's centre (a large bubble's label stays in the plot), above a plain point, inside a column's end (a waterfall's bar). */
  labelPosition?: 'ctr' | 't' | 'inEnd';
}

const EMU_PER_POINT = 12_700;
/** A point's label: the page's 12 px name (9 pt), in the text colour on 80 % white, on one line. */
const LABEL_SIZE = 9;

const SHOW_NOTHING =
  '<c:showLegendKey val="0"/><c:showVal val="0"/><c:showCatName val="0"/><c:showSerName val="0"/><c:showPercent val="0"/><c:showBubbleSize val="0"/>';

function labelXml(point: number, text: string, position: NonNullable<ChartEdit['labelPosition']>): string {
  const run = `<a:rPr lang="zh-CN" altLang="en-US" sz="${LABEL_SIZE * 100}" b="0" dirty="0"><a:solidFill><a:srgbClr val="${COLORS.text}"/></a:solidFill><a:latin typeface="${DECK_FONT}"/><a:ea typeface="${DECK_FONT}"/><a:cs typeface="${DECK_FONT}"/></a:rPr>`;
  return (
    `<c:dLbl><c:idx val="${point}"/>` +
    // LibreOffice wraps a label's text at a width of its own unless told not to.
    `<c:tx><c:rich><a:bodyPr wrap="none"/><a:lstStyle/><a:p><a:r>${run}<a:t>${xmlText(text)}</a:t></a:r></a:p></c:rich></c:tx>` +
    `<c:spPr><a:solidFill><a:srgbClr val="${COLORS.white}"><a:alpha val="80000"/></a:srgbClr></a:solidFill><a:ln><a:noFill/></a:ln></c:spPr>` +
    // A label shows when one of its parts does; its own text stands in for the value (as PowerPoint writes a typed label).
    `<c:dLblPos val="${position}"/><c:showLegendKey val="0"/><c:showVal val="1"/><c:showCatName val="0"/><c:showSerName val="0"/><c:showPercent val="0"/><c:showBubbleSize val="0"/>` +
    '</c:dLbl>'
  );
}

/** A chart part's XML with the edit applied to its series (`c:ser`), each found by its `c:idx`. */
export function editChartXml(xml: string, edit: ChartEdit): string {
  // A legend's entries left out come after its position (CT_Legend).
  const unlisted = (edit.unlisted ?? []).map((idx) => `<c:legendEntry><c:idx val="${idx}"/><c:delete val="1"/></c:legendEntry>`).join('');
  const legend = unlisted ? xml.replace(/(<c:legend><c:legendPos val="\w+"\/>)/, `$1${unlisted}`) : xml;
  return legend.replace(/<c:ser>(.*?)<\/c:ser>/gs, (whole, body: string) => {
    const index = Number(/<c:idx val="(\d+)"\/>/.exec(body)?.[1]);
    let ser = body;
    const line = edit.lines?.get(index);
    if (line) {
      // The series' line is the first `a:ln` with a width (in its c:spPr); the marker's size follows in c:marker.
      ser = ser
        .replace(/<a:ln w="\d+"/, `<a:ln w="${Math.round(line.width * EMU_PER_POINT)}"`)
        .replace(/(<c:marker>.*?<c:size val=")\d+"/s, `$1${line.marker}"`);
    }
    const labels = (edit.labels ?? []).filter((l) => l.series === index);
    if (labels.length > 0) {
      const own = labels.map((l) => labelXml(l.point, l.text, edit.labelPosition ?? 't')).join('');
      // A scatter or bubble series' labels come before its x values (CT_ScatterSer, CT_BubbleSer); a column series has
      // pptxgenjs's dLbls already (showing nothing unless asked), whose single labels come first (CT_DLbls).
      if (ser.includes('<c:xVal>')) ser = ser.replace('<c:xVal>', `<c:dLbls>${own}${SHOW_NOTHING}</c:dLbls><c:xVal>`);
      else ser = ser.replace('<c:dLbls>', `<c:dLbls>${own}`);
    }
    return ser === body ? whole : `<c:ser>${ser}</c:ser>`;
  });
}

const chartNumber = (name: string): number => Number(/chart(\d+)\.xml$/.exec(name)?.[1]);

/**
 * The package pptxgenjs wrote unzipped, its charts edited: `edits[k]` applies to the deck's k-th chart (pptxgenjs
 * numbers chart parts in the order charts are added, counting across the decks a process writes). The package is
 * returned as it came when nothing is edited, and stays unzipped for the tables' pass (DeckTables.zip).
 */
export async function editCharts(stored: Buffer, edits: ReadonlyArray<ChartEdit | undefined>): Promise<Buffer> {
  if (!edits.some((e) => e?.lines?.size || e?.labels?.length || e?.unlisted?.length)) return stored;
  const zip = await JSZip.loadAsync(stored);
  const parts = Object.keys(zip.files)
    .filter((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))
    .sort((a, b) => chartNumber(a) - chartNumber(b));
  if (parts.length !== edits.length) throw new Error(`deck: ${parts.length} chart parts for ${edits.length} charts`);
  for (const [k, name] of parts.entries()) {
    const edit = edits[k];
    if (edit) zip.file(name, editChartXml(await zip.file(name)!.async('string'), edit));
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}
