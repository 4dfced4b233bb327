/**
 * Suites that run their jobs on BullMQ (with REDIS_TEST_URL) each take a Redis database of their
 * own, apart from the default one that other suites and local apps use, and remove their queues'
 * keys around their runs.
 */
import { createClient } from 'redis';

/** REDIS_TEST_URL with this database number; undefined when no Redis is given. */
export function redisTestDatabase(database: number): string | undefined {
  const given = process.env.REDIS_TEST_URL;
  if (!given) return undefined;
  const url = new URL(given);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Deletes BullMQ's keys of these queues; a name may end in `*`. */
export async function clearQueues(url: string, names: string[]): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  for (const name of names)
    for await (const keys of client.scanIterator({ MATCH: `bull:${name}:*`, COUNT: 500 }))
      if (keys.length) await client.del(keys);
  await client.close();
}
