import { Injectable } from '@nestjs/common';
import { filterTags, type HeaderTag, type SalesTagFilters } from '@car/contracts';
import { DeckService } from '../deck/deck.service';
import { DictionaryRepository } from '../reference/dictionary.repository';
import { SegmentRepository } from '../reference/segment.repository';
import type { SessionUser } from '../security/session-user';

/** What the sales pages' decks read besides their figures: the header tags by the page's rule, the user's maker line. */
@Injectable()
export class SalesDeckService {
  constructor(
    private readonly decks: DeckService,
    private readonly segments: SegmentRepository,
    private readonly dictionaries: DictionaryRepository,
  ) {}

  /** The header tags as the page shows them (filterTags, one rule for the page and the deck), `time` the month answered. */
  async tags(filters: SalesTagFilters, show: { producerProperty?: boolean; segment?: boolean } = {}): Promise<HeaderTag[]> {
    const [segments, fuels, properties] = await Promise.all([
      this.segments.segments(),
      this.dictionaries.entries('dicFuel'),
      this.dictionaries.entries('dicProducerProperty'),
    ]);
    const numeric = (list: ReadonlyArray<{ key: string; value: string }>) => list.map((e) => ({ key: Number(e.key), value: e.value }));
    return filterTags(filters, { segments, fuels: numeric(fuels), producerProperties: numeric(properties) }, show);
  }

  /** The title slide's line of the user's producer or brand. */
  maker(user: Pick<SessionUser, 'producerId' | 'brandId'>): Promise<string | undefined> {
    return this.decks.maker(user);
  }
}
