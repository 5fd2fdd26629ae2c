import { signedText, thousands } from '@car/contracts';
import type { DeckDeclaration, DeckSlide, FiguresSlide, TableSlide } from '../deck/deck.writer';
import { type AttributionFile, attributionHead, tabLabel, type Totalled } from './attribution.workbook';

/** A change in units or yuan as the page shows it, signed: '+12,345', '-800', '0'. */
const signedCount = (value: string | number | null | undefined): string => signedText(thousands(typeof value === 'number' ? value : null));

/**
 * 导出PPT of 归因分析 (issue 50 §4, decision 302), from the split's answer as its workbook declares it
 * (attribution.workbook.ts: one set of tags, columns, figures and note for both): the title slide (归因分析, the tab
 * and the answer's tags, 数据截至, the user's maker), the levels and the change as the page's cards, the waterfall as
 * a native chart (a stacked column chart on a hidden lift, deck.waterfall.ts), the table with its 合计 over as many
 * slides as it takes, and the 口径 note.
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
  const table: TableSlide<Totalled<Row>> = {
    kind: 'table',
    title: `${tab}明细`,
    columns: file.columns.map((c) => (c.signed ? { ...c, text: (r: Totalled<Row>) => signedCount(c.value(r)) } : c)),
    rows: file.rows,
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
