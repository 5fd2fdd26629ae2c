import { Injectable } from '@nestjs/common';
import { JobHandler } from '../queue/job-handler.decorator';
import { JobName, JobPayloads } from '../queue/job-names';
import { AlertEvaluator, type EvaluationSummary } from './alert-evaluator';

/** The evaluation of the subscriptions after a month is published (decision 192), run by the worker or the app. */
@Injectable()
export class AlertsJobs {
  constructor(private readonly evaluator: AlertEvaluator) {}

  @JobHandler(JobName.EvaluateAlerts)
  evaluate(_data: JobPayloads[JobName.EvaluateAlerts]): Promise<EvaluationSummary> {
    return this.evaluator.evaluate();
  }
}
