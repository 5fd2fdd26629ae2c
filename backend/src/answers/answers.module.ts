import { Global, Module } from '@nestjs/common';
import { DATA_CHANGE_LISTENER } from '../database/notify-listener';
import { AnswerCache } from './answer-cache';
import { AnswerCacheInterceptor } from './answer-cache.interceptor';
import { DataChanges } from './data-changes';

/** The API's answer cache and the data-change listener that empties it (decision 129); the worker has neither. */
@Global()
@Module({
  providers: [DataChanges, { provide: DATA_CHANGE_LISTENER, useExisting: DataChanges }, AnswerCache, AnswerCacheInterceptor],
  exports: [DataChanges, DATA_CHANGE_LISTENER, AnswerCache, AnswerCacheInterceptor],
})
export class AnswersModule {}
