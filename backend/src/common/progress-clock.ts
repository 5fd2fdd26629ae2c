/** Stored progress is written at most this often (the pages poll every second or two). */
export const PROGRESS_EVERY_MS = 500;

/** Says when a long job's progress is worth storing again: at most every `everyMs` (exports, imports). */
export class ProgressClock {
  private last = 0;

  constructor(private readonly everyMs = PROGRESS_EVERY_MS) {}

  /** True (and the clock restarts) when `everyMs` have passed since the last true. */
  due(now = Date.now()): boolean {
    if (now - this.last < this.everyMs) return false;
    this.last = now;
    return true;
  }
}
