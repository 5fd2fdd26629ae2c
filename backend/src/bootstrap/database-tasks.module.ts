import { DynamicModule, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { RollupRepository } from '../analytics/rollup.repository';
import { DemoDataRepository } from '../seed/demo-data.repository';
import { MarketDataRepository } from './market-data.repository';

/**
 * The repositories the steps before the app serves use (boot, seed CLI, test setup, benchmark): built
 * by Nest on the step's own data source, like the app's, so their SQL lives in repositories too.
 */
@Module({})
export class DatabaseTasksModule {
  static on(dataSource: DataSource): DynamicModule {
    return {
      module: DatabaseTasksModule,
      providers: [{ provide: DataSource, useValue: dataSource }, MarketDataRepository, RollupRepository, DemoDataRepository],
    };
  }
}

/** Runs `work` with those repositories; the data source stays open for the caller to close. */
export async function withDatabaseTasks<T>(dataSource: DataSource, work: (tasks: INestApplicationContext) => Promise<T>): Promise<T> {
  const tasks = await NestFactory.createApplicationContext(DatabaseTasksModule.on(dataSource), { logger: false, abortOnError: false });
  try {
    return await work(tasks);
  } finally {
    await tasks.close();
  }
}
