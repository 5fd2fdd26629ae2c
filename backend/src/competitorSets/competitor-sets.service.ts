import { Injectable } from '@nestjs/common';
import {
  addMonths,
  ApiCode,
  COMPETITOR_SET_MESSAGES,
  type CompetitorSet,
  type CompetitorSetCopyDto,
  type CompetitorSetList,
  type CompetitorSetSaveDto,
  type CompetitorSetShareDto,
  type CompetitorSetUpdateDto,
  formatMonth,
  MAX_COMPETITOR_SETS_PER_USER,
  type SecurityEventName,
  type SetMember,
  SUGGESTION_RULE,
  type Suggestions,
} from '@car/contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import { ApiException } from '../common/api-codes';
import { KeptCalendar } from '../reference/calendar.repository';
import { ReferenceIdsRepository } from '../reference/reference-ids.repository';
import { SecurityEvents } from '../security/security-events';
import type { SessionUser } from '../security/session-user';
import { CompetitorSetDecks } from './competitor-set-decks.jobs';
import { CompetitorSetReader, toSet } from './competitor-set-reader.service';
import { CompetitorSetsRepository, type SetWriteOutcome } from './competitor-sets.repository';
import { suggestSets, type SubSeriesFigures } from './competitor-sets.rules';

/**
 * 竞品组 (issue 49 §1, decision 296): a user's competitor sets. Only the owner edits, renames, deletes or shares one;
 * the colleagues of the producer it is shared with read it and may save a copy, as with shared views (decisions 187,
 * 259, 260). Every write is a row of the audit trail; a member that is no sub-series is refused and nothing is saved.
 */
@Injectable()
export class CompetitorSetsService {
  constructor(
    private readonly sets: CompetitorSetsRepository,
    private readonly calendar: KeptCalendar,
    private readonly analytics: AnalyticsService,
    private readonly events: SecurityEvents,
    private readonly ids: ReferenceIdsRepository,
    private readonly reader: CompetitorSetReader,
    private readonly decks: CompetitorSetDecks,
  ) {}

  async list(user: SessionUser): Promise<CompetitorSetList> {
    const [mine, shared, producerName] = await Promise.all([
      this.sets.owned(user.id),
      this.sets.sharedWith(user),
      this.ids.nameOf('producer', user.producerId),
    ]);
    const names = await this.reader.memberNames([...mine, ...shared]);
    return {
      mine: mine.map((row) => toSet(row, user, names)),
      shared: shared.map((row) => toSet(row, user, names)),
      limit: MAX_COMPETITOR_SETS_PER_USER,
      producerName,
    };
  }

  async save(dto: CompetitorSetSaveDto, user: SessionUser, address: string): Promise<CompetitorSet> {
    const names = await this.checkMembers(dto);
    const set = await this.created(await this.sets.insert(user.id, dto, MAX_COMPETITOR_SETS_PER_USER), user, names);
    await this.audit('competitorSet.saved', user, address, set);
    await this.decks.queueSet(set.id, user.id);
    return set;
  }

  async update(dto: CompetitorSetUpdateDto, user: SessionUser, address: string): Promise<CompetitorSet> {
    await this.owned(user, dto.id);
    const names = await this.checkMembers(dto);
    const outcome = await this.sets.update(user.id, dto.id, dto);
    if (outcome === 'missing') throw ApiException.notFound(COMPETITOR_SET_MESSAGES.notFound);
    if (outcome === 'name-taken') throw new ApiException(ApiCode.Conflict, COMPETITOR_SET_MESSAGES.nameTaken);
    const set = await this.owned(user, dto.id, names);
    await this.audit('competitorSet.updated', user, address, set);
    await this.decks.queueSet(set.id, user.id);
    return set;
  }

  async remove(id: number, user: SessionUser, address: string): Promise<{ deleted: number }> {
    const set = await this.owned(user, id);
    // Its monthly decks go with it (decision 299), their files first: the key would drop the rows alone.
    await this.decks.removeSet(id);
    const deleted = await this.sets.remove(user.id, id);
    if (deleted === 0) throw ApiException.notFound(COMPETITOR_SET_MESSAGES.notFound);
    await this.audit('competitorSet.deleted', user, address, set);
    return { deleted };
  }

  async share(dto: CompetitorSetShareDto, user: SessionUser, address: string): Promise<CompetitorSet> {
    await this.owned(user, dto.id);
    if (dto.producer && user.producerId === null) throw ApiException.badRequest(COMPETITOR_SET_MESSAGES.noProducer);
    // The share names the owner's producer of now, and keeps it if the owner moves (as a view's, decision 260).
    if (!(await this.sets.share(user.id, dto.id, dto.producer ? user.producerId : null))) throw ApiException.notFound(COMPETITOR_SET_MESSAGES.notFound);
    const set = await this.owned(user, dto.id);
    await this.events.record({
      event: 'competitorSet.shared',
      userId: user.id,
      account: user.account,
      address,
      detail: { setId: set.id, setName: set.name, sharedWith: set.sharedWithProducer ? `${set.sharedProducerName ?? ''}全部同事` : '无' },
    });
    return set;
  }

