import type { INestApplication } from '@nestjs/common';
import { AnalyticsService } from '@car/backend/dist/analytics/analytics.service';
import type { AnalyticsQuery } from '@car/backend/dist/analytics/query';
import type { AppConfig } from '@car/backend/dist/config/config';
import { createApp } from '@car/backend/dist/create-app';
import { ApiClient, type MpLinkSigner } from './api-client';
import { freePort } from './app-process';

/**
 * A second, in-process copy of the app that records the questions each call puts to the analytics
 * query layer, so the benchmark can time the very same aggregates on the raw facts and read their
 * plans. It is never timed itself.
 */
export class QueryCapture {
  private recorded: AnalyticsQuery[] = [];

  private constructor(
    private readonly app: INestApplication,
    private readonly client: ApiClient,
  ) {}

  static async start(config: AppConfig, databaseUrl: string, token: string): Promise<QueryCapture> {
    const app = await createApp({ config, databaseUrl }, false);
    const port = await freePort();
    await app.listen(port, '127.0.0.1');
    const capture = new QueryCapture(app, ApiClient.withToken(`http://127.0.0.1:${port}/car/api`, token));
    const analytics = app.get(AnalyticsService);
    const answer = analytics.query.bind(analytics);
    analytics.query = (query) => {
      capture.recorded.push(structuredClone(query));
      return answer(query);
    };
    return capture;
  }

  /** The analytics queries one call makes, in the order it makes them. */
  async queriesOf(path: string, query: string, access?: 'mp'): Promise<AnalyticsQuery[]> {
    this.recorded = [];
    await this.client.timedGet(path, query, access);
    return this.recorded;
  }

  /** The mp calls' session on this copy (the same secrets as the timed app). */
  async openMpSession(signer: MpLinkSigner): Promise<void> {
    await this.client.openMpSession(signer);
  }

  close(): Promise<void> {
    return this.app.close();
  }
}
