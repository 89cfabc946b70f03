// A store worker that takes one order email and never finishes it: the test that kills it mid-job
// (src/server/jobs/queue.postgres.test.ts) reads the job's id from its first line of output.
import { openDatabase } from '../../src/server/db/client.ts';
import { openJobQueue } from '../../src/server/jobs/queue.ts';
import { createLogger } from '../../src/server/logger.ts';

const database = await openDatabase({ url: process.argv[2] });
const jobs = await openJobQueue(database, createLogger('silent'), { background: false, pollingIntervalSeconds: 0.5 });
await jobs.work('send-mail', async (job) => {
  process.stdout.write(`${job.id}\n`);
  await new Promise(() => undefined);
});
