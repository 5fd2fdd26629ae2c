import type { Logger } from '@nestjs/common';

/** How often a sweep runs. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The app's one timer for housekeeping: a piece of work run every hour (and, when asked, once at start) in
 * the process that serves the API. Expired export and bundle files, finished job records and the audit
 * trail's retention all go through it; a failure is logged and the next hour tries again. The timer never
 * keeps the process alive.
 */
export class HourlySweep {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly what: string,
    private readonly work: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  /** Runs the work now; a failure is logged, never thrown. */
  async runOnce(): Promise<void> {
    try {
      await this.work();
    } catch (error) {
      this.logger.warn(`${this.what} failed: ${String(error)}`);
    }
  }

  start(options: { now?: boolean } = {}): void {
    if (options.now) void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
