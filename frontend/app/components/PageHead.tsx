/**
 * An analysis page's head: its title, the demo-data note, 数据截至 of its source and, where the page has a deck,
 * 导出PPT (DeckLink).
 */
import type { DataSourceKind } from '@car/contracts';
import { DataAsOf } from '~/components/DataAsOf';
import { DeckLink } from '~/components/DeckLink';
import { DemoDataNote } from '~/components/DemoDataNote';

interface PageHeadProps {
  title: string;
  source: DataSourceKind;
  /** The page's 导出PPT link; none, no button. */
  deckHref?: string | null;
}

export function PageHead({ title, source, deckHref }: PageHeadProps) {
  return (
    <div className="sales-page__head">
      <h2 className="sales-page__title">{title}</h2>
      <DemoDataNote />
      <DataAsOf source={source} />
      {deckHref ? <DeckLink href={deckHref} /> : null}
    </div>
  );
}
