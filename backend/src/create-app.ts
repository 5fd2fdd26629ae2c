import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import type { Runtime } from './core.module';

/** Builds the HTTP application without listening; main.ts and the integration tests share it. */
export async function createApp(runtime: Runtime, logger: LoggerService | false): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(runtime), {
    logger,
    abortOnError: false,
  });
  app.setGlobalPrefix('car/api');
  // Loopback is the Remix loaders calling the API for a browser: their X-Forwarded-For names the client.
  app.set('trust proxy', runtime.config.TRUST_PROXY ? true : 'loopback');
  app.disable('x-powered-by');
  app.useBodyParser('json', { limit: '1mb' });
  app.useBodyParser('urlencoded', { extended: true, limit: '1mb' });
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('车市分析平台 API')
      .setDescription('All answers are { code, msg, result }; code 1 is success.')
      .setVersion('1.0')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'token' }, 'token')
      .build(),
  );
  SwaggerModule.setup('car/api/docs', app, document, { useGlobalPrefix: false, jsonDocumentUrl: 'car/api/docs-json' });
  return app;
}
