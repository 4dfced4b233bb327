import { ConfigModule, registerAs } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobQueue } from './job-queue';
import { createJobQueue, QueueModule } from './queue.module';

describe('createJobQueue', () => {
  test('runs jobs in-process without REDIS_URL', async () => {
    const queue = await createJobQueue({}, true);
    expect(queue).toBeInstanceOf(InProcessJobQueue);
    await queue.close();
  });

  test('uses BullMQ with REDIS_URL and connects only on first use', async () => {
    const queue = await createJobQueue({ url: 'redis://127.0.0.1:1' }, false);
    expect(queue).toBeInstanceOf(BullMqJobQueue);
    queue.register('ignored', async () => undefined);
    await queue.close();
  });

  test('refuses WORKERS=false without Redis, where no job would ever run', async () => {
    await expect(createJobQueue({}, false)).rejects.toThrow('WORKERS=false erfordert REDIS_URL');
  });
});

describe('QueueModule', () => {
  test('provides the queue from the redis namespace and closes it on shutdown', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot({ ignoreEnvFile: true, load: [registerAs('redis', () => ({}))] }),
        QueueModule,
      ],
    }).compile();
    const queue = moduleRef.get(JobQueue);
    expect(queue).toBeInstanceOf(InProcessJobQueue);

    await moduleRef.close();
    await expect(queue.add('nach-dem-ende', {})).rejects.toThrow('geschlossen');
  });
});
