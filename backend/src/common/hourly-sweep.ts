import type { Logger } from '@nestjs/common';

/** How often a sweep runs. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Whether this process runs the cluster's housekeeping now (queue/housekeeping.ts); always yes when unset. */
export type SweepGate = () => Promise<boolean>;

/**
 * The app's one timer for housekeeping: a piece of work run every hour (and, when asked, once at start) in
 * the process that serves the API. Expired export and bundle files, finished job records and the audit
 * trail's retention all go through it; a failure is logged and the next hour tries again. The timer never
 * keeps the process alive. With a gate, each hour's work runs only when the gate says this process leads
 * the cluster's housekeeping, so several app instances on one database sweep once an hour, not once each
 * (decision 226); each run is logged.
 */
export class HourlySweep {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly what: string,
    private readonly work: () => Promise<unknown>,
    private readonly logger: Logger,
    private readonly gate?: SweepGate,
  ) {}

  /** Runs the work now (when this process leads); a failure is logged, never thrown. */
  async runOnce(): Promise<void> {
    try {
      if (this.gate && !(await this.gate())) return;
      await this.work();
      this.logger.log(`${SWEEP_RAN} ${this.what}`);
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

/** The start of the line each run of a sweep logs (what the cluster test counts). */
export const SWEEP_RAN = 'housekeeping ran:';
