import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { DataChanges } from './data-changes';

/** An answer kept: the handler's JSON result, or a file's bytes with the headers that name it. */
export type KeptAnswer =
  { kind: 'json'; value: unknown; bytes: number } | { kind: 'file'; body: Buffer; headers: ReadonlyArray<readonly [string, string]>; bytes: number };

/** No one answer may take more than this part of the cache, so one large workbook cannot empty it. */
const LARGEST_SHARE = 8;

/**
 * The analytics answers this process has computed since the data last changed (decision 129),
 * keyed by the call's path and sorted query, at most `ANSWER_CACHE_MB` in all, the least recently used
 * going first. Every data change, in any process, empties it (`DataChanges`); an answer computed while
 * a change arrived is not kept, since it may have read the data before the change.
 */
@Injectable()
export class AnswerCache {
  private readonly answers = new Map<string, KeptAnswer>();
  private used = 0;
  readonly capacity: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly changes: DataChanges,
  ) {
    this.capacity = config.answerCacheBytes;
    changes.onChange(() => this.clear());
  }

  /** Whether answers may be served and kept now: the cache is on and the data-change listener stands. */
  get open(): boolean {
    return this.capacity > 0 && this.changes.listening;
  }

  /** The generation an answer computed from now belongs to; pass it back to `keep`. */
  get generation(): number {
    return this.changes.generation;
  }

  /** The most one answer may take (larger ones are computed every time). */
  get largest(): number {
    return this.capacity / LARGEST_SHARE;
  }

  get size(): { answers: number; bytes: number } {
    return { answers: this.answers.size, bytes: this.used };
  }

  get(key: string): KeptAnswer | undefined {
    if (!this.open) return undefined;
    const answer = this.answers.get(key);
    if (answer === undefined) return undefined;
    // Most recently used last.
    this.answers.delete(key);
    this.answers.set(key, answer);
    return answer;
  }

  /** Keeps an answer computed in `generation`, unless the data changed meanwhile or it is too large. */
  keep(key: string, generation: number, answer: KeptAnswer): void {
    if (!this.open || generation !== this.changes.generation || answer.bytes > this.largest) return;
    const before = this.answers.get(key);
    if (before) {
      this.answers.delete(key);
      this.used -= before.bytes;
    }
    this.answers.set(key, answer);
    this.used += answer.bytes;
    for (const [oldest, kept] of this.answers) {
      if (this.used <= this.capacity) break;
      this.answers.delete(oldest);
      this.used -= kept.bytes;
    }
  }

  clear(): void {
    this.answers.clear();
    this.used = 0;
  }
}
