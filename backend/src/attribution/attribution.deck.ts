import { signedThousands, thousands } from '@car/contracts';
import type { DeckDeclaration, DeckSlide, FiguresSlide, TableSlide } from '../deck/deck.writer';
import { type AttributionFile, attributionHead, tabLabel, type Totalled } from './attribution.workbook';

/**
 * The most members a deck's table carries, three slides' worth with its 合计 (TABLE_ROWS_PER_SLIDE a slide): a meeting
 * reads the largest movers (a split by 车系 has a thousand rows, by 省份 31 fit); the workbook keeps every one
 * (decision 303).
 */
export const DECK_TABLE_ROWS = 40;

/** The rows of a split's table a deck shows: all, or the DECK_TABLE_ROWS that moved the change most, in the table's order, then the 合计. */
export function deckRows<Row>(file: Pick<AttributionFile<Row>, 'rows' | 'moved'>): { rows: Array<Totalled<Row>>; members: number; capped: boolean } {
  const members = file.rows.filter((r) => r.isTotal !== true);
  if (members.length <= DECK_TABLE_ROWS) return { rows: file.rows, members: members.length, capped: false };
  const kept = new Set([...members].sort((a, b) => file.moved(b) - file.moved(a)).slice(0, DECK_TABLE_ROWS));
  return { rows: file.rows.filter((r) => r.isTotal === true || kept.has(r)), members: members.length, capped: true };
}

/** A change in units or yuan as the page shows it, signed: '+12,345', '-800', '0'. */
const signedCount = (value: string | number | null | undefined): string => signedThousands(typeof value === 'number' ? value : null);

/**
 * 导出PPT of 归因分析 (issue 50 §4, decision 302), from the split's answer as its workbook declares it
 * (attribution.workbook.ts: one set of tags, columns, figures and note for both): the title slide (归因分析, the tab
 * and the answer's tags, 数据截至, the user's maker), the levels and the change as the page's cards, the waterfall as
 * a native chart (a stacked column chart on a hidden lift, deck.waterfall.ts), the table with its 合计 (its
 * DECK_TABLE_ROWS largest movers where it has more), and the 口径 note.
 */
export function attributionDeck<Row>(file: AttributionFile<Row>, context: Pick<DeckDeclaration, 'asOf' | 'maker'>): DeckDeclaration {
  const tab = tabLabel(file.tab);
  const cards: FiguresSlide = {
    kind: 'figures',
    title: `${tab}概况`,
    // The levels and the change (the effects are the waterfall's bars), a change in units or yuan signed as the page's cards show it.
    figures: file.figures
      .filter((f) => !f.effect)
      .map((f) => (f.change && f.kind === 'count' ? { label: f.label, kind: 'text', value: signedCount(f.value) } : f)),
  };
  const shown = deckRows(file);
  const table: TableSlide<Totalled<Row>> = {
    kind: 'table',
    title: shown.capped ? `${tab}明细：变化最大的${DECK_TABLE_ROWS}项（共${thousands(shown.members)}项，全部见下载的工作簿）` : `${tab}明细`,
    columns: file.columns.map((c) => (c.signed ? { ...c, text: (r: Totalled<Row>) => signedCount(c.value(r)) } : c)),
    rows: shown.rows,
    strong: (r) => r.isTotal === true,
  };
  const slides: DeckSlide[] = [
    cards,
    {
      kind: 'waterfall',
      title: file.waterfall.title,
      bars: file.waterfall.bars,
      levelKind: file.waterfall.levelKind,
      changeKind: file.waterfall.changeKind,
      percent: file.waterfall.percent,
      labels: file.figures.map((f) => f.label),
    },
    table,
    { kind: 'text', title: '口径说明', paragraphs: [{ heading: tab, text: file.note }] },
  ];
  return { ...attributionHead(file), ...context, slides };
}