  /** Saves a set the user may read (their own or one shared with them) as a new set of theirs. */
  async copy(dto: CompetitorSetCopyDto, user: SessionUser, address: string): Promise<CompetitorSet> {
    const source = await this.sets.visible(user, dto.id);
    if (!source) throw ApiException.notFound(COMPETITOR_SET_MESSAGES.notFound);
    const set = await this.created(
      await this.sets.insert(user.id, { name: dto.name, own: source.ownIds, rivals: source.rivalIds }, MAX_COMPETITOR_SETS_PER_USER),
      user,
      await this.reader.memberNames([source]),
    );
    await this.events.record({
      event: 'competitorSet.copied',
      userId: user.id,
      account: user.account,
      address,
      detail: { setId: set.id, setName: set.name, changes: { source: { from: source.id, to: set.id, fromText: `${source.ownerAccount} 的 ${source.name}` } } },
    });
    await this.decks.queueSet(set.id, user.id);
    return set;
  }

  /**
   * The suggested sets of the caller's producer (decision 296) over the last SUGGESTION_RULE.months months of retail:
   * every sub-series' volume with its segment, body type and producer, and its volume-weighted TP, read at once.
   */
  async suggestions(user: SessionUser): Promise<Suggestions> {
    const latest = await this.calendar.latestMonth('retail');
    if (latest === null) return { months: null, sets: [] };
    const span = { from: addMonths(latest, 1 - SUGGESTION_RULE.months), to: latest };
    const months = `${formatMonth(span.from)}~${formatMonth(span.to)}`;
    if (user.producerId === null) return { months, sets: [] };
    const [volumes, prices] = await Promise.all([
      this.analytics.query({
        source: 2,
        dimensions: ['subSeries', 'segment', 'bodyType', 'producer'],
        measures: [{ measure: 'qty', span, as: 'qty' }],
      }),
      this.analytics.query({ source: 'price', dimensions: ['subSeries'], measures: [{ measure: 'tp', span, as: 'tp' }], pricesInWholeYuan: true }),
    ]);
    const tp = new Map(prices.map((row) => [row.key.subSeries!, row.values.tp]));
    const priced: SubSeriesFigures[] = [];
    for (const row of volumes) {
      const price = tp.get(row.key.subSeries!);
      if (price === null || price === undefined) continue;
      priced.push({
        id: row.key.subSeries!,
        name: row.name.subSeries!,
        producerId: row.key.producer!,
        producerName: row.name.producer!,
        segmentId: row.key.segment!,
        segmentName: row.name.segment!,
        bodyType: row.key.bodyType!,
        bodyTypeName: row.name.bodyType!,
        qty: row.values.qty ?? 0,
        tp: price,
      });
    }
    return { months, sets: suggestSets(user.producerId, priced) };
  }

  /** Every member a sub-series: the unknown ones are named in the refusal, and nothing is saved. The members, named. */
  private async checkMembers(set: { own: readonly number[]; rivals: readonly number[] }): Promise<Map<number, SetMember>> {
    const ids = [...set.own, ...set.rivals];
    const names = await this.reader.named(ids);
    const unknown = ids.filter((id) => !names.has(id));
    if (unknown.length > 0) throw ApiException.badRequest(COMPETITOR_SET_MESSAGES.unknownSubSeries(unknown));
    return names;
  }

  private async created(outcome: SetWriteOutcome, user: SessionUser, names: ReadonlyMap<number, SetMember>): Promise<CompetitorSet> {
    if (outcome === 'too-many') throw new ApiException(ApiCode.Conflict, COMPETITOR_SET_MESSAGES.tooMany);
    if (outcome === 'name-taken') throw new ApiException(ApiCode.Conflict, COMPETITOR_SET_MESSAGES.nameTaken);
    return this.owned(user, outcome.id, names);
  }

  /**
   * The user's own set: 404 when no set they may read has the id, 403 when it is one shared with them. `names`: its
   * members already read (a write's check), else they are read here.
   */
  private async owned(user: SessionUser, id: number, names?: ReadonlyMap<number, SetMember>): Promise<CompetitorSet> {
    const row = await this.sets.visible(user, id);
    if (!row) throw ApiException.notFound(COMPETITOR_SET_MESSAGES.notFound);
    if (row.ownerId !== user.id) throw ApiException.forbidden(COMPETITOR_SET_MESSAGES.readOnly);
    return toSet(row, user, names ?? (await this.reader.memberNames([row])));
  }

  private audit(event: SecurityEventName, user: SessionUser, address: string, set: CompetitorSet): Promise<void> {
    return this.events.record({ event, userId: user.id, account: user.account, address, detail: { setId: set.id, setName: set.name } });
  }
}
