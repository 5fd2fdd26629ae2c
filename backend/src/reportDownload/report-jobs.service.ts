import { Injectable } from '@nestjs/common';
import { JobHandler } from '../queue/job-handler.decorator';
import { JobName, JobPayloads } from '../queue/job-names';
import { MonthlyReportWriter } from './monthly-report.writer';

@Injectable()
export class ReportJobs {
  constructor(private readonly writer: MonthlyReportWriter) {}

  @JobHandler(JobName.GenerateMonthlyReports)
  async generateMonthly(data: JobPayloads[JobName.GenerateMonthlyReports]): Promise<number> {
    return this.writer.writeMonth(data.month, data.producerIds);
  }
}
