import fs from 'node:fs';
import { Injectable, Logger } from '@nestjs/common';
import { asReportName, COMPETITOR_SETS, formatMonth } from '@car/contracts';
import { writeDeck } from '../deck/deck.writer';
import { JobHandler } from '../queue/job-handler.decorator';
import { JobName, JobPayloads } from '../queue/job-names';
import { JobQueue } from '../queue/job-queue';
import { CalendarRepository } from '../reference/calendar.repository';
import { monthLabel } from '../reportDownload/monthly-report.writer';
import { ReportRepository } from '../reportDownload/report.repository';
import { ReportStorage } from '../reportDownload/report-storage';
import { CompetitorMonitorService } from './competitor-monitor.service';
import { CompetitorSetsRepository, type DeckSet } from './competitor-sets.repository';

/** A set's deck as 报告下载 lists it: '德锐对标 竞品监控 2026年3月'. */
export const setDeckName = (setName: string, month: number): string => `${asReportName(setName)} 竞品监控 ${monthLabel(month)}`;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Each competitor set's monthly deck in 报告下载, for its owner alone (issue 49 §3, decision 299): what
 * `GET competitorSets/ppt` gives the owner for the set at the month, retail and nationwide, written through the report
 * storage and listed for the owner, replacing the set's earlier deck of the month. Every set's after a publish (once per
 * state of the retail and price months), one set's when it is saved or edited; a set's decks go with it.
 */
@Injectable()
export class CompetitorSetDecks {
  private readonly logger = new Logger('CompetitorSetDecks');

  constructor(
    private readonly sets: CompetitorSetsRepository,
    private readonly monitor: CompetitorMonitorService,
    private readonly reports: ReportRepository,
    private readonly storage: ReportStorage,
    private readonly queue: JobQueue,
    private readonly calendar: CalendarRepository,
  ) {}

  /**
   * After a publish: every set's deck of the latest retail month. The job id is the latest retail and price months, so
   * a state is written once however often it is asked, and a price month published after its retail month is written
   * again (the deck's TP tables).
   */
  async queueLatest(): Promise<string | null> {
    const [retail, price] = await Promise.all([this.calendar.latestMonth('retail'), this.calendar.latestMonth('price')]);
    if (retail === null) return null;
    return this.queue.enqueue(JobName.CompetitorSetDecks, { month: retail }, { jobId: `competitor-set-decks-r${retail}-p${price ?? 0}` });
  }

  /** A set saved or edited: its deck of the latest retail month, in the background. A queue that refuses it is logged; the save stands. */
  async queueSet(setId: number, userId: number): Promise<void> {
    await this.queue
      .enqueue(JobName.CompetitorSetDecks, { setIds: [setId] }, { userId })
      .catch((error: unknown) => this.logger.error({ event: 'competitorSetDeck.not-queued', setId, error: messageOf(error) }));
  }

  /** A set deleted: its decks of every month go first, their files with them. */
  async removeSet(setId: number): Promise<void> {
    await this.storage.remove(await this.reports.deleteSetDecks(setId));
  }

  /** Writes the decks of the month (the latest retail month when none is given); one set failing is logged, the others are written. */
  @JobHandler(JobName.CompetitorSetDecks)
  async write(data: JobPayloads[JobName.CompetitorSetDecks]): Promise<number> {
    const month = data.month ?? (await this.calendar.latestMonth('retail'));
    if (month === null) return 0;
    let written = 0;
    for (const set of await this.sets.deckSets(data.setIds)) {
      try {
        if (await this.writeSet(set, month)) written++;
      } catch (error) {
        this.logger.error({ event: 'competitorSetDeck.failed', setId: set.id, month, error: messageOf(error) });
      }
    }
    return written;
  }

  private async writeSet(set: DeckSet, month: number): Promise<boolean> {
    if (set.producerId === null) {
      this.logger.warn({ event: 'competitorSetDeck.no-producer', setId: set.id, month });
      return false;
    }
    // The page's deck as the call reads it: the set at the month, retail, nationwide (the call's defaults).
    const dto = COMPETITOR_SETS.ppt.params.parse({ id: String(set.id), time: formatMonth(month), source: '2' });
    const slides = await writeDeck((await this.monitor.deck(dto, set.owner)).deck);
    // Partial file renamed once complete (the storage's rule): never listed half-written.
    const file = await this.storage.write('pptx', (partialPath) => fs.promises.writeFile(partialPath, slides));
    let replaced: string[];
    try {
      replaced = await this.reports.replaceSetDeck(
        { ownerId: set.owner.id, producerId: set.producerId, competitorSetId: set.id, name: setDeckName(set.name, month), month },
        file,
      );
    } catch (error) {
      // Not listed (the set deleted meanwhile, say): its file goes too.
      await this.storage.remove([file.fileName]);
      throw error;
    }
    await this.storage.remove(replaced);
    return true;
  }
}
