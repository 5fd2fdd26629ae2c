import { Injectable } from '@nestjs/common';
import { CalendarRepository } from '../reference/calendar.repository';
import { JobName } from '../queue/job-names';
import { JobQueue } from '../queue/job-queue';

/**
 * Queues the evaluation of the subscriptions (decision 192). Its job id is the calendar's latest months, so a state
 * already evaluated is queued once however many processes or publishes ask (the evaluation itself only looks at
 * subscriptions not yet evaluated at those months).
 */
@Injectable()
export class AlertsQueue {
  constructor(
    private readonly queue: JobQueue,
    private readonly calendar: CalendarRepository,
  ) {}

  async evaluateLatest(trigger: 'publish' | 'boot' | 'seed'): Promise<string> {
    const [retail, wholesale, price] = await Promise.all([
      this.calendar.latestMonth('retail'),
      this.calendar.latestMonth('wholesale'),
      this.calendar.latestMonth('price'),
    ]);
    return this.queue.enqueue(JobName.EvaluateAlerts, { trigger }, { jobId: `alerts-r${retail ?? 0}-w${wholesale ?? 0}-p${price ?? 0}` });
  }
}
