import { Controller, Get, Logger, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { HealthIndicatorResult } from '@nestjs/terminus';
import type { Response } from 'express';
import { SessionStores } from '../auth/session-store';
import { Mailer } from '../mail/mailer';
import { JobQueue } from '../queue/job-queue';

/** Each check gives up after this long: a hanging service counts as down. */
const TIMEOUT_MS = 3000;

/**
 * `GET /node/health` (issue 17), for monitoring and load balancers, without a session: database,
 * Redis (when configured: the sessions' connection), queue (the queue's Redis connection, or the
 * in-process queue) and mail transport, each `up` or `down`. 200 when all are up, else 503. It
 * names no hosts, users or errors; those go to the log. While the app starts, the start-up gate
 * answers it with `database` and `redis` (platform/anlauf).
 */
@Controller('node/health')
export class HealthController {
  private readonly logger = new Logger('Health');

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly queue: JobQueue,
    private readonly mailer: Mailer,
    private readonly sessions: SessionStores,
  ) {}

  private check(key: string, probe: () => Promise<void>): PromiseLike<HealthIndicatorResult> {
    return this.indicators
      .check(key)
      .attempt(async () => {
        try {
          await probe();
        } catch (error) {
          this.logger.warn(`${key}: ${(error as Error).message}`);
          throw error;
        }
      })
      .withTimeout(TIMEOUT_MS);
  }

  @ApiOperation({ summary: 'Betriebszustand von Datenbank und Warteschlange' })
  @Get()
  async report(@Res({ passthrough: true }) res: Response) {
    const checks = [
      () => this.database.pingCheck('database').withTimeout(TIMEOUT_MS),
      ...(this.sessions.usesRedis ? [() => this.check('redis', () => this.sessions.ping())] : []),
      () => this.check('queue', () => this.queue.ping()),
      () => this.check('mail', () => this.mailer.verify()),
    ];
    try {
      const result = await this.health.check(checks);
      return { status: 'ok', message: 'Alle Dienste sind erreichbar.', details: statuses(result.details) };
    } catch (error) {
      const details = (error as { response?: { details?: Record<string, { status: string }> } }).response
        ?.details;
      res.status(503);
      return {
        status: 'error',
        message: 'Nicht alle Dienste sind erreichbar.',
        details: statuses(details ?? {}),
      };
    }
  }
}

/** Only `up`/`down` per service: the indicators' messages may name hosts. */
function statuses(details: Record<string, { status: string }>): Record<string, string> {
  return Object.fromEntries(Object.entries(details).map(([key, value]) => [key, value.status]));
}
