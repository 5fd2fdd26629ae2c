import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { JobHandler } from '../queue/job-handler.decorator';
import { JobName, JobPayloads } from '../queue/job-names';
import { MonthlyReportWriter } from './monthly-report.writer';

@Injectable()
export class ReportJobs {
  private readonly writer: MonthlyReportWriter;

  constructor(dataSource: DataSource, @Inject(APP_CONFIG) config: AppConfig) {
    this.writer = new MonthlyReportWriter(dataSource, config.reportsDir);
  }

  @JobHandler(JobName.GenerateMonthlyReports)
  async generateMonthly(data: JobPayloads[JobName.GenerateMonthlyReports]): Promise<number> {
    return this.writer.writeMonth(data.month, data.producerIds);
  }
}
