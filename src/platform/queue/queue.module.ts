import { BeforeApplicationShutdown, Global, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { join } from 'node:path';
import type { AppConfig, RedisConfig } from '../../config/env';
import { AUFTRAG_DATEIEN, AuftragsDateien } from './auftrag-dateien';
import { AuftraegeController } from './http/auftraege.controller';
import { AuftragStatusController } from './http/auftrag-status.controller';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobQueue } from './job-queue';

/**
 * Picks the adapter. Who runs workers:
 * - the app process (`npm start`) produces jobs and runs workers, unless WORKERS=false;
 * - `npm run worker` boots the same modules without HTTP, so its processors register workers.
 * WORKERS=false needs REDIS_URL: in-process jobs would otherwise never run anywhere.
 * BullMQ and its Redis client are loaded only when REDIS_URL names a server.
 */
export async function createJobQueue(redis: RedisConfig, runWorkers: boolean): Promise<JobQueue> {
  if (redis.url) {
    const { BullMqJobQueue } = await import('./bullmq-job-queue');
    return new BullMqJobQueue({ url: redis.url, runWorkers });
  }
  if (!runWorkers) throw new Error('WORKERS=false erfordert REDIS_URL (sonst liefe kein Auftrag)');
  return new InProcessJobQueue();
}

@Global()
@Module({
  imports: [ConfigModule],
  controllers: [AuftraegeController, AuftragStatusController],
  providers: [
    {
      provide: JobQueue,
      inject: [ConfigService],
      useFactory: (config: ConfigService) =>
        createJobQueue(
          config.get<RedisConfig>('redis') ?? {},
          config.get<AppConfig>('app')?.runWorkers ?? true,
        ),
    },
    {
      // Shared by app and worker processes through FILES_DIR (auftrag-dateien.ts).
      provide: AuftragsDateien,
      inject: [ConfigService],
      useFactory: (config: ConfigService) =>
        new AuftragsDateien(() => join(config.getOrThrow<AppConfig>('app').filesDir, AUFTRAG_DATEIEN)),
    },
  ],
  exports: [JobQueue, AuftragsDateien],
})
export class QueueModule implements BeforeApplicationShutdown {
  constructor(private readonly queue: JobQueue) {}

  /** Before, not on, shutdown: running jobs must finish while the database is still open. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
