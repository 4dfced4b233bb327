import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DomainError } from '../../../shared/domain-error';
import { JobInfo, jobNotFound, JobQueue, JobState } from '../job-queue';

const STATES: readonly JobState[] = ['waiting', 'active', 'delayed', 'failed', 'completed'];
const LIMIT_DEFAULT = 50;
const LIMIT_MAX = 200;

/** A job as staff see it: no data beyond its ids (it may hold secrets), no return value. */
type AuftragAnsicht = Omit<JobInfo, 'returnValue'>;

function ansicht({ returnValue: _ignored, ...job }: JobInfo): AuftragAnsicht {
  return job;
}

function zahl(feld: string, roh: unknown, standard: number, max?: number): number {
  if (roh === undefined || roh === '') return standard;
  const wert = Number(roh);
  if (typeof roh !== 'string' || !/^\d{1,9}$/.test(roh) || (max !== undefined && wert > max)) {
    const bereich = max === undefined ? 'ab 0' : `von 0 bis ${max}`;
    throw DomainError.invalid('INVALID_PAGING', `„${feld}“ muss eine ganze Zahl ${bereich} sein.`);
  }
  return wert;
}

/**
 * The queue dashboard for staff (issue 15 "Processes"): jobs per name by state, the jobs of one
 * name and state, and retrying a failed one. On BullMQ it shows the jobs of all processes, also in
 * an app process that runs no workers.
 */
@ApiTags('Aufträge')
@Controller('node/api/auftraege')
export class AuftraegeController {
  constructor(private readonly queue: JobQueue) {}

  @ApiOperation({ summary: 'Aufträge je Name nach Zustand zählen' })
  @Get()
  uebersicht() {
    return this.queue.overview();
  }

  @ApiOperation({ summary: 'Aufträge eines Namens in einem Zustand auflisten, neueste zuerst' })
  @ApiQuery({ name: 'status', required: false, enum: STATES, example: 'failed' })
  @ApiQuery({ name: 'offset', required: false, example: 0 })
  @ApiQuery({ name: 'limit', required: false, example: LIMIT_DEFAULT })
  @Get(':name')
  async liste(
    @Param('name') name: string,
    @Query('status') status: unknown,
    @Query('offset') offset: unknown,
    @Query('limit') limit: unknown,
  ): Promise<AuftragAnsicht[]> {
    const state = status === undefined ? 'failed' : STATES.find((s) => s === status);
    if (!state) {
      throw DomainError.invalid(
        'INVALID_JOB_STATE',
        `Unbekannter Status „${String(status)}“ (erlaubt: ${STATES.join(', ')}).`,
      );
    }
    await this.bekannt(name);
    const jobs = await this.queue.list(
      name,
      state,
      zahl('offset', offset, 0),
      zahl('limit', limit, LIMIT_DEFAULT, LIMIT_MAX),
    );
    return jobs.map(ansicht);
  }

  @ApiOperation({ summary: 'Fehlgeschlagenen Auftrag erneut versuchen' })
  @Post(':name/:id/wiederholen')
  @HttpCode(200)
  async wiederholen(@Param('name') name: string, @Param('id') id: string): Promise<AuftragAnsicht> {
    await this.bekannt(name);
    await this.queue.retry(name, id);
    const job = await this.queue.getJob(name, id);
    // Finished and pruned in the meantime: as unknown as a job never seen.
    if (!job) throw jobNotFound(name, id);
    return ansicht(job);
  }

  /** Only names the queue knows: anything else would be a new, empty queue on BullMQ. */
  private async bekannt(name: string): Promise<void> {
    const names = (await this.queue.overview()).map((counts) => counts.name);
    if (!names.includes(name))
      throw DomainError.notFound('JOB_NAME_UNKNOWN', `Aufträge „${name}“ gibt es nicht.`);
  }
}
