import { Global, Module } from '@nestjs/common';
import { AnswerCache } from './answer-cache';
import { AnswerCacheInterceptor } from './answer-cache.interceptor';
import { DataChanges } from './data-changes';

/** The API's answer cache and the data-change listener that empties it (decision 129); the worker has neither. */
@Global()
@Module({
  providers: [DataChanges, AnswerCache, AnswerCacheInterceptor],
  exports: [DataChanges, AnswerCache, AnswerCacheInterceptor],
})
export class AnswersModule {}
