import { Injectable } from '@nestjs/common';
import { API_MESSAGES, formatMonth, type HealthReport } from '@car/contracts';
import { ApiCode, ApiException } from '../common/api-codes';
import { JobQueue } from '../queue/job-queue';
import { CalendarRepository } from '../reference/calendar.repository';

@Injectable()
export class HealthService {
  constructor(
    private readonly calendar: CalendarRepository,
    private readonly queue: JobQueue,
  ) {}

  /** Answers 503 when the database or the queue cannot be reached, so a load balancer takes the instance out. */
  async check(): Promise<HealthReport> {
    const started = performance.now();
    let latestMonth: number | null;
    try {
      latestMonth = await this.calendar.latestMonth('retail');
    } catch {
      throw new ApiException(ApiCode.Unavailable, API_MESSAGES.databaseUnavailable);
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const queue = await this.queue.state();
    if (!queue.ok) throw new ApiException(ApiCode.Unavailable, API_MESSAGES.queueUnavailable);
    return {
      status: 'ok',
      database: { ok: true, latencyMs, latestMonth: latestMonth === null ? null : formatMonth(latestMonth) },
      queue,
    };
  }
}
