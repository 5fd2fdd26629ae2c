import { Module } from '@nestjs/common';
import { DeckService } from './deck.service';

/** The decks (导出PPT, issue 31): the writer is plain functions (deck.writer.ts); this provides what they read from the data. */
@Module({
  providers: [DeckService],
  exports: [DeckService],
})
export class DeckModule {}
