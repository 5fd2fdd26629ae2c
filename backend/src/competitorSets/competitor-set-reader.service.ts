import { Injectable } from '@nestjs/common';
import { COMPETITOR_SET_MESSAGES, type CompetitorSet, type SetMember } from '@car/contracts';
import { ApiException } from '../common/api-codes';
import { CompetitorSetsRepository, type SetRow, type SetViewer } from './competitor-sets.repository';

/**
 * Reading a competitor set as a viewer may (their own, or one shared with their producer; decision 296), its members
 * named: what the set's calls, 竞品监控 and the alerts' evaluation in the worker (decision 298) share. No audit and
 * no session here, so the worker can hold it.
 */
@Injectable()
export class CompetitorSetReader {
  constructor(private readonly sets: CompetitorSetsRepository) {}

  /** A set the viewer may read, as stored, or null. */
  visible(viewer: SetViewer, id: number): Promise<SetRow | null> {
    return this.sets.visible(viewer, id);
  }

  /** A set the viewer may read, as stored: its members' ids; 404 otherwise. */
  async readable(viewer: SetViewer, id: number): Promise<SetRow> {
    const row = await this.sets.visible(viewer, id);
    if (!row) throw ApiException.notFound(COMPETITOR_SET_MESSAGES.notFound);
    return row;
  }

  /** Which of these viewers may still read set `id`, by user id: none when it is gone. */
  readers(id: number, viewers: readonly SetViewer[]): Promise<Set<number>> {
    return this.sets.readers(id, viewers);
  }

  /** A stored set as the viewer reads it, its members named (a member the catalogue no longer has left out). */
  async withNames(row: SetRow, viewer: SetViewer): Promise<CompetitorSet> {
    return toSet(row, viewer, await this.memberNames([row]));
  }

  /** The members of these sets, named, in one read. */
  memberNames(rows: readonly SetRow[]): Promise<Map<number, SetMember>> {
    return this.named([...new Set(rows.flatMap((row) => [...row.ownIds, ...row.rivalIds]))]);
  }

  /** The sub-series among `ids`, named as a set names its members. */
  async named(ids: readonly number[]): Promise<Map<number, SetMember>> {
    return new Map((await this.sets.subSeries(ids)).map((s) => [s.id, { id: s.id, name: s.name, producerName: s.producerName }]));
  }
}

/** A stored set as the viewer reads it; a member the catalogue no longer has is left out. */
export function toSet(row: SetRow, viewer: SetViewer, names: ReadonlyMap<number, SetMember>): CompetitorSet {
  const members = (ids: readonly number[]): SetMember[] => ids.flatMap((id) => names.get(id) ?? []);
  return {
    id: row.id,
    name: row.name,
    own: members(row.ownIds),
    rivals: members(row.rivalIds),
    updateTime: row.updateTime,
    owner: { id: row.ownerId, account: row.ownerAccount, nickname: row.ownerNickname },
    mine: row.ownerId === viewer.id,
    sharedWithProducer: row.sharedWithProducer,
    sharedProducerName: row.sharedProducerName,
  };
}
